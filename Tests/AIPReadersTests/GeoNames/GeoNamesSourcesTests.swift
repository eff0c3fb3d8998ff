import AIPReaders
import Foundation
import TestSupport
import Testing

@Suite struct GeoNamesSourcesTests {
    /// A source tree in `folder` holding `files` (each one place line).
    func makeTree(_ files: [String], in folder: TemporaryFolder) throws -> SourceTree {
        for file in files { try folder.write(GeoNamesTestData.place() + "\n", to: file) }
        return SourceTree(root: folder.url)
    }

    @Test func findsTheDumpCountryInfoAndAlternateNames() throws {
        let folder = try TemporaryFolder()
        let tree = try makeTree(["geonames/cities500.txt", "geonames/countryInfo.txt", "geonames/alternateNamesV2.txt",
                                  "geonames/readme.txt", "geonames/old/cities1000.txt"], in: folder)
        let sources = try GeoNamesSources.locate(in: tree)
        #expect(sources.places.displayName == "geonames/cities500.txt")
        #expect(sources.countryInfo.displayName == "geonames/countryInfo.txt")
        #expect(sources.alternateNames?.displayName == "geonames/alternateNamesV2.txt")
    }

    @Test func twoPlaceDumpsAreAmbiguous() throws {
        let folder = try TemporaryFolder()
        let tree = try makeTree(["geonames/cities500.txt", "geonames/allCountries.txt", "geonames/countryInfo.txt"], in: folder)
        let error = try #require(throws: SourceError.self) { try GeoNamesSources.locate(in: tree) }
        #expect(error.kind == .ambiguous)
        #expect(error.reason.contains("geonames/allCountries.txt, geonames/cities500.txt"))
    }

    @Test func oneFileInTwoFormsIsAmbiguous() throws {
        let folder = try TemporaryFolder()
        let tree = try makeTree(["geonames/cities500.txt", "geonames/cities500.zip", "geonames/countryInfo.txt"], in: folder)
        #expect { try GeoNamesSources.locate(in: tree) } throws: { ($0 as? SourceError)?.kind == .ambiguous }
    }

    @Test func aMissingDumpOrCountryInfoIsNamed() throws {
        let folder = try TemporaryFolder()
        let noDump = try makeTree(["geonames/countryInfo.txt"], in: folder)
        let error = try #require(throws: SourceError.self) { try GeoNamesSources.locate(in: noDump) }
        #expect(error.kind == .missingFile && error.reason.contains("citiesNNN"))
        let other = try TemporaryFolder()
        let noCountries = try makeTree(["geonames/cities15000.txt"], in: other)
        let missing = try #require(throws: SourceError.self) { try GeoNamesSources.locate(in: noCountries) }
        #expect(missing.kind == .missingFile && missing.file == "geonames/countryInfo.txt")
    }

    @Test func aFolderWhereTheDumpShouldBeIsNotARegularFile() throws {
        let folder = try TemporaryFolder()
        let tree = try makeTree(["geonames/countryInfo.txt"], in: folder)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("geonames/cities500.txt"), withIntermediateDirectories: true)
        // A folder is not listed as a dump, so the dump is missing rather than unreadable.
        #expect { try GeoNamesSources.locate(in: tree) } throws: { ($0 as? SourceError)?.kind == .missingFile }
    }
}
