import AIPReaders

/// The first-build sanity floor of `airports` and `runways`: sizes the inputs themselves promise, for a build
/// with no previous bundle to compare with (the shrink gate covers the others).
///
/// A file cut at a line boundary still parses, and its cut is invisible row by row; but OurAirports' two files
/// describe each other, so one cut short shows as a hole in the other's view of it. Both floors are shares, not
/// counts, so they hold for any scope and any snapshot size. Measured on the OurAirports snapshots of 2022 and 2026:
///
/// - Runways: 97.8 % (2022) and 98.4 % (2026) of the large and medium airports in the default scope have at least
///   one runway row (these types are defined by their runways; the rest are seaplane bases or missing data).
///   `runways.csv` is sorted by id, and a cut at 50 % leaves 43 %; a cut at 80 % still 96 %, which only the shrink
///   gate of a later build can see. Below ``minRunwayShare`` (80 %) one in five lost its runways: not a real change.
/// - Airports: no runway row names an airport missing from `airports.csv` in either snapshot (OurAirports deletes
///   an airport's runways with it). `airports.csv` is sorted by id, and a cut at 95 % already orphans 7.5 % of the
///   runways, at 50 % 45 %. Above ``maxOrphanRunwayShare`` (2 %), airports were lost.
///
/// Each floor judges only a sample large enough for a share to mean something (``minSample``): with 20 airports
/// and a true share of 98 %, falling under 80 % by chance is below one in a million.
extension AirportsStage {
    static let minRunwayShare = 0.8
    static let maxOrphanRunwayShare = 0.02
    static let minSample = 20
    /// The OurAirports types whose airports have runways: what the runways floor counts.
    static let typesWithRunways: Set<String> = ["large_airport", "medium_airport"]

    /// `table.below_floor` findings for the airports in scope (`kept`), the airports the written runways belong to,
    /// and the runway rows read (`runwaysRead`, of which `orphanRunways` name no airport of `airports.csv`).
    static func floorFindings(kept: [OurAirportsAirport], withRunways: Set<Int>, runwaysRead: Int, orphanRunways: Int,
                              airportsFile: String, runwaysFile: String) -> [Finding] {
        var findings: [Finding] = []
        let expected = kept.filter { typesWithRunways.contains($0.type) }
        let served = expected.count { withRunways.contains($0.id) }
        if expected.count >= minSample, Double(served) < minRunwayShare * Double(expected.count) {
            findings.append(Finding(file: runwaysFile, location: .file, code: .tableBelowFloor, column: "airport_ref",
                                    reason: "only \(served) of the \(expected.count) large and medium airports in scope (\(percent(served, of: expected.count))) have a runway in it, "
                                        + "where a full file gives about 98 % (floor \(percent(minRunwayShare))); the file looks cut short",
                                    action: .warning))
        }
        if runwaysRead >= minSample, Double(orphanRunways) > maxOrphanRunwayShare * Double(runwaysRead) {
            findings.append(Finding(file: airportsFile, location: .file, code: .tableBelowFloor, column: "id",
                                    reason: "\(orphanRunways) of the \(runwaysRead) runways of \(runwaysFile) (\(percent(orphanRunways, of: runwaysRead))) name an airport it does not have, "
                                        + "where a full file leaves none (ceiling \(percent(maxOrphanRunwayShare))); the file looks cut short",
                                    action: .warning))
        }
        return findings
    }

    private static func percent(_ part: Int, of whole: Int) -> String {
        percent(Double(part) / Double(whole))
    }

    private static func percent(_ share: Double) -> String {
        "\(Int((share * 100).rounded(.down))) %"
    }
}
