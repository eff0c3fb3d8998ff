import Foundation

/// Fetching one source: its redirect, its discovery pages and its files, each conditional on what the previous
/// lock recorded. All of the source or none of it: the first failure fails the source.
struct SourceRun: Sendable {
    let id: String
    let definition: SourceDefinition
    let variables: CycleVariables
    let fetcher: HTTPFetcher
    /// The previous lock's entries by URL, to send conditional requests and keep unchanged files' fetch times.
    let previous: [String: SourcesLock.Entry]
    let now: String
    let progress: @Sendable (String) -> Void

    struct Result: Sendable {
        var source: SourcesLock.Source
        /// Bytes of bodies received (not of 304s).
        var transferred: Int
        var requests: Int
        /// Per state: what an API source found for its aerodromes (a state's own publication is counted by ``Fetcher``).
        var states: [FetchSummary.StateOutcome] = []
        /// An API source's aerodromes without an AD 2 chapter.
        var withoutChapter: [String] = []
    }

    func run() async throws -> Result {
        // Every path from settings is checked before anything is requested; those from links, before any file is.
        for file in definition.files { try TreePath.check(file.path, source: id) }
        if let folder = definition.folder { try TreePath.check(folder, source: id) }
        var redirect: [String: String] = [:]
        var requests = 0
        if let entry = definition.redirect {
            let url = try parse(try variables.expand(entry))
            let target = try await fetcher.redirectTarget(url, allowsHTTP: allowsHTTP, headers: headers).absoluteString
            requests += 1
            redirect["redirect"] = target.hasSuffix("/") ? String(target.dropLast()) : target
        }
        var pages: [(SourcesLock.Entry, Int)] = []
        var wanted: [(url: URL, path: String, check: ContentCheck, item: String?)] = []
        for file in definition.files {
            wanted.append((try parse(try variables.expand(file.url, extra: redirect)), file.path, file.check, nil))
        }
        if let index = definition.index, let folder = definition.folder, let check = definition.check {
            let (found, read) = try await discover(from: try parse(try variables.expand(index, extra: redirect)))
            pages = read
            requests += read.count
            guard !found.isEmpty else {
                throw FetchError(.refused, "\(id): no link in \(read.last.flatMap { URL(string: $0.0.url)?.shown } ?? index) matches \(definition.links.joined(separator: " or ")); is the cycle published, or has the menu changed?")
            }
            for item in found {
                // The name as the link gives it, decoded: `..%2Fx` is `../x`, which the check refuses.
                let path = folder + "/" + item.url.lastPathComponent
                try TreePath.check(path, source: id, origin: " (from the link \(item.url.shown))")
                wanted.append((item.url, path, check, item.name))
            }
        }
        let fetched = try await withThrowingTaskGroup(of: (SourcesLock.Entry, Int).self) { group in
            for file in wanted {
                group.addTask { try await fetch(file.url, check: file.check, item: file.item, path: file.path) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        requests += fetched.count
        let files = fetched.map { $0.0 }
        return Result(source: .init(id: id, files: files.sorted { $0.path! < $1.path! }, pages: pages.map { $0.0 }.sorted { $0.url < $1.url }),
                      transferred: (fetched + pages).reduce(0) { $0 + $1.1 }, requests: requests)
    }

    /// Browser-like headers for a site that refuses others (``SourceDefinition/browserHeaders``), else none.
    private var headers: [(String, String)] { definition.browserHeaders ? fetcher.browserHeaders : [] }

    /// Whether plain `http` may be requested: only for a source whose own URLs (settings or built-in) say `http`.
    private var allowsHTTP: Bool {
        ([definition.redirect, definition.index] + definition.files.map(\.url)).contains { $0?.lowercased().hasPrefix("http:") == true }
    }

    private func parse(_ text: String) throws -> URL {
        guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
            throw FetchError(.settings, "\(id): \"\(text)\" is not an absolute URL; check the source's URL template in pipeline.json")
        }
        return url
    }

    /// Follows the eAIP frames from the entry page to the menu, and returns the files its links name.
    private func discover(from entry: URL) async throws -> (files: [(name: String, url: URL)], pages: [(SourcesLock.Entry, Int)]) {
        var pages: [(SourcesLock.Entry, Int)] = []
        var page = entry
        while true {
            let (fetchedPage, text) = try await read(page)
            pages.append(fetchedPage)
            let base = URL(string: fetchedPage.0.finalURL) ?? page
            // A frameset leads on (index → toc-frameset → menu); any other page is the menu.
            if let source = PageLinks.frameSource(named: "eAISNavigationBase", in: text) ?? PageLinks.frameSource(named: "eAISNavigation", in: text),
               let next = MirrorMapping.resolve(source, against: base), pages.count < 4 {
                page = next
                continue
            }
            return (try match(PageLinks.links(in: text), base: base), pages)
        }
    }

    /// The links that match a pattern, one per item (the first pattern naming it wins), sorted by item.
    private func match(_ links: [String], base: URL) throws -> [(name: String, url: URL)] {
        var found: [String: (rank: Int, url: URL)] = [:]
        for (rank, pattern) in definition.links.enumerated() {
            let expression: NSRegularExpression
            do { expression = try NSRegularExpression(pattern: pattern) } catch {
                throw FetchError(.settings, "\(id): the link pattern \(pattern) is not a regular expression; fix fetch.sources.\(id).links in pipeline.json")
            }
            for link in links {
                guard let url = MirrorMapping.resolve(link, against: base) else { continue }
                let path = url.path
                guard let match = expression.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) else { continue }
                let name = match.numberOfRanges > 1 ? Range(match.range(at: 1), in: path).map { String(path[$0]) } ?? path : path
                if found[name] == nil || found[name]!.rank > rank { found[name] = (rank, url) }
            }
        }
        return found.keys.sorted().map { ($0, found[$0]!.url) }
    }

    /// A discovery page's record and text.
    private func read(_ url: URL) async throws -> ((SourcesLock.Entry, Int), String) {
        let fetched = try await fetch(url, check: .html, item: nil, path: nil)
        let entry = fetched.0
        guard let object = fetcher.store.object(entry.sha256), let data = FileManager.default.contents(atPath: object.path) else {
            throw FetchError(.fileSystem, "\(url.shown): the fetch cache lost the page just stored; check \(fetcher.store.root.path)")
        }
        // Menus are ASCII where it matters (hrefs); Austria's pages are Latin-1, which UTF-8 decoding only blurs in text.
        return (fetched, String(decoding: data, as: UTF8.self))
    }

    /// The file's lock entry and the body bytes received for it (0 for a 304).
    private func fetch(_ url: URL, check: ContentCheck, item: String?, path: String?) async throws -> (SourcesLock.Entry, Int) {
        let before = previous[url.absoluteString]
        // A conditional request only when the bytes it would confirm are still in the cache.
        let validators = before.flatMap { entry in
            fetcher.store.object(entry.sha256) == nil || (entry.etag == nil && entry.lastModified == nil)
                ? nil : HTTPFetcher.Validators(etag: entry.etag, lastModified: entry.lastModified)
        }
        do {
            switch try await fetcher.get(url, validators: validators, check: check, item: item, allowsHTTP: allowsHTTP, headers: headers) {
            case .notModified(let finalURL):
                // The bytes and their validators stay those the previous lock recorded (a 304 naming others is not
                // taken: ``HTTPFetcher``).
                var entry = before!
                (entry.path, entry.finalURL) = (path, finalURL.absoluteString)
                return (entry, 0)
            case .body(let download):
                let unchanged = before?.sha256 == download.sha256
                progress("\(id): \(path ?? url.lastPathComponent) \(download.bytes) bytes\(unchanged ? " (unchanged)" : "")")
                return (SourcesLock.Entry(path: path, url: url.absoluteString, finalURL: download.finalURL.absoluteString,
                                          etag: download.validators.etag, lastModified: download.validators.lastModified,
                                          bytes: download.bytes, sha256: download.sha256,
                                          fetchedAt: unchanged ? before!.fetchedAt : now), download.bytes)
            }
        } catch let error as FetchError {
            throw FetchError(error.kind, "\(id): \(error.description)")
        }
    }
}
