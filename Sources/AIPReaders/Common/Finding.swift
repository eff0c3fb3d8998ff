import AIPFindings

/// A problem with one row or one field of an input file that the build survives.
///
/// Findings go to `report.json`; the build goes on. A ``Finding`` says where (file and ``Location``), what kind of
/// problem it is (``code``), which column and value when there is one, why, and what the build did about it.
///
/// For example: `ourairports/runways.csv:812: le_heading_degT: "0x" is not a number (field set to NULL)`.
///
/// ## Codes
/// ``code`` is a stable, dotted identifier that reports and tools group by (`csv.field_count`); the ``reason`` is the
/// sentence for a person and may change wording. Every code is a case of ``FindingCode``, the one catalogue with
/// each code's severity, meaning and remedy (`aipbundle findings`, `docs/findings.md`).
public struct Finding: Sendable, Hashable, CustomStringConvertible {
    /// What the build did with the row.
    public enum Action: String, Sendable, Codable, CaseIterable {
        /// The whole row was left out.
        case rowRejected = "row_rejected"
        /// The row was kept with this field set to NULL.
        case fieldCleared = "field_cleared"
        /// Nothing was dropped, but a person should look (an input that no longer matches its manifest, an
        /// upstream file with nothing for the stage to read).
        case warning
    }

    /// Where in a file a finding is, for every kind of source: text lines, spreadsheet cells, PDF pages, keyed records.
    ///
    /// Locations of different kinds sort in the order of the cases; within a kind, by their values. The order is
    /// total, so a sorted report is the same on every run.
    public enum Location: Sendable, Hashable, Comparable {
        /// The whole file.
        case file
        /// 1-based line where the offending record starts (CSV, TSV).
        case line(Int)
        /// A spreadsheet cell (XLSX), e.g. sheet `Rules`, cell `B12`.
        case cell(sheet: String, cell: String)
        /// A 1-based PDF page, and the AIP section on it when known (e.g. `AD 2.12`).
        case page(Int, section: String?)
        /// A record known by its key: an ICAO code, an element id in an HTML page.
        case record(String)

        private var rank: Int {
            switch self {
            case .file: 0
            case .line: 1
            case .cell: 2
            case .page: 3
            case .record: 4
            }
        }

        public static func < (lhs: Location, rhs: Location) -> Bool {
            switch (lhs, rhs) {
            case (.line(let left), .line(let right)): left < right
            case (.cell(let leftSheet, let leftCell), .cell(let rightSheet, let rightCell)):
                (leftSheet, leftCell) < (rightSheet, rightCell)
            case (.page(let left, let leftSection), .page(let right, let rightSection)):
                // No section sorts before any section, even an empty one, so the order stays total.
                (left, leftSection == nil ? 0 : 1, leftSection ?? "") < (right, rightSection == nil ? 0 : 1, rightSection ?? "")
            case (.record(let left), .record(let right)): left < right
            default: lhs.rank < rhs.rank
            }
        }

        /// The location as written after the file name in ``Finding/description``: `812`, `Rules!B12`, `page 4 (AD 2.12)`,
        /// `[EBOS]`; nil for the whole file.
        var text: String? {
            switch self {
            case .file: nil
            case .line(let line): String(line)
            case .cell(let sheet, let cell): "\(sheet)!\(cell)"
            case .page(let page, let section): section.map { "page \(page) (\($0))" } ?? "page \(page)"
            case .record(let key): "[\(key)]"
            }
        }
    }

    /// The input file, relative to the source tree (e.g. `ourairports/runways.csv`).
    public var file: String
    public var location: Location
    /// The kind of problem, from the catalogue; written as its stable, dotted string.
    public var code: FindingCode
    /// The column at fault, when one is.
    public var column: String?
    /// The offending value, when there is one.
    public var value: String?
    public var reason: String
    public var action: Action

    public init(file: String, location: Location, code: FindingCode, column: String? = nil, value: String? = nil,
                reason: String, action: Action) {
        self.file = file
        self.location = location
        self.code = code
        self.column = column
        self.value = value
        self.reason = reason
        self.action = action
    }

    /// A finding on a line of a text file (CSV, TSV).
    public init(file: String, line: Int, code: FindingCode, column: String? = nil, value: String? = nil, reason: String, action: Action) {
        self.init(file: file, location: .line(line), code: code, column: column, value: value, reason: reason, action: action)
    }

    /// The line, when the finding is located by line.
    public var line: Int? {
        if case .line(let line) = location { return line }
        return nil
    }

    public var description: String {
        var text = file + (location.text.map { ":\($0): " } ?? ": ")
        if let column { text += "\(column): " }
        if let value { text += "\"\(value)\" " }
        text += reason
        switch action {
        case .rowRejected: text += " (row rejected)"
        case .fieldCleared: text += " (field set to NULL)"
        case .warning: text += " (warning)"
        }
        return text
    }
}

/// A rejecting finding is thrown by row decoders: it is the reason the row fails.
extension Finding: Error {}

extension Finding: Comparable {
    /// File, then location, then column, then code and reason: the order a person reads a report in, and a total one.
    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.column != rhs.column { return precedes(lhs.column, rhs.column) }
        if lhs.code != rhs.code { return lhs.code < rhs.code }
        if lhs.reason != rhs.reason { return lhs.reason < rhs.reason }
        if lhs.value != rhs.value { return precedes(lhs.value, rhs.value) }
        return lhs.action.rawValue < rhs.action.rawValue
    }

    /// nil before any text, even an empty one, so two different findings never tie.
    private static func precedes(_ lhs: String?, _ rhs: String?) -> Bool {
        guard let rhs else { return false }
        guard let lhs else { return true }
        return lhs < rhs
    }
}

/// `report.json` holds findings as flat objects, one key per fact, nil ones left out:
/// `{"action":"field_cleared","code":"value.not_a_number","column":"le_heading_degT","file":"…","line":812,…}`.
/// The location's keys are `line`; `sheet` and `cell`; `page` and `section`; `record`; none for the whole file.
extension Finding: Codable {
    private enum CodingKeys: String, CodingKey {
        case file, code, column, value, reason, action, line, sheet, cell, page, section, record
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        file = try container.decode(String.self, forKey: .file)
        code = try container.decode(FindingCode.self, forKey: .code)
        column = try container.decodeIfPresent(String.self, forKey: .column)
        value = try container.decodeIfPresent(String.self, forKey: .value)
        reason = try container.decode(String.self, forKey: .reason)
        action = try container.decode(Action.self, forKey: .action)
        if let line = try container.decodeIfPresent(Int.self, forKey: .line) {
            location = .line(line)
        } else if let sheet = try container.decodeIfPresent(String.self, forKey: .sheet) {
            location = .cell(sheet: sheet, cell: try container.decode(String.self, forKey: .cell))
        } else if let page = try container.decodeIfPresent(Int.self, forKey: .page) {
            location = .page(page, section: try container.decodeIfPresent(String.self, forKey: .section))
        } else if let record = try container.decodeIfPresent(String.self, forKey: .record) {
            location = .record(record)
        } else {
            location = .file
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(code, forKey: .code)
        try container.encodeIfPresent(column, forKey: .column)
        try container.encodeIfPresent(value, forKey: .value)
        try container.encode(reason, forKey: .reason)
        try container.encode(action, forKey: .action)
        switch location {
        case .file: break
        case .line(let line): try container.encode(line, forKey: .line)
        case .cell(let sheet, let cell):
            try container.encode(sheet, forKey: .sheet)
            try container.encode(cell, forKey: .cell)
        case .page(let page, let section):
            try container.encode(page, forKey: .page)
            try container.encodeIfPresent(section, forKey: .section)
        case .record(let record): try container.encode(record, forKey: .record)
        }
    }
}
