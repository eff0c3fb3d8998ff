import AIPBundleKit
import AIPManifest
import AIPReaders
import Foundation

extension BundleBuilder {
    /// Warnings for the upstream files of `stage` that were carried over from `current` (not rebuilt in this run) and
    /// differ from `current`'s manifest: a database edited by hand to try texts is read as it is, but the report
    /// says so. No manifest (a folder written flat by an older aipbundle) means nothing to compare against.
    static func carriedUpstreamWarnings(for stage: RegisteredStage, carried: Set<String>, current: URL?) -> [Finding] {
        guard let current else { return [] }
        let upstreamFiles = Set(StageRegistry.all.filter { stage.upstream.contains($0.name) }.flatMap(\.files)).intersection(carried)
        guard !upstreamFiles.isEmpty else { return [] }
        return ManifestVerifier.verify(folder: current, requireManifest: false, files: upstreamFiles).map { finding in
            let what = (finding.table.map { "table \($0) " } ?? "") + finding.message
            return Finding(file: finding.file, location: .file, code: .bundleCarriedFileChanged,
                           reason: "read as it is, but it no longer matches \(Manifest.fileName): \(what)", action: .warning)
        }
    }
}
