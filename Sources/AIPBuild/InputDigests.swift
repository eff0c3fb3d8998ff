import AIPManifest
import Foundation
import Synchronization

/// The SHA-256 of a stage's inputs, for the manifest.
///
/// A file the stage loads whole through its source tree is hashed as it is loaded (``loaded(_:stored:)``), on the
/// thread loading it: the eAIP pages on the two page workers, from the bytes they parse. When the stage ends, the rest
/// (streamed files: a GeoNames dump) are hashed on background threads while the files are written; ``digests(of:)``
/// waits for them all. No hashing waits for other work on the background threads: a thread blocked there could leave
/// the queued hashing without a thread.
final class InputDigests: Sendable {
    private struct State {
        var started: Set<String> = []
        var works: [BackgroundWork<[String: Result<ManifestInput, any Error>]>] = []
        /// Files hashed as they were loaded; the first load of a file is the one recorded.
        var loaded: [String: ManifestInput] = [:]
    }

    private let root: URL
    private let state = Mutex(State())

    init(root: URL) {
        self.root = root
    }

    /// Records the digest of `file` (relative to the source tree) from its bytes as stored, loaded by the stage.
    func loaded(_ file: String, stored: Data) {
        guard state.withLock({ $0.loaded[file] == nil }) else { return }
        let digest = FileDigest(contents: stored)
        state.withLock { state in
            if state.loaded[file] == nil { state.loaded[file] = ManifestInput(path: file, bytes: digest.bytes, sha256: digest.sha256) }
        }
    }

    /// Starts hashing those of `files` (paths relative to the source tree) neither loaded nor started yet.
    func start(_ files: [String]) {
        let root = root
        state.withLock { state in
            let new = files.filter { state.loaded[$0] == nil && state.started.insert($0).inserted }
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
        let (works, loaded) = state.withLock { ($0.works, $0.loaded) }
        var hashed = loaded.mapValues { Result<ManifestInput, any Error>.success($0) }
        for work in works { hashed.merge(try work.value()) { first, _ in first } }
        return try inputs.map { try hashed[$0]!.get() }
    }
}
