/// Reads GeoNames dumps (`citiesNNN.txt` / `allCountries.txt`, `countryInfo.txt`, `alternateNamesV2.txt`) into typed
/// records, streaming: a 1.6 GB `allCountries.txt` is read piece by piece and only the rows the caller's filter keeps
/// are decoded and held. Pure: bytes in, records and findings out.
///
/// A bad row (wrong number of columns, a required field empty or not a number, invalid UTF-8) is a `row_rejected`
/// finding with the file and line, and reading goes on; an unusable file (missing, empty, binary, truncated, or
/// mostly bad rows) is a ``SourceError``.
public enum GeoNamesReader {
    static let placesFormat = "GeoNames place dump (citiesNNN.txt / allCountries.txt)"
    static let countriesFormat = "GeoNames countryInfo.txt"
    static let alternateNamesFormat = "GeoNames alternateNamesV2.txt"
    /// The most characters of names one place may take from `alternateNamesV2.txt`: five times the 10,000 of a place
    /// dump's own `alternatenames` column, which holds the same names. Each row is bounded (400), but without this a
    /// file repeating one place would grow that place's field of the cities database without limit.
    static let maximumNameCharactersPerPlace = 5 * GeoNamesColumns.Place.alternateNames.maximumLength!

    /// Reads a place dump, decoding only the rows `include` accepts (judged on the raw feature class, country and
    /// population), and keeping only those: of the 12 million rows of `allCountries.txt`, a few hundred thousand.
    ///
    /// A kept row is rejected when its geonameid is not a positive integer, its name is empty, its coordinates are
    /// missing, not numbers or out of range, its country code is not two upper-case letters, or its population is
    /// not an integer in 0…2³¹−1, or its name is longer than GeoNames allows (200 characters: never cut short). A bad
    /// or over-long ascii name, feature code, admin1 code or alternate-names field is cleared with a finding on the place.
    ///
    /// - Throws: ``SourceError`` for an unusable file, or when most kept or unreadable rows are rejected.
    public static func readPlaces(_ stream: SourceStream, include: (GeoNamesPlaceKey) -> Bool) throws -> GeoNamesPlacesFile {
        typealias Column = GeoNamesColumns.Place
        var places: [GeoNamesPlace] = []
        var firstLines: [Int: Int] = [:]
        var findings: [Finding] = []
        var keptRows = 0
        let file = stream.displayName
        let summary = try CSVTable.read(stream, format: placesFormat, dialect: .geoNames, columnCount: Column.count) { record in
            let population: Int? = if case .value(let value) = record.integer(Column.population.index) { value } else { nil }
            let key = GeoNamesPlaceKey(featureClass: record.text(Column.featureClass.index),
                                       countryCode: record.text(Column.countryCode.index), population: population)
            guard include(key) else { return }
            keptRows += 1
            var row = RowDecoder(record: record, file: file)
            do throws(Finding) {
                let id = try positive(row, Column.geonameid)
                let name = try row.requiredText(Column.name)
                let latitude = try row.requiredDecimal(Column.latitude, in: -90...90)
                let longitude = try row.requiredDecimal(Column.longitude, in: -180...180)
                let country = try countryCode(row, Column.countryCode)
                let population = try row.requiredInteger(Column.population)
                guard (0...Int(Int32.max)).contains(population) else {
                    throw Finding(file: file, line: record.line, code: .valueOutOfRange, column: Column.population.name,
                                  value: String(population), reason: "is out of range 0…\(Int32.max)", action: .rowRejected)
                }
                if let earlier = firstLines.updateValue(record.line, forKey: id) { firstLines[id] = earlier }
                places.append(GeoNamesPlace(
                    geonameid: id, name: name, asciiName: row.text(Column.asciiName), alternateNamesColumn: row.text(Column.alternateNames) ?? "",
                    latitudeDeg: latitude, longitudeDeg: longitude, featureClass: key.featureClass,
                    featureCode: row.text(Column.featureCode), countryCode: country, admin1Code: row.text(Column.admin1Code),
                    population: population, line: record.line, findings: row.findings))
            } catch {
                findings.append(error)
            }
        }
        findings = summary.findings + findings
        try BadRowRule.check(file: file, relevantRows: keptRows + summary.findings.count, rejectedRows: findings.count,
                             rows: "rows in scope or unreadable")
        return GeoNamesPlacesFile(fileName: file, storedPath: stream.storedPath, places: places, firstLines: firstLines,
                                  findings: findings, rowCount: summary.recordCount, byteCount: summary.byteCount)
    }

    /// Reads `countryInfo.txt` (its byte order mark and `#` comment lines skipped). A row whose ISO code is not two
    /// upper-case letters or whose continent is empty is rejected with a finding.
    ///
    /// - Throws: ``SourceError`` for an unusable file, or when most rows are rejected.
    public static func readCountries(_ stream: SourceStream) throws -> GeoNamesRecords<GeoNamesCountry> {
        typealias Column = GeoNamesColumns.Country
        var countries: [GeoNamesCountry] = []
        var findings: [Finding] = []
        let file = stream.displayName
        let summary = try CSVTable.read(stream, format: countriesFormat, dialect: .geoNamesCountryInfo, columnCount: Column.count) { record in
            var row = RowDecoder(record: record, file: file)
            do throws(Finding) {
                let iso = try countryCode(row, Column.isoCode)
                let continent = try row.requiredText(Column.continent)
                countries.append(GeoNamesCountry(isoCode: iso, name: row.text(Column.name) ?? iso, continent: continent))
            } catch {
                findings.append(error)
            }
        }
        findings = summary.findings + findings
        try BadRowRule.check(file: file, relevantRows: summary.recordCount, rejectedRows: findings.count)
        return GeoNamesRecords(fileName: file, storedPath: stream.storedPath, records: countries, findings: findings,
                               rowCount: summary.recordCount, byteCount: summary.byteCount)
    }

    /// Reads `alternateNamesV2.txt`, decoding only the rows whose geonameid `include` accepts (the real file has
    /// 18 million rows for 12 million places). A kept row whose name is empty, not UTF-8 or over 400 characters, or
    /// whose language code is unreadable or over 7 characters, is rejected; so is a name that would bring its place's
    /// names past ``maximumNameCharactersPerPlace``.
    ///
    /// - Throws: ``SourceError`` for an unusable file, or when most kept or unreadable rows are rejected.
    public static func readAlternateNames(
        _ stream: SourceStream, include: (Int) -> Bool
    ) throws -> GeoNamesRecords<GeoNamesAlternateName> {
        typealias Column = GeoNamesColumns.AlternateName
        var names: [GeoNamesAlternateName] = []
        var findings: [Finding] = []
        var keptRows = 0
        var nameCharacters: [Int: Int] = [:]
        let file = stream.displayName
        let summary = try CSVTable.read(stream, format: alternateNamesFormat, dialect: .geoNames, columnCount: Column.count) { record in
            guard case .value(let id) = record.integer(Column.geonameid.index), include(id) else { return }
            keptRows += 1
            var row = RowDecoder(record: record, file: file)
            do throws(Finding) {
                let name = try row.requiredText(Column.name)
                // An unreadable code must not become "" (a name of no particular language): the row goes.
                let isoLanguage = try row.textOrRejection(Column.isoLanguage) ?? ""
                let alternate = GeoNamesAlternateName(geonameid: id, isoLanguage: isoLanguage, name: name,
                                                      isHistoric: row.flag(Column.isHistoric) == true, line: record.line)
                if alternate.isName {
                    // Joined with commas in the database: one more character per name.
                    let total = nameCharacters[id, default: 0] + name.unicodeScalars.count + 1
                    guard total <= maximumNameCharactersPerPlace else {
                        throw Finding(file: file, line: record.line, code: .valueTooLong, column: Column.name.name, value: name,
                                      reason: "would bring the names of place \(id) past \(maximumNameCharactersPerPlace) characters", action: .rowRejected)
                    }
                    nameCharacters[id] = total
                }
                names.append(alternate)
            } catch {
                findings.append(error)
            }
        }
        findings = summary.findings + findings
        try BadRowRule.check(file: file, relevantRows: keptRows + summary.findings.count, rejectedRows: findings.count,
                             rows: "rows of places in scope or unreadable")
        return GeoNamesRecords(fileName: file, storedPath: stream.storedPath, records: names, findings: findings,
                               rowCount: summary.recordCount, byteCount: summary.byteCount)
    }

    /// A positive integer id, or the rejecting finding.
    private static func positive(_ row: RowDecoder, _ column: CSVColumn) throws(Finding) -> Int {
        let id = try row.requiredInteger(column)
        guard id > 0 else {
            throw Finding(file: row.file, line: row.record.line, code: .valueOutOfRange, column: column.name,
                          value: String(id), reason: "is not a positive id", action: .rowRejected)
        }
        return id
    }

    /// Two upper-case ASCII letters, or the rejecting finding (`value.not_a_country_code`).
    private static func countryCode(_ row: RowDecoder, _ column: CSVColumn) throws(Finding) -> String {
        let code = try row.requiredText(column)
        guard code.utf8.count == 2, code.utf8.allSatisfy({ $0 &- UInt8(ascii: "A") < 26 }) else {
            throw Finding(file: row.file, line: row.record.line, code: .valueNotACountryCode, column: column.name,
                          value: code, reason: "is not an ISO 3166 alpha-2 code (two upper-case letters)", action: .rowRejected)
        }
        return code
    }
}
