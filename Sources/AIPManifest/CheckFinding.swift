import AIPFindings

/// One way a bundle file breaks the contract.
public struct CheckFinding: Sendable, Equatable, Encodable, CustomStringConvertible {
    /// The bundle file (`airports.db`).
    public var file: String
    /// The rule family that found it (`check.schema`, `check.invariant`…), from the catalogue; the message says
    /// the rest.
    public var code: FindingCode
    public var table: String?
    public var column: String?
    public var message: String

    public init(file: String, table: String? = nil, column: String? = nil, code: FindingCode, message: String) {
        self.file = file
        self.code = code
        self.table = table
        self.column = column
        self.message = message
    }

    public var description: String {
        var place = file
        if let table { place += ": \(table)" + (column.map { ".\($0)" } ?? "") }
        return "\(place): \(message)"
    }
}
