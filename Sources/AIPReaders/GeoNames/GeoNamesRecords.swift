/// The records read from `countryInfo.txt` or `alternateNamesV2.txt`, with what the report needs.
public struct GeoNamesRecords<Record: Sendable>: Sendable {
    public var fileName: String
    /// The file on disk relative to the source tree (the archive for a zip member), for the manifest.
    public var storedPath: String
    public var records: [Record]
    /// Rows rejected.
    public var findings: [Finding]
    /// Data lines read, malformed ones included.
    public var rowCount: Int
    /// Bytes read (decompressed).
    public var byteCount: Int
}
