import AIPManifest
import AIPPipeline
import AIPStages
import Foundation

/// Stops a build whose tables lost too many rows against the previous bundle.
///
/// Two real OurAirports releases shipped an empty or a header-only file, and a file cut short still parses: a
/// bundle that suddenly has far fewer airports is much more likely a broken input than a real change, and it must
/// not reach pilots unless a person says so (`--allow-shrink`).
public struct ShrinkGate {
    /// The largest share of a table's rows, or of rules.json's questions or a country's answers, a build may lose
    /// (0.05 = 5 %).
    var maxLoss: Double

    /// A part of a file that lost too many of its items: the file, the part (`table runways`, `answers of FR`), what
    /// is counted (`rows`, `answers`, `questions`) and the counts before and after.
    public struct Loss: Sendable, Equatable {
        public var file: String
        public var part: String
        public var unit: String
        public var before: Int
        public var after: Int
    }

    /// Tables of `files` that lost more than `maxLoss` of the rows they have in the bundle whose manifest is
    /// `previous`.
    ///
    /// Both sides are counted alike, from manifests: the new counts from the manifest just made (its files were
    /// counted while hashed), the previous ones from the previous bundle's (``PublishedBundle`` checked that it lists
    /// every file the bundle holds). A file the previous bundle lacks has nothing to lose.
    func losses(files: [String], manifest: Manifest, previous: Manifest?) -> [Loss] {
        guard let previous else { return [] }
        var losses: [Loss] = []
        for file in files.sorted() {
            guard let after = manifest.files[file]?.tables, let before = previous.files[file]?.tables else { continue }
            for (table, count) in before.sorted(by: { $0.key < $1.key }) {
                losses += loss(file: file, part: "table \(table)", unit: "rows", before: count, after: after[table] ?? 0)
            }
        }
        return losses
    }

    /// The loss of `before` items down to `after`, when it is more than `maxLoss` of them.
    func loss(file: String, part: String, unit: String, before: Int, after: Int) -> [Loss] {
        guard before > 0, Double(before - after) > maxLoss * Double(before) else { return [] }
        return [Loss(file: file, part: part, unit: unit, before: before, after: after)]
    }
}

/// The `build` section of `pipeline.json`: settings of the build itself rather than of one stage.
struct BuildSettings: StageSettings {
    /// The share of a table's rows (or of rules.json's questions, or of a country's answers) a build may lose against
    /// the previous bundle before it stops.
    var maxTableShrink = Self.defaultMaxTableShrink
    static let defaultMaxTableShrink = 0.05

    static let section = "build"
    static let knownKeys: Set<String> = ["max_table_shrink"]

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        maxTableShrink = try container.decodeIfPresent(Double.self, forKey: .maxTableShrink) ?? Self.defaultMaxTableShrink
        guard (0...1).contains(maxTableShrink) else {
            throw DecodingError.dataCorruptedError(forKey: .maxTableShrink, in: container, debugDescription: "must be between 0 and 1 (0.05 = 5 %)")
        }
    }

    enum CodingKeys: String, CodingKey {
        case maxTableShrink = "max_table_shrink"
    }
}
