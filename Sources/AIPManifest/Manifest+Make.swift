import Foundation

extension Manifest {
    /// Hashes every bundle file and records the inputs: the manifest of a freshly built bundle.
    ///
    /// For example:
    /// ```swift
    /// let manifest = try Manifest.make(
    ///     bundleVersion: "2026.12.1", airacCycle: "2612", airacDate: "2026-11-26", builderVersion: "0.1.0",
    ///     files: [(name: "airports.db", url: staging.appendingPathComponent("airports.db"), kind: .sqlite)],
    ///     inputs: [try ManifestInput.hashing(fileAt: runwaysURL, relativePath: "ourairports/runways.csv")])
    /// try manifest.jsonData().write(to: staging.appendingPathComponent(Manifest.fileName))
    /// ```
    ///
    /// - Parameters:
    ///   - files: each bundle file by the name it has in the bundle folder, where it is now, and its kind.
    ///   - inputs: every input file the build read, in any order; the manifest sorts them by path.
    /// - Throws: `ManifestError` when a name is not a plain file name, a name or an input path appears twice,
    ///   or a file cannot be hashed.
    public static func make(bundleVersion: String, airacCycle: String, airacDate: String, builderVersion: String,
                            files: [(name: String, url: URL, kind: ManifestFileKind)],
                            inputs: [ManifestInput]) throws -> Manifest {
        var entries: [String: ManifestFile] = [:]
        for file in files {
            guard entries[file.name] == nil else {
                throw ManifestError(.invalidContent, "\(file.name) is listed twice")
            }
            entries[file.name] = try ManifestFile(fileAt: file.url, kind: file.kind)
        }
        return try make(bundleVersion: bundleVersion, airacCycle: airacCycle, airacDate: airacDate, builderVersion: builderVersion,
                        entries: entries, inputs: inputs)
    }

    /// The manifest of files whose entries are already known (made by their writers from the bytes they wrote, or
    /// carried over from the previous manifest for files carried over unchanged), with how the build ran.
    /// - Throws: `ManifestError` when a name is not a ``PathName``, the version is not a ``PathName`` version, or an
    ///   input path appears twice.
    public static func make(bundleVersion: String, airacCycle: String, airacDate: String, builderVersion: String,
                            entries: [String: ManifestFile], inputs: [ManifestInput], build: Build? = nil) throws -> Manifest {
        do {
            _ = try PathName.names(of: entries)
            _ = try PathName(version: bundleVersion)
        } catch {
            throw ManifestError(.invalidContent, "\(error)")
        }
        let sortedInputs = inputs.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        if let duplicate = zip(sortedInputs, sortedInputs.dropFirst()).first(where: { $0.path == $1.path }) {
            throw ManifestError(.invalidContent, "input \(duplicate.0.path) is listed twice")
        }
        return Manifest(bundleVersion: bundleVersion, airac: AIRAC(cycle: airacCycle, effectiveDate: airacDate),
                        builder: Builder(version: builderVersion), files: entries, inputs: sortedInputs, build: build)
    }
}
