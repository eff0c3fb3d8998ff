import AIPErrorText
import Foundation
import GRDB

/// Opens a bundle database for reading only, so that hashing or verifying it can never change its bytes.
package enum SQLiteFile {
    /// Runs `body` on a read-only connection to `url`.
    /// - Throws: `ManifestError` naming the file when it cannot be opened or read as SQLite.
    package static func read<T>(_ url: URL, _ body: (Database) throws -> T) throws -> T {
        do {
            return try open(url).read(body)
        } catch let error as ManifestError {
            throw error
        } catch {
            throw ManifestError(.unreadable, "\(url.lastPathComponent) cannot be read as an SQLite database: \(ErrorText.reason(error))")
        }
    }

    /// A read-only connection to the database at `url`.
    package static func open(_ url: URL) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            return try DatabaseQueue(path: url.path, configuration: configuration)
        } catch {
            throw ManifestError(.unreadable, "\(url.lastPathComponent) cannot be read as an SQLite database: \(ErrorText.reason(error))")
        }
    }
}
