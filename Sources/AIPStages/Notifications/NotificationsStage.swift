import AIPContract
import AIPPipeline
import AIPReaders

/// Customs texts (AIP field 302 in `airports.db`'s `aip_entries`) in, one notification rule per airport out.
///
/// It reads `airports.db` from this build's files: written by the airports stage in the same run, or, run alone
/// (`--only notifications`), the one in `--out` as it is (a file edited by hand to try texts included; the build
/// warns when that file no longer matches its manifest).
///
/// Choices, documented because the app relies on them:
/// - **Several 302 entries for one airport** (one per source): the entry with the highest `source_priority` wins,
///   then the lowest `id` (the first written); its English `value` is read, or `alt_value` when `value` is blank.
///   Each entry left aside is a `notifications.extra_text` finding.
/// - **A text with no letter or digit** (empty, `-`, `—`): no row, and a `notifications.empty_text` finding. Any other
///   text gets a row, with a NULL type and confidence 0 when nothing in it was understood.
/// - **No 302 entry at all** in `airports.db`: an empty table and a `notifications.no_customs_texts` warning, so the
///   report says why the file is empty.
public struct NotificationsStage: Stage {
    public static let name = "notifications"
    public static let upstream = [AirportsStage.name]
    /// `aip_entries.std_field_id` of "Customs and immigration" (AD 2.3 item 2).
    public static let customsFieldID: Int64 = 302
    /// The `aip_entries` rows of the customs texts: `std_field_id` 302, stored as an integer or, by an older bundle,
    /// as text.
    static let customsEntries = PlainFilter(column: AirportsContract.AIPEntries.stdFieldID.name,
                                            values: [.integer(customsFieldID), .text(String(customsFieldID))])
    /// `extraction_method` of every row: which parser (and version of its rules) read the text.
    public static let extractionMethod = "aipbundle_parser_v1"

    /// `extraction_method` of a row read as `rule`: the parser's name, then the evidence of each rule read
    /// (``NotificationRule/evidence``), so a wrong reading can be traced to the words it rests on.
    public static func extractionMethod(_ rule: NotificationRule) -> String {
        rule.evidence.isEmpty ? extractionMethod : extractionMethod + ": " + rule.evidence.joined(separator: "; ")
    }
    /// The location findings name: the upstream table the texts were read from.
    static let entriesLocation = "\(AirportsContract.fileName)/\(AirportsContract.AIPEntries.table.name)"

    public struct Settings: StageSettings {
        public static let knownKeys: Set<String> = []
        public init() {}
    }

    public struct Output: StageOutput {
        /// Sorted by ICAO code.
        public var rows: [NotificationRow]
        public var findings: [Finding]
        /// None: the texts come from a bundle file, which the manifest already lists; sources are not read.
        public var inputs: [InputSummary] { [] }
        /// `difficulty` (the app's buckets) and `notification_type` (`none` for texts not understood), every key present.
        public var counts: [String: [String: Int]]

        public init(rows: [NotificationRow], findings: [Finding]) {
            self.rows = rows
            self.findings = findings
            var difficulty = Dictionary(uniqueKeysWithValues: DifficultyBucket.allCases.map { ($0.rawValue, 0) })
            var types = Dictionary(uniqueKeysWithValues: (NotificationType.allCases.map(\.rawValue) + ["none"]).map { ($0, 0) })
            for row in rows {
                difficulty[DifficultyBucket(row.rule).rawValue, default: 0] += 1
                types[row.rule.notificationType?.rawValue ?? "none", default: 0] += 1
            }
            counts = ["difficulty": difficulty, "notification_type": types]
        }
    }

    public init(settings: Settings = Settings()) {}
}
