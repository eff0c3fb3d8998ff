import AIPBundleKit
import AIPContract
import AIPManifest
import AIPPipeline
import AIPReaders
import AIPStages
import Foundation

/// One stage as the build runs it: its name, what it needs, the files it writes, and how they are written.
public struct RegisteredStage: Sendable {
    public let name: String
    public let upstream: [String]
    /// Bundle files the stage owns, as named in `--out`.
    public let files: [String]
    /// Decodes the stage's settings, runs it, writes its files into the folder given.
    let run: @Sendable (StageContext, SettingsFile, URL) async throws -> StageRun

    /// Registers `stage`, whose output `write` turns into its files (in the folder given, with the stage's context for
    /// the stamp, and the previous bundle's `sqlite_sequence` marks of each file), returning rows written per table.
    /// The files are the ones the bundle-file registry says the stage owns.
    static func make<S: Stage>(
        _ stage: S.Type,
        write: @escaping @Sendable (S.Output, URL, StageContext, _ idHighWaterMarks: [String: [String: Int]]) throws -> WrittenFiles
    ) -> RegisteredStage {
        let files = BundleFiles.owned(by: S.name).map(\.name)
        return RegisteredStage(name: S.name, upstream: S.upstream, files: files) { context, settings, folder in
            let stage = S(settings: try settings.decode(S.Settings.self, section: S.name))
            // The previous bundle's id marks are needed only to write; read them while the stage reads its sources.
            let previous = context.previous
            // Only databases have `sqlite_sequence` marks; a JSON file (rules.json) is not opened as one.
            let databases = BundleFiles.owned(by: S.name).filter { $0.manifestKind == .sqlite }.map(\.name)
            let marks = BackgroundWork { try Dictionary(uniqueKeysWithValues: databases.map { ($0, try previous.idHighWaterMarks(in: $0)) }) }
            // The manifest needs every input's SHA-256: hashed as the stage loads each file, else while the files are written.
            let inputDigests = InputDigests(root: context.sources.root)
            var context = context
            context.sources.onLoad = { inputDigests.loaded($0, stored: $1) }
            let output = try await stage.run(context)
            let inputFiles = output.inputs.map(\.file)
            inputDigests.start(inputFiles)
            let written = try write(output, folder, context, try marks.value())
            let files = try written.contents.map { name, contents in
                guard let file = BundleFiles.named(name) else { throw BundleWriteError("\(name) is not a registered bundle file") }
                return (name: name, contents: contents, kind: file.manifestKind)
            }
            // The files' manifest entries (SHA-256, content hash) are made in the background: the stages reading these
            // files (notifications reads airports.db) start meanwhile.
            let entries = BackgroundWork {
                try Dictionary(uniqueKeysWithValues: files.map { ($0.name, try ManifestFile(contents: $0.contents, kind: $0.kind, name: $0.name)) })
            }
            let counts = output.counts.merging(written.counts) { $1 }
            return StageRun(report: StageReport(stage: S.name, inputs: output.inputs, rowsWritten: written.rows, findings: output.findings,
                                                counts: counts),
                            inputDigests: try inputDigests.digests(of: inputFiles), manifestEntries: entries,
                            outputBytes: files.reduce(0) { $0 + $1.contents.count })
        }
    }
}

/// What a stage's writer wrote: rows per table, and each file's bytes (so the manifest never reads them back).
struct WrittenFiles: Sendable {
    var rows: [String: Int]
    var contents: [String: Data]
    /// Named tallies found while writing (e.g. changes per table), merged into the stage's report section.
    var counts: [String: [String: Int]] = [:]
}

/// What running a stage gave: its section of the report, and for the manifest the digests of the inputs it read and
/// the entries of the files it wrote.
struct StageRun: Sendable {
    var report: StageReport
    var inputDigests: [ManifestInput]
    var manifestEntries: BackgroundWork<[String: ManifestFile]>
    /// The size of the files written.
    var outputBytes: Int
}

/// Every stage of the build, in the order they run. `--only`, its help text and its validation come from here.
public enum StageRegistry {
    public static let all: [RegisteredStage] = [
        .make(AirportsStage.self) { output, folder, context, marks in
            var changes = ChangeLogCounts()
            let contents = try AirportsDatabaseWriter.write(output, to: folder.appendingPathComponent(AirportsContract.fileName),
                                                            stamp: context.stamp, idHighWaterMarks: marks[AirportsContract.fileName] ?? [:],
                                                            previous: context.previous.location(of: AirportsContract.fileName)) { changes = $0 }
            return WrittenFiles(rows: [AirportsContract.Airports.table.name: output.airports.count,
                                       AirportsContract.Runways.table.name: output.runways.count,
                                       AirportsContract.Procedures.table.name: output.procedures.count,
                                       AirportsContract.AIPEntries.table.name: output.aipEntries.count,
                                       AirportsContract.BorderCrossingPoints.table.name: output.borderCrossingPoints.count,
                                       AirportsContract.Waypoints.table.name: output.waypoints.count,
                                       AirportsContract.FIRs.table.name: output.firs.count],
                                contents: [AirportsContract.fileName: contents], counts: changes.report)
        },
        .make(RulesStage.self) { output, folder, _, _ in
            let contents = try RulesJSONWriter.write(output.document, to: folder.appendingPathComponent(RulesContract.fileName))
            return WrittenFiles(rows: [RulesContract.Document.questions: output.document.questions.count], contents: [RulesContract.fileName: contents])
        },
        .make(CitiesStage.self) { output, folder, context, _ in
            let contents = try CitiesDatabaseWriter.write(output, to: folder.appendingPathComponent(CitiesContract.fileName), stamp: context.stamp)
            return WrittenFiles(rows: [CitiesContract.Cities.table.name: output.cities.count,
                                       CitiesContract.CityNames.table.name: output.cities.reduce(0) { $0 + $1.lookupNames.count }],
                                contents: [CitiesContract.fileName: contents])
        },
        .make(NotificationsStage.self) { output, folder, context, marks in
            let file = NotificationsContract.fileName
            let contents = try NotificationsDatabaseWriter.write(output, to: folder.appendingPathComponent(file), stamp: context.stamp,
                                                                 idHighWaterMarks: marks[file] ?? [:])
            return WrittenFiles(rows: [NotificationsContract.Requirements.table.name: output.rows.count], contents: [file: contents])
        },
    ]

    public static var names: [String] { all.map(\.name) }

    /// The stages `--only` names, each once, in dependency (registry) order.
    /// - Throws: ``StageSelectionError`` for an empty list or an unknown name.
    public static func select(_ requested: String?) throws -> [RegisteredStage] {
        guard let requested else { return all }
        let names = requested.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard names.contains(where: { !$0.isEmpty }) else {
            throw StageSelectionError("--only needs at least one stage: \(Self.names.joined(separator: ", "))")
        }
        for name in names where !name.isEmpty && !Self.names.contains(name) {
            throw StageSelectionError("--only: unknown stage \"\(name)\"; the stages are \(Self.names.joined(separator: ", "))")
        }
        return all.filter { names.contains($0.name) }
    }

    /// Every file a bundle can hold, in registry order.
    public static var allFiles: [String] { BundleFiles.all.map(\.name) }
}

/// `--only` names no known stage.
public struct StageSelectionError: Error, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
