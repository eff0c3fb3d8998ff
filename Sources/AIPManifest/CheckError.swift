import Foundation

/// `check` could not look at the file at all.
public struct CheckError: Error, CustomStringConvertible, LocalizedError {
    public var description: String
    package init(_ description: String) { self.description = description }
    public var errorDescription: String? { description }
}
