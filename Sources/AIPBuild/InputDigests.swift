import AIPManifest
import Foundation
import Synchronization

/// The SHA-256 of a stage's inputs, for the manifest, hashed on the build's other core.
///
/// A stage may say which files it has read as soon as it knows (``AIPStages/StageContext/inputsRead``): they are hashed
/// then, in the background, while the stage goes on alone (the airports stage merges its documents on one core). The
/// files of the stage's inputs not hashed by then are hashed when ``digests(of:)`` is asked, after the stage.
final class InputDigests: Sendable {
    private let root: URL
    private let started = Mutex<[BackgroundWork<[String: Result<ManifestInput, any Error>]>]>([])

    init(root: URL) {
        self.root = root
    }

    /// Starts hashing `files` (paths relative to the source tree) on a background thread.
    func start(_ files: [String]) {
        let root = root
        let work = BackgroundWork {
            Dictionary(files.map { file in
                (file, Result { try ManifestInput.hashing(fileAt: root.appendingPathComponent(file), relativePath: file) })
            }) { first, _ in first }
        }
        started.withLock { $0.append(work) }
    }

    /// The digests of `files`, in their order: those started early, the others hashed now.
    func digests(of files: [String]) throws -> [ManifestInput] {
        var early: [String: Result<ManifestInput, any Error>] = [:]
        for work in started.withLock({ $0 }) {
            early.merge(try work.value()) { first, _ in first }
        }
        return try files.map { file in
            try early[file]?.get() ?? ManifestInput.hashing(fileAt: root.appendingPathComponent(file), relativePath: file)
        }
    }
}
