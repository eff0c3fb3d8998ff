/// The manifest model, digests and the logical hash live in the updater's package (what a device checks, without
/// GRDB); the build's verifier and makers here extend them. Re-exported, so `import AIPManifest` keeps giving both.
@_exported import AIPManifestCore
