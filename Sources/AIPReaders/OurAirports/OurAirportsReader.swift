import AIPContract

/// Reads OurAirports `airports.csv` and `runways.csv` (either header layout, plain or gzipped) into typed rows.
///
/// Columns are found by header name: the 2022 and 2026 releases order them differently, and only the newer one
/// has `icao_code`. Pure: bytes in, records and findings out.
public enum OurAirportsReader {
    static let airportsFormat = "OurAirports airports.csv"
    static let runwaysFormat = "OurAirports runways.csv"

    /// Columns both header layouts have. `icao_code` is read when present.
    public static let requiredAirportColumns = [
        "id", "ident", "type", "name", "latitude_deg", "longitude_deg", "elevation_ft", "continent", "iso_country",
        "iso_region", "municipality", "scheduled_service", "gps_code", "iata_code", "local_code", "home_link",
        "wikipedia_link", "keywords",
    ]

    public static let requiredRunwayColumns = [
        "id", "airport_ref", "airport_ident", "length_ft", "width_ft", "surface", "lighted", "closed",
        "le_ident", "le_latitude_deg", "le_longitude_deg", "le_elevation_ft", "le_heading_degT", "le_displaced_threshold_ft",
        "he_ident", "he_latitude_deg", "he_longitude_deg", "he_elevation_ft", "he_heading_degT", "he_displaced_threshold_ft",
    ]

    /// Reads `airports.csv`, fully decoding only the rows `include` accepts.
    ///
    /// Deciding on the ICAO code and type first, from the raw bytes, is what keeps a whole-world file cheap when
    /// a few thousand of its 84,000 rows are wanted. The resolved ICAO code is the first of `icao_code`,
    /// `gps_code`, `ident` that is exactly four upper-case letters (`sources.md`).
    ///
    /// A row is rejected (with a finding) when its id is not an integer, its `ident` or `type` is empty, not UTF-8 or
    /// holds a NUL byte, or its coordinates are missing, not numbers or out of range; a bad elevation or text field is
    /// set to nil with a finding.
    ///
    /// The mostly-bad rule (``BadRowRule``) counts the rows that matter: those `include` accepts, and those whose
    /// quoting or field count is broken, since their scope cannot be told and any of them may be an in-scope
    /// airport. Counting the whole world would let a file whose in-scope rows are nearly all bad publish the few left.
    ///
    /// - Throws: ``SourceError`` for an empty, header-only, non-CSV or truncated file, missing or duplicated columns,
    ///   or when most relevant rows are bad.
    public static func readAirports(
        _ file: SourceFile,
        include: (OurAirportsAirportKey) -> Bool = { _ in true }
    ) throws -> OurAirportsAirportsFile {
        var airports: [OurAirportsAirport] = []
        var firstLines: [Int: Int] = [:]
        firstLines.reserveCapacity(file.bytes.count / 128)  // a row of airports.csv is about 150 bytes
        var findings: [Finding] = []
        var inScopeRows = 0
        let summary = try CSVTable.read(file, format: airportsFormat, required: requiredAirportColumns,
                                        columns: AirportsColumns.init) { record, columns in
            // One probe per row: ids are nearly always new; a repeat puts the first line back.
            if case .value(let id) = record.integer(columns.id.index), let earlier = firstLines.updateValue(record.line, forKey: id) {
                firstLines[id] = earlier
            }
            let resolved = resolveICAO(record, candidates: columns.icaoCandidates)
            let type = record.text(columns.type.index)
            guard include(OurAirportsAirportKey(resolvedICAO: resolved, type: type)) else { return }
            inScopeRows += 1
            var row = RowDecoder(record: record, file: file.displayName)
            do throws(Finding) {
                let id = try row.requiredInteger(columns.id)
                let ident = try row.requiredText(columns.ident)
                let type = try row.requiredText(columns.type)
                let latitude = try row.requiredDecimal(columns.latitudeDeg, in: PhysicalRange.latitude)
                let longitude = try row.requiredDecimal(columns.longitudeDeg, in: PhysicalRange.longitude)
                airports.append(OurAirportsAirport(
                    id: id, ident: ident, type: type, name: row.text(columns.name), resolvedICAO: resolved,
                    latitudeDeg: latitude, longitudeDeg: longitude, elevationFt: row.decimal(columns.elevationFt, in: PhysicalRange.elevationFt),
                    continent: row.text(columns.continent), isoCountry: row.text(columns.isoCountry),
                    isoRegion: row.text(columns.isoRegion), municipality: row.text(columns.municipality),
                    scheduledService: row.text(columns.scheduledService), icaoCode: columns.icaoCode.flatMap { row.text($0) },
                    gpsCode: row.text(columns.gpsCode), iataCode: row.text(columns.iataCode), localCode: row.text(columns.localCode),
                    homeLink: row.text(columns.homeLink), wikipediaLink: row.text(columns.wikipediaLink),
                    keywords: row.text(columns.keywords), line: record.line, findings: row.findings))
            } catch {
                findings.append(error)
            }
        }
        findings = summary.findings + findings
        try BadRowRule.check(file: file.displayName, relevantRows: inScopeRows + summary.findings.count,
                             rejectedRows: findings.count, rows: "in-scope or unreadable rows")
        return OurAirportsAirportsFile(fileName: file.displayName, airports: airports, firstLines: firstLines, findings: findings,
                                       rowCount: summary.recordCount, byteCount: file.bytes.count)
    }

    /// Reads every row of `runways.csv`.
    ///
    /// A row is rejected when its `id` or `airport_ref` is not an integer. Any other bad number, a `lighted` or
    /// `closed` that is not 0/1, or an end's coordinates out of range is set to nil with a finding on the runway.
    public static func readRunways(_ file: SourceFile) throws -> OurAirportsRunwaysFile {
        var runways: [OurAirportsRunway] = []
        var findings: [Finding] = []
        let summary = try CSVTable.read(file, format: runwaysFormat, required: requiredRunwayColumns,
                                        columns: RunwaysColumns.init) { record, columns in
            var row = RowDecoder(record: record, file: file.displayName)
            do throws(Finding) {
                var runway = OurAirportsRunway(
                    id: try row.requiredInteger(columns.id), airportRef: try row.requiredInteger(columns.airportRef),
                    airportIdent: row.text(columns.airportIdent),
                    lengthFt: row.decimal(columns.lengthFt, in: PhysicalRange.runwayLengthFt), widthFt: row.decimal(columns.widthFt, in: PhysicalRange.runwayWidthFt),
                    surface: row.text(columns.surface), lighted: row.flag(columns.lighted), closed: row.flag(columns.closed),
                    leIdent: row.text(columns.le.ident), heIdent: row.text(columns.he.ident), line: record.line)
                (runway.leLatitudeDeg, runway.leLongitudeDeg) = row.coordinate(columns.le.latitudeDeg, columns.le.longitudeDeg)
                runway.leElevationFt = row.decimal(columns.le.elevationFt, in: PhysicalRange.elevationFt)
                runway.leHeadingDegT = row.decimal(columns.le.headingDegT, in: PhysicalRange.headingDeg)
                runway.leDisplacedThresholdFt = row.decimal(columns.le.displacedThresholdFt, in: PhysicalRange.runwayLengthFt)
                (runway.heLatitudeDeg, runway.heLongitudeDeg) = row.coordinate(columns.he.latitudeDeg, columns.he.longitudeDeg)
                runway.heElevationFt = row.decimal(columns.he.elevationFt, in: PhysicalRange.elevationFt)
                runway.heHeadingDegT = row.decimal(columns.he.headingDegT, in: PhysicalRange.headingDeg)
                runway.heDisplacedThresholdFt = row.decimal(columns.he.displacedThresholdFt, in: PhysicalRange.runwayLengthFt)
                runway.findings = row.findings
                runways.append(runway)
            } catch {
                findings.append(error)
            }
        }
        findings = summary.findings + findings
        try BadRowRule.check(file: file.displayName, relevantRows: summary.recordCount, rejectedRows: findings.count)
        return OurAirportsRunwaysFile(fileName: file.displayName, runways: runways, findings: findings,
                                      rowCount: summary.recordCount, byteCount: file.bytes.count)
    }

    /// The first candidate field that is exactly four ASCII upper-case letters.
    static func resolveICAO(_ record: CSVRecord, candidates: [CSVColumn]) -> String? {
        for column in candidates {
            let bytes = record[column.index]
            if bytes.count == 4, bytes.allSatisfy({ $0 &- UInt8(ascii: "A") < 26 }) {
                return String(decoding: bytes, as: UTF8.self)
            }
        }
        return nil
    }

}
