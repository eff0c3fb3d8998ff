import AIPErrorText
import Foundation

/// A key, a package, a signature or a channel could not be made. ``kind`` says which way, for a caller to `switch`
/// on; ``description`` says what happened and what to do, in words a person can act on. Whenever one is thrown,
/// what was being written (a key pair, a package folder, a channel) is as it was.
public typealias DeltaError = KindedError<DeltaErrorKind>

/// What kind of ``DeltaError`` it is: what a caller can do about it.
public enum DeltaErrorKind: String, Sendable, Equatable, CaseIterable {
    /// A key file cannot be read, or is not an aipbundle private key.
    case badKey
    /// Something is already where a new file or folder must go: a key pair (never overwritten), a package
    /// folder that is not empty.
    case exists
    /// A bundle is not signed by the key given, or its `manifest.sig` does not verify: a device would refuse it.
    case badSignature
    /// A bundle folder is missing or damaged, or its files are not what its manifest records.
    case badBundle
    /// The new bundle is not newer than the old one, or than the channel's latest.
    case notNewer
    /// The bundle's version is in the channel already: with other content, or as an earlier version.
    case versionTaken
    /// The channel cannot be extended as it is: an index of another format, a package its index names missing,
    /// no index to refresh.
    case badChannel
    /// Another publish is writing to the channel; retry when it is done.
    case busy
    /// A file or folder cannot be read or written.
    case fileSystem
    /// zlib could not compress a payload.
    case compression
}
