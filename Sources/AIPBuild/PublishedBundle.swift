import AIPErrorText
import AIPJSON
import AIPManifest
import Foundation

/// A bundle the build reads (the one in `--out`, or `--previous`), known by its `manifest.json`: its version and the
/// manifest's SHA-256 say which bundle a new one follows, its row counts feed the shrink gate, its entries and inputs
/// are carried over with the files of the stages that do not run.
///
/// The manifest is read whole and checked before any stage runs. One that is missing, is not a manifest, or does not
/// list a bundle file the folder holds stops the build, with the fix: building on a bundle nobody can identify
/// would publish a manifest that says less than it should.
struct PublishedBundle {
    /// Where its files are (`--out/.aipbundle/current`, or the folder `--previous` names).
    let folder: URL
    /// The bundle as the user named it, for messages: `--out /srv/bundle`.
    let shownAs: String
    let manifest: Manifest
    /// SHA-256 of its manifest.json bytes.
    let manifestSHA256: String

    /// Reads the bundle's manifest.
    /// - Throws: ``BuildError/unusableRecord(bundle:reason:fix:)`` with `fix` when it is missing, unreadable, not a
    ///   manifest of this format, or does not list a bundle file the folder holds.
    init(folder: URL, shownAs: String, fix: String) throws {
        self.folder = folder
        self.shownAs = shownAs
        let data = try Self.contents(of: Manifest.fileName, in: folder, shownAs: shownAs, fix: fix)
        do {
            manifest = try Manifest(jsonData: data)
        } catch {
            throw BuildError.unusableRecord(bundle: shownAs, reason: ErrorText.reason(error), fix: fix)
        }
        manifestSHA256 = FileDigest(contents: data).sha256
        for file in StageRegistry.allFiles where manifest.files[file] == nil && CheckedPath.exists(folder.appendingPathComponent(file)) {
            throw BuildError.unusableRecord(bundle: shownAs, reason: "\(Manifest.fileName) does not list \(file), which the bundle holds", fix: fix)
        }
    }

    /// The bundle's `report.json`.
    /// - Throws: ``BuildError/unusableRecord(bundle:reason:fix:)`` with `fix` when it is missing, unreadable, or not
    ///   a report of this format.
    func report(fix: String) throws -> BuildReport {
        let name = BundleBuilder.reportName
        let data = try Self.contents(of: name, in: folder, shownAs: shownAs, fix: fix)
        do {
            return try JSONDecoder().decode(BuildReport.self, from: data)
        } catch {
            throw BuildError.unusableRecord(bundle: shownAs, reason: "\(name) cannot be read: \(ErrorText.reason(error))",
                                            fix: fix)
        }
    }

    /// What a bundle of `version` built on this one records as the bundle it follows: this one; or, when it has the
    /// same version (the version rebuilt in place), the one this one follows, so that rebuilding the same inputs
    /// changes nothing and a version never follows itself.
    func followed(by version: String) -> Manifest.Build.Previous? {
        guard manifest.bundleVersion == version else {
            return Manifest.Build.Previous(bundleVersion: manifest.bundleVersion, manifestSHA256: manifestSHA256)
        }
        return manifest.build?.previous
    }

    /// The bytes of the bundle's file `name`.
    private static func contents(of name: String, in folder: URL, shownAs: String, fix: String) throws -> Data {
        let url = folder.appendingPathComponent(name)
        guard CheckedPath.exists(url) else { throw BuildError.unusableRecord(bundle: shownAs, reason: "\(name) is missing", fix: fix) }
        do {
            return try CheckedPath.contents(url, expected: "a JSON file")
        } catch {
            throw BuildError.unusableRecord(bundle: shownAs, reason: ErrorText.reason(error), fix: fix)
        }
    }
}
