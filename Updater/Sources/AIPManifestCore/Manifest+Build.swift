extension Manifest {
    /// How a bundle was built, beyond its inputs: what a person needs to tell two builds of the same sources apart
    /// (another `pipeline.json`, `--only`, `--allow-shrink`) and to know which bundle it follows.
    ///
    /// Everything here comes from the build's settings, never from the clock or the machine (no paths), so the same
    /// build still gives the same manifest, byte for byte.
    public struct Build: Sendable, Equatable, Codable {
        /// SHA-256 of the settings file's exact bytes (`pipeline.json` or `--config`), lower-case hexadecimal. Without
        /// a settings file, when the defaults are used, the SHA-256 of no bytes (`e3b0c442…b855`): an empty file is not
        /// valid settings, so that hash stands for the defaults alone.
        public var settingsSHA256: String
        /// The stages this build ran, in the order they ran (`--only`); the other stages' files were carried over.
        public var stages: [String]
        /// Whether `--allow-shrink` let tables lose more rows than the shrink gate allows.
        public var allowShrink: Bool
        /// The timestamp written into the bundle's rows (`SOURCE_DATE_EPOCH`, else the cycle's start).
        public var timestamp: String
        /// The bundle of another version this one follows; nil (omitted) for the first bundle of its line.
        public var previous: Previous?
        /// SHA-256 of the source tree's `sources.lock.json` (written by `aipbundle fetch`), which names every input
        /// file's URL and hash; nil (omitted) when the tree has none, as a hand-assembled tree does.
        public var sourcesLockSHA256: String?

        enum CodingKeys: String, CodingKey {
            case settingsSHA256 = "settings_sha256"
            case stages
            case allowShrink = "allow_shrink"
            case timestamp, previous
            case sourcesLockSHA256 = "sources_lock_sha256"
        }

        public init(settingsSHA256: String, stages: [String], allowShrink: Bool, timestamp: String, previous: Previous?,
                    sourcesLockSHA256: String? = nil) {
            self.sourcesLockSHA256 = sourcesLockSHA256
            self.settingsSHA256 = settingsSHA256
            self.stages = stages
            self.allowShrink = allowShrink
            self.timestamp = timestamp
            self.previous = previous
        }

        /// A bundle identified by its version and the SHA-256 of its `manifest.json` bytes (which covers every file's
        /// hash, so it names the bundle's exact content).
        public struct Previous: Sendable, Equatable, Codable {
            public var bundleVersion: String
            public var manifestSHA256: String

            enum CodingKeys: String, CodingKey {
                case bundleVersion = "bundle_version"
                case manifestSHA256 = "manifest_sha256"
            }

            public init(bundleVersion: String, manifestSHA256: String) {
                self.bundleVersion = bundleVersion
                self.manifestSHA256 = manifestSHA256
            }
        }
    }
}
