import Foundation

/// Foundation's file and decoding errors as the end of a sentence a person can act on.
///
/// `CocoaError`, `POSIXError` and `DecodingError` print as `Error Domain=NSCocoaErrorDomain Code=260 …` or as a
/// `DecodingError.dataCorrupted(…)` dump, and on Linux their `localizedDescription` is often only "The operation
/// could not be completed". Every layer that catches one and rethrows its own error puts the path and what the
/// file is for in front of ``reason(_:)``: `"cannot read the key file keys/signing.key: " + ErrorText.reason(error)`.
public enum ErrorText {
    /// Why an operation on a file failed, with the usual fix: "it does not exist", "permission denied; …".
    /// Errors that are not Foundation's keep their own description.
    public static func reason(_ error: any Error) -> String {
        if let error = error as? DecodingError { return decoding(error) }
        if let error = error as? POSIXError { return posix(error.code.rawValue) }
        let nsError = error as NSError
        // A CocoaError carries the system call's errno underneath; that names the cause most precisely.
        // (`as? any Error`, not `as? NSError`: on Linux a Swift error in userInfo does not cast to NSError.)
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error,
           (underlying as NSError).domain == NSPOSIXErrorDomain {
            return posix(Int32((underlying as NSError).code))
        }
        if nsError.domain == NSPOSIXErrorDomain { return posix(Int32(nsError.code)) }
        if nsError.domain == NSCocoaErrorDomain { return cocoa(CocoaError.Code(rawValue: nsError.code)) }
        if let error = error as? LocalizedError, let text = error.errorDescription { return text }
        return "\(error)"
    }

    /// The error as a whole sentence when nothing else is known about it: the path the error names, if any, then
    /// ``reason(_:)``. For the last resort only; a caller that knows what the file is for says so instead.
    public static func sentence(_ error: any Error) -> String {
        guard !(error is DecodingError), !(error is POSIXError),
              let path = (error as NSError).userInfo[NSFilePathErrorKey] as? String else { return reason(error) }
        return "\(path): \(reason(error))"
    }

    /// A JSON document that could not be decoded: what is wrong and where (`files.airports.db.sha256`).
    static func decoding(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "it cannot be decoded"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "the document" : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    /// Why a system call failed, from its `errno`: what `reason(_:)` says for the same `POSIXError`.
    public static func reason(errno code: Int32) -> String {
        posix(code)
    }

    static func posix(_ code: Int32) -> String {
        switch code {
        case ENOENT: "it does not exist; check the path"
        case EACCES, EPERM: "permission denied; check the permissions of the file and of the folders above it (ls -l)"
        case ENOTDIR: "a part of the path is a file, not a folder"
        case EISDIR: "it is a folder, not a file"
        case EEXIST: "it already exists; move it away or give another path"
        case ENOTEMPTY: "the folder is not empty"
        case ENOSPC: "no space is left on the device; free some and run again"
        case EROFS: "the file system is read-only"
        case ELOOP: "it is a loop of symbolic links"
        case ENAMETOOLONG: "the path is too long"
        case EXDEV: "it is on another file system than its destination"
        case EIO: "an input/output error occurred; the disk may be failing"
        default: String(cString: strerror(code)).lowercased()
        }
    }

    private static func cocoa(_ code: CocoaError.Code) -> String {
        switch code {
        case .fileNoSuchFile, .fileReadNoSuchFile: posix(ENOENT)
        case .fileReadNoPermission, .fileWriteNoPermission: posix(EACCES)
        case .fileWriteFileExists: posix(EEXIST)
        case .fileWriteOutOfSpace: posix(ENOSPC)
        case .fileWriteVolumeReadOnly: posix(EROFS)
        case .fileReadInapplicableStringEncoding, .fileWriteInapplicableStringEncoding: "it is not UTF-8 text"
        case .fileReadCorruptFile: "its content is corrupt"
        case .fileReadTooLarge: "it is too large to read"
        default: "the operation failed (Foundation error \(code.rawValue))"
        }
    }
}
