/// Decodes the fields of one record by column name, collecting a finding for each field it has to clear.
struct RowDecoder {
    let record: CSVRecord
    let file: String
    private(set) var findings: [Finding] = []

    init(record: CSVRecord, file: String) {
        self.record = record
        self.file = file
    }

    func text(_ column: CSVColumn) -> String? { record.string(column.index) }

    /// An integer the row cannot do without; throws the rejecting finding.
    func requiredInteger(_ column: CSVColumn) throws(Finding) -> Int {
        let index = column.index
        switch record.integer(index) {
        case .value(let value): return value
        case .empty: throw rejection(column, nil, "is empty")
        case .invalid: throw rejection(column, record.text(index), "is not an integer")
        }
    }

    /// A decimal the row cannot do without; throws the rejecting finding.
    func requiredDecimal(_ column: CSVColumn, in range: ClosedRange<Double>) throws(Finding) -> Double {
        let index = column.index
        switch record.decimal(index) {
        case .value(let value) where range.contains(value): return value
        case .value: throw rejection(column, record.text(index), "is out of range \(range.lowerBound)…\(range.upperBound)")
        case .empty: throw rejection(column, nil, "is empty")
        case .invalid: throw rejection(column, record.text(index), "is not a number")
        }
    }

    /// An optional decimal; a bad one becomes nil with a finding.
    mutating func decimal(_ column: CSVColumn, in range: ClosedRange<Double>) -> Double? {
        let index = column.index
        switch record.decimal(index) {
        case .value(let value) where range.contains(value): return value
        case .value: clear(column, "is out of range \(range.lowerBound)…\(range.upperBound)")
        case .empty: break
        case .invalid: clear(column, "is not a number")
        }
        return nil
    }

    /// A 0/1 flag; anything else becomes nil with a finding.
    mutating func flag(_ column: CSVColumn) -> Bool? {
        switch record.integer(column.index) {
        case .value(0): return false
        case .value(1): return true
        case .empty: return nil
        case .value, .invalid:
            clear(column, "is not 0 or 1")
            return nil
        }
    }

    /// A latitude/longitude pair; if either half is bad, both are cleared (half a position is no position).
    mutating func coordinate(_ latitudeColumn: CSVColumn, _ longitudeColumn: CSVColumn) -> (Double?, Double?) {
        let latitude = decimal(latitudeColumn, in: -90...90)
        let longitude = decimal(longitudeColumn, in: -180...180)
        guard let latitude, let longitude else {
            if latitude != nil {
                clear(latitudeColumn, "is dropped: \(longitudeColumn.name) is empty or unusable")
            } else if longitude != nil {
                clear(longitudeColumn, "is dropped: \(latitudeColumn.name) is empty or unusable")
            }
            return (nil, nil)
        }
        return (latitude, longitude)
    }

    private mutating func clear(_ column: CSVColumn, _ reason: String) {
        findings.append(Finding(file: file, line: record.line, column: column.name, value: record.text(column.index),
                                reason: reason, action: .fieldCleared))
    }

    private func rejection(_ column: CSVColumn, _ value: String?, _ reason: String) -> Finding {
        Finding(file: file, line: record.line, column: column.name, value: value, reason: reason, action: .rowRejected)
    }
}
