import AIPManifest
import Foundation
import Synchronization

/// The SHA-256 of a stage's inputs, for the manifest, hashed on background threads.
///
/// A stage may say which files it has read as soon as it knows (``AIPStages/StageContext/inputsRead``): they are hashed
/// then, while the stage goes on alone (the airports stage merges its documents on one core). When the stage ends,
/// ``finish(_:)`` starts the rest, hashed while the files are written; ``digests()`` waits for them all. No work waits
/// for another on the background threads: a thread blocked there could leave the queued hashing without a thread.
final class InputDigests: Sendable {
    private struct State {
        var started: Set<String> = []
        var works: [BackgroundWork<[String: Result<ManifestInput, any Error>]>] = []
        var inputs: [String] = []
    }

    private let root: URL
    private let state = Mutex(State())

    init(root: URL) {
        self.root = root
    }

    /// Starts hashing those of `files` (paths relative to the source tree) not started yet.
    func start(_ files: [String]) {
        let root = root
        state.withLock { state in
            let new = files.filter { state.started.insert($0).inserted }
            guard !new.isEmpty else { return }
            state.works.append(BackgroundWork {
                Dictionary(uniqueKeysWithValues: new.map { file in
                    (file, Result { try ManifestInput.hashing(fileAt: root.appendingPathComponent(file), relativePath: file) })
                })
            })
        }
    }

    /// The stage's inputs, in the manifest's order: hashing starts for those not started yet.
    func finish(_ inputs: [String]) {
        start(inputs)
        state.withLock { $0.inputs = inputs }
    }

    /// The digests of the inputs given to ``finish(_:)``, in their order, once every hashing has ended.
    func digests() throws -> [ManifestInput] {
        let (works, inputs) = state.withLock { ($0.works, $0.inputs) }
        var hashed: [String: Result<ManifestInput, any Error>] = [:]
        for work in works { hashed.merge(try work.value()) { first, _ in first } }
        return try inputs.map { try hashed[$0]!.get() }
    }
}
