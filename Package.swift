// swift-tools-version:6.1
import PackageDescription

// Layers point one way (design.md): readers ← stages ← bundle ← CLI.
// C libraries are reached only through the thin system-library shims at the top (SQLite's and zlib's in Updater/).

/// A product of the device-side package in Updater/: the updater and what the tool shares with it.
func updater(_ name: String) -> Target.Dependency { .product(name: name, package: "Updater") }

let package = Package(
    name: "aipbundle",
    // iOS and macOS for the app that adds AIPUpdate; Linux (no declaration needed) for the build and servers.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "aipbundle", targets: ["aipbundle"]),
        // The device-side updater an app adds is the package in Updater/ (product AIPUpdate), which resolves only
        // swift-crypto: see docs/updates-for-app-developers.md.
    ],
    dependencies: [
        // The device side (updater, manifest model, logical hash, bundle folder, JSON writer, inflate loop, the
        // SQLite and zlib shims): one copy of that code, shared with the apps that add it.
        .package(path: "Updater"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // SHA-256 for manifests (and Ed25519 signing later); CryptoKit's API, so device code can use either.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // Zip archives (GeoNames dumps, XLSX rules sheets) in the readers.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // The CLI's logs and progress on stderr (one small handler of our own: plain lines, no timestamps).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The HTTP client of `fetch` (redirects, timeouts, pooled connections); swift-nio comes with it and
        // also serves the tests' local mirror.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // pdftotext run as a process without blocking a thread, with a deadline and an output cap (AIPPDFText).
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    ],
    targets: [
        // System libraries. scripts/install-deps.sh installs the apt packages named here.
        .systemLibrary(name: "CCSV", providers: [.apt(["libcsv-dev"])]),
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // glibc's <malloc.h> (part of libc6-dev, which the Swift toolchain needs anyway).
        .systemLibrary(name: "CMalloc"),

        // The catalogue of finding codes (build findings and check findings), Foundation only: readers, stages,
        // the manifest verifier, check and the CLI name their codes from it.
        .target(name: "AIPFindings"),
        // The data contract's names, declared once: bundle file names, tables, columns, keys. Foundation only, below
        // every layer that writes, reads or checks a bundle file.
        .target(name: "AIPContract"),
        // What several layers share about a pipeline run, Foundation and AIPJSON only: the AIRAC cycle, the
        // `pipeline.json` sections (`StageSettings`, `SettingsFile`) and the lock file's name. Below the readers, so
        // the HTTP layer gets them without linking libxml2 or libcsv.
        .target(name: "AIPPipeline", dependencies: [updater("AIPJSON")]),
        .target(name: "AIPReaders", dependencies: [
            "AIPContract", updater("AIPErrorText"), "AIPFindings", updater("AIPInflate"), updater("AIPJSON"), "AIPPipeline", "CCSV", "CXML2", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        .target(name: "AIPStages", dependencies: ["AIPContract", "AIPFindings", "AIPReaders", updater("AIPJSON"), "AIPPipeline"]),
        // The readers' one process, pdftotext, at the build's edge: readers and stages stay pure functions of their
        // inputs (a stage is handed the extraction through its context). A target of its own rather than part of
        // AIPBuild so the reader's tests and the benchmark run real PDFs without the build layer, and only it links
        // swift-subprocess.
        .target(name: "AIPPDFText", dependencies: [
            updater("AIPErrorText"), "AIPReaders", .product(name: "Subprocess", package: "swift-subprocess"),
        ]),
        // The manifest's verifier and makers on top of the updater package's model and logical hash (re-exported).
        .target(name: "AIPManifest", dependencies: [
            "AIPContract", "AIPFindings", updater("AIPJSON"), updater("AIPErrorText"), updater("AIPManifestCore"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "AIPBundleKit", dependencies: [
            "AIPContract", "AIPFindings", updater("AIPJSON"), updater("AIPErrorText"), "AIPReaders", "AIPStages", "AIPManifest", updater("CSQLite"),
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        // What changed from one bundle to the next (`changes`, and the page `build --previous` writes): a model computed
        // by SQL joins over both bundles' databases, and its renderers (HTML with an inline SVG map, Markdown, JSON).
        // Below the build, which writes the page beside report.json; no readers or stages.
        .target(name: "AIPChanges", dependencies: [
            "AIPContract", updater("AIPErrorText"), "AIPFindings", "AIPManifest", .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        // Orchestration: the stage registry, running stages, the all-or-nothing publish. Above the bundle layer
        // (and the delta layer to come), so a build can later sign and diff without a dependency cycle.
        .target(name: "AIPBuild", dependencies: ["AIPChanges", "AIPContract", "AIPFindings", updater("AIPJSON"), updater("AIPErrorText"), "AIPPipeline", "AIPReaders", "AIPPDFText", "AIPStages", "AIPBundleKit", updater("AIPBundleFolder"), "AIPManifest", "AIPDelta"]),
        // Build side of updates: key pairs, signing manifests, computing deltas, publishing a channel.
        .target(name: "AIPDelta", dependencies: [
            updater("AIPErrorText"), "AIPManifest", updater("AIPUpdate"), updater("AIPBundleFolder"), updater("CZlibSystem"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // Getting the source tree from the web per AIRAC cycle: source definitions, discovery, the HTTP layer,
        // content checks, the content-addressed cache, the lock and the all-or-nothing swap of the tree.
        // Never AIPReaders or AIPStages, not even through another target: the HTTP layer must not link libxml2 or
        // libcsv (nor be rebuilt when a reader changes); what it shares with them lives in AIPPipeline.
        .target(name: "AIPFetch", dependencies: [
            updater("AIPJSON"), updater("AIPErrorText"), "AIPPipeline", updater("AIPBundleFolder"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            // NIOPosix: its connection errors, told apart to say why a download failed.
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "AIPCommands", dependencies: [
            "AIPChanges", "AIPFindings", updater("AIPJSON"), updater("AIPErrorText"), "AIPPipeline", "AIPReaders", "AIPStages", "AIPBundleKit", "AIPBuild", "AIPManifest", "AIPDelta", updater("AIPUpdate"), "AIPFetch",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "aipbundle", dependencies: [
            "AIPCommands", "CMalloc", updater("CSQLite"),
        ]),
        .executableTarget(name: "aipbundle-bench", dependencies: [
            "AIPChanges", "AIPContract", "AIPPipeline", "AIPReaders", "AIPPDFText", "AIPStages", "AIPBundleKit", "AIPBuild", updater("AIPBundleFolder"), "AIPManifest", "AIPDelta", updater("AIPUpdate"), "AIPFetch", "TestSupport",
        ]),

        .target(name: "TestSupport", dependencies: [
            "AIPReaders", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            // The local HTTP mirror the fetch tests and the fetch benchmark serve from.
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ], path: "Tests/TestSupport"),
        // Pages/: the tiny mirror the fetch tests serve, read by path.
        .testTarget(name: "AIPFetchTests", dependencies: [updater("AIPBundleFolder"), "AIPFetch", "AIPPipeline", "TestSupport"], exclude: ["Pages"]),
        .testTarget(name: "AIPPipelineTests", dependencies: ["AIPPipeline"]),
        .testTarget(name: "AIPJSONTests", dependencies: [updater("AIPJSON")]),
        .testTarget(name: "AIPChangesTests", dependencies: ["AIPChanges"]),
        .testTarget(name: "AIPFindingsTests", dependencies: ["AIPFindings"]),
        .testTarget(name: "AIPErrorTextTests", dependencies: [updater("AIPErrorText")]),
        .testTarget(name: "AIPReadersTests", dependencies: ["AIPFindings", "AIPReaders", "AIPPDFText", "TestSupport", "CXML2"]),
        .testTarget(name: "AIPStagesTests", dependencies: ["AIPContract", "AIPFindings", "AIPPDFText", "AIPPipeline", "AIPStages", "TestSupport"]),
        .testTarget(name: "AIPBundleKitTests", dependencies: [
            "AIPBundleKit", "AIPContract", "AIPFindings", "AIPManifest", "AIPPipeline", updater("CSQLite"), "TestSupport",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .testTarget(name: "AIPBuildTests", dependencies: [
            "AIPBuild", "AIPContract", updater("AIPBundleFolder"), "AIPBundleKit", "AIPDelta", "AIPManifest", "AIPPipeline", "AIPReaders", "AIPStages", updater("CSQLite"), "TestSupport",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .testTarget(name: "AIPCommandsTests", dependencies: [
            "AIPChanges", "AIPCommands", "AIPFindings", updater("AIPJSON"), "AIPBuild", "AIPBundleKit", updater("AIPBundleFolder"), "AIPManifest", "AIPPipeline", "TestSupport",
            .product(name: "GRDB", package: "GRDB.swift"),
            // The help tests render each command's help screen at a fixed width.
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "AIPUpdateTests", dependencies: [
            updater("AIPUpdate"), "AIPDelta", "AIPManifest", updater("AIPBundleFolder"), updater("CSQLite"), "TestSupport",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
