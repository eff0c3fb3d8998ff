import AIPManifest
import Foundation

/// What a build takes over from the bundle in `--out` for the stages it does not run (`--only`): their files, their
/// sections of `report.json`, and their entries and inputs in `manifest.json`.
///
/// Read and checked before any stage runs, and never skipped: without them the new report and manifest would quietly
/// lose the carried stages (their findings, the hashes of their inputs), so a missing or unusable record, or one that
/// lacks what the carried files need, stops the build with the fix.
struct CarriedOver {
    /// The stages whose files are carried, in registry order.
    let stages: [String]
    /// Their files the bundle holds.
    let files: [String]
    /// The bundle they come from; nil when nothing is carried.
    let bundle: PublishedBundle?
    /// The bundle's report: the new one keeps its sections of the stages that did not run.
    let report: BuildReport?
    /// The manifest entries of ``files``.
    let entries: [String: ManifestFile]
    /// The manifest records of the inputs the kept report sections name.
    let inputs: [ManifestInput]

    /// The stages a build running `running` carries over from `current` (those with a file there), and those files.
    static func files(in current: URL?, running: [RegisteredStage]) -> (stages: [String], files: [String]) {
        guard let current else { return ([], []) }
        let ran = Set(running.map(\.name))
        var stages: [String] = [], files: [String] = []
        for stage in StageRegistry.all where !ran.contains(stage.name) {
            let present = stage.files.filter { CheckedPath.exists(current.appendingPathComponent($0)) }
            guard !present.isEmpty else { continue }
            stages.append(stage.name)
            files += present
        }
        return (stages, files)
    }

    /// Takes over `files` of `stages` from `bundle` (nil only when there are none), for a build running `running`.
    /// - Throws: ``BuildError/unusableRecord(bundle:reason:fix:)`` with `fix` when the bundle's report is missing or
    ///   unusable, has no section for a carried stage, or its manifest lacks a carried file or a kept section's input.
    init(stages: [String], files: [String], from bundle: PublishedBundle?, running: [RegisteredStage], fix: String) throws {
        self.stages = stages
        self.files = files
        guard let bundle, !files.isEmpty else {
            (self.bundle, report, entries, inputs) = (nil, nil, [:], [])
            return
        }
        let report = try bundle.report(fix: fix)
        func unusable(_ reason: String) -> BuildError { .unusableRecord(bundle: bundle.shownAs, reason: reason, fix: fix) }
        let kept = report.sections(carriedPast: Set(running.map(\.name)), order: StageRegistry.names)
        if let missing = stages.first(where: { stage in !kept.contains { $0.stage == stage } }) {
            throw unusable("\(BundleBuilder.reportName) has no section for the \(missing) stage, whose files are carried over")
        }
        var entries: [String: ManifestFile] = [:]
        for file in files {
            // PublishedBundle refuses a manifest that does not list a file the folder holds.
            entries[file] = bundle.manifest.files[file]!
        }
        let recorded = Dictionary(bundle.manifest.inputs.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var inputs: [ManifestInput] = []
        for path in Set(kept.flatMap(\.inputs).map(\.file)).sorted() {
            guard let input = recorded[path] else {
                throw unusable("\(Manifest.fileName) lists no input \(path), which \(BundleBuilder.reportName) says a carried stage read")
            }
            inputs.append(input)
        }
        (self.bundle, self.report, self.entries, self.inputs) = (bundle, report, entries, inputs)
    }
}
