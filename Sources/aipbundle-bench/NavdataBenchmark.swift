import AIPReaders
import AIPStages
import Foundation

/// The navigation data of `airports.db`: reading each of the three files, the whole navdata step (FIRs, sectors,
/// waypoints), and placing every navaid of the world file in the FIRs (the point-in-polygon work alone).
///
/// Inputs: `data/ourairports-2022/navaids.csv.gz` (11,018 stations; `make data`) and the VATSpy files of
/// `../shared/fixtures/navdata` (1,102 features, 2 MB).
struct NavdataBenchmark: Benchmark {
    enum Part: String, CaseIterable {
        case readNavaids = "read-navaids", readBoundaries = "read-boundaries", readVATSpy = "read-vatspy", stage, pip
    }

    let part: Part
    let files: Files
    /// Read once, for the stage and placement cases.
    let inputs: Navdata.Inputs
    /// The FIRs written, for the placement case.
    let locator: FIRLocator

    init(part: Part, files: Files) throws {
        self.part = part
        self.files = files
        inputs = try files.read()
        let written = Set(Navdata.build(inputs).firs.map(\.icao))
        locator = FIRLocator(inputs.boundaries!.boundaries.filter { written.contains($0.id) }.map { FIRShape(id: $0.id, polygons: $0.polygons) })
    }

    var name: String { "navdata-\(part.rawValue)" }

    /// The three files, loaded once (decompressed) so the cases time the parsing.
    struct Files {
        var navaids: SourceFile
        var boundaries: SourceFile
        var vatspy: SourceFile

        /// Nil when either input is missing.
        init?(navaids: URL, firs: URL) throws {
            let boundaries = firs.appendingPathComponent("Boundaries.geojson"), vatspy = firs.appendingPathComponent("VATSpy.dat")
            guard [navaids, boundaries, vatspy].allSatisfy({ FileManager.default.fileExists(atPath: $0.path) }) else { return nil }
            self.navaids = try SourceFile(contentsOf: navaids, displayName: "ourairports/navaids.csv.gz")
            self.boundaries = try SourceFile(contentsOf: boundaries, displayName: "firs/Boundaries.geojson")
            self.vatspy = try SourceFile(contentsOf: vatspy, displayName: "firs/VATSpy.dat")
        }

        var bytes: Int { navaids.bytes.count + boundaries.bytes.count + vatspy.bytes.count }

        func read() throws -> Navdata.Inputs {
            Navdata.Inputs(navaids: try NavaidsReader.read(navaids), boundaries: try FIRBoundariesReader.read(boundaries, include: AirportsScope().includesFIR),
                           vatspy: try VATSpyReader.read(vatspy))
        }
    }

    func run() throws -> Work {
        switch part {
        case .readNavaids:
            return Work(rows: try NavaidsReader.read(files.navaids).rowCount, bytes: files.navaids.bytes.count)
        case .readBoundaries:
            return Work(rows: try FIRBoundariesReader.read(files.boundaries, include: AirportsScope().includesFIR).featureCount,
                        bytes: files.boundaries.bytes.count)
        case .readVATSpy:
            return Work(rows: try VATSpyReader.read(files.vatspy).rowCount, bytes: files.vatspy.bytes.count)
        case .stage:
            return Work(rows: Navdata.build(inputs).waypoints.count)
        case .pip:
            var placed = 0
            for navaid in inputs.navaids!.navaids where !locator.firs(lonDeg: navaid.longitudeDeg, latDeg: navaid.latitudeDeg).isEmpty {
                placed += 1
            }
            precondition(placed > 0, "no station placed")
            return Work(rows: inputs.navaids!.navaids.count)
        }
    }

    /// Polygon tests one placement of every station makes: shapes whose box holds the station.
    var polygonTests: Int {
        inputs.navaids!.navaids.reduce(0) { total, navaid in
            total + locator.shapes.count { $0.boxContains(lonDeg: navaid.longitudeDeg, latDeg: navaid.latitudeDeg) }
        }
    }
}
