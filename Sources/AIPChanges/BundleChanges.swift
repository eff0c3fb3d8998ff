/// What changed from one bundle to the next, as a person reviewing a cycle before publishing wants to read it: the
/// two bundles' identities, counts per file and table, then each kind of change, most important first.
///
/// Computed from the two bundles' files by ``BundleComparison``; rendered by ``ChangesHTML``, ``ChangesMarkdown``
/// and, for machines, encoded as JSON (`changes --json`, `docs/schemas/changes.schema.json`). Every list is
/// complete here and sorted; renderers show the first rows of each (``ChangesLimits``) and count the rest.
public struct BundleChanges: Sendable, Encodable {
    /// One bundle's identity.
    public struct Side: Sendable, Encodable, Equatable {
        public var bundleVersion: String
        public var airacCycle: String
        public var airacDate: String
        /// SHA-256 of the source tree's `sources.lock.json` the bundle was built from; nil when it had none.
        public var sourcesLockSHA256: String?

        enum CodingKeys: String, CodingKey {
            case bundleVersion = "bundle_version", airacCycle = "airac_cycle", airacDate = "airac_date"
            case sourcesLockSHA256 = "sources_lock_sha256"
        }
    }

    /// Rows of one table on each side, and how many were added, removed and changed (matched by primary key).
    /// `added`, `removed`, `changed` are nil for a table one side lacks or that has no key to match rows by.
    public struct TableCount: Sendable, Encodable, Equatable {
        public var file: String
        public var table: String
        public var rowsBefore: Int?
        public var rowsAfter: Int?
        public var added: Int?
        public var removed: Int?
        public var changed: Int?

        enum CodingKeys: String, CodingKey {
            case file, table, added, removed, changed
            case rowsBefore = "rows_before", rowsAfter = "rows_after"
        }
    }

    public var from: Side
    public var to: Side
    public var tables: [TableCount]
    public var aerodromes: ChangeSection<AerodromeChange>
    public var runways: ChangeSection<RunwayChange>
    public var aipEntries: ChangeSection<AIPEntryChange>
    public var customs: ChangeSection<CustomsChange>
    public var procedures: ChangeSection<ProcedureChange>
    public var navaids: ChangeSection<NavaidMove>
    public var firs: ChangeSection<FIRChange>
    public var rules: ChangeSection<RuleAnswerChange>
    public var coverage: ChangeSection<CoverageChange>
    public var findings: FindingsSummary
    /// One point per changed aerodrome that has a position, for the map.
    public var points: ChangeSection<MapPoint>
    /// What the page's map is drawn on; not part of the JSON document.
    public var outline = MapOutline(rings: [])

    enum CodingKeys: String, CodingKey {
        case from, to, tables, aerodromes, runways, customs, procedures, navaids, firs, rules, coverage, findings, points
        case aipEntries = "aip_entries"
    }

    /// Whether nothing a section lists changed (counts of unlisted tables aside).
    public var isEmpty: Bool {
        [aerodromes.total, runways.total, aipEntries.total, customs.total, procedures.total, navaids.total, firs.total, rules.total]
            .allSatisfy { $0 == 0 }
    }

    /// The same changes with each section cut to its first `limit` rows (totals kept), for a document of bounded size.
    public func limited(to limit: Int) -> BundleChanges {
        var copy = self
        copy.aerodromes = aerodromes.prefix(limit)
        copy.runways = runways.prefix(limit)
        copy.aipEntries = aipEntries.prefix(limit)
        copy.customs = customs.prefix(limit)
        copy.procedures = procedures.prefix(limit)
        copy.navaids = navaids.prefix(limit)
        copy.firs = firs.prefix(limit)
        copy.rules = rules.prefix(limit)
        copy.coverage = coverage.prefix(limit)
        copy.points = points.prefix(limit)
        return copy
    }
}

/// The rows of one kind of change: `items` in the order shown, `total` how many there are in all (more than
/// `items.count` once cut by ``prefix(_:)``).
public struct ChangeSection<Item: Sendable & Encodable>: Sendable, Encodable {
    public var total: Int
    public var items: [Item]

    public init(_ items: [Item]) {
        total = items.count
        self.items = items
    }

    /// How many rows ``items`` leaves out.
    public var omitted: Int { total - items.count }

    /// The first `limit` rows, the total kept.
    public func prefix(_ limit: Int) -> ChangeSection {
        var copy = self
        copy.items = Array(items.prefix(limit))
        return copy
    }

    enum CodingKeys: String, CodingKey { case total, items }
}

/// How a row differs between the two bundles.
public enum ChangeKind: String, Sendable, Encodable, Comparable {
    case removed, added, changed

    public static func < (lhs: ChangeKind, rhs: ChangeKind) -> Bool { lhs.order < rhs.order }

    private var order: Int {
        switch self {
        case .removed: 0
        case .added: 1
        case .changed: 2
        }
    }
}
