/// The GeoNames files of a source tree's `geonames/` folder, found by name and opened as streams.
///
/// - one place dump: `allCountries` or `citiesNNN` (500, 1000, 5000, 15000), required;
/// - `countryInfo`, required (it says which countries are in Europe);
/// - `alternateNamesV2`, optional.
///
/// Each may be `NAME.txt`, `NAME.txt.gz`, or `NAME.zip` holding `NAME.txt`, as geonames.org publishes them.
public struct GeoNamesSources: Sendable {
    public var places: SourceStream
    public var countryInfo: SourceStream
    public var alternateNames: SourceStream?

    public static let folder = "geonames"

    /// Finds and opens the files.
    ///
    /// - Throws: ``SourceError`` `.missingFile` when the place dump or `countryInfo` is missing (naming what was
    ///   looked for); `.ambiguous` when two place dumps, or one file in two forms, are present (which one to publish
    ///   would be a guess); and the errors of opening a file or zip member.
    public static func locate(in tree: SourceTree) throws(SourceError) -> GeoNamesSources {
        var byStem: [String: [String]] = [:]
        for path in try tree.files(under: folder, extensions: ["txt", "gz", "zip"]) {
            let name = String(path.dropFirst(folder.count + 1))
            guard !name.contains("/"), let stem = stem(of: name) else { continue }
            byStem[stem, default: []].append(path)
        }
        let dumps = byStem.keys.filter(isPlaceDump).sorted()
        guard dumps.count <= 1 else {
            throw SourceError(file: folder, kind: .ambiguous, reason:
                "holds several place dumps (\(dumps.flatMap { byStem[$0]! }.joined(separator: ", "))); keep exactly one, the build would otherwise guess which to publish")
        }
        guard let dump = dumps.first else {
            throw SourceError(file: folder, kind: .missingFile, reason:
                "has no GeoNames place dump: expected \(folder)/allCountries or \(folder)/citiesNNN (500, 1000, 5000, 15000) as .txt, .txt.gz or .zip")
        }
        guard byStem["countryInfo"] != nil else {
            throw SourceError(file: "\(folder)/countryInfo.txt", kind: .missingFile, reason:
                "not found: the cities stage needs GeoNames countryInfo.txt to know which countries are in Europe")
        }
        return GeoNamesSources(
            places: try open(byStem[dump]!, stem: dump, in: tree),
            countryInfo: try open(byStem["countryInfo"]!, stem: "countryInfo", in: tree),
            alternateNames: try byStem["alternateNamesV2"].map { (paths) throws(SourceError) in
                try open(paths, stem: "alternateNamesV2", in: tree)
            })
    }

    /// `cities15000` for `cities15000.txt`, `cities15000.txt.gz` or `cities15000.zip`; nil for any other name.
    static func stem(of name: String) -> String? {
        for suffix in [".txt", ".txt.gz", ".zip"] where name.hasSuffix(suffix) && name.count > suffix.count {
            return String(name.dropLast(suffix.count))
        }
        return nil
    }

    static func isPlaceDump(_ stem: String) -> Bool {
        stem == "allCountries" || (stem.hasPrefix("cities") && stem.count > 6 && stem.dropFirst(6).allSatisfy(\.isASCII)
            && stem.dropFirst(6).allSatisfy(\.isNumber))
    }

    private static func open(_ paths: [String], stem: String, in tree: SourceTree) throws(SourceError) -> SourceStream {
        guard paths.count == 1, let path = paths.first else {
            throw SourceError(file: "\(folder)/\(stem)", kind: .ambiguous, reason:
                "is present \(paths.count) times (\(paths.joined(separator: ", "))); keep one")
        }
        let url = tree.root.appendingPathComponent(path)
        guard path.hasSuffix(".zip") else { return try SourceStream(contentsOf: url, displayName: path) }
        return try ZipArchive(contentsOf: url, displayName: path).memberStream(stem + ".txt", archivePath: path)
    }
}
