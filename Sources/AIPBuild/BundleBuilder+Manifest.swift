import AIPBundleKit
import AIPDelta
import AIPManifest
import AIPStages
import Foundation

extension BundleBuilder {
    /// The version of aipbundle recorded in every manifest (and shown by `aipbundle --version`).
    public static let builderVersion = "0.3.0"

    /// Writes `manifest.json` into `staging`: the entry of every bundle file there, the provenance of every input, and
    /// how the build ran (`build`).
    ///
    /// The stages that ran made the entries of their files from the bytes they wrote, and hashed their inputs while
    /// writing. Files carried over unchanged (hard links to the current bundle's) keep their entries from the current
    /// manifest, as do the inputs of the stages that made them (``CarriedOver``, which checked that they are there).
    /// - Returns: the manifest and the SHA-256 of the bytes written.
    static func writeManifest(in staging: URL, stamp: BuildStamp, build: Manifest.Build, ran: [StageResult], carried: CarriedOver,
                              signingKey: SigningKey? = nil) throws -> (Manifest, String) {
        var entries = carried.entries
        for result in ran { entries.merge(try result.manifestEntries.value()) { _, new in new } }
        var manifest = try Manifest.make(
            bundleVersion: stamp.version, airacCycle: stamp.airac.identifier, airacDate: stamp.airac.effectiveDate,
            builderVersion: builderVersion, entries: entries, inputs: ran.flatMap(\.inputDigests) + carried.inputs, build: build)
        if let signingKey { manifest = ManifestSigner.marking(manifest, with: signingKey) }
        let data = try manifest.jsonData()
        try data.write(to: staging.appendingPathComponent(Manifest.fileName))
        if let signingKey { try ManifestSigner.sign(folder: staging, with: signingKey) }
        return (manifest, FileDigest(contents: data).sha256)
    }
}
