/// What a bundle file is, which decides how its logical hash is computed.
public enum ManifestFileKind: String, Sendable, Codable {
    /// An SQLite database: the logical hash is `SQLiteContentHash`, independent of page layout.
    case sqlite
    /// A JSON document (rules.json): the logical hash is SHA-256 of the exact bytes, the same as `sha256`.
    ///
    /// The build writes JSON in one canonical byte form and a delta replaces a JSON file whole, so the bytes *are*
    /// the content. Hashing a re-serialisation instead would need number formatting that Foundation does not
    /// guarantee to be the same on Linux and on the device.
    case json
}
