import Foundation

/// An update was refused or failed; the message says why. The installed bundle is unchanged whenever this is thrown.
public struct UpdateError: Error, Sendable, CustomStringConvertible, LocalizedError {
    public var description: String
    public init(_ description: String) { self.description = description }
    public var errorDescription: String? { description }
}
