import AIPContract
import AIPManifest
import Foundation

/// One file of a bundle, declared once: build, publish, check, the manifest and deltas all find it here.
///
/// For example, `BundleFiles.named("airports.db")?.stage` is `"airports"`, and a `.sqlite` kind hands `check` the
/// contract schema and the value rules of the file.
public struct BundleFile: Sendable {
    /// What the file is, and so how it is checked.
    public enum Kind: Sendable {
        /// An SQLite database that must follow `schema` exactly and satisfy every rule in `invariants`.
        case sqlite(schema: DatabaseSchema, invariants: [InvariantRule])
        /// A JSON file; `validate` returns one message per way the bytes break the contract (none when valid).
        case json(validate: @Sendable (Data) -> [String])
    }

    /// The file's name in the bundle folder (`airports.db`); also how `check` recognises a single file.
    public let name: String
    /// The name of the stage that writes the file, as `build --only` takes it (`airports`).
    public let stage: String
    public let kind: Kind

    public init(name: String, stage: String, kind: Kind) {
        self.name = name
        self.stage = stage
        self.kind = kind
    }
}

extension BundleFile {
    /// How `manifest.json` describes the file.
    public var manifestKind: ManifestFileKind {
        switch kind {
        case .sqlite: .sqlite
        case .json: .json
        }
    }
}
