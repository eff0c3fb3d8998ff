import AIPManifest
import Foundation
import Synchronization

/// The SHA-256 of a stage's inputs, for the manifest, hashed on background threads.
///
/// A stage may say which files it has read as soon as it knows (``AIPStages/StageContext/inputsRead``): they are hashed
/// then, while the stage goes on alone (the airports stage merges its documents on one core). When the stage ends, the
/// rest are started (hashed while the files are written); ``digests(of:)`` waits for them all. No work waits for
/// another on the background threads: a thread blocked there could leave the queued hashing without a thread.
final class InputDigests: Sendable {
    private struct State {
        var started: Set<String> = []
        var works: [BackgroundWork<[String: Result<ManifestInput, any Error>]>] = []
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

    /// The digests of `inputs`, in their order, once every hashing has ended (those not started are started now).
    func digests(of inputs: [String]) throws -> [ManifestInput] {
        start(inputs)
        var hashed: [String: Result<ManifestInput, any Error>] = [:]
        for work in state.withLock({ $0.works }) { hashed.merge(try work.value()) { first, _ in first } }
        return try inputs.map { try hashed[$0]!.get() }
    }
}
