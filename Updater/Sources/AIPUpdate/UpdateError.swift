import Foundation

/// Why an update was refused or failed. Whenever one is thrown the installed bundle is unchanged; ``kind`` says what
/// an app should do about it, ``description`` says what happened in words a person can act on.
///
/// ```swift
/// do { try await client.update() }
/// catch let error as UpdateError where error.kind.installFullBundle { try await client.update(path: .fullBundle) }
/// ```
public struct UpdateError: Error, Sendable, CustomStringConvertible, LocalizedError {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// A signature is missing, malformed, made by another key, or does not match: someone other than the
        /// publisher made or changed the file. Never retried with the same files; report it.
        case badSignature
        /// The package brings a version that is not newer than the installed one (a replay or a downgrade).
        case notNewer
        /// A delta does not apply to what is installed (another version, or a file changed on the device):
        /// install the full bundle instead (``UpdateClient`` does so by itself).
        case wrongBase
        /// A downloaded file does not have the size or SHA-256 that signed data gives, or a payload does not
        /// decode, or the result does not hash as the target manifest says: the download is discarded; retry
        /// later, and install the full bundle if it persists.
        case corruptPayload
        /// The volume lacks the space to build the new bundle beside the installed one.
        case outOfSpace
        /// The channel cannot be reached, or answers with an HTTP error; retry later.
        case network
        /// The channel's index is older than one this device has seen (a stale mirror, or a replay): keep the
        /// installed bundle and retry later, or from another mirror.
        case rollback
        /// The channel's index is past its signed expiry: the publisher stopped refreshing it (or a mirror is
        /// frozen). Keep the installed bundle, retry later, and tell someone if it persists.
        case expired
        /// A file has a format this updater does not read, or is not what it claims to be: update the app.
        case unsupported
        /// Another updater is changing the same bundle folder; retry when it is done.
        case busy
        /// The bundle folder or the download folder cannot be read or written.
        case fileSystem
        /// A file the updater keeps about the channel (`channel-state.json` in the work folder: the newest index
        /// seen) is unreadable or inconsistent. The message names it; the bundle is as it was. Never read as
        /// "nothing seen", which would switch off the rollback check: the app decides (see the guide).
        case state
        /// The task running the update was cancelled. The installed bundle is as it was; what was downloaded
        /// stays and the next run resumes it.
        case cancelled

        /// Whether installing the full bundle instead is the way out (``UpdateClient`` falls back by itself for
        /// ``wrongBase``; for ``corruptPayload`` an app may choose to).
        public var installFullBundle: Bool { self == .wrongBase || self == .corruptPayload }
    }

    public var kind: Kind
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    public var errorDescription: String? { description }

    /// What every step that notices a cancelled task throws.
    static let cancelled = UpdateError(.cancelled, "the update was cancelled: the installed bundle is as it was, and the next run resumes the download")

    /// Throws ``cancelled`` when the current task is cancelled: checked between requests and before the switch.
    static func checkCancellation() throws {
        if Task.isCancelled { throw cancelled }
    }
}
