/// Writing a bundle file failed (disk full, permissions, SQLite refused the data).
public struct BundleWriteError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
