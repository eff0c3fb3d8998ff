@testable import AIPFetch
import AIPPipeline
import Foundation
import Testing

/// The document list `/pams/airport/{ICAO}` answers, read as docs/fetch.md describes it.
@Suite struct AutorouterDocumentsTests {
    static let url = URL(string: "https://api.autorouter.aero/v1.0/pams/airport/EDXX")!

    @Test(arguments: [
        (#"[{"icao":"EDXX","authority":"EDC","Airport":[{"section":"AD 2","docid":123,"filename":"a.pdf"}],"Approach":[],"Departure":[],"Arrival":[]}]"#, "123"),
        (#"[{"icao":"EDXX","Airport":[{"section":"GEN 1","docid":"9"},{"section":" ad2 ","docid":"d-77"}]}]"#, "d-77"),
        (#"[{"icao":"EDXX","Airport":[{"section":"AD 2"}]}]"#, nil),
        (#"[]"#, nil),
    ] as [(String, String?)])
    func theChapterIsTheAirportEntryOfSectionAD2(json: String, chapter: String?) throws {
        #expect(try AutorouterDocuments(Data(json.utf8), url: Self.url).chapterID == chapter)
    }

    @Test func headingsKeepTheirListsKindAndOrderAndBlankOnesAreDropped() throws {
        let json = #"[{"Approach":[{"heading":" RWY 25 ILS Z "},{"heading":""}],"Departure":[{"heading":"RWY 25 ABC 1A"}],"Arrival":[{"heading":"DEF 1B"}]}]"#
        #expect(try AutorouterDocuments(Data(json.utf8), url: Self.url).charts
            == [.init(kind: .approach, heading: "RWY 25 ILS Z"), .init(kind: .departure, heading: "RWY 25 ABC 1A"), .init(kind: .arrival, heading: "DEF 1B")])
    }

    @Test(arguments: ["<html>Sign in</html>", #"{"error":"unauthorized"}"#, ""])
    func anAnswerThatIsNoListIsRefused(body: String) {
        #expect(throws: FetchError.self) { try AutorouterDocuments(Data(body.utf8), url: Self.url) }
    }
}
