import AIPJSON
import Foundation

/// `charts.json` beside the PDF chapters a chart-list source fetched (`aip-pdf/autorouter/charts.json`): the titles
/// of each aerodrome's charts as the source lists them, grouped by the source's own kind. `fetch` writes it and
/// `build` reads it, so the file is declared once, here. An aerodrome without an eAIP page gets its procedures from
/// these headings, through the classifier the eAIP chart lists go through.
public struct ChartHeadings: Sendable, Equatable, Codable {
    public static let fileName = "charts.json"
    public static let currentFormat = 1

    public var format: Int
    /// Charts by aerodrome (ICAO code), each list in the source's order.
    public var aerodromes: [String: [Chart]]

    public struct Chart: Sendable, Equatable, Codable {
        /// What the source files it under: `Approach`, `Departure` or `Arrival` (autorouter's list names).
        public var kind: Kind
        /// The chart's title as the source gives it (`RWY 27 ILS Z`).
        public var heading: String

        public init(kind: Kind, heading: String) {
            self.kind = kind
            self.heading = heading
        }
    }

    public enum Kind: String, Sendable, Codable, CaseIterable {
        case approach = "Approach"
        case departure = "Departure"
        case arrival = "Arrival"

        /// The word an eAIP chart list puts before such a chart's title, for a heading that has none of its own:
        /// the classifier tells procedures by these words (`SID`, `STAR`, `IAC`).
        public var chartWord: String {
            switch self {
            case .approach: "IAC"
            case .departure: "SID"
            case .arrival: "STAR"
            }
        }
    }

    public init(aerodromes: [String: [Chart]]) {
        format = Self.currentFormat
        self.aerodromes = aerodromes
    }

    /// The file's bytes: indented, keys sorted, final newline (the same headings give the same bytes).
    public func data() throws -> Data {
        try JSONWriter.encode(self)
    }
}
