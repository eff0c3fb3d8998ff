import AIPFindings
import AIPReaders

extension AirportsStage {
    /// Where the navigation files sit in a source tree; each may be missing.
    static let navaidsPath = "ourairports/navaids.csv"
    static let boundariesPath = "firs/Boundaries.geojson"
    static let vatspyPath = "firs/VATSpy.dat"

    /// Reads `ourairports/navaids.csv` (or `.gz`) and `firs/Boundaries.geojson` with `firs/VATSpy.dat`, those present.
    ///
    /// A tree without them builds empty `waypoints` and `firs` tables. Navaids are scoped and placed by the FIR
    /// boundaries, so navaids without boundaries are not read: a warning (`navdata.no_fir_boundaries`) says why the
    /// table stays empty.
    ///
    /// - Throws: ``SourceError`` for an unusable file, and `.missingFile` for boundaries without `VATSpy.dat` (their
    ///   names, and which of them are FIRs, come from it).
    static func readNavdata(_ sources: SourceTree, scope: AirportsScope) throws -> (inputs: Navdata.Inputs, findings: [Finding]) {
        var inputs = Navdata.Inputs()
        guard let boundaries = try optionalFile(boundariesPath, in: sources) else {
            guard try optionalFile(navaidsPath, in: sources) != nil else { return (inputs, []) }
            return (inputs, [Finding(
                file: boundariesPath, location: .file, code: .navdataNoFIRBoundaries,
                reason: "is missing: navaids are scoped and placed in FIRs by these boundaries, so no waypoint is written; add \(boundariesPath) and \(vatspyPath)",
                action: .warning)])
        }
        inputs.boundaries = try FIRBoundariesReader.read(boundaries, include: scope.includesFIR)
        inputs.vatspy = try VATSpyReader.read(sources.file(vatspyPath))
        inputs.navaids = try optionalFile(navaidsPath, in: sources).map(NavaidsReader.read)
        return (inputs, [])
    }

    /// The file at `path` (or `path.gz`), nil when neither exists.
    private static func optionalFile(_ path: String, in sources: SourceTree) throws -> SourceFile? {
        do {
            return try sources.file(path)
        } catch let error as SourceError where error.kind == .missingFile {
            return nil
        }
    }

    /// Puts the navigation rows, findings, inputs and counts into `output`.
    static func merge(navdata read: (inputs: Navdata.Inputs, findings: [Finding]), into output: inout Output) {
        let navdata = Navdata.build(read.inputs)
        output.waypoints = navdata.waypoints
        output.firs = navdata.firs
        output.findings = (output.findings + read.findings + navdata.findings).sorted()
        output.counts.merge(navdata.counts) { $1 }
        if let navaids = read.inputs.navaids {
            output.inputs.append(InputSummary(file: navaids.fileName, rows: navaids.rowCount, bytes: navaids.byteCount))
        }
        if let boundaries = read.inputs.boundaries {
            output.inputs.append(InputSummary(file: boundaries.fileName, rows: boundaries.featureCount, bytes: boundaries.byteCount))
        }
        if let vatspy = read.inputs.vatspy {
            output.inputs.append(InputSummary(file: vatspy.fileName, rows: vatspy.rowCount, bytes: vatspy.byteCount))
        }
    }
}
