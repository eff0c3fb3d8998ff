import AIPBuild
import AIPFetch
import AIPPipeline
import AIPReaders
import AIPStages
import ArgumentParser
import Foundation

/// `aipbundle fetch`: the source tree of one AIRAC cycle from the web, verified, all or nothing.
public struct FetchCommand: AsyncParsableCommand, ReportingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch the source tree of an AIRAC cycle from the web into a folder that `build --sources` reads.",
        discussion: """
            Fetches OurAirports, GeoNames, the VATSpy FIR boundaries, the eAIP aerodrome pages of the UK, France, \
            Norway, Slovenia, Belgium, Czechia, Estonia, Hungary, Bosnia and Portugal (found through each eAIP's \
            menu), Austria's AD 2 PDFs, and with autorouter \
            credentials (AUTOROUTER_CLIENT_ID, AUTOROUTER_CLIENT_SECRET) the AD 2 chapter and chart list of every \
            aerodrome the build keeps; URLs come from the built-in defaults or pipeline.json section "fetch" \
            (docs/fetch.md). Requests are conditional (ETag, \
            Last-Modified), every file is checked before use, and the new tree replaces the old one at once, with \
            sources.lock.json recording where each file came from. Progress and one line per source go to stderr; \
            stdout gets one line (or with --json one document listing every source's outcome).

            \(CommandExit.help([
                (.success, "every required source was fetched (or was unchanged); the tree in --out is the new one"),
                (.failure, "a required source failed (each failure is an error line on stderr; --out is unchanged), or the fetch could not run"),
            ]))
            """)

    @Option(help: ArgumentHelp("The source tree to write; created if missing.", valueName: "dir"))
    var out: String

    @OptionGroup var cycle: AIRACOption

    @OptionGroup var only: OnlyOption<FetchedSources>

    @OptionGroup var config: ConfigOption

    @Option(help: ArgumentHelp("Fetch https://HOST/PATH from BASE_URL/HOST/PATH instead (a caching proxy, an internal mirror).", valueName: "base-url"))
    var mirror: String?

    @Option(help: ArgumentHelp("The download cache (default: <out>/.aipfetch-cache).", valueName: "dir"))
    var cache: String?

    @Flag(help: "When an optional source fails, keep its files from the previous tree (sources.lock.json marks them stale_from).")
    var keepStale = false

    @OptionGroup var adopt: AdoptFolderOption

    @OptionGroup var output: OutputOptions

    public init() {}

    public func validate() throws {
        if let mirror, URL(string: mirror)?.host == nil {
            throw ValidationError("--mirror \(mirror) is not a URL such as http://mirror.example/aip")
        }
    }

    public func run() async throws {
        try await report()
    }

    func execute(_ log: CommandLog) async throws -> FetchResult {
        try PathCheck.folderOrNothing(out, role: "--out, the source tree")
        let cycle = self.cycle.cycle ?? AIRACCycle(containing: Date())
        let (settings, scope) = try settings()
        var options = FetchOptions(out: URL(fileURLWithPath: out), cycle: cycle, settings: settings,
                                   userAgent: "aipbundle/\(BundleBuilder.builderVersion)")
        options.aerodromes = Self.aerodromes(scope: AirportsStage(settings: scope))
        options.only = only.names
        options.mirror = mirror
        options.keepStale = keepStale
        options.adoptFolder = adopt.adoptFolder
        options.cache = cache.map { URL(fileURLWithPath: $0) }
        options.progress = log.progress
        log.logger.debug("fetching \(cycle) into \(out)\(mirror.map { " from the mirror \($0)" } ?? "")")
        let summary = try await Fetcher.fetch(options)
        log.finishProgress()
        for (source, line) in zip(summary.sources, summary.lines) {
            if source.outcome == .failed {
                log.logger.error("\(line)")
            } else {
                log.logger.info("\(line)")
            }
        }
        let states = summary.stateLines
        if !states.isEmpty { log.logger.info("AIP documents per state:\n\(states.joined(separator: "\n"))") }
        return FetchResult(summary: summary, cycle: cycle)
    }

    /// `pipeline.json` (`--config`, else the tree's own, else the defaults): the fetch's section, and the build's
    /// airport scope, which an API source asks about.
    private func settings() throws -> (FetchSettings, AirportsScope) {
        let file = config.file ?? URL(fileURLWithPath: out).appendingPathComponent("pipeline.json")
        let data = FileManager.default.contents(atPath: file.path)
        if data == nil, config.file != nil {
            throw CommandFailure(exit: .failure, description: "the settings file \(file.path) (--config) cannot be read; check its path and permissions")
        }
        do {
            let settings = try SettingsFile(data: data ?? Data("{}".utf8), name: file.path, sections: BundleBuilder.settingsSections)
            return (try settings.decode(FetchSettings.self, section: FetchSettings.section),
                    try settings.decode(AirportsScope.self, section: AirportsStage.name))
        } catch let error as SettingsError {
            throw CommandFailure(exit: .failure, description: error.description)
        }
    }

    /// The aerodromes the build keeps (its `airports` scope), as an API source asks about them.
    private static func aerodromes(scope stage: AirportsStage) -> @Sendable (Data) throws -> [FetchAerodrome] {
        { data in
            try OurAirportsReader.readAirports(SourceFile(displayName: "ourairports/airports.csv", bytes: data), include: stage.includes).airports
                .compactMap { airport in airport.resolvedICAO.map { FetchAerodrome(icao: $0, country: airport.isoCountry, type: airport.type) } }
        }
    }
}

/// `fetch --only`: source ids.
enum FetchedSources: OnlySubject {
    static let help = "Fetch only these sources, comma-separated; the others keep their files."
    static let valueName = "sources"
}

/// What `fetch` reports: the summary's fields in the `--json` document (docs/schemas/fetch.schema.json), and one
/// line naming the tree and the cycle, or the required sources that failed.
struct FetchResult: CommandResult {
    var summary: FetchSummary
    var cycle: AIRACCycle

    func encode(to encoder: any Encoder) throws {
        try summary.encode(to: encoder)
    }

    var exit: CommandExit { summary.ok ? .success : .failure }

    var line: String {
        guard summary.ok else {
            let failed = summary.sources.filter { $0.outcome == .failed && $0.required }.map(\.id)
            return "\(summary.out): unchanged, the required source\(failed.count == 1 ? "" : "s") \(failed.joined(separator: ", ")) failed"
        }
        return "\(summary.out): \(summary.published ? "fetched" : "unchanged") for \(cycle)"
    }
}
