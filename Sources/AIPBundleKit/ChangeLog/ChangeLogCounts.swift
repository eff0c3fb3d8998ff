import AIPContract
import GRDB

/// This build's change rows, for the airports stage's section of the build report.
public struct ChangeLogCounts: Sendable, Equatable {
    /// New rows per `*_changes` table (0 for a table with none), when there was a previous bundle.
    public private(set) var byTable: [String: Int] = [:]
    /// New rows per country (`iso_country` of the airport, `country_iso` of a border point; `-` for a waypoint).
    public private(set) var byCountry: [String: Int] = [:]

    public init() {}

    /// The report's named tallies: `changes` and `changes_by_country`; none without a previous bundle.
    public var report: [String: [String: Int]] {
        byTable.isEmpty ? [:] : ["changes": byTable, "changes_by_country": byCountry]
    }

    /// Counts the change rows collected in `rows` for `table`, before references to removed rows are cleared (so a
    /// removed airport's changes still find its country in the previous bundle).
    mutating func count(_ rows: String, loggedIn table: TableSchema, db: Database) throws {
        typealias Airports = AirportsContract.Airports
        let airportICAO = SharedColumns.airportICAO.name, countryISO = AirportsContract.BorderCrossingPoints.countryISO.name
        let airportCountry = { (schema: String) in
            "(SELECT \(Airports.isoCountry.name) FROM \(schema).\(Airports.table.name) WHERE \(Airports.icaoCode.name) = x.\(airportICAO))"
        }
        let country = if table.column(airportICAO) != nil {
            "coalesce(\(airportCountry("main")), \(airportCountry(ChangeLog.previousSchema)), '-')"
        } else if table.column(countryISO) != nil {
            "x.\(countryISO)"
        } else {
            "'-'"
        }
        let counted = try Row.fetchAll(db, sql: "SELECT \(country) AS country, count(*) AS n FROM \(rows) AS x GROUP BY 1")
        byTable[table.name] = counted.reduce(0) { $0 + ($1["n"] as Int) }
        for row in counted { byCountry[row["country"] as String, default: 0] += row["n"] as Int }
    }
}
