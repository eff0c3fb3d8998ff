import Foundation

/// Copies an installed database into the next bundle as a rollback-journal file, whatever the app did to it.
///
/// An app may switch a bundle database to WAL mode; its committed content may then sit partly in `-wal`, and the
/// file's header says WAL. A plain copy would lose that content or carry WAL mode (and an app would then leave
/// `-wal`/`-shm` beside the new bundle's file). Such a file is copied through SQLite (`VACUUM INTO`, which reads
/// through the WAL) and switched to `journal_mode=DELETE`; a file in rollback-journal mode with no `-wal` is copied
/// as bytes (a clone on APFS).
public enum DatabaseCopy {
    /// Whether the SQLite file at `url` is in WAL mode (header bytes 18–19 are 2) or has a `-wal` file beside it.
    public static func usesWAL(_ url: URL) -> Bool {
        if FileManager.default.fileExists(atPath: url.path + "-wal") { return true }
        // Unreadable here, it is copied as bytes, and the copy reports why it cannot be read.
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        // Read only: closing loses nothing.
        defer { try? handle.close() }
        // As above: the copy that follows reports a file that cannot be read.
        guard let header = try? handle.read(upToCount: 20), header.count == 20 else { return false }
        return header[header.startIndex + 18] == 2 || header[header.startIndex + 19] == 2
    }

    /// Copies the database at `source` to the new file `destination`, which ends in rollback-journal mode.
    public static func copy(_ source: URL, to destination: URL, name: String) throws {
        if !usesWAL(source) {
            do {
                try FileManager.default.copyItem(at: source, to: destination)
                return
            } catch {
                throw FileWriteError.classify(error, writing: destination, what: name)
            }
        }
        let db = try SQLiteConnection(source, writable: false, name: name)
        try db.execute("VACUUM INTO '\(destination.path.replacingOccurrences(of: "'", with: "''"))'")
        let copy = try SQLiteConnection(destination, writable: true, name: name)
        try copy.execute("PRAGMA journal_mode=DELETE")
    }
}
