import AIPErrorText
import Foundation

/// `check` could not look at the file at all; ``kind`` says why, ``description`` names the path and the cause.
public typealias CheckError = KindedError<CheckErrorKind>

/// What kind of ``CheckError`` it is: what a caller can do about it.
public enum CheckErrorKind: String, Sendable, CaseIterable {
    /// Nothing is at the path (or a link there leads nowhere).
    case missing
    /// Something is there, but not what was expected: a folder, a pipe, a device, an empty or non-SQLite file.
    case wrongType
    /// It is there but cannot be read, opened or resolved (permissions, I/O error).
    case unreadable
    /// It is not a bundle, or not a bundle file `check` knows.
    case notABundle
}
