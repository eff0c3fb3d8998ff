import AIPPipeline
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A source tree: one folder per kind of input (`ourairports/`, `eaip/`, …) and an optional `pipeline.json`.
public struct SourceTree: Sendable {
    /// The lock `aipbundle fetch` writes at the top of a tree it fetched; `build` records its SHA-256 in the manifest.
    public static let lockFileName = SourcesLockName.fileName

    public let root: URL
    /// Called by ``file(_:)`` with each file's bytes as stored (before gunzipping), on the thread loading it: the build
    /// hashes its inputs there, from the very bytes the stage parses, instead of reading every file a second time.
    public var onLoad: (@Sendable (_ relativePath: String, _ stored: Data) -> Void)?

    public init(root: URL) {
        self.root = root
    }

    /// Loads `relativePath`, or its gzipped twin `relativePath.gz` when only that exists.
    ///
    /// - Throws: ``SourceError`` `.missingFile` naming both candidates, or the loading errors of ``SourceFile``.
    public func file(_ relativePath: String) throws -> SourceFile {
        for candidate in [relativePath, relativePath + ".gz"] {
            let url = root.appendingPathComponent(candidate)
            // lstat: a dangling link or a FIFO still "exists", and SourceFile then says what is wrong with it.
            var info = stat()
            if lstat(url.path, &info) == 0 {
                let stored = try SourceFile.map(url, displayName: candidate)
                onLoad?(candidate, stored)
                return try SourceFile(stored: stored, displayName: candidate)
            }
        }
        throw SourceError(file: relativePath, kind: .missingFile,
                          reason: "not found: the source tree \(root.path) has neither \(relativePath) nor \(relativePath).gz")
    }

    /// The files under `folder`, at any depth, whose extension is one of `extensions` (without the dot, any case),
    /// as paths relative to the root (`eaip/EBOS.html`), in byte-wise order so every run lists them alike.
    ///
    /// Hidden files and folders (`.DS_Store`, `.git`) are skipped, and so are links to folders (they could loop).
    /// Anything else that is not a folder is listed, FIFOs included: reading it then fails with a clear error
    /// instead of the file silently missing. A missing `folder` gives an empty list; the caller decides whether
    /// that is fatal.
    ///
    /// - Throws: ``SourceError`` `.notARegularFile` when `folder` is a file, `.unreadable` when a folder cannot be listed.
    public func files(under folder: String, extensions: [String]) throws(SourceError) -> [String] {
        let wanted = extensions.map { $0.lowercased() }
        var info = stat()
        guard stat(root.appendingPathComponent(folder).path, &info) == 0 else { return [] }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw SourceError(file: folder, kind: .notARegularFile, reason: "is a file where a folder was expected")
        }
        var found: [String] = []
        var pending = [folder]
        while let relative = pending.popLast() {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(relative).path)
            } catch {
                throw SourceError(file: relative, kind: .unreadable,
                                  reason: "cannot be listed (permission denied or an I/O error); make it readable")
            }
            for name in names where !name.hasPrefix(".") {
                let path = relative + "/" + name
                var entry = stat()
                guard lstat(root.appendingPathComponent(path).path, &entry) == 0 else { continue }
                let kind = entry.st_mode & S_IFMT
                if kind == S_IFDIR {
                    pending.append(path)
                    continue
                }
                // A link to a folder is not followed; a link to a file is listed.
                var target = stat()
                if kind == S_IFLNK, stat(root.appendingPathComponent(path).path, &target) == 0,
                   target.st_mode & S_IFMT == S_IFDIR { continue }
                if wanted.contains((name as NSString).pathExtension.lowercased()) { found.append(path) }
            }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
