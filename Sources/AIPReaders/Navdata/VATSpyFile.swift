/// What aipbundle reads of a VATSpy `VATSpy.dat`: the `[FIRs]` section (names of boundaries) and the `[Airports]`
/// section (VATSpy's own FIR of each airport).
public struct VATSpyFile: Sendable {
    /// One line of `[FIRs]`: `ICAO|NAME|CALLSIGN PREFIX|FIR BOUNDARY`.
    public struct FIRLine: Sendable, Equatable {
        public var icao: String
        /// Empty in the file means nil.
        public var name: String?
        public var callsignPrefix: String?
        /// The `Boundaries.geojson` feature id the line names; the ICAO code when the column is empty.
        public var boundary: String
        public var line: Int
    }

    /// One line of `[Airports]`: `ICAO|NAME|LAT|LON|IATA|FIR|IS PSEUDO`.
    public struct Airport: Sendable, Equatable {
        public var icao: String
        public var latitudeDeg: Double
        public var longitudeDeg: Double
        /// The boundary id VATSpy puts the airport in.
        public var fir: String
        public var line: Int
    }

    public var fileName: String
    public var firs: [FIRLine]
    public var airports: [Airport]
    public var findings: [Finding]
    /// Data lines of the two sections read, rejected ones included.
    public var rowCount: Int
    public var byteCount: Int

    /// The name of boundary `id`: that of the first `[FIRs]` line naming it with a name, nil when none does.
    public func name(ofBoundary id: String) -> String? {
        firs.first { $0.boundary == id && $0.name != nil }?.name
    }
}
