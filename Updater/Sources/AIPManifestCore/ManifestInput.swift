import Foundation

/// One input file the build read, recorded for provenance: which bytes this bundle was made from.
public struct ManifestInput: Sendable, Equatable, Codable {
    /// The file's path relative to the source tree, with `/` separators (`ourairports/runways.csv`).
    public var path: String
    /// The size of the file in bytes.
    public var bytes: Int
    /// SHA-256 of the file's bytes, lower-case hexadecimal.
    public var sha256: String

    public init(path: String, bytes: Int, sha256: String) {
        self.path = path
        self.bytes = bytes
        self.sha256 = sha256
    }

    /// Hashes the file at `url` and records it under `relativePath`.
    /// - Throws: `ManifestError` when the file cannot be read.
    public static func hashing(fileAt url: URL, relativePath: String) throws -> ManifestInput {
        let digest = try FileDigest(fileAt: url)
        return ManifestInput(path: relativePath, bytes: digest.bytes, sha256: digest.sha256)
    }
}
