import AIPBundleFolder
import AIPErrorText
import AIPManifestCore
import Foundation

/// Brings an installed bundle folder to the version of an update package (or of a chain of them), all or nothing.
///
/// Order: verify every package (signatures, every payload's size and SHA-256) and decode every rows payload;
/// check, reading only, that the installed bundle is the first package's base (version, and each file's logical
/// hash, so a file changed on the device is caught), that the target is newer, and that the volume has room —
/// a refusal up to here leaves the folder untouched, a flat one included. Then lock the bundle folder and build
/// each version in turn in a staging folder inside it: unchanged files hard-linked (or copied through SQLite when
/// the app switched them to WAL), rows applied to a copy in one transaction, full files inflated; each result is
/// checked against the target manifest. Last, one rename(2) publishes the final version with its manifest.json and
/// manifest.sig (``BundleFolder/publish(_:files:fault:)``). Any failure before that rename leaves the installed
/// bundle as it was; a crash after it is completed by the next open of the folder.
public enum BundleUpdater {
    /// What an update did.
    public struct Result: Sendable, Equatable {
        public var fromVersion: String?
        public var toVersion: String
        /// False when the target was installed already: nothing changed.
        public var changed: Bool
        /// How each file of the new bundle was obtained by the last package.
        public var files: [String: DeltaFile.Kind]
    }

    /// Applies the package in `package` to the bundle folder `bundle` (created when it does not exist, for a
    /// full bundle). See ``apply(packages:to:trustedKey:adoptFolder:afterFile:publishFault:)``.
    @discardableResult
    public static func apply(package: URL, to bundle: URL, trustedKey: SigningPublicKey, adoptFolder: Bool = false,
                             afterFile: (String) throws -> Void = { _ in }) throws -> Result {
        try apply(packages: [package], to: bundle, trustedKey: trustedKey, adoptFolder: adoptFolder, afterFile: afterFile)
    }

    /// Applies a chain of packages — the first to the installed bundle, each next one to the version the previous
    /// brings — and publishes only the last version. Applying the version already installed (the same manifest)
    /// succeeds and changes nothing.
    /// - Parameters:
    ///   - trustedKey: the key every package and manifest must be signed by.
    ///   - adoptFolder: install into a folder holding files the updater did not write, keeping them as they are;
    ///     false refuses such a folder (`BundleFolder.Policy`).
    ///   - afterFile: called after each file is produced in a staging folder; tests throw from it to simulate a
    ///     failure part-way.
    ///   - publishFault: passed to ``BundleFolder/publish(_:files:fault:)``; tests throw from it to simulate a crash
    ///     at a step of the switch.
    /// - Throws: `UpdateError` saying why; the installed bundle is then unchanged.
    @discardableResult
    public static func apply(packages: [URL], to bundle: URL, trustedKey: SigningPublicKey, adoptFolder: Bool = false,
                             afterFile: (String) throws -> Void = { _ in },
                             publishFault: (BundleFolder.Step) throws -> Void = { _ in }) throws -> Result {
        try apply(packages: packages, to: bundle, trustedKeys: [trustedKey], adoptFolder: adoptFolder, afterFile: afterFile, publishFault: publishFault)
    }

    /// ``apply(packages:to:trustedKey:adoptFolder:afterFile:publishFault:)`` accepting what any of `trustedKeys`
    /// signed (a publisher's old key and its new one, while it rotates).
    @discardableResult
    public static func apply(packages: [URL], to bundle: URL, trustedKeys: [SigningPublicKey], adoptFolder: Bool = false,
                             afterFile: (String) throws -> Void = { _ in },
                             publishFault: (BundleFolder.Step) throws -> Void = { _ in }) throws -> Result {
        let updates = try packages.map { try UpdatePackage(folder: $0, trustedKeys: trustedKeys) }
        guard let last = updates.last else { throw UpdateError(.unsupported, "no update package to apply") }
        for (previous, next) in zip(updates, updates.dropFirst()) {
            try checkVersions(next, installed: previous.targetManifest)
            for name in next.fileNames where next.delta.files[name.text]!.baseLogicalSHA256 != nil {
                guard next.delta.files[name.text]!.baseLogicalSHA256 == previous.targetManifest.files[name.text]?.logicalSHA256 else {
                    throw UpdateError(.wrongBase, "\(name): the delta to \(next.delta.toVersion) does not apply to version \(previous.delta.toVersion)'s file")
                }
            }
        }
        let installedContents = BundleFolder.currentContents(of: bundle)
        let installedData = try installedManifestData(installedContents)
        let installed = try installedData.map(parseInstalled)
        if let installedData, installedData == last.targetManifestData {
            try repairIfLaidOut(bundle, adoptFolder: adoptFolder)
            return Result(fromVersion: installed?.bundleVersion, toVersion: last.delta.toVersion, changed: false,
                          files: last.delta.files.mapValues { _ in .unchanged })
        }
        // Everything that can refuse the update without writing, before the folder is opened (which locks it and
        // turns a flat folder into the bundle-folder layout).
        try checkVersions(updates[0], installed: installed)
        try checkBaseFiles(updates[0], in: installedContents)
        var rows: [Int: [PathName: RowPayload]] = [:]
        for (step, update) in updates.enumerated() {
            for name in update.fileNames where update.delta.files[name.text]!.kind == .rows {
                rows[step, default: [:]][name] = try update.rows(name, update.delta.files[name.text]!)
            }
        }
        try checkSpace(updates, bundle: bundle)

        let folder: BundleFolder
        do {
            folder = try BundleFolder(root: bundle, policy: folderPolicy(adoptFolder: adoptFolder))
        } catch let error as BundleFolderError {
            throw UpdateError(error.kind == .busy ? .busy : .fileSystem, "\(error)")
        }
        guard try installedManifestData(folder.current) == installedData else {
            throw UpdateError(.busy, "the installed bundle changed while the update was being checked; retry")
        }
        var source = folder.current
        var stagings: [URL] = []
        // Intermediate versions are nobody's: one that stays is swept by the next open of the bundle folder.
        defer { for staging in stagings.dropLast() { try? FileManager.default.removeItem(at: staging) } }
        do {
            var kinds: [String: DeltaFile.Kind] = [:]
            for (step, update) in updates.enumerated() {
                let staging = try folder.makeStaging()
                stagings.append(staging)
                kinds = [:]
                for name in update.fileNames {
                    let file = update.delta.files[name.text]!
                    try produce(name, file, update: update, rows: rows[step]?[name], from: source, into: staging)
                    kinds[name.text] = file.kind
                    try afterFile(name.text)
                }
                try write(update.targetManifestData, to: staging.appendingPathComponent(Manifest.fileName))
                try write(update.targetSignatureData, to: staging.appendingPathComponent(Manifest.signatureFileName))
                // As above: the previous intermediate version is nobody's once the next is built.
                if stagings.count > 1 { try? FileManager.default.removeItem(at: stagings[stagings.count - 2]) }
                source = staging
            }
            let names = last.fileNames.map(\.text) + [Manifest.fileName, Manifest.signatureFileName]
            do {
                try folder.publish(stagings.last!, files: names, fault: publishFault)
            } catch let error as BundleFolderError {
                throw UpdateError(.fileSystem, "\(error)")
            }
            return Result(fromVersion: installed?.bundleVersion, toVersion: last.delta.toVersion, changed: true, files: kinds)
        } catch {
            // Unless the switch happened (and only linking names failed), the staging folder is nobody's.
            if let staging = stagings.last, folder.current?.lastPathComponent != staging.lastPathComponent {
                // The error being thrown is the one to report; a staging folder that stays is swept as above.
                try? FileManager.default.removeItem(at: staging)
            }
            throw error
        }
    }

    /// The bytes of the installed bundle's manifest.json, nil when nothing is installed.
    static func installedManifestData(_ current: URL?) throws -> Data? {
        guard let url = current?.appendingPathComponent(Manifest.fileName), FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try UpdatePackage.read(url, what: "the installed bundle's \(Manifest.fileName)")
    }

    static func parseInstalled(_ data: Data) throws -> Manifest {
        do {
            return try Manifest(jsonData: data)
        } catch {
            throw UpdateError(.unsupported, "the installed bundle's \(ErrorText.reason(error))")
        }
    }

    /// Opens a folder already in the bundle-folder layout, which completes a switch a crash interrupted (links of
    /// the new bundle's files); a flat folder is left as it is.
    static func repairIfLaidOut(_ bundle: URL, adoptFolder: Bool) throws {
        guard BundleFolder.isLaidOut(bundle) else { return }
        do {
            _ = try BundleFolder(root: bundle, policy: folderPolicy(adoptFolder: adoptFolder))
        } catch let error as BundleFolderError {
            throw UpdateError(error.kind == .busy ? .busy : .fileSystem, "\(error)")
        }
    }

    /// What the bundle folder may hold besides the bundle: a flat bundle (as its manifest names its files), and
    /// with `adoptFolder` files the updater did not write, kept as they are (an app's settings beside the bundle).
    static func folderPolicy(adoptFolder: Bool) -> BundleFolder.Policy {
        BundleFolder.Policy(flatFiles: Manifest.flatBundleFiles(in:), keepForeignFiles: adoptFolder)
    }

    private static func checkVersions(_ update: UpdatePackage, installed: Manifest?) throws {
        let target = update.targetManifest
        if let installed, !BundleVersionOrder.isNewer(target, than: installed) {
            throw UpdateError(.notNewer, """
                the package brings version \(target.bundleVersion) (AIRAC \(target.airac.cycle)), which is not newer than the \
                installed \(installed.bundleVersion) (AIRAC \(installed.airac.cycle)): a replayed or older package is never installed
                """)
        }
        guard let from = update.delta.fromVersion else { return }
        guard let installed else {
            throw UpdateError(.wrongBase, "the delta applies to version \(from), but no bundle is installed; install the full bundle")
        }
        guard installed.bundleVersion == from else {
            throw UpdateError(.wrongBase, "the delta applies to version \(from), but version \(installed.bundleVersion) is installed; install the full bundle")
        }
    }

    /// Every file the package patches or keeps must have, on the device, the content the package was made from.
    private static func checkBaseFiles(_ update: UpdatePackage, in current: URL?) throws {
        guard update.delta.fromVersion != nil, let current else { return }
        for name in update.fileNames {
            guard let base = update.delta.files[name.text]!.baseLogicalSHA256, let kind = update.targetManifest.files[name.text]?.kind else { continue }
            let url = current.appending(name)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw UpdateError(.wrongBase, "\(name): the delta applies to it, but it is not installed; install the full bundle")
            }
            let actual: String
            do {
                actual = try logicalHash(url, kind: kind)
            } catch {
                throw UpdateError(.wrongBase, "\(name): the installed file cannot be read (\(ErrorText.reason(error))); install the full bundle")
            }
            guard actual == base else {
                throw UpdateError(.wrongBase, "\(name): the installed file is not the one the delta applies to (its content was changed on this device); install the full bundle")
            }
        }
    }

    /// Refuses, before anything is written, an update the volume has no room for.
    private static func checkSpace(_ updates: [UpdatePackage], bundle: URL) throws {
        let needed = updates.map(\.bytesNeeded).max() ?? 0
        guard let available = VolumeSpace.available(at: bundle) else { return }
        guard needed <= available else {
            throw UpdateError(.outOfSpace, "the new bundle needs \(needed) bytes beside the installed one and the volume has \(available) free; free some space and retry")
        }
    }

    /// Puts `name` of the target bundle into `staging` and checks its content.
    private static func produce(_ name: PathName, _ file: DeltaFile, update: UpdatePackage, rows: RowPayload?,
                                from source: URL?, into staging: URL) throws {
        let destination = staging.appending(name)
        let expected = update.targetManifest.files[name.text]!
        switch file.kind {
        case .unchanged:
            guard let source else { throw UpdateError(.wrongBase, "\(name): the package keeps it, but nothing is installed") }
            let installed = source.appending(name)
            guard expected.kind == .sqlite, DatabaseCopy.usesWAL(installed) else {
                do {
                    try BundleFolder.linkOrCopy(installed, to: destination)
                } catch {
                    throw FileWriteError.classify(error, writing: destination, what: name.text)
                }
                return
            }
            try DatabaseCopy.copy(installed, to: destination, name: name.text)
            try checkContent(name, at: destination, expected: expected)
        case .rows:
            guard let source, let rows else { throw UpdateError(.wrongBase, "\(name): the package patches it, but nothing is installed") }
            try DatabaseCopy.copy(source.appending(name), to: destination, name: name.text)
            try RowApplier.apply(rows, to: destination, name: name.text)
            try checkContent(name, at: destination, expected: expected)
        case .full:
            try update.inflateFull(name, file, to: destination)
            let digest: FileDigest
            do {
                digest = try FileDigest(fileAt: destination)
            } catch {
                throw UpdateError(.fileSystem, "\(name): the result cannot be read: \(ErrorText.reason(error))")
            }
            guard digest.sha256 == expected.sha256 else {
                throw UpdateError(.corruptPayload, "\(name): the inflated file is not the target's (SHA-256 \(digest.sha256.prefix(12)), expected \(expected.sha256.prefix(12)))")
            }
        }
    }

    private static func checkContent(_ name: PathName, at url: URL, expected: ManifestFile) throws {
        let result: String
        do {
            result = try logicalHash(url, kind: expected.kind)
        } catch {
            throw UpdateError(.corruptPayload, "\(name): the result cannot be read: \(ErrorText.reason(error))")
        }
        guard result == expected.logicalSHA256 else {
            throw UpdateError(.corruptPayload, "\(name): the result's content is not the target's (logical hash \(result.prefix(12)), expected \(expected.logicalSHA256.prefix(12)))")
        }
    }

    /// The logical hash alone (a manifest entry would hash the exact bytes too, which nothing here compares).
    private static func logicalHash(_ url: URL, kind: ManifestFileKind) throws -> String {
        switch kind {
        case .sqlite: try SQLiteContentHash(fileAt: url).sha256
        case .json: try FileDigest(fileAt: url).sha256
        }
    }

    private static func write(_ data: Data, to url: URL) throws {
        do {
            try data.write(to: url, options: .withoutOverwriting)
        } catch {
            throw FileWriteError.classify(error, writing: url, what: url.lastPathComponent)
        }
    }
}
