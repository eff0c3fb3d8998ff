import Foundation

/// A source tree: one folder per kind of input (`ourairports/`, `eaip/`, …) and an optional `pipeline.json`.
public struct SourceTree: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// Loads `relativePath`, or its gzipped twin `relativePath.gz` when only that exists.
    ///
    /// - Throws: ``SourceError`` `.missingFile` naming both candidates, or the loading errors of ``SourceFile``.
    public func file(_ relativePath: String) throws -> SourceFile {
        let fileManager = FileManager.default
        for candidate in [relativePath, relativePath + ".gz"] {
            let url = root.appendingPathComponent(candidate)
            if fileManager.fileExists(atPath: url.path) {
                return try SourceFile(contentsOf: url, displayName: candidate)
            }
        }
        throw SourceError(file: relativePath, kind: .missingFile,
                          reason: "not found: the source tree \(root.path) has neither \(relativePath) nor \(relativePath).gz")
    }
}
