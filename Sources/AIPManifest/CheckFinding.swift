/// One way a bundle file breaks the contract.
public struct CheckFinding: Sendable, Equatable, Encodable, CustomStringConvertible {
    /// The bundle file (`airports.db`).
    public var file: String
    public var table: String?
    public var column: String?
    public var message: String

    public init(file: String, table: String? = nil, column: String? = nil, message: String) {
        self.file = file
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
