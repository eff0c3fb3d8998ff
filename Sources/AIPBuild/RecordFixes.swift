/// What a person can do when a `manifest.json` or `report.json` the build reads is unusable: why this build needs
/// it, and how to go on, worded for the build at hand (what `--only` carries over, whether `--previous` was given).
struct RecordFixes {
    /// For the manifest of the bundle in `--out`.
    let outManifest: String
    /// For the report of the bundle in `--out` (read only when stages are carried over).
    let outReport: String
    /// For the manifest of the bundle `--previous` names.
    static let previousManifest = "the build follows this bundle: give --previous the folder of a bundle aipbundle published, manifest.json included"

    init(carriedStages: [String], previousGiven: Bool) {
        let plural = carriedStages.count == 1 ? "" : "s"
        let carries = "the build carries the \(carriedStages.joined(separator: ", ")) stage\(plural) over from it (--only)"
        let rebuildAll = "restore the file, or build all stages (leave out --only)"
        outReport = "\(carries) and needs their report sections: \(rebuildAll)"
        if previousGiven {
            outManifest = "\(carries) and needs their manifest entries and input hashes: \(rebuildAll)"
        } else {
            outManifest = "the build follows this bundle" + (carriedStages.isEmpty ? "" : " and \(carries.dropFirst("the build ".count))")
                + ": restore the file, or build all stages with --previous naming an intact copy of the last bundle"
        }
    }
}
