import CSQLite
import Foundation
import GRDB

/// Applies an SQLite changeset (session extension) to a database file in one transaction: any conflict — a row
/// that is not as the changeset expects, a missing row, a duplicate key, a constraint — aborts it and nothing changes.
package enum ChangesetApplier {
    package static func apply(_ changeset: Data, sequence: [String: Int64]?, to url: URL, name: String) throws {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: url.path)
        } catch {
            throw UpdateError("\(name): cannot open the copy to patch: \(error)")
        }
        defer { try? queue.close() }
        var conflict: Int32 = 0
        do {
            try queue.inTransaction { db in
                let status = changeset.withUnsafeBytes { bytes in
                    sqlite3changeset_apply(db.sqliteConnection, Int32(bytes.count), UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                                           nil, abortOnConflict, &conflict)
                }
                guard status == SQLITE_OK else {
                    throw UpdateError("\(name): the changeset does not apply (\(Self.describe(conflict, status: status))); nothing was changed")
                }
                if let sequence {
                    // sqlite_sequence has no primary key, so no changeset carries it: set it as the target has it.
                    try db.execute(sql: "DELETE FROM sqlite_sequence")
                    for (table, value) in sequence.sorted(by: { $0.key < $1.key }) {
                        try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", arguments: [table, value])
                    }
                }
                return .commit
            }
        } catch let error as UpdateError {
            throw error
        } catch {
            throw UpdateError("\(name): applying the changeset failed: \(error)")
        }
    }

    private static func describe(_ conflict: Int32, status: Int32) -> String {
        switch conflict {
        case SQLITE_CHANGESET_DATA: return "a row to change or delete holds other values than expected"
        case SQLITE_CHANGESET_NOTFOUND: return "a row to change or delete is missing"
        case SQLITE_CHANGESET_CONFLICT: return "a row to insert already exists"
        case SQLITE_CHANGESET_CONSTRAINT: return "a change breaks a constraint"
        case SQLITE_CHANGESET_FOREIGN_KEY: return "the changes break a foreign key"
        default: return "SQLite error \(status): \(String(cString: sqlite3_errstr(status)))"
        }
    }
}

/// Every conflict aborts the whole changeset; the conflict kind goes back through the context pointer for the message.
private let abortOnConflict: @convention(c) (UnsafeMutableRawPointer?, Int32, OpaquePointer?) -> Int32 = { context, kind, _ in
    context?.assumingMemoryBound(to: Int32.self).pointee = kind
    return SQLITE_CHANGESET_ABORT
}
