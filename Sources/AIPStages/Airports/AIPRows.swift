/// One row of `aip_entries`: an AD 2.2–2.5 item of an eAIP page.
public struct AIPEntryRow: Sendable, Equatable {
    public var id: Int64
    public var airportICAO: String
    /// admin, operational, handling or passenger.
    public var section: String
    public var field: String
    public var value: String
    public var stdField: String?
    public var stdFieldID: Int?
    /// 1.0 when the standard field came from the page's own item number; nil without one.
    public var mappingScore: Double?
    public var altField: String?
    public var altValue: String?
    /// The page's source tag (`uk_eaip_html`); never nil.
    public var source: String
    public var sourcePriority: Int
}

/// One row of `procedures`: an instrument approach, SID or STAR chart of AD 2.24.
public struct ProcedureRow: Sendable, Equatable {
    public var id: Int64
    public var airportICAO: String
    public var name: String
    /// approach, departure or arrival.
    public var procedureType: String
    /// ILS, LOC, RNP, … upper-case; nil when the chart names none.
    public var approachType: String?
    /// `runwayNumber + (runwayLetter ?? "")`.
    public var runwayIdent: String?
    public var runwayLetter: String?
    /// Two digits with the leading zero (`"05"`).
    public var runwayNumber: String?
    public var source: String
    /// ICAO nationality letters + `C` (`EGC`).
    public var authority: String
    /// The chart title as listed.
    public var rawName: String
}

/// One row of `border_crossing_points`.
public struct BorderCrossingPointRow: Sendable, Equatable {
    public var id: Int64
    public var icaoCode: String
    public var countryISO: String
    public var airportName: String
    public var isAirport: Bool?
    public var source: String
    public var extractionMethod: String
    /// The original row as a JSON object, keys in header order.
    public var metadataJSON: String
    public var matchedAirportICAO: String?
    public var matchScore: Double?
}
