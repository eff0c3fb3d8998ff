import AIPBuild
import AIPFetch
import AIPStages
import ArgumentParser
import Foundation

/// `aipbundle fetch`: the source tree of one AIRAC cycle from the web, verified, all or nothing.
public struct FetchCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch the source tree of an AIRAC cycle from the web into a folder that `build --sources` reads.",
        discussion: """
            Fetches OurAirports, GeoNames, the VATSpy FIR boundaries, the eAIP aerodrome pages of the UK, France, \
            Norway and Slovenia (found through each eAIP's menu) and Austria's AD 2 PDFs; URLs come from the built-in \
            defaults or pipeline.json section "fetch" (docs/fetch.md). Requests are conditional (ETag, \
            Last-Modified), every file is checked before use, and the new tree replaces the old one at once, with \
            sources.lock.json recording where each file came from. Progress goes to stderr, the summary to stdout. \
            Exit 0 when every required source was fetched; 1 when one failed (the previous tree is then unchanged) \
            or the fetch could not run at all.
            """)

    @Option(help: ArgumentHelp("The source tree to write; created if missing.", valueName: "dir"))
    var out: String

    @Option(help: ArgumentHelp("The AIRAC cycle's effective date (default: the cycle in force today).", valueName: "yyyy-mm-dd"))
    var airac: String?

    @Option(help: ArgumentHelp("Fetch only these sources, comma-separated; the others keep their files.", valueName: "sources"))
    var only: String?

    @Option(help: ArgumentHelp("Settings file (default: <out>/pipeline.json when present).", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("Fetch https://HOST/PATH from BASE_URL/HOST/PATH instead (a caching proxy, an internal mirror).", valueName: "base-url"))
    var mirror: String?

    @Option(help: ArgumentHelp("The download cache (default: <out>/.aipfetch-cache).", valueName: "dir"))
    var cache: String?

    @Flag(help: "When an optional source fails, keep its files from the previous tree (sources.lock.json marks them stale_from).")
    var keepStale = false

    @Flag(help: "Print the summary as JSON.")
    var json = false

    public init() {}

    public func validate() throws {
        if let airac, AIRACCycle(effectiveDate: airac) == nil {
            throw ValidationError("--airac \(airac) is not the effective date of an AIRAC cycle between 2000 and 2099 (e.g. 2026-11-26); give the date the cycle starts")
        }
        if let mirror, URL(string: mirror)?.host == nil {
            throw ValidationError("--mirror \(mirror) is not a URL such as http://mirror.example/aip")
        }
    }

    public func run() async throws {
        let cycle = airac.flatMap(AIRACCycle.init(effectiveDate:)) ?? AIRACCycle(containing: Date())
        var options = FetchOptions(out: URL(fileURLWithPath: out), cycle: cycle, settings: try settings(),
                                   userAgent: "aipbundle/\(BundleBuilder.builderVersion)")
        options.only = only.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        options.mirror = mirror
        options.keepStale = keepStale
        options.cache = cache.map { URL(fileURLWithPath: $0) }
        options.progress = Self.progress
        let summary = try await Fetcher.fetch(options)
        if isatty(STDERR_FILENO) != 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        for line in summary.lines { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        if json {
            print(try summary.json())
        } else {
            print(summary.ok
                ? "\(out): \(summary.published ? "fetched" : "unchanged") for AIRAC \(cycle.identifier) (\(cycle.effectiveDate))"
                : "\(out): unchanged, a required source failed")
        }
        for source in summary.sources where source.outcome == .failed && source.required {
            FileHandle.standardError.write(Data("Error: \(source.reason ?? source.id)\n".utf8))
        }
        if !summary.ok { throw ExitCode.failure }
    }

    /// A live line on a terminal; CI logs get only the per-source lines at the end.
    @Sendable private static func progress(_ line: String) {
        guard isatty(STDERR_FILENO) != 0 else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
    }

    private func settings() throws -> FetchSettings {
        let file = config.map { URL(fileURLWithPath: $0) } ?? URL(fileURLWithPath: out).appendingPathComponent("pipeline.json")
        guard let data = FileManager.default.contents(atPath: file.path) else {
            if config != nil { throw ValidationError("the settings file \(file.path) cannot be read") }
            return FetchSettings()
        }
        do {
            return try SettingsFile(data: data, name: file.path, sections: BundleBuilder.settingsSections)
                .decode(FetchSettings.self, section: FetchSettings.section)
        } catch let error as SettingsError {
            throw ValidationError(error.description)
        }
    }
}
