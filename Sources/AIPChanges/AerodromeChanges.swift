/// An aerodrome added, removed, renamed, moved or whose type changed; one row per aerodrome and kind.
public struct AerodromeChange: Sendable, Encodable, Equatable {
    public enum Kind: String, Sendable, Encodable, CaseIterable {
        case removed, added, renamed, moved
        case typeChanged = "type_changed"
    }

    public var icao: String
    /// The name in the newer bundle (the older one's for a removed aerodrome).
    public var name: String?
    public var kind: Kind
    /// The old and new value as text: the name, the type, the position (`lat, lon`); nil for what one side lacks.
    public var old: String?
    public var new: String?
    /// How far a moved aerodrome moved, in nautical miles.
    public var distanceNM: Double?

    enum CodingKeys: String, CodingKey {
        case icao, name, kind, old, new
        case distanceNM = "distance_nm"
    }
}

/// A runway added or removed, or one field of it changed, with the values as the bundle stores them (lengths and
/// widths in feet, `lighted` and `closed` 0 or 1).
public struct RunwayChange: Sendable, Encodable, Equatable {
    public var icao: String
    /// The runway's OurAirports id, its key in the bundle.
    public var runwayID: Int64
    /// `09/27`, from its two ends' idents.
    public var runway: String
    public var kind: ChangeKind
    /// The column that changed (`length_ft`); nil for an added or removed runway.
    public var field: String?
    public var old: String?
    public var new: String?

    enum CodingKeys: String, CodingKey {
        case icao, runway, kind, field, old, new
        case runwayID = "runway_id"
    }
}

/// A procedure added or removed (matched by aerodrome, name and type).
public struct ProcedureChange: Sendable, Encodable, Equatable {
    public var icao: String
    public var name: String
    public var procedureType: String
    public var kind: ChangeKind

    enum CodingKeys: String, CodingKey {
        case icao, name, kind
        case procedureType = "procedure_type"
    }
}

/// A navaid or waypoint whose position changed.
public struct NavaidMove: Sendable, Encodable, Equatable {
    public var name: String
    public var pointType: String?
    public var old: String
    public var new: String
    public var distanceNM: Double

    enum CodingKeys: String, CodingKey {
        case name, old, new
        case pointType = "point_type", distanceNM = "distance_nm"
    }
}

/// A FIR added, removed, or whose name or boundary changed.
public struct FIRChange: Sendable, Encodable, Equatable {
    public var icao: String
    public var name: String?
    public var kind: ChangeKind
}

/// Where an aerodrome that changed is, and the most important of its changes (the colour of its point).
public struct MapPoint: Sendable, Encodable, Equatable {
    /// What changed at an aerodrome, most important first.
    public enum Kind: String, Sendable, Encodable, CaseIterable, Comparable {
        case removed, added, runway, customs, aip, procedure, aerodrome

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }

        /// The legend's words.
        public var label: String {
            switch self {
            case .removed: "aerodrome removed"
            case .added: "aerodrome added"
            case .runway: "runway changed"
            case .customs: "customs or prior notice changed"
            case .aip: "AIP entry changed"
            case .procedure: "procedure added or removed"
            case .aerodrome: "renamed, moved or type changed"
            }
        }
    }

    public var icao: String
    public var name: String?
    public var latitudeDeg: Double
    public var longitudeDeg: Double
    public var kind: Kind
    /// Every kind of change at the aerodrome, most important first.
    public var kinds: [Kind]

    enum CodingKeys: String, CodingKey {
        case icao, name, kind, kinds
        case latitudeDeg = "latitude_deg", longitudeDeg = "longitude_deg"
    }
}
