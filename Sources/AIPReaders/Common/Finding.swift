/// A problem with one row or one field of an input file that the build survives.
///
/// Findings go to `report.json`; the build goes on. A ``Finding`` says where (file and line), which column and
/// value when there is one, why, and what the build did about it.
///
/// For example: `ourairports/runways.csv:812: le_heading_degT: "0x" is not a number (field set to NULL)`.
public struct Finding: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What the build did with the row.
    public enum Action: String, Sendable, Codable {
        /// The whole row was left out.
        case rowRejected = "row_rejected"
        /// The row was kept with this field set to NULL.
        case fieldCleared = "field_cleared"
    }

    /// The input file, relative to the source tree (e.g. `ourairports/runways.csv`).
    public var file: String
    /// 1-based line where the offending record starts.
    public var line: Int
    /// The column at fault, when one is.
    public var column: String?
    /// The offending value, when there is one.
    public var value: String?
    public var reason: String
    public var action: Action

    public init(file: String, line: Int, column: String? = nil, value: String? = nil, reason: String, action: Action) {
        self.file = file
        self.line = line
        self.column = column
        self.value = value
        self.reason = reason
        self.action = action
    }

    public var description: String {
        var text = "\(file):\(line): "
        if let column { text += "\(column): " }
        if let value { text += "\"\(value)\" " }
        text += reason
        switch action {
        case .rowRejected: text += " (row rejected)"
        case .fieldCleared: text += " (field set to NULL)"
        }
        return text
    }
}

/// A rejecting finding is thrown by row decoders: it is the reason the row fails.
extension Finding: Error {}

extension Finding: Comparable {
    /// File, then line, then column: the order a person reads a report in, and a stable one.
    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        (lhs.file, lhs.line, lhs.column ?? "", lhs.reason) < (rhs.file, rhs.line, rhs.column ?? "", rhs.reason)
    }
}
