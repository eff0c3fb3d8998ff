import AIPUpdate
import Foundation
import Observation

/// An app's sync service for its bundle: the state to show (with progress), a sync that can be cancelled, and the
/// advice of the guide's error table for what went wrong. The guide (docs/updates-for-app-developers.md) shows
/// this file as it is.
@Observable @MainActor final class BundleSync {
    /// What the updater is doing; `.failed(kind)` after an error.
    private(set) var state: UpdateClient.State = .idle
    /// What to tell the user about the last failure (the error table's advice); nil when there is none.
    private(set) var advice: String?
    /// The folder to read several files of one version from (`bundle/<file>` reads the current one each time).
    var installedFolder: URL? { client.installedFolder }

    @ObservationIgnored private let client: UpdateClient
    @ObservationIgnored private var running: Task<Void, Never>?
    /// False once a sync has its outcome: reports still on their way from the updater no longer change `state`.
    @ObservationIgnored private var reporting = false

    /// - Parameters:
    ///   - folder: where the bundle lives: in Application Support (kept, never purged), not in Caches; the updater
    ///     keeps it out of backups itself. Its state goes beside it, in `<folder>.update`.
    ///   - trustedKey: the publisher's `signing.pub`, embedded in the app.
    init(channel: URL, folder: URL, trustedKey: SigningPublicKey) {
        // The updater reports on any thread; the states reach the main actor in order through a stream.
        let (states, report) = AsyncStream.makeStream(of: UpdateClient.State.self)
        client = UpdateClient(channel: channel, bundle: folder, work: folder.appendingPathExtension("update"),
                              trustedKey: trustedKey, onState: { report.yield($0) })
        Task { [weak self] in
            for await state in states where self?.reporting == true { self?.state = state }
        }
    }

    /// The usual place: `Application Support/bundle`.
    convenience init(channel: URL, trustedKey: SigningPublicKey) throws {
        let support = try FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
        self.init(channel: channel, folder: support.appendingPathComponent("bundle"), trustedKey: trustedKey)
    }

    /// Starts a sync unless one is running; returns when it is over (done, failed or cancelled).
    func sync() async {
        if let running { return await running.value }
        let task = Task { await run() }
        running = task
        await task.value
        running = nil
    }

    /// Stops the sync at its next step (the user left the screen, the background time is over): the installed
    /// bundle stays as it was and the next sync resumes the download.
    func cancel() { running?.cancel() }

    private func run() async {
        advice = nil
        reporting = true
        let result: Result<UpdateClient.Outcome, any Error>
        do {
            result = .success(try await client.update())
        } catch let error as UpdateError where error.kind == .corruptPayload {
            // A damaged download: the full bundle once, then the table's advice if that fails too.
            do {
                result = .success(try await client.update(path: .fullBundle))
            } catch {
                result = .failure(error)
            }
        } catch {
            result = .failure(error)
        }
        reporting = false
        switch result {
        case .success(let outcome):
            state = .complete(outcome)
        case .failure(let error):
            state = .failed((error as? UpdateError)?.kind ?? .fileSystem)
            advice = Self.advice(for: error)
        }
    }

    /// The error table of the guide, as words for the user (or the app's log); nil when nothing needs saying.
    static func advice(for error: any Error) -> String? {
        guard let error = error as? UpdateError else { return "Unexpected error: \(error)" }
        switch error.kind {
        case .cancelled, .notNewer: return nil
        case .network, .busy, .rollback: return "The chart data could not be updated now; it will retry later."
        case .expired: return "The chart data service has not been refreshed; it will retry later."
        case .outOfSpace: return "Free some storage to update the chart data."
        case .unsupported: return "Update the app to receive new chart data."
        case .badSignature, .corruptPayload, .wrongBase: return "The chart data update was refused; it has been reported."
        case .state, .fileSystem: return "The chart data folder needs attention: \(error.description)"
        }
    }
}
