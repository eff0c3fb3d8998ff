import AIPPipeline
import AIPReaders
import Foundation

extension AirportsStage {
    /// The `charts.json` files of `aip-pdf/` (any depth): chart headings a chart-list source gave beside its chapters.
    static func chartHeadingPaths(_ sources: SourceTree) throws(SourceError) -> [String] {
        try sources.files(under: "aip-pdf", extensions: ["json"]).filter { ($0 as NSString).lastPathComponent == ChartHeadings.fileName }
    }

    /// Gives the PDF chapters of each `charts.json`'s folder the headings it lists for their aerodrome, in place of
    /// the charts read from the chapter's pages: the source's own chart list is what the state published, a reading
    /// of chart pages only approaches it. An aerodrome with headings but no chapter there gets a document of its own
    /// holding only the charts, so it has procedures too. Each heading is written as the French SIA names a chart,
    /// after the word of its kind (`RWY 27 ILS Z` → `AD_2_EGMC_IAC_RWY_27_ILS_Z`), as ``PDFCharts`` writes a chart
    /// page's: the classifier reads the kind from that word and names the procedure by the heading's own words.
    ///
    /// - Returns: the documents, and each `charts.json` as an input of the stage (its rows: the documents it made).
    /// - Throws: ``SourceError`` for a `charts.json` that cannot be read or is not the format `fetch` writes (a damaged
    ///   tree: fetch it again).
    static func withChartHeadings(_ documents: [AerodromeDocument], paths: [String],
                                  in sources: SourceTree) throws -> (documents: [AerodromeDocument], inputs: [InputSummary]) {
        var documents = documents
        var inputs: [InputSummary] = []
        // The PDF chapters by aerodrome, to find those beside each chart list.
        let chapterIndices = Dictionary(grouping: documents.indices.filter { documents[$0].family == .aipPDF }) { documents[$0].icao }
        for path in paths {
            let file = try sources.file(path)
            let headings: ChartHeadings
            do { headings = try JSONDecoder().decode(ChartHeadings.self, from: file.bytes) } catch {
                throw SourceError(file: path, kind: .unreadable, reason: "not a chart list as fetch writes it (\(error)); fetch the source again")
            }
            let folder = (path as NSString).deletingLastPathComponent + "/"
            var made = 0
            for (icao, list) in headings.aerodromes.sorted(by: { $0.key < $1.key }) {
                let charts = list.enumerated().map { index, chart in
                    AerodromeChart(title: (["AD", "2", icao, chart.kind.chartWord] + chart.heading.split(separator: " ").map(String.init)).joined(separator: "_"),
                                   location: "\(chart.kind.rawValue) \(index + 1)")
                }
                let chapters = (chapterIndices[icao] ?? []).filter { documents[$0].file.hasPrefix(folder) }
                if chapters.isEmpty {
                    documents.append(AerodromeDocument(file: path, family: .aipPDF, icao: icao, effectiveDate: nil, name: nil, arpText: nil,
                                                       entries: [], charts: charts))
                    made += 1
                }
                for index in chapters { documents[index].charts = charts }
            }
            inputs.append(InputSummary(file: path, rows: made, bytes: file.bytes.count))
        }
        return (documents, inputs)
    }
}
