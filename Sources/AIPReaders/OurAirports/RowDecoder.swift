/// Decodes the fields of one record by column name, collecting a finding for each field it has to clear.
struct RowDecoder {
    let record: CSVRecord
    let header: CSVHeader
    let file: String
    private(set) var findings: [Finding] = []

    init(record: CSVRecord, header: CSVHeader, file: String) {
        self.record = record
        self.header = header
        self.file = file
    }

    func text(_ column: String) -> String? { record.string(header[column]) }

    /// An integer the row cannot do without; throws the rejecting finding.
    func requiredInteger(_ column: String) throws(Finding) -> Int {
        let index = header[column]
        switch record.integer(index) {
        case .value(let value): return value
        case .empty: throw rejection(column, nil, "is empty")
        case .invalid: throw rejection(column, record.text(index), "is not an integer")
        }
    }

    /// A decimal the row cannot do without; throws the rejecting finding.
    func requiredDecimal(_ column: String, in range: ClosedRange<Double>) throws(Finding) -> Double {
        let index = header[column]
        switch record.decimal(index) {
        case .value(let value) where range.contains(value): return value
        case .value: throw rejection(column, record.text(index), "is out of range \(range.lowerBound)…\(range.upperBound)")
        case .empty: throw rejection(column, nil, "is empty")
        case .invalid: throw rejection(column, record.text(index), "is not a number")
        }
    }

    /// An optional decimal; a bad one becomes nil with a finding.
    mutating func decimal(_ column: String, in range: ClosedRange<Double>) -> Double? {
        let index = header[column]
        switch record.decimal(index) {
        case .value(let value) where range.contains(value): return value
        case .value: clear(column, "is out of range \(range.lowerBound)…\(range.upperBound)")
        case .empty: break
        case .invalid: clear(column, "is not a number")
        }
        return nil
    }

    /// A 0/1 flag; anything else becomes nil with a finding.
    mutating func flag(_ column: String) -> Bool? {
        switch record.integer(header[column]) {
        case .value(0): return false
        case .value(1): return true
        case .empty: return nil
        case .value, .invalid:
            clear(column, "is not 0 or 1")
            return nil
        }
    }

    /// A latitude/longitude pair; if either half is bad, both are cleared (half a position is no position).
    mutating func coordinate(_ latitudeColumn: String, _ longitudeColumn: String) -> (Double?, Double?) {
        let latitude = decimal(latitudeColumn, in: -90...90)
        let longitude = decimal(longitudeColumn, in: -180...180)
        guard let latitude, let longitude else {
            if (latitude == nil) != (longitude == nil) {
                clear(latitude == nil ? longitudeColumn : latitudeColumn, "is dropped with its unusable pair")
            }
            return (nil, nil)
        }
        return (latitude, longitude)
    }

    private mutating func clear(_ column: String, _ reason: String) {
        findings.append(Finding(file: file, line: record.line, column: column, value: record.text(header[column]),
                                reason: reason, action: .fieldCleared))
    }

    private func rejection(_ column: String, _ value: String?, _ reason: String) -> Finding {
        Finding(file: file, line: record.line, column: column, value: value, reason: reason, action: .rowRejected)
    }
}
