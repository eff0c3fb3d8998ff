import AIPBundleKit
import AIPDelta
import AIPManifest
import AIPStages
import Foundation

extension BundleBuilder {
    /// The version of aipbundle recorded in every manifest (and shown by `aipbundle --version`).
    public static let builderVersion = "0.3.0"

    /// Writes `manifest.json` into `staging`: the entry of every bundle file there and the provenance of every input.
    ///
    /// The stages that ran made the entries of their files from the bytes they wrote, and hashed their inputs while
    /// writing. Files carried over unchanged (hard links to the current bundle's) keep their entries from the current
    /// manifest, as do the inputs of the stages that made them; only a carried file the current manifest lacks (a
    /// bundle of an earlier version) is hashed here. So the manifest always describes every file.
    @discardableResult
    static func writeManifest(in staging: URL, stamp: BuildStamp, report: BuildReport, ran: [StageResult], current: URL?,
                              signingKey: SigningKey? = nil) throws -> Manifest {
        let ranNames = Set(ran.map(\.report.stage))
        let carriedStages = report.stages.filter { !ranNames.contains($0.stage) }
        let previous = carriedStages.isEmpty ? nil : current.flatMap { try? Manifest(contentsOf: $0.appendingPathComponent(Manifest.fileName)) }
        let carriedPaths = Set(carriedStages.flatMap(\.inputs).map(\.file))
        let carriedInputs = (previous?.inputs ?? []).filter { carriedPaths.contains($0.path) }

        var entries: [String: ManifestFile] = [:]
        for result in ran { entries.merge(result.manifestEntries) { new, _ in new } }
        for file in BundleFiles.all where entries[file.name] == nil {
            let url = staging.appendingPathComponent(file.name)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            entries[file.name] = try previous?.files[file.name] ?? ManifestFile(fileAt: url, kind: file.manifestKind)
        }
        var manifest = try Manifest.make(
            bundleVersion: stamp.version, airacCycle: stamp.airac.identifier, airacDate: stamp.airac.effectiveDate,
            builderVersion: builderVersion, entries: entries, inputs: ran.flatMap(\.inputDigests) + carriedInputs)
        if let signingKey { manifest = ManifestSigner.marking(manifest, with: signingKey) }
        try manifest.jsonData().write(to: staging.appendingPathComponent(Manifest.fileName))
        if let signingKey { try ManifestSigner.sign(folder: staging, with: signingKey) }
        return manifest
    }
}
