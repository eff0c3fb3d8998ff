import AIPBundleKit
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
    let run: @Sendable (StageContext, SettingsFile, URL) async throws -> StageReport

    /// Registers `stage`, whose output `write` turns into its files (in the folder given, with the stage's context for
    /// the stamp and the previous bundle's id marks), returning rows written per table. The files are the ones the
    /// bundle-file registry says the stage owns.
    static func make<S: Stage>(
        _ stage: S.Type,
        write: @escaping @Sendable (S.Output, URL, StageContext) throws -> [String: Int]
    ) -> RegisteredStage {
        RegisteredStage(name: S.name, upstream: S.upstream, files: BundleFiles.owned(by: S.name).map(\.name)) { context, settings, folder in
            let stage = S(settings: try settings.decode(S.Settings.self, section: S.name))
            let output = try await stage.run(context)
            let rowsWritten = try write(output, folder, context)
            return StageReport(stage: S.name, inputs: output.inputs, rowsWritten: rowsWritten, findings: output.findings)
        }
    }
}

/// Every stage of the build, in the order they run. `--only`, its help text and its validation come from here.
public enum StageRegistry {
    public static let all: [RegisteredStage] = [
        .make(AirportsStage.self) { output, folder, context in
            try AirportsDatabaseWriter.write(output, to: folder.appendingPathComponent(AirportsSchema.fileName), stamp: context.stamp,
                                             idHighWaterMarks: context.previous.idHighWaterMarks(in: AirportsSchema.fileName))
            return ["airports": output.airports.count, "runways": output.runways.count]
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
