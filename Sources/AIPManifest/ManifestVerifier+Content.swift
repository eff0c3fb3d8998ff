import Foundation

extension ManifestVerifier {
    /// The logical hash of every file the manifest in `folder` lists, recomputed from the files, by name.
    ///
    /// A bundle patched by a delta has other bytes than the published files (so ``verify(folder:requireManifest:)``
    /// reports them as rewritten) but must have the same content: compare these with the manifest's `logical_sha256`.
    /// - Throws: `ManifestError` when the manifest or a file cannot be read.
    public static func contentHashes(folder: URL) throws -> [String: String] {
        let manifest = try Manifest(contentsOf: folder.appendingPathComponent(Manifest.fileName))
        var hashes: [String: String] = [:]
        for name in try manifest.fileNames() {
            hashes[name.text] = try ManifestFile(fileAt: folder.appending(name), kind: manifest.files[name.text]!.kind).logicalSHA256
        }
        return hashes
    }
}
