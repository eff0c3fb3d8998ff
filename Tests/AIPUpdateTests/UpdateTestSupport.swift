import AIPBundleFolder
import AIPDelta
import AIPManifest
import AIPUpdate
import Crypto
import Foundation
import GRDB
import TestSupport
import Testing

/// The content of a small hand-made bundle: two SQLite files and a JSON file, so every file kind and every way
/// a delta carries a file (rows, full, unchanged) can be exercised independently of any stage.
struct TestBundle {
    var version: String
    var airacDate = "2026-11-26"
    /// `items.db`: an AUTOINCREMENT table, so sqlite_sequence matters.
    var items: [Int64: (name: String, value: Double)] = [1: ("alpha", 1.5), 2: ("bravo", 2.5), 3: ("charlie", 3.5)]
    /// The high-water mark the builder leaves in sqlite_sequence (above the largest id, like a deleted row's).
    var itemsSequence: Int64 = 10
    /// `notes.db`: a text-keyed table.
    var notes: [String: String] = ["LFAT": "PPR", "EGLL": "slots"]
    /// `rules.json`; nil for a bundle without it.
    var rules: String? = #"{"rules":[1,2,3]}"# + "\n"

    /// Publishes this bundle in the bundle folder `folder` (as a build would), signed by `key` when given.
    @discardableResult
    func publish(in folder: URL, key: SigningKey?) throws -> Manifest {
        let bundle = try BundleFolder(root: folder)
        let staging = try bundle.makeStaging()
        try writeFiles(in: staging)
        let files: [(name: String, url: URL, kind: ManifestFileKind)] = [
            ("items.db", staging.appendingPathComponent("items.db"), .sqlite),
            ("notes.db", staging.appendingPathComponent("notes.db"), .sqlite),
        ] + (rules == nil ? [] : [("rules.json", staging.appendingPathComponent("rules.json"), .json)])
        var manifest = try Manifest.make(bundleVersion: version, airacCycle: "2612", airacDate: airacDate, builderVersion: "test",
                                         files: files, inputs: [])
        if let key { manifest = ManifestSigner.marking(manifest, with: key) }
        try manifest.jsonData().write(to: staging.appendingPathComponent(Manifest.fileName))
        var names = files.map(\.name) + [Manifest.fileName]
        if let key {
            try ManifestSigner.sign(folder: staging, with: key)
            names.append(Manifest.signatureFileName)
        }
        try bundle.publish(staging, files: names)
        return manifest
    }

    private func writeFiles(in folder: URL) throws {
        let items = try DatabaseQueue(path: folder.appendingPathComponent("items.db").path)
        try items.write { db in
            try db.execute(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, value REAL)")
            for (id, item) in self.items.sorted(by: { $0.key < $1.key }) {
                try db.execute(sql: "INSERT INTO items VALUES (?, ?, ?)", arguments: [id, item.name, item.value])
            }
            try db.execute(sql: "UPDATE sqlite_sequence SET seq = ? WHERE name = 'items'", arguments: [itemsSequence])
        }
        try items.close()
        let notes = try DatabaseQueue(path: folder.appendingPathComponent("notes.db").path)
        try notes.write { db in
            try db.execute(sql: "CREATE TABLE notes (icao TEXT PRIMARY KEY, note TEXT)")
            for (icao, note) in self.notes.sorted(by: { $0.key < $1.key }) {
                try db.execute(sql: "INSERT INTO notes VALUES (?, ?)", arguments: [icao, note])
            }
        }
        try notes.close()
        if let rules { try Data(rules.utf8).write(to: folder.appendingPathComponent("rules.json")) }
    }
}

/// Every entry below `folder` — files by size and SHA-256, links by target, folders by name — to show a refused
/// update left the installed bundle byte for byte as it was.
func snapshot(_ folder: URL) throws -> [String: String] {
    var entries: [String: String] = [:]
    let manager = FileManager.default
    guard let walker = manager.enumerator(atPath: folder.path) else { return [:] }
    for case let path as String in walker {
        let url = folder.appendingPathComponent(path)
        if let target = try? manager.destinationOfSymbolicLink(atPath: url.path) {
            entries[path] = "link → \(target)"
        } else if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
            entries[path] = "folder"
        } else {
            let data = try Data(contentsOf: url)
            entries[path] = "\(data.count) bytes \(SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined())"
        }
    }
    return entries
}

/// The logical hash of each file as the manifest of the bundle in `folder` records it.
func manifestHashes(_ folder: URL) throws -> [String: String] {
    let contents = try #require(BundleFolder.currentContents(of: folder))
    return try Manifest(contentsOf: contents.appendingPathComponent(Manifest.fileName)).files.mapValues(\.logicalSHA256)
}
