import AIPBundleKit
import Foundation
import GRDB
import TestSupport

/// Creates a database at `relativePath` in `folder` with the given SQL and returns its URL.
func makeDatabase(in folder: TemporaryFolder, _ relativePath: String, _ sql: String) throws -> URL {
    let url = folder.url.appendingPathComponent(relativePath)
    try DatabaseQueue(path: url.path).write { try $0.execute(sql: sql) }
    return url
}

/// The logical hash of the database at `url` after running `sql` on it.
func logicalHash(of url: URL, after sql: String) throws -> String {
    try DatabaseQueue(path: url.path).writeWithoutTransaction { try $0.execute(sql: sql) }
    return try SQLiteContentHash(fileAt: url).sha256
}
