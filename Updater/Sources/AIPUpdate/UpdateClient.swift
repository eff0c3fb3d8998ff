import AIPBundleFolder
import AIPErrorText
import AIPJSON
import AIPManifestCore
import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An app's sync service for one bundle folder and one channel: check the signed index, plan the cheapest path,
/// download with progress (resuming what an earlier run left), verify everything, apply all at once.
///
/// ```swift
/// let client = UpdateClient(channel: URL(string: "https://cdn.example.org/euro/")!, bundle: bundleFolder,
///                           work: workFolder, trustedKey: key) { state in Task { @MainActor in model.state = state } }
/// let outcome = try await client.update()
/// ```
///
/// `work` keeps downloads between runs and the newest index seen (for rollback protection): put it somewhere the
/// system does not purge (Application Support), outside the bundle folder. Every run starts by finishing what an
/// interrupted one left: a partial download resumes, and a switch a crash cut short is completed.
///
/// One run at a time per work folder: ``check(path:)`` and ``update(path:)`` hold its lock from the first request
/// to the end, and a second one gets ``UpdateError/Kind/busy`` without touching anything. Both honour task
/// cancellation (between requests, during a download, up to the switch; ``UpdateError/Kind/cancelled``), and run
/// the heavy work (hashing, applying rows) on a thread of their own, never on the caller's executor.
public struct UpdateClient: Sendable {
    public enum State: Sendable, Equatable {
        case idle
        case checking
        case downloading(Progress)
        case applying
        case complete(Outcome)
        case failed(UpdateError.Kind)
    }

    public struct Progress: Sendable, Equatable {
        public var bytes: Int
        public var totalBytes: Int
        public var fraction: Double { totalBytes == 0 ? 1 : min(1, Double(bytes) / Double(totalBytes)) }
    }

    public struct Outcome: Sendable, Equatable {
        /// The version installed before, nil for none.
        public var fromVersion: String?
        /// The version installed now.
        public var version: String
        /// False when the bundle was current already.
        public var changed: Bool
        /// The packages applied (empty when nothing changed).
        public var steps: [ChannelIndex.Entry]
        /// Bytes downloaded in this run.
        public var downloadedBytes: Int
    }

    /// What path to take.
    public enum Path: Sendable {
        /// The plan with the fewest bytes; falls back to the full bundle when a delta is gone or does not apply.
        case cheapest
        /// The latest full bundle, whatever is installed (what to do after ``UpdateError/Kind/corruptPayload``
        /// persists).
        case fullBundle
    }

    public let channel: URL
    public let bundle: URL
    public let work: URL
    /// The publisher's keys: what any of them signed is accepted (more than one while a key is rotated).
    public let trustedKeys: [SigningPublicKey]
    /// Whether `bundle` may hold files the updater did not write (kept as they are); false refuses such a folder.
    public let adoptFolder: Bool
    private let session: URLSession
    private let now: @Sendable () -> Date
    private let onState: @Sendable (State) -> Void

    /// - Parameters:
    ///   - channel: the channel's root (`https://…/`, or a `file:` URL of a folder).
    ///   - bundle: the installed bundle folder (created on the first install).
    ///   - work: downloads and the state of this channel; not inside `bundle`.
    ///   - trustedKey: the publisher's public key; nothing unsigned by it is ever installed (``init(channel:bundle:work:trustedKeys:adoptFolder:session:now:onState:)``
    ///     for several).
    ///   - adoptFolder: install into a folder holding files the updater did not write, keeping them as they are.
    ///   - session: the URLSession whose configuration requests use (timeouts, proxies).
    ///   - now: the clock index expiry is checked against.
    ///   - onState: told every change of state, on an arbitrary thread.
    public init(channel: URL, bundle: URL, work: URL, trustedKey: SigningPublicKey, adoptFolder: Bool = false, session: URLSession = .shared,
                now: @escaping @Sendable () -> Date = Date.init, onState: @escaping @Sendable (State) -> Void = { _ in }) {
        self.init(channel: channel, bundle: bundle, work: work, trustedKeys: [trustedKey], adoptFolder: adoptFolder, session: session,
                  now: now, onState: onState)
    }

    /// A client accepting what any of `trustedKeys` signed: ship the publisher's next key beside its current one
    /// before the channel switches to it, so devices that have not updated the app yet are never stranded.
    public init(channel: URL, bundle: URL, work: URL, trustedKeys: [SigningPublicKey], adoptFolder: Bool = false,
                session: URLSession = .shared, now: @escaping @Sendable () -> Date = Date.init,
                onState: @escaping @Sendable (State) -> Void = { _ in }) {
        self.channel = channel
        self.bundle = bundle
        self.work = work
        self.trustedKeys = trustedKeys
        self.adoptFolder = adoptFolder
        self.session = session
        self.now = now
        self.onState = onState
    }

    /// The folder holding the installed bundle's files, all of one version (nil when nothing is installed): read
    /// several files from here rather than through `bundle/<file>`, which may change version between two reads.
    public var installedFolder: URL? { BundleFolder.currentContents(of: bundle) }

    /// Fetches and verifies the channel's index, and plans the update from what is installed.
    /// - Returns: the index, and the plan (nil when the latest is installed).
    public func check(path: Path = .cheapest) async throws -> (index: ChannelIndex, plan: UpdatePlan?) {
        let lock = try lockWork()
        defer { withExtendedLifetime(lock) {} }
        let index = try await fetchIndex()
        let installed = try installedVersion()
        if installed == index.latest { return (index, nil) }
        guard let plan = plan(index, installed: installed, path: path, unavailable: []) else {
            throw UpdateError(.unsupported, "the channel has no package that brings \(installed ?? "an empty folder") to \(index.latest)")
        }
        return (index, plan)
    }

    /// Brings the bundle to the channel's latest version (or repairs and confirms it when it is there already).
    /// - Throws: `UpdateError`; the installed bundle is then as it was.
    @discardableResult
    public func update(path: Path = .cheapest) async throws -> Outcome {
        do {
            let outcome = try await run(path: path)
            onState(.complete(outcome))
            return outcome
        } catch let error as UpdateError {
            onState(.failed(error.kind))
            throw error
        }
    }

    private func run(path: Path) async throws -> Outcome {
        // Before anything is read or written: a second updater must not touch the downloads or the state.
        let lock = try lockWork()
        defer { withExtendedLifetime(lock) {} }
        onState(.checking)
        let index = try await fetchIndex()
        let installed = try installedVersion()
        if installed == index.latest {
            try UpdateError.checkCancellation()
            try BundleUpdater.repairIfLaidOut(bundle, adoptFolder: adoptFolder)
            removeDownloads()
            return Outcome(fromVersion: installed, version: index.latest, changed: false, steps: [], downloadedBytes: 0)
        }
        var unavailable: Set<String> = []
        var currentPath = path
        while true {
            guard let plan = plan(index, installed: installed, path: currentPath, unavailable: unavailable) else {
                throw UpdateError(.unsupported, "the channel has no package that brings \(installed ?? "an empty folder") to \(index.latest)")
            }
            let counter = ByteCounter(total: plan.bytes, onState: onState)
            onState(.downloading(counter.progress))
            var folders: [URL] = []
            do {
                for step in plan.steps { folders.append(try await download(step, counter: counter)) }
            } catch let missing as ChannelTransport.Missing {
                // A package the index names but the server no longer has: plan around it.
                guard let step = plan.steps.first(where: { missing.path.hasPrefix($0.path + "/") }), step.from != nil else {
                    throw UpdateError(.network, "the channel names \(missing.path) but does not serve it")
                }
                unavailable.insert(step.deltaSHA256)
                continue
            }
            try UpdateError.checkCancellation()
            onState(.applying)
            do {
                let result = try await apply(folders)
                excludeBundleFromBackup()
                removeDownloads()
                return Outcome(fromVersion: installed, version: result.toVersion, changed: result.changed, steps: plan.steps,
                               downloadedBytes: counter.downloaded)
            } catch let error as UpdateError where error.kind == .wrongBase && currentPath == .cheapest {
                // The installed files are not what the deltas start from: the full bundle replaces them.
                currentPath = .fullBundle
            } catch let error as UpdateError where error.kind == .corruptPayload {
                // Something downloaded is damaged: the next run fetches it all again.
                removeDownloads()
                throw error
            }
        }
    }

    private func plan(_ index: ChannelIndex, installed: String?, path: Path, unavailable: Set<String>) -> UpdatePlan? {
        switch path {
        case .cheapest:
            return UpdatePlan.cheapest(in: index, installed: installed, unavailable: unavailable)
        case .fullBundle:
            return index.packages.first { $0.from == nil && $0.to == index.latest }.map { UpdatePlan(steps: [$0]) }
        }
    }

    /// Applies the downloaded packages on a thread of its own; a cancellation stops it at the next file, or before
    /// the switch, and never after it.
    private func apply(_ folders: [URL]) async throws -> BundleUpdater.Result {
        let cancelled = CancellationFlag()
        let (bundle, trustedKeys, adoptFolder) = (bundle, trustedKeys, adoptFolder)
        return try await withTaskCancellationHandler {
            try await offload {
                try BundleUpdater.apply(packages: folders, to: bundle, trustedKeys: trustedKeys, adoptFolder: adoptFolder,
                                        afterFile: { _ in try cancelled.check() },
                                        publishFault: { step in if step.isBeforeFlip { try cancelled.check() } })
            }
        } onCancel: {
            cancelled.set()
        }
    }

    private var transport: ChannelTransport { ChannelTransport(channel: channel, session: session, attempts: 4) }
    private var downloads: URL { work.appendingPathComponent("downloads") }
    private var stateFile: URL { work.appendingPathComponent("channel-state.json") }

    /// The index, verified, and not older than the newest this device has seen; that one is recorded.
    private func fetchIndex() async throws -> ChannelIndex {
        let data: Data
        do {
            data = try await transport.fetch(ChannelIndex.fileName, limit: ChannelIndex.maximumBytes,
                                             via: work.appendingPathComponent(ChannelIndex.fileName))
        } catch let missing as ChannelTransport.Missing {
            throw UpdateError(.network, "the channel \(channel.absoluteString) has no \(missing.path)")
        }
        try UpdateError.checkCancellation()
        let index = try ChannelIndex(published: data, trustedKeys: trustedKeys, now: now())
        let digest = SHA256.hash(data: data).lowercaseHex
        let seen = try SeenIndex.read(stateFile)
        if let seen {
            guard index.sequence >= seen.sequence else {
                throw UpdateError(.rollback, "the channel serves index sequence \(index.sequence), older than sequence \(seen.sequence) this device has seen: a stale mirror or a replay; keep the installed bundle and retry later")
            }
            guard index.sequence > seen.sequence || digest == seen.sha256 else {
                throw UpdateError(.rollback, "the channel serves another index with the sequence \(index.sequence) this device has seen: the publisher signed two, or someone replays one")
            }
        }
        if seen?.sha256 != digest { try SeenIndex(sequence: index.sequence, sha256: digest).write(to: stateFile) }
        return index
    }

    private func installedVersion() throws -> String? {
        try BundleUpdater.installedManifestData(BundleFolder.currentContents(of: bundle)).map(BundleUpdater.parseInstalled)?.bundleVersion
    }

    /// Downloads one package into `work/downloads/<sha>/`: delta.json first (pinned by the index), then what it
    /// names. Files already complete are kept; each is checked against its signed size and hash by the updater.
    private func download(_ step: ChannelIndex.Entry, counter: ByteCounter) async throws -> URL {
        let folder = downloads.appendingPathComponent(step.deltaSHA256)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw FileWriteError.classify(error, writing: folder, what: "the download folder")
        }
        let deltaURL = folder.appendingPathComponent(DeltaManifest.fileName)
        try UpdateError.checkCancellation()
        try await fetchFile(step, DeltaManifest.fileName, into: folder, limit: step.bytes, counter: counter)
        let deltaData = try UpdatePackage.read(deltaURL, what: "the downloaded \(DeltaManifest.fileName)")
        guard SHA256.hash(data: deltaData).lowercaseHex == step.deltaSHA256 else {
            // Fetched again next run; one that stays fails this same check, and this error says why.
            try? FileManager.default.removeItem(at: deltaURL)
            throw UpdateError(.corruptPayload, "the channel's \(step.path)/\(DeltaManifest.fileName) is not the one its signed index names (SHA-256 differs): damaged in transit or on the server")
        }
        let delta = try DeltaManifest(jsonData: deltaData)
        var files: [(name: String, limit: Int, sha256: String?)] = [
            (DeltaManifest.signatureName, 1_024, nil), (DeltaManifest.targetManifestPayload, step.bytes, nil), (Manifest.signatureFileName, 1_024, nil),
        ]
        // DeltaManifest(jsonData:) refused any name that is not a PathName, so fileNames() does not throw here.
        for name in try delta.fileNames() {
            let file = delta.files[name.text]!
            guard let payload = file.payloadName(for: name), let bytes = file.bytes else { continue }
            files.append((payload, bytes, file.sha256))
        }
        for file in files {
            try UpdateError.checkCancellation()
            try await fetchFile(step, file.name, into: folder, limit: file.limit, counter: counter, sha256: file.sha256)
        }
        return folder
    }

    /// Fetches one file of a package unless it is there already (with the right hash, when one is known); a file
    /// with the wrong hash is deleted so the next run fetches it again.
    private func fetchFile(_ step: ChannelIndex.Entry, _ name: String, into folder: URL, limit: Int, counter: ByteCounter,
                           sha256: String? = nil) async throws {
        let destination = folder.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: destination.path) {
            // Unreadable counts as damaged: fetched again.
            if let sha256, await digest(destination) != sha256 {
                // A file that stays makes the download fail, which is reported.
                try? FileManager.default.removeItem(at: destination)
            } else {
                return
            }
        }
        try await transport.download("\(step.path)/\(name)", to: destination, limit: limit) { counter.add($0) }
        // Unreadable counts as damaged, as above.
        if let sha256, await digest(destination) != sha256 {
            // The next run fetches it again either way: a file that stays fails this check first.
            try? FileManager.default.removeItem(at: destination)
            throw UpdateError(.corruptPayload, "the channel's \(step.path)/\(name) does not match its SHA-256 in \(DeltaManifest.fileName): damaged in transit or on the server; it will be downloaded again")
        }
    }

    /// The bundle is the channel's to restore (a restored device downloads it again), not the user's data: kept out
    /// of iCloud and computer backups on Apple platforms. Elsewhere there is no such attribute.
    private func excludeBundleFromBackup() {
        #if canImport(Darwin)
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        var url = bundle
        // A folder that keeps the attribute off is backed up: more space used, nothing lost; not worth failing for.
        try? url.setResourceValues(values)
        #endif
    }

    /// The SHA-256 of a downloaded file, hashed on a thread of its own; nil when it cannot be read.
    private func digest(_ url: URL) async -> String? {
        // Unreadable: nil, which callers take for damaged.
        try? await offload { try FileDigest(fileAt: url).sha256 }
    }

    private func removeDownloads() {
        // Applied or damaged: anything that stays is checked against its signed hash before any use.
        try? FileManager.default.removeItem(at: downloads)
    }
}

/// Runs blocking work on a thread of its own (a Dispatch queue), so neither the caller's executor nor a thread of
/// Swift's cooperative pool waits on the disk.
private func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global(qos: .utility).async { continuation.resume(with: Result { try work() }) }
    }
}

/// Set when the task applying an update is cancelled; the apply, on another thread, checks it between steps.
private final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false

    func set() { lock.withLock { isSet = true } }

    func check() throws {
        if lock.withLock({ isSet }) { throw UpdateError.cancelled }
    }
}

/// Bytes received so far in one run, reported as progress.
private final class ByteCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    let total: Int
    private let onState: @Sendable (UpdateClient.State) -> Void

    init(total: Int, onState: @escaping @Sendable (UpdateClient.State) -> Void) {
        self.total = total
        self.onState = onState
    }

    var downloaded: Int { lock.withLock { count } }
    var progress: UpdateClient.Progress { UpdateClient.Progress(bytes: downloaded, totalBytes: total) }

    func add(_ bytes: Int) {
        let now = lock.withLock { count += bytes; return count }
        onState(.downloading(UpdateClient.Progress(bytes: now, totalBytes: total)))
    }
}

/// The newest index this device accepted from the channel: its sequence and the SHA-256 of its bytes.
struct SeenIndex: Codable, Equatable {
    var sequence: Int
    var sha256: String

    /// The record at `url`; nil when there is none (nothing seen yet).
    /// - Throws: `UpdateError.state` when it cannot be read, is damaged or says what no index can (a negative
    ///   sequence, a digest that is not a SHA-256): taking it for "nothing seen" would accept any older index,
    ///   which is what the record is there to refuse.
    static func read(_ url: URL) throws -> SeenIndex? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let advice = "it records the newest index this device has seen; the bundle is unchanged. Delete it only to accept any index the channel serves that is not older than the installed bundle"
        let record: SeenIndex
        do {
            record = try JSONDecoder().decode(SeenIndex.self, from: Data(contentsOf: url))
        } catch {
            throw UpdateError(.state, "cannot read the channel state \(url.path) (\(ErrorText.reason(error))): \(advice)")
        }
        guard record.sequence >= 0, record.sha256.count == 64, record.sha256.allSatisfy(\.isHexDigit), record.sha256 == record.sha256.lowercased() else {
            throw UpdateError(.state, "the channel state \(url.path) is inconsistent (sequence \(record.sequence), SHA-256 \(record.sha256.prefix(64))): \(advice)")
        }
        return record
    }

    /// Written to a temporary file, flushed, and renamed (the folder flushed too), so a crash or a power cut leaves
    /// the old record or the new one.
    func write(to url: URL) throws {
        let temporary = url.appendingPathExtension("new")
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONWriter.encode(self).write(to: temporary)
            try BundleFolder.sync(temporary)
            if rename(temporary.path, url.path) != 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            try BundleFolder.sync(url.deletingLastPathComponent())
        } catch {
            throw FileWriteError.classify(error, writing: url, what: "the channel state")
        }
    }
}
