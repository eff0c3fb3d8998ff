/// A manifest could not be made or read: a file that cannot be hashed, a manifest that is not valid JSON or has
/// a format this build does not know.
public struct ManifestError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
