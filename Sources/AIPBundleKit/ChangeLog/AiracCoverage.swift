import AIPContract
import AIPStages
import GRDB

/// `airac_country_coverage`: for each country and source tag, how many airports of this bundle that source covers,
/// as of this build's AIRAC cycle. A state table, rebuilt by every build from `airports.sources`.
enum AiracCoverage {
    static func write(in db: Database, stamp: BuildStamp) throws {
        typealias Airports = AirportsContract.Airports
        typealias Coverage = AirportsContract.AiracCountryCoverage
        var counts: [Key: Int] = [:]
        let countryColumn = Airports.isoCountry.name, sourcesColumn = Airports.sources.name
        let rows = try Row.fetchCursor(db, sql: """
            SELECT \(countryColumn), \(sourcesColumn) FROM main.\(Airports.table.name) WHERE \(countryColumn) IS NOT NULL
            """)
        while let row = try rows.next() {
            let country: String = row[countryColumn]
            let sources: String = row[sourcesColumn] ?? ""
            for tag in Set(sources.split(separator: ",")) { counts[Key(country: country, source: String(tag)), default: 0] += 1 }
        }
        let columns = [Coverage.countryISO, Coverage.airacDate, Coverage.source, Coverage.airportsCount, Coverage.updatedAt]
        let insert = try db.makeStatement(sql: """
            INSERT INTO main.\(Coverage.table.name) (\(columns.map(\.name).joined(separator: ", ")))
            VALUES (?, ?, ?, ?, ?)
            """)
        for (key, count) in counts.sorted(by: { ($0.key.country, $0.key.source) < ($1.key.country, $1.key.source) }) {
            try insert.execute(arguments: [key.country, stamp.airac.effectiveDate, key.source, count, stamp.timestamp])
        }
    }

    private struct Key: Hashable {
        var country: String
        var source: String
    }
}
