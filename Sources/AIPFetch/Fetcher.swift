import AIPBundleFolder
import AIPErrorText
import AIPPipeline
import Crypto
import Foundation

/// What one `fetch` is asked to do.
public struct FetchOptions: Sendable {
    public var out: URL
    public var cycle: AIRACCycle
    public var settings: FetchSettings
    /// The sources to fetch; nil for all. The others keep the previous tree's files.
    public var only: [String]?
    public var mirror: String?
    public var keepStale = false
    /// Write into an `out` holding files fetch did not write, keeping them as they are (`--adopt-folder`).
    public var adoptFolder = false
    /// The content-addressed cache (default `OUT/.aipfetch-cache`, hidden from `build`).
    public var cache: URL?
    public var userAgent: String
    public var progress: @Sendable (String) -> Void = { _ in }
    /// The fetch time written for new bytes.
    public var now: @Sendable () -> Date = { Date() }
    /// The aerodromes `build` keeps, read from OurAirports' `airports.csv` (its bytes): what an API source asks
    /// about. Given by the command, which links the readers; nil fails an API source that needs it.
    public var aerodromes: (@Sendable (Data) throws -> [FetchAerodrome])?
    /// Where API credentials are looked up (the process's environment).
    public var environment = ProcessInfo.processInfo.environment

    public init(out: URL, cycle: AIRACCycle, settings: FetchSettings, userAgent: String) {
        self.out = out
        self.cycle = cycle
        self.settings = settings
        self.userAgent = userAgent
    }
}

/// `fetch`: every source fetched (conditionally), verified, assembled beside the previous tree and swapped in at
/// once, through the same folder swap as a bundle (``BundleFolder``): a failed or killed fetch leaves the
/// previous tree as it was, byte for byte.
public enum Fetcher {
    public static let cacheFolderName = ".aipfetch-cache"
    /// Files of the tree that `fetch` does not write but keeps (a hand-written settings file).
    static let keptFiles = ["pipeline.json"]

    public static func fetch(_ options: FetchOptions) async throws -> FetchSummary {
        let ids = options.only ?? options.settings.sources.keys.sorted()
        for id in ids where options.settings.sources[id] == nil {
            throw FetchError(.settings, "--only names \"\(id)\", which is no source; known: \(options.settings.sources.keys.sorted().joined(separator: ", "))")
        }
        let folder: BundleFolder
        // The cache is fetch's own; a hand-written pipeline.json in a tree not fetched before becomes the tree's.
        let policy = BundleFolder.Policy(callerNames: [cacheFolderName], flatFiles: { _ in Set(keptFiles) },
                                         keepForeignFiles: options.adoptFolder)
        if let mirror = options.mirror, !["http", "https"].contains(URL(string: mirror)?.scheme?.lowercased() ?? "") {
            throw FetchError(.settings, "--mirror must be an http or https URL such as https://mirror.example/aip")
        }
        do {
            folder = try BundleFolder(root: options.out, policy: policy)
        } catch let error as BundleFolderError {
            throw FetchError(error.kind == .busy ? .busy : .fileSystem, error.description)
        }
        let previousTree = folder.current
        let previousLock = try SourcesLock.read(from: previousTree)
        let store = try ObjectStore(root: options.cache ?? options.out.appendingPathComponent(cacheFolderName))
        let lease = try store.lease()
        // The cache stays leased until the fetch returns.
        defer { withExtendedLifetime(lease) {} }
        // What the previous lock names is checked before it is trusted: an object edited through a tree's hard
        // link is removed here, so it is downloaded again instead of confirmed by a 304.
        let previousFiles = (previousLock?.sources ?? []).flatMap { $0.files + $0.pages }
        for sha256 in try store.verify(Set(previousFiles.map(\.sha256))) {
            let paths = previousFiles.filter { $0.sha256 == sha256 }.map { $0.path ?? URL(string: $0.url)?.shown ?? "a discovery page" }
            options.progress("the cached copy of \(paths.joined(separator: ", ")) was changed in place; downloading it again")
        }
        let fetcher = HTTPFetcher(settings: options.settings, mirror: MirrorMapping(base: options.mirror), store: store,
                                  userAgent: options.userAgent)
        let previousEntries = Dictionary(previousFiles.map { ($0.url, $0) }) { first, _ in first }
        let now = Self.timestamp(options.now())
        let variables = CycleVariables(options.cycle)

        let runs = SourceRuns(options: options, fetcher: fetcher, previous: previousEntries, now: now)
        // Sources that read another source's files (an API source asks about OurAirports' aerodromes) run after the others.
        var results = await runs.run(ids.filter { options.settings.sources[$0]!.autorouter == nil }) { id, definition in
            try await SourceRun(id: id, definition: definition, variables: variables, fetcher: fetcher, previous: previousEntries,
                                now: now, progress: options.progress).run()
        }
        let airportsFile = try Self.airportsFile(results: results, previousLock: previousLock, previousTree: previousTree, store: store)
        results.merge(await runs.run(ids.filter { options.settings.sources[$0]!.autorouter != nil }) { id, definition in
            try await runs.autorouter(id, settings: definition.autorouter!, airportsFile: airportsFile)
        }) { first, _ in first }
        try await fetcher.shutdown()

        var lockSources: [SourcesLock.Source] = []
        var summaries: [FetchSummary.Source] = []
        for id in Set(ids).union(previousLock?.sources.map(\.id) ?? []).sorted() {
            let required = options.settings.required.contains(id)
            let before = previousLock?.source(id)
            guard let result = results[id] else {
                // Not asked for: the previous tree's files stay.
                if let before {
                    lockSources.append(before)
                    summaries.append(.init(id: id, outcome: .kept, required: required, files: before.files.count, bytesTransferred: 0,
                                           requests: 0, staleFrom: before.staleFrom))
                }
                continue
            }
            switch result {
            case .success(let run):
                lockSources.append(run.source)
                let unchanged = before.map { Self.sameContent($0, run.source) } ?? false
                let states = run.states.isEmpty ? Self.states(of: id, options.settings.sources[id]!, files: run.source.files, before: before) : run.states
                summaries.append(.init(id: id, outcome: unchanged ? .unchanged : .ok, required: required, files: run.source.files.count,
                                       bytesTransferred: run.transferred, requests: run.requests, states: states,
                                       withoutChapter: run.withoutChapter))
            case .failure(let error as SkippedSource):
                // Nothing was asked of the site: the previous tree's files stay, as for a source not asked for.
                if let before { lockSources.append(before) }
                summaries.append(.init(id: id, outcome: .skipped, required: required, files: before?.files.count ?? 0, bytesTransferred: 0,
                                       requests: 0, reason: error.reason))
            case .failure(let error):
                var summary = FetchSummary.Source(id: id, outcome: .failed, required: required, files: 0, bytesTransferred: 0,
                                                  requests: 0, reason: ErrorText.reason(error))
                if options.keepStale, var kept = before {
                    kept.staleFrom = kept.staleFrom ?? previousLock?.airac
                    lockSources.append(kept)
                    summary.files = kept.files.count
                    summary.staleFrom = kept.staleFrom
                }
                summaries.append(summary)
            }
        }
        let failedRequired = summaries.contains { $0.outcome == .failed && $0.required }
        var summary = FetchSummary(airac: options.cycle.effectiveDate, out: options.out.path, published: false, ok: !failedRequired,
                                   lockSHA256: nil, sources: summaries)
        guard !failedRequired else { return summary }

        let lock = SourcesLock(format: SourcesLock.currentFormat, airac: options.cycle.effectiveDate, sources: lockSources)
        let lockData = try lock.data()
        summary.lockSHA256 = SHA256.hash(data: lockData).hex
        // Nothing changed: the tree stays as it is, not even swapped for an equal copy, provided its files still are
        // what the lock says (else the tree is assembled anew from the cache, which holds only checked bytes).
        if let previousTree, FileManager.default.contents(atPath: previousTree.appendingPathComponent(SourcesLock.fileName).path) == lockData {
            let edited = try editedFiles(of: lock, in: previousTree, store: store)
            if edited.isEmpty { return summary }
            options.progress("\(edited.joined(separator: ", ")) in the tree no longer match the lock; putting the fetched bytes back")
        }
        let staging = try folder.makeStaging()
        do {
            let names = try assemble(lock, lockData: lockData, into: staging, store: store, previousTree: previousTree)
            try folder.publish(staging, files: names)
        } catch {
            // Already failing, and the next fetch sweeps a staging folder left behind (BundleFolder).
            try? FileManager.default.removeItem(at: staging)
            throw FetchError(.fileSystem, "the new source tree could not be put in place (\(ErrorText.reason(error))); \(options.out.path) is unchanged")
        }
        summary.published = true
        return summary
    }

    /// Links every file of `lock` into `staging` from the cache (or, for kept files, from the previous tree) and
    /// writes the lock; returns the top-level names to publish.
    private static func assemble(_ lock: SourcesLock, lockData: Data, into staging: URL, store: ObjectStore, previousTree: URL?) throws -> [String] {
        var names: Set<String> = [SourcesLock.fileName]
        for source in lock.sources {
            for file in source.files {
                // Paths fetched this run were checked before any request; a kept source's come from the previous lock.
                guard let path = file.path else { throw FetchError(.tree, "\(source.id): the lock lists a file without a path; fetch \(source.id) again") }
                try TreePath.check(path, source: source.id)
                let destination = staging.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                // Cache objects were checked (or just downloaded); a file of the previous tree is checked here.
                let origin: URL
                if let object = store.object(file.sha256) {
                    origin = object
                } else if let kept = previousTree?.appendingPathComponent(path), FileManager.default.fileExists(atPath: kept.path) {
                    guard try ObjectStore.sha256(of: kept) == file.sha256 else {
                        throw FetchError(.tree, "\(source.id): \(path) in the previous tree no longer has the SHA-256 the lock records (edited?) and the cache has no copy; fetch \(source.id) again")
                    }
                    origin = kept
                } else {
                    throw FetchError(.tree, "\(source.id): \(path) is in neither the fetch cache nor the previous tree; fetch it again without --only")
                }
                try BundleFolder.linkOrCopy(origin, to: destination)
                names.insert(String(path.split(separator: "/")[0]))
            }
        }
        for name in keptFiles {
            if let previousTree, FileManager.default.fileExists(atPath: previousTree.appendingPathComponent(name).path) {
                try BundleFolder.linkOrCopy(previousTree.appendingPathComponent(name), to: staging.appendingPathComponent(name))
                names.insert(name)
            }
        }
        try lockData.write(to: staging.appendingPathComponent(SourcesLock.fileName))
        return names.sorted()
    }

    /// The files of `tree` whose bytes are not those `lock` records: a hard link of the (checked) cache object passes
    /// at once; any other file is hashed.
    private static func editedFiles(of lock: SourcesLock, in tree: URL, store: ObjectStore) throws -> [String] {
        var edited: [String] = []
        for file in lock.sources.flatMap(\.files) {
            guard let path = file.path else { continue }
            let url = tree.appendingPathComponent(path)
            if store.isObject(url, sha256: file.sha256) { continue }
            guard FileManager.default.fileExists(atPath: url.path) else {
                edited.append(path)
                continue
            }
            if try ObjectStore.sha256(of: url) != file.sha256 { edited.append(path) }
        }
        return edited
    }

    /// The bytes of OurAirports' `airports.csv` as the new tree will hold them: fetched this run, or kept from the
    /// previous tree. Nil when neither has it (an API source then fails, saying so).
    private static func airportsFile(results: [String: Result<SourceRun.Result, any Error>], previousLock: SourcesLock?,
                                     previousTree: URL?, store: ObjectStore) throws -> Data? {
        let path = "ourairports/airports.csv"
        let entry: SourcesLock.Entry?
        if case .success(let run)? = results["ourairports"] {
            entry = run.source.files.first { $0.path == path }
        } else {
            entry = previousLock?.source("ourairports")?.files.first { $0.path == path }
        }
        guard let entry else { return nil }
        if let object = store.object(entry.sha256) { return FileManager.default.contents(atPath: object.path) }
        guard let kept = previousTree?.appendingPathComponent(path), try ObjectStore.sha256(of: kept) == entry.sha256 else { return nil }
        return FileManager.default.contents(atPath: kept.path)
    }

    /// A state's own publication per state it serves: its files, and how many are new since the previous lock.
    private static func states(of id: String, _ definition: SourceDefinition, files: [SourcesLock.Entry],
                               before: SourcesLock.Source?) -> [FetchSummary.StateOutcome] {
        let old = Set(before?.files.map(\.sha256) ?? [])
        return definition.states.map { state in
            FetchSummary.StateOutcome(state: state, source: id, aerodromes: 0, files: files.count,
                                      downloaded: files.filter { !old.contains($0.sha256) }.count)
        }
    }

    /// Whether a source holds the same files, bytes and validators as before.
    private static func sameContent(_ before: SourcesLock.Source, _ after: SourcesLock.Source) -> Bool {
        before.files == after.files && before.staleFrom == nil
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
