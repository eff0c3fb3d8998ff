import AIPPipeline
import Foundation

/// What `/pams/airport/{ICAO}` says of one aerodrome: a JSON list of documents, each with `icao`, `authority` and
/// the lists `Airport`, `Approach`, `Departure`, `Arrival`. The `Airport` entry of `section` `AD 2` is the chapter
/// (`docid`, `filename`); the chart lists give their `heading`s.
struct AutorouterDocuments: Sendable, Equatable {
    /// The chapter's document id, when the API has one.
    var chapterID: String?
    var charts: [ChartHeadings.Chart]

    private struct Entry: Decodable {
        var section: String?
        var docid: Docid?
        var heading: String?
    }

    /// `docid` is a number in some answers and a string in others; both name the same document.
    private struct Docid: Decodable {
        var text: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) { // not a number: then a string, or an error below
                text = String(number)
            } else {
                text = try container.decode(String.self)
            }
        }
    }

    private struct Document: Decodable {
        var Airport: [Entry]?
        var Approach: [Entry]?
        var Departure: [Entry]?
        var Arrival: [Entry]?
    }

    /// - Throws: ``FetchError`` when the answer is not such a list (an error page, another API).
    init(_ data: Data, url: URL) throws {
        let documents: [Document]
        do { documents = try JSONDecoder().decode([Document].self, from: data) } catch {
            throw FetchError(.refused, "\(url.shown): the answer is not the API's list of documents (\(data.count) bytes; an error page?)")
        }
        chapterID = documents.lazy.flatMap { $0.Airport ?? [] }.first { entry in
            // `AD 2` as the API writes it; `AD2` or other spacing names the same section.
            entry.section?.uppercased().filter { !$0.isWhitespace } == "AD2" && entry.docid != nil
        }?.docid?.text
        var charts: [ChartHeadings.Chart] = []
        for document in documents {
            for (kind, entries) in [(ChartHeadings.Kind.approach, document.Approach), (.departure, document.Departure), (.arrival, document.Arrival)] {
                for heading in (entries ?? []).compactMap(\.heading) {
                    let trimmed = heading.trimmingCharacters(in: .whitespacesAndNewlines)
                    if !trimmed.isEmpty { charts.append(.init(kind: kind, heading: trimmed)) }
                }
            }
        }
        self.charts = charts
    }
}
