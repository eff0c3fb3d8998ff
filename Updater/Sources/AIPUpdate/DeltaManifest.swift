import AIPErrorText
import AIPManifestCore
import AIPJSON
import Foundation

/// `delta.json`: what an update package holds and what it must produce; signed (`delta.sig`) like the manifest.
/// docs/delta-format.md is the full description, for implementers on other platforms.
///
/// A package brings an installed bundle from `from_version` to `to_version`; a package with no `from_version` is
/// a full bundle, which installs over anything older (or into an empty folder). The package also holds the target
/// bundle's `manifest.json`, deflated as `manifest.json.deflate` (it inflates to `target_manifest_bytes` bytes whose
/// SHA-256 is `target_manifest_sha256`), and its `manifest.sig`; the content each file must have in the end is that
/// manifest's `logical_sha256`.
///
/// ```json
/// {"files": {"airports.db": {"base_logical_sha256": "…", "bytes": 812, "kind": "rows", "sha256": "…",
///  "uncompressed_bytes": 4012}}, "format": 2, "from_version": "2612", "target_manifest_bytes": 1508,
///  "target_manifest_sha256": "…", "to_version": "2613"}
/// ```
///
/// It names no key: it is verified with the one key the device trusts, and every byte counts in a package that
/// is a few kilobytes. Payload file names follow from the bundle file's name and kind (``DeltaFile/payloadName(for:)``).
/// ```
/// ```
public struct DeltaManifest: Sendable, Equatable, Codable {
    public static let currentFormat = 2
    public static let fileName = "delta.json"
    public static let signatureName = "delta.sig"
    /// The target manifest.json in the package, deflated: a third of a one-cycle package otherwise.
    public static let targetManifestPayload = "manifest.json.deflate"

    public var format: Int
    /// The installed version the package applies to; nil for a full bundle.
    public var fromVersion: String?
    public var toVersion: String
    /// Size and SHA-256 of the target `manifest.json` (inflated from `manifest.json.deflate`).
    public var targetManifestBytes: Int
    public var targetManifestSHA256: String
    /// Every file of the target bundle, by name. Installed files the target lacks are dropped.
    public var files: [String: DeltaFile]

    enum CodingKeys: String, CodingKey {
        case format
        case fromVersion = "from_version"
        case toVersion = "to_version"
        case targetManifestBytes = "target_manifest_bytes"
        case targetManifestSHA256 = "target_manifest_sha256"
        case files
    }

    public init(fromVersion: String?, toVersion: String, targetManifestBytes: Int, targetManifestSHA256: String,
                files: [String: DeltaFile]) {
        self.format = Self.currentFormat
        self.fromVersion = fromVersion
        self.toVersion = toVersion
        self.targetManifestBytes = targetManifestBytes
        self.targetManifestSHA256 = targetManifestSHA256
        self.files = files
    }

    /// Its one byte form (the bytes that are signed): one line, keys sorted, a final newline.
    public func jsonData() throws -> Data { try JSONWriter.encode(self, layout: .inline) }

    /// Decodes delta.json; another format is refused.
    public init(jsonData data: Data) throws {
        struct FormatOnly: Decodable { var format: Int }
        // Whichever way it fails to decode, it is not a delta description.
        guard let format = try? JSONDecoder().decode(FormatOnly.self, from: data).format else {
            throw UpdateError(.unsupported, "\(Self.fileName) is not a delta description")
        }
        guard format == Self.currentFormat else {
            throw UpdateError(.unsupported, "\(Self.fileName) has format \(format); this updater reads format \(Self.currentFormat)")
        }
        do {
            self = try JSONDecoder().decode(Self.self, from: data)
        } catch {
            throw UpdateError(.unsupported, "\(Self.fileName) is not a delta description: \(ErrorText.reason(error))")
        }
        let sizes = [targetManifestBytes] + files.values.flatMap { [$0.bytes, $0.uncompressedBytes].compactMap { $0 } }
        guard sizes.allSatisfy(SignedSize.isPlausible) else {
            throw UpdateError(.corruptPayload, "\(Self.fileName) gives a size outside 0…\(SignedSize.maximum) bytes")
        }
        // Its names become paths in the package and the bundle folder: refused here, before any code joins them.
        do {
            _ = try fileNames()
            _ = try fromVersion.map { version throws(PathName.Invalid) in try PathName(version: version) }
            _ = try PathName(version: toVersion)
        } catch {
            throw UpdateError(.corruptPayload, "\(Self.fileName) names \(error)")
        }
    }

    /// The names of the target bundle's files in byte order: what code joins to a folder, never the raw keys of ``files``.
    public func fileNames() throws(PathName.Invalid) -> [PathName] {
        try PathName.names(of: files)
    }
}

/// How one file of the target bundle is obtained.
public struct DeltaFile: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// A rows payload (rows to delete and to insert per table), deflated, applied to the installed file.
        case rows
        /// The whole file, deflated.
        case full
        /// The installed file as it is.
        case unchanged
    }

    public var kind: Kind
    /// Size and SHA-256 of the payload as stored (deflated).
    public var bytes: Int?
    public var sha256: String?
    /// Size of the payload once inflated, exactly.
    public var uncompressedBytes: Int?
    /// The logical hash the installed file must have; nil for `full`.
    public var baseLogicalSHA256: String?

    enum CodingKeys: String, CodingKey {
        case kind, bytes, sha256
        case uncompressedBytes = "uncompressed_bytes"
        case baseLogicalSHA256 = "base_logical_sha256"
    }

    public init(kind: Kind, bytes: Int? = nil, sha256: String? = nil, uncompressedBytes: Int? = nil, baseLogicalSHA256: String?) {
        self.kind = kind
        self.bytes = bytes
        self.sha256 = sha256
        self.uncompressedBytes = uncompressedBytes
        self.baseLogicalSHA256 = baseLogicalSHA256
    }

    /// The payload's file name in the package, for the bundle file `name`: `<name>.rows.deflate` or
    /// `<name>.deflate`; nil for `unchanged`.
    public func payloadName(for name: PathName) -> String? {
        // A valid name with a fixed suffix: a single path component still, no longer than NAME_MAX.
        switch kind {
        case .rows: "\(name.text).rows.deflate"
        case .full: "\(name.text).deflate"
        case .unchanged: nil
        }
    }
}
