import Foundation

/// A second opinion on which FIR holds a point, for tests: a Python script (standard library only) that reads
/// `firs.polygons_json` of a built `airports.db` and places points by the winding number, an algorithm the build does
/// not use (it counts ray crossings), so a shared mistake is unlikely.
public enum IndependentPointInPolygon {
    /// What the script found.
    public struct Answer: Decodable {
        /// `name|source_id` of every waypoint row → the FIRs holding its position, sorted.
        public var waypoints: [String: [String]]
        /// Stations of `navaids.csv(.gz)` of a known type, with a position, that a FIR of the file holds.
        public var navaidsInScope: Int
        /// Each point asked for, by its key → the FIRs holding it, sorted.
        public var points: [String: [String]]

        enum CodingKeys: String, CodingKey {
            case waypoints, points
            case navaidsInScope = "navaids_in_scope"
        }
    }

    /// Runs the script on `database`, counting the stations of `navaids`, and placing `points` (key → latitude, longitude).
    public static func run(database: URL, navaids: URL, points: [String: (Double, Double)]) throws -> Answer {
        let folder = try TemporaryFolder()
        let script = try folder.write(source, to: "pip.py")
        let pointsJSON = try JSONSerialization.data(withJSONObject: points.mapValues { [$0.0, $0.1] })
        let pointsFile = try folder.write(pointsJSON, to: "points.json")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, database.path, navaids.path, pointsFile.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "pip.py failed"]) }
        return try JSONDecoder().decode(Answer.self, from: data)
    }

    static let source = #"""
        import csv, gzip, io, json, sqlite3, sys

        def winding(lon, lat, ring):
            # Sunday's winding number: non-zero inside.
            w = 0
            for (x1, y1), (x2, y2) in zip(ring, ring[1:]):
                side = (x2 - x1) * (lat - y1) - (lon - x1) * (y2 - y1)
                if y1 <= lat:
                    if y2 > lat and side > 0:
                        w += 1
                elif y2 <= lat and side < 0:
                    w -= 1
            return w != 0

        def holds(polygons, lon, lat):
            return any(winding(lon, lat, p[0]) and not any(winding(lon, lat, h) for h in p[1:]) for p in polygons)

        def box(polygons):
            points = [p for polygon in polygons for ring in polygon for p in ring]
            return (min(p[0] for p in points), min(p[1] for p in points), max(p[0] for p in points), max(p[1] for p in points))

        db = sqlite3.connect(sys.argv[1])
        firs = [(icao, json.loads(text)) for icao, text in db.execute("SELECT icao, polygons_json FROM firs ORDER BY icao")]
        firs = [(icao, polygons, box(polygons)) for icao, polygons in firs]
        def place(lat, lon):
            return sorted(icao for icao, polygons, (x0, y0, x1, y1) in firs
                          if x0 <= lon <= x1 and y0 <= lat <= y1 and holds(polygons, lon, lat))

        waypoints = {f"{n}|{s}": place(la, lo) for n, s, la, lo in db.execute("SELECT name, source_id, latitude_deg, longitude_deg FROM waypoints")}
        opener = gzip.open if sys.argv[2].endswith(".gz") else open
        known = {"VOR", "VOR-DME", "VORTAC", "DME", "NDB", "NDB-DME", "TACAN"}
        in_scope = 0
        with opener(sys.argv[2], "rt", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                try:
                    lat, lon = float(row["latitude_deg"]), float(row["longitude_deg"])
                except ValueError:
                    continue
                if row["type"] in known and place(lat, lon):
                    in_scope += 1
        points = {key: place(lat, lon) for key, (lat, lon) in json.load(open(sys.argv[3])).items()}
        json.dump({"waypoints": waypoints, "navaids_in_scope": in_scope, "points": points}, sys.stdout)
        """#
}
