import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Manifest {
    /// The files of a bundle written the flat way into `folder` (by an earlier version, or copied by hand), as its
    /// own `manifest.json` names them: its files, the manifest and its signature. Empty when `folder` holds no
    /// readable manifest (a plain file, not a link). What a bundle folder may take over as its first bundle
    /// (`BundleFolder.Policy.flatFiles`); any other file there is someone else's.
    public static func flatBundleFiles(in folder: URL) -> Set<String> {
        let url = folder.appendingPathComponent(fileName)
        var status = stat()
        // An unreadable manifest names no files: the folder's files are then someone else's, which the opener
        // reports by name (it never takes over files it cannot prove are a bundle's).
        guard lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              let manifest = try? Manifest(contentsOf: url) else { return [] }
        // Only plain names in `folder` itself: decoding refused a manifest naming anything but a ``PathName``.
        return Set(manifest.files.keys + [fileName, signatureFileName])
    }
}
