/// `manifest.json`: what a bundle holds and where it came from, so that a device can verify every file it
/// downloads or patches, and a person can tell which inputs made it.
///
/// The JSON is written by `jsonData()` in one exact byte form (see there), so the same build gives the same
/// manifest, byte for byte, and a later signature over those bytes is stable. Keys are snake_case; an optional
/// field that is nil is omitted.
///
/// ```json
/// {
///   "airac" : { "cycle" : "2612", "effective_date" : "2026-11-26" },
///   "build" : { "allow_shrink" : false, "previous" : { "bundle_version" : "2611", "manifest_sha256" : … },
///               "settings_sha256" : …, "stages" : [ "airports", "rules", "cities", "notifications" ],
///               "timestamp" : "2026-11-26T00:00:00" },
///   "builder" : { "name" : "aipbundle", "version" : "0.1.0" },
///   "bundle_version" : "2026.12.1",
///   "files" : { "airports.db" : { "bytes" : …, "kind" : "sqlite", "logical_sha256" : …, "schema_version" : 1,
///                                 "sha256" : …, "tables" : { "airports" : 3000, … } } },
///   "format" : 1,
///   "inputs" : [ { "bytes" : …, "path" : "ourairports/airports.csv", "sha256" : … } ]
/// }
/// ```
public struct Manifest: Sendable, Equatable, Codable {
    /// The format this build writes and reads. A reader refuses any other: a new format may change what the
    /// hashes mean.
    public static let currentFormat = 1
    /// The manifest's name in a bundle folder.
    public static let fileName = "manifest.json"
    /// `builder.name` of every manifest this tool writes.
    public static let builderName = "aipbundle"

    public var format: Int
    /// The bundle's version (`--bundle-version`), which a device compares to decide whether an update is newer.
    public var bundleVersion: String
    public var airac: AIRAC
    public var builder: Builder
    /// Every bundle file, by file name (`airports.db`).
    public var files: [String: ManifestFile]
    /// Every input file the build read, sorted by path.
    public var inputs: [ManifestInput]
    /// How the manifest is signed; nil (omitted) until bundles are signed.
    public var signing: Signing?
    /// How the bundle was built: settings, stages, options, the bundle it follows. Nil in manifests written before
    /// builds recorded it; a device reads those alike.
    public var build: Build?

    enum CodingKeys: String, CodingKey {
        case format
        case bundleVersion = "bundle_version"
        case airac, builder, build, files, inputs, signing
    }

    /// Decodes a manifest, refusing one whose bundle version or a file name is not a ``PathName``: those become
    /// paths on the publisher and on the device, so a bad one is a decoding error before any code sees it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(Int.self, forKey: .format)
        bundleVersion = try container.decode(String.self, forKey: .bundleVersion)
        airac = try container.decode(AIRAC.self, forKey: .airac)
        builder = try container.decode(Builder.self, forKey: .builder)
        files = try container.decode([String: ManifestFile].self, forKey: .files)
        inputs = try container.decode([ManifestInput].self, forKey: .inputs)
        signing = try container.decodeIfPresent(Signing.self, forKey: .signing)
        build = try container.decodeIfPresent(Build.self, forKey: .build)
        do {
            _ = try PathName(version: bundleVersion)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .bundleVersion, in: container, debugDescription: error.description)
        }
        do {
            _ = try PathName.names(of: files)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .files, in: container, debugDescription: error.description)
        }
    }

    /// The names of the bundle's files in byte order: what code joins to a folder, never the raw keys of ``files``.
    /// - Throws: ``PathName/Invalid`` only for a manifest made in code with a bad name (decoding and `make` refuse one).
    public func fileNames() throws(PathName.Invalid) -> [PathName] {
        try PathName.names(of: files)
    }

    public init(bundleVersion: String, airac: AIRAC, builder: Builder, files: [String: ManifestFile],
                inputs: [ManifestInput], build: Build? = nil, signing: Signing? = nil) {
        self.format = Self.currentFormat
        self.bundleVersion = bundleVersion
        self.airac = airac
        self.builder = builder
        self.files = files
        self.inputs = inputs
        self.build = build
        self.signing = signing
    }

    /// The AIRAC cycle whose data the bundle holds.
    public struct AIRAC: Sendable, Equatable, Codable {
        /// The cycle's identifier, `YYNN` (`2612`).
        public var cycle: String
        /// The cycle's effective date, `YYYY-MM-DD` (`2026-11-26`).
        public var effectiveDate: String

        enum CodingKeys: String, CodingKey {
            case cycle
            case effectiveDate = "effective_date"
        }

        public init(cycle: String, effectiveDate: String) {
            self.cycle = cycle
            self.effectiveDate = effectiveDate
        }
    }

    /// The program that wrote the bundle.
    public struct Builder: Sendable, Equatable, Codable {
        public var name: String
        public var version: String

        public init(name: String = Manifest.builderName, version: String) {
            self.name = name
            self.version = version
        }
    }

    /// The key that signs the manifest. Only its shape is defined here; signing itself comes with the delta layer.
    public struct Signing: Sendable, Equatable, Codable {
        /// Identifies the Ed25519 public key a device should verify the signature with.
        public var publicKeyFingerprint: String

        enum CodingKeys: String, CodingKey {
            case publicKeyFingerprint = "public_key_fingerprint"
        }

        public init(publicKeyFingerprint: String) {
            self.publicKeyFingerprint = publicKeyFingerprint
        }
    }
}
