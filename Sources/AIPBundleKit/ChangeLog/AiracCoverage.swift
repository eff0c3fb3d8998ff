import AIPStages
import GRDB

/// `airac_country_coverage`: for each country and source tag, how many airports of this bundle that source covers,
/// as of this build's AIRAC cycle. A state table, rebuilt by every build from `airports.sources`.
enum AiracCoverage {
    static func write(in db: Database, stamp: BuildStamp) throws {
        var counts: [Key: Int] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT iso_country, sources FROM main.airports WHERE iso_country IS NOT NULL")
        while let row = try rows.next() {
            let country: String = row["iso_country"]
            let sources: String = row["sources"] ?? ""
            for tag in Set(sources.split(separator: ",")) { counts[Key(country: country, source: String(tag)), default: 0] += 1 }
        }
        let insert = try db.makeStatement(sql: """
            INSERT INTO main.airac_country_coverage (country_iso, airac_date, source, airports_count, updated_at)
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
