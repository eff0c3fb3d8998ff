import AIPManifest
import Crypto
import Foundation
import GRDB
import TestSupport
import Testing

/// The logical hash the device computes through SQLite's C API (AIPManifestCore, no GRDB) gives, on every database
/// of a bundle the pipeline builds, the hash of the documented encoding computed independently here through GRDB's
/// values: what manifests recorded before the hash left GRDB, devices still get.
@Suite struct LogicalHashParityTests {
    @Test func theDeviceHashOfEveryDatabaseOfABuiltBundleIsTheEncodingComputedThroughGRDB() async throws {
        let temporary = try TemporaryFolder()
        let out = temporary.url.appendingPathComponent("out")
        try await build(SharedFixtures.fixtureSources, into: out)
        let databases = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".db") }.sorted()
        #expect(databases.count >= 2, "\(databases)")
        for name in databases {
            let url = out.appendingPathComponent(name)
            let device = try SQLiteContentHash(fileAt: url)
            #expect(device.sha256 == (try Self.reference(url)), "\(name)")
            #expect(device.rowCounts.values.reduce(0, +) > 0, "\(name)")
        }
    }

    /// The documented encoding (SQLiteContentHash's format 1), through GRDB's rows and storage values.
    static func reference(_ url: URL) throws -> String {
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: url.path, configuration: configuration).read { db in
            func u64(_ value: UInt64) -> Data { withUnsafeBytes(of: value.bigEndian) { Data($0) } }
            func text(_ value: String) -> Data { u64(UInt64(value.utf8.count)) + Data(value.utf8) }
            var stream = SHA256()
            stream.update(data: Data("aipbundle-sqlite-content-1".utf8))
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND rootpage <> 0")
                .filter { $0 == "sqlite_sequence" || !$0.lowercased().hasPrefix("sqlite_") }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for table in tables {
                let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(\(table.quotedDatabaseIdentifier))")
                    .map { (name: $0["name"] as String, type: $0["type"] as String? ?? "", key: $0["pk"] as Int) }
                stream.update(data: Data("T".utf8) + text(table) + u64(UInt64(columns.count)))
                for column in columns { stream.update(data: text(column.name) + text(column.type) + u64(UInt64(column.key))) }
                let keys = columns.filter { $0.key > 0 }.sorted { $0.key < $1.key } + columns.filter { $0.key == 0 }
                let names = columns.map(\.name.quotedDatabaseIdentifier)
                let order = keys.map { "\($0.name.quotedDatabaseIdentifier) COLLATE BINARY" } + names.map { "typeof(\($0))" }
                let rows = try Row.fetchCursor(db, sql: "SELECT \(names.joined(separator: ", ")) FROM \(table.quotedDatabaseIdentifier) ORDER BY \(order.joined(separator: ", "))")
                var rowStream = SHA256()
                var count: UInt64 = 0
                while let row = try rows.next() {
                    var bytes = Data("R".utf8)
                    for index in columns.indices {
                        switch (row[index] as DatabaseValue).storage {
                        case .int64(let value): bytes += [0x01] + u64(UInt64(bitPattern: value))
                        case .double(let value): bytes += [0x02] + u64(value == 0 ? 0 : value.bitPattern)
                        case .string(let value): bytes += [0x03] + text(value)
                        case .blob(let value): bytes += [0x04] + u64(UInt64(value.count)) + value
                        case .null: bytes += [0x05]
                        }
                    }
                    rowStream.update(data: bytes)
                    count += 1
                }
                stream.update(data: u64(count) + Data(rowStream.finalize()))
            }
            return stream.finalize().map { String(format: "%02x", $0) }.joined()
        }
    }
}
