import AIPErrorText
import Foundation

/// Runs sources side by side, each to its own outcome (one failing never stops another), and starts the API
/// source's run from what the others fetched.
struct SourceRuns: Sendable {
    let options: FetchOptions
    let fetcher: HTTPFetcher
    let previous: [String: SourcesLock.Entry]
    let now: String

    /// Each source's run, by id.
    func run(_ ids: [String], _ body: @escaping @Sendable (String, SourceDefinition) async throws -> SourceRun.Result) async
        -> [String: Result<SourceRun.Result, any Error>] {
        await withTaskGroup(of: SourceOutcome.self) { group in
            for id in ids {
                let definition = options.settings.sources[id]!
                group.addTask {
                    do { return SourceOutcome(id: id, result: .success(try await body(id, definition))) } catch {
                        return SourceOutcome(id: id, result: .failure(error))
                    }
                }
            }
            return await group.reduce(into: [String: Result<SourceRun.Result, any Error>]()) { $0[$1.id] = $1.result }
        }
    }

    /// The autorouter source: skipped without credentials; else the aerodromes of `airportsFile` it selects.
    func autorouter(_ id: String, settings: AutorouterSettings, airportsFile: Data?) async throws -> SourceRun.Result {
        guard let credentials = try AutorouterCredentials.load(settings, environment: options.environment) else {
            throw SkippedSource(reason: AutorouterCredentials.howToGive)
        }
        guard let airportsFile, let read = options.aerodromes else {
            throw FetchError(.tree, "\(id): asks about the aerodromes of ourairports/airports.csv, which this run neither fetched nor kept; fetch ourairports too")
        }
        let aerodromes: [FetchAerodrome]
        do { aerodromes = try read(airportsFile).filter(settings.selects) } catch {
            throw FetchError(.tree, "\(id): ourairports/airports.csv cannot be read for the aerodromes to ask about (\(ErrorText.reason(error)))")
        }
        options.progress("\(id): asking about \(aerodromes.count) aerodromes")
        do {
            return try await AutorouterRun(id: id, session: AutorouterSession(settings: settings, credentials: credentials, fetcher: fetcher),
                                           aerodromes: aerodromes, previous: previous, now: now, progress: options.progress).run()
        } catch let error as FetchError {
            throw FetchError(error.kind, error.description.hasPrefix("\(id): ") ? error.description : "\(id): \(error.description)")
        }
    }
}

/// A source not fetched because the run lacks what it needs (credentials): said in one line, exit status unchanged.
struct SkippedSource: Error {
    var reason: String
}

/// How one source's run ended. A struct, not a tuple: a task group whose children return a tuple holding a `Result`
/// crashed in release builds (Swift 6.3.1, seen in the stage loop and here in `make bench`).
private struct SourceOutcome: Sendable {
    var id: String
    var result: Result<SourceRun.Result, any Error>
}
