import AIPReaders
import Foundation
import TestSupport

/// Real GeoNames lines (from the committed slice) and helpers to make variants of them.
enum GeoNamesTestData {
    static let sliceFolder = SharedFixtures.fixtureSources.appendingPathComponent("geonames")

    /// The committed slice of `cities15000.txt`, as lines without their line feed.
    static func sliceLines() throws -> [String] {
        try String(contentsOf: sliceFolder.appendingPathComponent("cities15000.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }

    /// A place line with the 19 columns; the named fields replace those of a plain row.
    static func place(id: String = "1", name: String = "Testville", ascii: String = "Testville", alternates: String = "",
                      latitude: String = "50.0", longitude: String = "8.0", featureClass: String = "P", featureCode: String = "PPL",
                      country: String = "DE", admin1: String = "05", population: String = "5000") -> String {
        [id, name, ascii, alternates, latitude, longitude, featureClass, featureCode, country, "", admin1, "", "", "",
         population, "", "100", "Europe/Berlin", "2024-01-01"].joined(separator: "\t")
    }

    static func stream(_ text: String, name: String = "geonames/cities500.txt") -> SourceStream {
        SourceStream(SourceFile(displayName: name, bytes: Data(text.utf8)))
    }

    static func stream(_ bytes: [UInt8], name: String = "geonames/cities500.txt") -> SourceStream {
        SourceStream(SourceFile(displayName: name, bytes: Data(bytes)))
    }

    static func readAll(_ stream: SourceStream) throws -> GeoNamesPlacesFile {
        try GeoNamesReader.readPlaces(stream) { _ in true }
    }
}
