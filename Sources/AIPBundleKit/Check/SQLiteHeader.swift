import AIPErrorText
import AIPManifest
import Foundation

/// The fields of an SQLite file's 100-byte header that `check` needs, read from the bytes themselves.
///
/// Read before SQLite opens the file, so that the journal mode reported is the one written, whatever an open
/// might do (<https://www.sqlite.org/fileformat.html#the_database_header>).
struct SQLiteHeader {
    /// Bytes 18 and 19: the file format write and read versions, 1 for rollback journal, 2 for WAL.
    var writeVersion: UInt8
    var readVersion: UInt8

    /// True when either version says WAL: the app, which opens bundle files read-only, could not read the file.
    var isWAL: Bool { writeVersion == 2 || readVersion == 2 }

    static let magic = Data("SQLite format 3\u{0}".utf8)

    /// Reads the header of the regular file at `url` (symbolic links already resolved).
    /// - Throws: `CheckError` when the file is empty, too short, or does not start with SQLite's magic string.
    init(of url: URL, displayPath: String) throws {
        let bytes: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            // Closing a file only read cannot lose anything; its error changes nothing here.
            defer { try? handle.close() }
            bytes = try handle.read(upToCount: 100) ?? Data()
        } catch {
            throw CheckError(.unreadable, "\(displayPath) cannot be read: \(ErrorText.reason(error))")
        }
        guard !bytes.isEmpty else { throw CheckError(.wrongType, "\(displayPath) is empty, expected an SQLite database") }
        guard bytes.count == 100, bytes.prefix(16) == Self.magic else {
            throw CheckError(.wrongType, "\(displayPath) is not an SQLite database (it does not start with the SQLite header)")
        }
        writeVersion = bytes[bytes.startIndex + 18]
        readVersion = bytes[bytes.startIndex + 19]
    }
}
