import AIPPipeline
import Foundation

/// Fetching the autorouter source: for each aerodrome asked for, its document list, then its AD 2 chapter
/// (`aip-pdf/autorouter/{ICAO}.pdf`) unless the cache holds that document id already; and every aerodrome's chart
/// headings in one `charts.json`. An aerodrome the API has no chapter for is a note of the summary, not a failure;
/// any other failure fails the source, as for every source (all of it or none).
struct AutorouterRun: Sendable {
    let id: String
    let session: AutorouterSession
    let aerodromes: [FetchAerodrome]
    /// The previous lock's entries by URL: a chapter whose document id was fetched before is not fetched again.
    let previous: [String: SourcesLock.Entry]
    let now: String
    let progress: @Sendable (String) -> Void

    /// What one aerodrome gave.
    private struct Aerodrome: Sendable {
        var icao: String
        var chapter: SourcesLock.Entry?
        var downloaded: Bool
        var bytes: Int
        var charts: [ChartHeadings.Chart]
        var requests: Int
    }

    func run() async throws -> SourceRun.Result {
        let folder = session.settings.folder
        try TreePath.check(folder, source: id)
        let found = try await withThrowingTaskGroup(of: Aerodrome.self) { group in
            for aerodrome in aerodromes { group.addTask { try await fetch(aerodrome.icao) } }
            return try await group.reduce(into: [Aerodrome]()) { $0.append($1) }
        }.sorted { $0.icao < $1.icao }
        var files = found.compactMap(\.chapter)
        let headings = ChartHeadings(aerodromes: Dictionary(found.filter { !$0.charts.isEmpty }.map { ($0.icao, $0.charts) }) { first, _ in first })
        let data = try headings.data()
        let sha256 = try session.fetcher.store.store(data)
        let chartsURL = try session.url("/pams/airport")
        let before = previous[chartsURL.absoluteString]
        files.append(SourcesLock.Entry(path: folder + "/" + ChartHeadings.fileName, url: chartsURL.absoluteString, finalURL: chartsURL.absoluteString,
                                       etag: nil, lastModified: nil, bytes: data.count, sha256: sha256,
                                       fetchedAt: before?.sha256 == sha256 ? before!.fetchedAt : now))
        let country = Dictionary(aerodromes.map { ($0.icao, $0.country ?? "?") }) { first, _ in first }
        let states = Dictionary(grouping: found) { country[$0.icao] ?? "?" }.map { state, aerodromes in
            FetchSummary.StateOutcome(state: state, source: id, aerodromes: aerodromes.count,
                                      files: aerodromes.filter { $0.chapter != nil }.count,
                                      downloaded: aerodromes.filter(\.downloaded).count)
        }.sorted { $0.state < $1.state }
        return SourceRun.Result(source: .init(id: id, files: files.sorted { $0.path! < $1.path! }, pages: []),
                                transferred: found.reduce(0) { $0 + $1.bytes }, requests: found.reduce(0) { $0 + $1.requests },
                                states: states, withoutChapter: found.filter { $0.chapter == nil }.map(\.icao))
    }

    /// One aerodrome: its document list, then its chapter when the cache does not hold it.
    private func fetch(_ icao: String) async throws -> Aerodrome {
        let fetcher = session.fetcher
        let listURL = try session.url("/pams/airport/\(icao)")
        let answer = try await session.authorized { headers in
            let answer = try await fetcher.call(listURL, headers: headers, cap: AutorouterSession.answerCap, allowsHTTP: session.allowsHTTP)
            if answer.status == 401 { throw FetchError(.unauthorized, "\(listURL.shown): HTTP 401, not authorized") }
            return answer
        }
        var aerodrome = Aerodrome(icao: icao, chapter: nil, downloaded: false, bytes: answer.body.count, charts: [], requests: 1)
        // No such aerodrome for the API: as an empty list.
        if answer.status == 404 { return aerodrome }
        guard answer.status == 200 else {
            throw FetchError(.network, "\(id): \(listURL.shown): HTTP \(answer.status)")
        }
        let documents = try AutorouterDocuments(answer.body, url: listURL)
        aerodrome.charts = documents.charts
        guard let docid = documents.chapterID else { return aerodrome }
        // The id becomes a path segment: nothing that could leave it.
        guard docid.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw FetchError(.refused, "\(id): \(listURL.shown) names the document \"\(docid.prefix(40))\", which is no document id")
        }
        let path = session.settings.folder + "/" + icao + ".pdf"
        let chapterURL = try session.url("/pams/id/\(docid)")
        if var known = previous[chapterURL.absoluteString], fetcher.store.object(known.sha256) != nil {
            // A document id names one version of a document: the bytes held are the bytes it would give.
            known.path = path
            aerodrome.chapter = known
            return aerodrome
        }
        let download = try await session.authorized { headers -> HTTPFetcher.Download in
            switch try await fetcher.get(chapterURL, validators: nil, check: .pdf, item: icao, allowsHTTP: session.allowsHTTP, headers: headers) {
            case .body(let download): return download
            case .notModified: throw FetchError(.refused, "\(chapterURL.shown): answered 304 to a request without conditions")
            }
        }
        progress("\(id): \(path) \(download.bytes) bytes")
        aerodrome.chapter = SourcesLock.Entry(path: path, url: chapterURL.absoluteString, finalURL: download.finalURL.absoluteString,
                                              etag: download.validators.etag, lastModified: download.validators.lastModified,
                                              bytes: download.bytes, sha256: download.sha256, fetchedAt: now)
        aerodrome.downloaded = true
        aerodrome.bytes += download.bytes
        aerodrome.requests += 1
        return aerodrome
    }
}
