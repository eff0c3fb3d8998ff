import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Free space on a volume, for refusing an update that cannot fit before anything is written.
enum VolumeSpace {
    /// Bytes available to this process on the volume holding `url` (or its nearest existing ancestor): on Apple
    /// platforms the capacity available for important usage, elsewhere statvfs(3)'s; nil when the system cannot tell.
    static func available(at url: URL) -> Int? {
        var path = url.standardizedFileURL
        while !FileManager.default.fileExists(atPath: path.path), path.path != "/" {
            path = path.deletingLastPathComponent()
        }
        #if canImport(Darwin)
        // statvfs ignores purgeable space (caches the system frees on demand), which an app's own data may use:
        // Apple's figure for "important" writes counts it. Unknown (an old volume format): statvfs below.
        if let bytes = try? path.resourceValues(forKeys: [.volumeAvailableCapacityForImportantUsageKey]).volumeAvailableCapacityForImportantUsage {
            return Int(clamping: bytes)
        }
        #endif
        var info = statvfs()
        guard statvfs(path.path, &info) == 0 else { return nil }
        let (bytes, overflow) = UInt64(info.f_bavail).multipliedReportingOverflow(by: UInt64(info.f_frsize))
        return overflow || bytes > UInt64(Int.max) ? Int.max : Int(bytes)
    }
}
