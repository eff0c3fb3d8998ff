import AIPFindings
/// Reads OurAirports `navaids.csv` (plain or gzipped) by header name into stations with a type and a position.
///
/// Pure: bytes in, records and findings out. A row is rejected, with a finding, when its `id` is not an integer,
/// its `ident` is empty, its position is missing or unusable (`value.empty`, `value.not_a_number`,
/// `value.out_of_range`: a station nobody can place is no waypoint), or its `type` is none of ``NavaidType``
/// (`navaid.unknown_type`: a kind of station the contract's `point_type` has no value for).
public enum NavaidsReader {
    static let format = "OurAirports navaids.csv"

    /// Columns every layout of the file has had; the others (frequencies, DME position, power…) are not read.
    public static let requiredColumns = ["id", "ident", "name", "type", "latitude_deg", "longitude_deg", "iso_country"]

    /// - Throws: ``SourceError`` for an empty, header-only, non-CSV or truncated file, a missing or repeated column,
    ///   or when most rows are bad (``BadRowRule``).
    public static func read(_ file: SourceFile) throws -> OurAirportsNavaidsFile {
        var navaids: [OurAirportsNavaid] = []
        var findings: [Finding] = []
        let summary = try CSVTable.read(file, format: format, required: requiredColumns, columns: NavaidsColumns.init) { record, columns in
            var row = RowDecoder(record: record, file: file.displayName)
            do throws(Finding) {
                let id = try row.requiredInteger(columns.id)
                let ident = try row.requiredText(columns.ident)
                let typeText = try row.requiredText(columns.type)
                guard let type = NavaidType(rawValue: typeText) else {
                    throw Finding(file: file.displayName, line: record.line, code: .navaidUnknownType, column: columns.type.name,
                                  value: typeText, reason: "is not a known kind of station (\(NavaidType.allCases.map(\.rawValue).joined(separator: ", ")))",
                                  action: .rowRejected)
                }
                let latitude = try row.requiredDecimal(columns.latitudeDeg, in: -90...90)
                let longitude = try row.requiredDecimal(columns.longitudeDeg, in: -180...180)
                navaids.append(OurAirportsNavaid(
                    id: id, ident: ident, name: row.text(columns.name), type: type, latitudeDeg: latitude, longitudeDeg: longitude,
                    isoCountry: row.text(columns.isoCountry), line: record.line, findings: row.findings))
            } catch {
                findings.append(error)
            }
        }
        findings = summary.findings + findings
        try BadRowRule.check(file: file.displayName, relevantRows: summary.recordCount, rejectedRows: findings.count)
        return OurAirportsNavaidsFile(fileName: file.displayName, navaids: navaids, findings: findings.sorted(),
                                      rowCount: summary.recordCount, byteCount: file.bytes.count)
    }
}

/// The columns of `navaids.csv`, found once per file by header name.
private struct NavaidsColumns {
    let id, ident, name, type, latitudeDeg, longitudeDeg, isoCountry: CSVColumn

    init(_ header: CSVHeader) {
        (id, ident, name, type) = (header["id"], header["ident"], header["name"], header["type"])
        (latitudeDeg, longitudeDeg, isoCountry) = (header["latitude_deg"], header["longitude_deg"], header["iso_country"])
    }
}
