import AIPBundleKit
import AIPStages
import Foundation

extension BundleBuilder {
    /// The version of aipbundle recorded in every manifest (and shown by `aipbundle --version`).
    public static let builderVersion = "0.2.0"

    /// Writes `manifest.json` into `staging`: the hashes of every bundle file there and the provenance of every input.
    ///
    /// The inputs of the stages that ran were hashed while they wrote their files; those of the stages whose files
    /// were carried over come from the previous manifest, so the manifest always describes every file.
    @discardableResult
    static func writeManifest(in staging: URL, stamp: BuildStamp, report: BuildReport, ran: [StageResult], current: URL?) throws -> Manifest {
        let ranNames = Set(ran.map(\.report.stage))
        let carriedPaths = Set(report.stages.filter { !ranNames.contains($0.stage) }.flatMap(\.inputs).map(\.file))
        let previous = current.flatMap { try? Manifest(contentsOf: $0.appendingPathComponent(Manifest.fileName)) }
        let carried = (previous?.inputs ?? []).filter { carriedPaths.contains($0.path) }

        let files = BundleFiles.all.filter { FileManager.default.fileExists(atPath: staging.appendingPathComponent($0.name).path) }
        let manifest = try Manifest.make(
            bundleVersion: stamp.version, airacCycle: stamp.airac.identifier, airacDate: stamp.airac.effectiveDate,
            builderVersion: builderVersion,
            files: files.map { (name: $0.name, url: staging.appendingPathComponent($0.name), kind: $0.manifestKind) },
            inputs: ran.flatMap(\.inputDigests) + carried)
        try manifest.jsonData().write(to: staging.appendingPathComponent(Manifest.fileName))
        return manifest
    }
}

extension BundleFile {
    var manifestKind: ManifestFileKind {
        switch kind {
        case .sqlite: .sqlite
        case .json: .json
        }
    }
}
