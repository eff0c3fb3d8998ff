import AIPBundleFolder
import AIPErrorText
import AIPManifest
import Foundation

/// Brings an installed bundle folder to the version of an update package, all or nothing.
///
/// Order: verify the package (signatures, every payload's size and SHA-256); lock the bundle folder; check the
/// installed bundle is the package's base (version, and each file's logical hash, so a file changed on the device
/// is caught) and older than the target; build the new bundle in a staging folder inside the bundle folder —
/// unchanged files hard-linked, each changeset applied to a copy in one transaction, full files decompressed —
/// and check each result's logical hash against the target manifest; then publish it with
/// ``BundleFolder/publish(_:files:fault:)``: one rename(2), manifest.json and manifest.sig with the files.
/// Any failure before that rename leaves the installed bundle byte for byte as it was.
public enum BundleUpdater {
    /// What an update did.
    public struct Result: Sendable, Equatable {
        public var fromVersion: String?
        public var toVersion: String
        /// How each file of the new bundle was obtained.
        public var files: [String: DeltaFile.Kind]
    }

    /// Applies the package in `package` to the bundle folder `bundle` (created when it does not exist, for a full
    /// bundle).
    /// - Parameters:
    ///   - trustedKey: the key the package and its manifest must be signed by; nil skips signatures (development only).
    ///   - afterFile: called after each file is produced in the staging folder; tests throw from it to simulate a
    ///     failure part-way.
    /// - Throws: `UpdateError` (or `BundleFolderError`) saying why; the installed bundle is then unchanged.
    @discardableResult
    public static func apply(package: URL, to bundle: URL, trustedKey: SigningPublicKey?,
                             afterFile: (String) throws -> Void = { _ in }) throws -> Result {
        let update = try UpdatePackage(folder: package, trustedKey: trustedKey)
        // Versions first, before the bundle folder is opened (which creates it when missing); then, under its
        // lock, the versions again and the content of every base file.
        try checkVersions(update, installed: installedManifest(BundleFolder.currentContents(of: bundle)))
        let folder = try BundleFolder(root: bundle)
        let installed = try installedManifest(folder.current)
        try checkVersions(update, installed: installed)
        try checkBaseFiles(update, in: folder.current)

        let staging = try folder.makeStaging()
        do {
            var kinds: [String: DeltaFile.Kind] = [:]
            for name in update.delta.files.keys.sorted() {
                let file = update.delta.files[name]!
                try produce(name, file, update: update, from: folder.current, into: staging)
                kinds[name] = file.kind
                try afterFile(name)
            }
            try update.targetManifestData.write(to: staging.appendingPathComponent(Manifest.fileName))
            var names = kinds.keys.sorted() + [Manifest.fileName]
            if let signature = update.targetSignature {
                try FileManager.default.copyItem(at: signature, to: staging.appendingPathComponent(Manifest.signatureFileName))
                names.append(Manifest.signatureFileName)
            }
            try folder.publish(staging, files: names)
            return Result(fromVersion: installed?.bundleVersion, toVersion: update.delta.toVersion, files: kinds)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    /// The manifest of the installed bundle, nil when nothing is installed.
    static func installedManifest(_ current: URL?) throws -> Manifest? {
        guard let url = current?.appendingPathComponent(Manifest.fileName),
              FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try Manifest(contentsOf: url)
        } catch {
            throw UpdateError("the installed bundle's \(error)")
        }
    }

    private static func checkVersions(_ update: UpdatePackage, installed: Manifest?) throws {
        let target = update.targetManifest
        if let installed, !BundleVersionOrder.isNewer(target, than: installed) {
            throw UpdateError("""
                the package brings version \(target.bundleVersion) (AIRAC \(target.airac.cycle)), which is not newer than the \
                installed \(installed.bundleVersion) (AIRAC \(installed.airac.cycle)): a replayed or older package is never installed
                """)
        }
        guard let from = update.delta.fromVersion else { return }
        guard let installed else {
            throw UpdateError("the delta applies to version \(from), but no bundle is installed; install the full bundle")
        }
        guard installed.bundleVersion == from else {
            throw UpdateError("the delta applies to version \(from), but version \(installed.bundleVersion) is installed")
        }
    }

    /// Every file the package patches or keeps must have, on the device, the content the package was made from.
    private static func checkBaseFiles(_ update: UpdatePackage, in current: URL?) throws {
        let target = update.targetManifest
        guard update.delta.fromVersion != nil, let current else { return }
        for (name, file) in update.delta.files.sorted(by: { $0.key < $1.key }) {
            guard let base = file.baseLogicalSHA256, let kind = target.files[name]?.kind else { continue }
            let url = current.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw UpdateError("\(name): the delta applies to it, but it is not installed")
            }
            let actual: ManifestFile
            do {
                actual = try ManifestFile(fileAt: url, kind: kind)
            } catch {
                throw UpdateError("\(name): the installed file cannot be read: \(error)")
            }
            guard actual.logicalSHA256 == base else {
                throw UpdateError("\(name): the installed file is not the one the delta applies to (its content was changed on this device); install the full bundle")
            }
        }
    }

    /// Puts `name` of the target bundle into `staging` and checks its content.
    private static func produce(_ name: String, _ file: DeltaFile, update: UpdatePackage, from current: URL?, into staging: URL) throws {
        let destination = staging.appendingPathComponent(name)
        let expected = update.targetManifest.files[name]!
        switch file.kind {
        case .unchanged:
            guard let current else { throw UpdateError("\(name): the package keeps it, but nothing is installed") }
            try BundleFolder.linkOrCopy(current.appendingPathComponent(name), to: destination)
        case .changeset:
            guard let current else { throw UpdateError("\(name): the package patches it, but nothing is installed") }
            let changeset = try update.payload(name, file)
            do {
                try FileManager.default.copyItem(at: current.appendingPathComponent(name), to: destination)
            } catch {
                throw UpdateError("\(name): cannot copy the installed file to patch it: \(ErrorText.reason(error))")
            }
            try ChangesetApplier.apply(changeset, sequence: file.sequence, to: destination, name: name)
        case .full:
            try update.payload(name, file).write(to: destination, options: .withoutOverwriting)
        }
        let result: ManifestFile
        do {
            result = try ManifestFile(fileAt: destination, kind: expected.kind)
        } catch {
            throw UpdateError("\(name): the result cannot be read: \(error)")
        }
        guard result.logicalSHA256 == expected.logicalSHA256, file.kind != .full || result.sha256 == expected.sha256 else {
            throw UpdateError("\(name): the result's content is not the target's (logical hash \(result.logicalSHA256.prefix(12)), expected \(expected.logicalSHA256.prefix(12)))")
        }
    }
}
