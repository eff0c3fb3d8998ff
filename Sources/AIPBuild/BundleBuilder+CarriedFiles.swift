import AIPBundleKit
import AIPManifest
import AIPReaders
import Foundation

extension BundleBuilder {
    /// Warnings for the upstream files of `stage` that were carried over (not rebuilt in this run) and differ from the
    /// manifest they came with: a database edited by hand to try texts is read as it is, but the report says so.
    static func carriedUpstreamWarnings(for stage: RegisteredStage, carried: CarriedOver) -> [Finding] {
        guard let folder = carried.bundle?.folder else { return [] }
        let upstreamFiles = Set(StageRegistry.all.filter { stage.upstream.contains($0.name) }.flatMap(\.files)).intersection(carried.files)
        guard !upstreamFiles.isEmpty else { return [] }
        return ManifestVerifier.verify(folder: folder, files: upstreamFiles).map { finding in
            let what = (finding.table.map { "table \($0) " } ?? "") + finding.message
            return Finding(file: finding.file, location: .file, code: .bundleCarriedFileChanged,
                           reason: "read as it is, but it no longer matches \(Manifest.fileName): \(what)", action: .warning)
        }
    }
}
