/// The kinds of station OurAirports `navaids.csv` lists, spelled as in its `type` column.
public enum NavaidType: String, Sendable, CaseIterable {
    case vor = "VOR"
    case vorDME = "VOR-DME"
    case vortac = "VORTAC"
    case dme = "DME"
    case ndb = "NDB"
    case ndbDME = "NDB-DME"
    case tacan = "TACAN"
}

/// One row of OurAirports `navaids.csv`, as read: a station with a known type and a position.
public struct OurAirportsNavaid: Sendable, Equatable {
    /// OurAirports' own key, stable from one snapshot to the next.
    public var id: Int
    /// The station's identifier as written (`BNN`); not unique: several stations share most idents.
    public var ident: String
    public var name: String?
    public var type: NavaidType
    public var latitudeDeg: Double
    public var longitudeDeg: Double
    /// ISO 3166-1 alpha-2 code of the station's country (`GB`), when given.
    public var isoCountry: String?
    /// 1-based line where the row starts.
    public var line: Int
    /// Optional fields cleared while reading (a bad name or country), reported only for stations kept.
    public var findings: [Finding] = []

    public init(id: Int, ident: String, name: String?, type: NavaidType, latitudeDeg: Double, longitudeDeg: Double,
                isoCountry: String?, line: Int, findings: [Finding] = []) {
        self.id = id
        self.ident = ident
        self.name = name
        self.type = type
        self.latitudeDeg = latitudeDeg
        self.longitudeDeg = longitudeDeg
        self.isoCountry = isoCountry
        self.line = line
        self.findings = findings
    }
}

/// The stations of one `navaids.csv`, with the rows it had to reject.
public struct OurAirportsNavaidsFile: Sendable {
    public var fileName: String
    public var navaids: [OurAirportsNavaid]
    /// Rows rejected: no usable position, an unknown type, a bad id or ident; and records the CSV layer refused.
    public var findings: [Finding]
    /// Data records read, rejected ones included.
    public var rowCount: Int
    public var byteCount: Int
}
