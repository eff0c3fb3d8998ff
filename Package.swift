// swift-tools-version:6.1
import PackageDescription

// Layers point one way (design.md): readers ← stages ← bundle ← CLI.
// C libraries are reached only through thin system-library shims (SQLite's and zlib's with the updater's code).

/// A dependency on one of the tool's packages (everything but swift-crypto), only with the trait `Tool`.
///
/// The root of this repository is both the build tool and the device-side updater an app adds by the repository's
/// URL. SwiftPM resolves a dependency's packages only for the traits enabled, and `Tool` is not a default: an app
/// that adds `AIPUpdate` (no traits named) resolves swift-crypto and swift-asn1 alone — no GRDB to clash with its
/// own, no swift-nio. The tool is built with `--traits Tool`, which the Makefile and the scripts pass.
func tool(_ product: String, _ package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: ["Tool"]))
}

/// The updater's code lives in Updater/Sources, beside its own tests and example (Updater/Package.swift runs those
/// tests against this package with only the updater built).
func updater(_ target: String) -> String { "Updater/Sources/\(target)" }

let package = Package(
    name: "aipbundle",
    // iOS and macOS for the app that adds AIPUpdate; Linux (no declaration needed) for the build and servers.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "aipbundle", targets: ["aipbundle"]),
        // What an app adds (docs/updates-for-app-developers.md): the channel client and the updater, with the
        // manifest model and the bundle folder. Its targets need Foundation, the platform's SQLite and zlib, and
        // swift-crypto only.
        .library(name: "AIPUpdate", targets: ["AIPUpdate", "AIPManifestCore", "AIPBundleFolder", "AIPJSON"]),
    ],
    traits: [
        .trait(name: "Tool", description: "The build tool aipbundle, its benchmarks and tests (make passes it)."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // SHA-256 and Ed25519 with CryptoKit's API (CryptoKit itself on Apple platforms): the one package the
        // updater needs, and so the one package whose uses are not conditional on `Tool`.
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
        // The device side (Updater/Sources): one copy of the code the tool shares with the apps that add it.
        // The platform's SQLite and zlib (the SDK's on Apple platforms; scripts/install-deps.sh installs the apt packages).
        .systemLibrary(name: "CSQLite", path: updater("CSQLite"), providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZlibSystem", path: updater("CZlibSystem"), providers: [.apt(["zlib1g-dev"])]),
        // Foundation's file and decoding errors as sentences a person can act on.
        .target(name: "AIPErrorText", path: updater("AIPErrorText")),
        // The one JSON writer (and its ordered value): byte-stable documents to sign.
        .target(name: "AIPJSON", path: updater("AIPJSON")),
        // The one inflate loop (zlib): raw deflate payloads here, gzip and zip members in the tool's readers.
        .target(name: "AIPInflate", dependencies: ["CZlibSystem"], path: updater("AIPInflate")),
        // The all-or-nothing swap of a bundle folder.
        .target(name: "AIPBundleFolder", dependencies: ["AIPErrorText"], path: updater("AIPBundleFolder")),
        // The manifest model, file digests and the logical hash of an SQLite file (through SQLite's C API): what a
        // device checks; the tool's AIPManifest adds building and verifying on top.
        .target(name: "AIPManifestCore", dependencies: [
            "AIPErrorText", "AIPJSON", "CSQLite", .product(name: "Crypto", package: "swift-crypto"),
        ], path: updater("AIPManifestCore")),
        // The channel client (URLSession), signatures, deflate payloads, rows applied in one transaction with plain
        // SQL through SQLite's C API, the atomic swap.
        .target(name: "AIPUpdate", dependencies: [
            "AIPJSON", "AIPErrorText", "AIPInflate", "AIPManifestCore", "AIPBundleFolder", "CSQLite",
            .product(name: "Crypto", package: "swift-crypto"),
        ], path: updater("AIPUpdate")),

        // The tool's system libraries. scripts/install-deps.sh installs the apt packages named here.
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
        .target(name: "AIPPipeline", dependencies: ["AIPJSON"]),
        .target(name: "AIPReaders", dependencies: [
            "AIPContract", "AIPErrorText", "AIPFindings", "AIPInflate", "AIPJSON", "AIPPipeline", "CCSV", "CXML2", tool("ZIPFoundation", "ZIPFoundation"),
        ]),
        .target(name: "AIPStages", dependencies: ["AIPContract", "AIPFindings", "AIPReaders", "AIPJSON", "AIPPipeline"]),
        // The readers' one process, pdftotext, at the build's edge: readers and stages stay pure functions of their
        // inputs (a stage is handed the extraction through its context). A target of its own rather than part of
        // AIPBuild so the reader's tests and the benchmark run real PDFs without the build layer, and only it links
        // swift-subprocess.
        .target(name: "AIPPDFText", dependencies: [
            "AIPErrorText", "AIPReaders", tool("Subprocess", "swift-subprocess"),
        ]),
        // The manifest's verifier and makers on top of the updater's model and logical hash (re-exported).
        .target(name: "AIPManifest", dependencies: [
            "AIPContract", "AIPFindings", "AIPJSON", "AIPErrorText", "AIPManifestCore",
            tool("GRDB", "GRDB.swift"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "AIPBundleKit", dependencies: [
            "AIPContract", "AIPFindings", "AIPJSON", "AIPErrorText", "AIPReaders", "AIPStages", "AIPManifest", "CSQLite",
            tool("GRDB", "GRDB.swift"),
        ]),
        // What changed from one bundle to the next (`changes`, and the page `build --previous` writes): a model computed
        // by SQL joins over both bundles' databases, and its renderers (HTML with an inline SVG map, Markdown, JSON).
        // Below the build, which writes the page beside report.json; no readers or stages.
        .target(name: "AIPChanges", dependencies: [
            "AIPContract", "AIPErrorText", "AIPFindings", "AIPManifest", tool("GRDB", "GRDB.swift"),
        ]),
        // Orchestration: the stage registry, running stages, the all-or-nothing publish. Above the bundle layer
        // (and the delta layer to come), so a build can later sign and diff without a dependency cycle.
        .target(name: "AIPBuild", dependencies: ["AIPChanges", "AIPContract", "AIPFindings", "AIPJSON", "AIPErrorText", "AIPPipeline", "AIPReaders", "AIPPDFText", "AIPStages", "AIPBundleKit", "AIPBundleFolder", "AIPManifest", "AIPDelta"]),
        // Build side of updates: key pairs, signing manifests, computing deltas, publishing a channel.
        .target(name: "AIPDelta", dependencies: [
            "AIPErrorText", "AIPManifest", "AIPUpdate", "AIPBundleFolder", "CZlibSystem",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // Getting the source tree from the web per AIRAC cycle: source definitions, discovery, the HTTP layer,
        // content checks, the content-addressed cache, the lock and the all-or-nothing swap of the tree.
        // Never AIPReaders or AIPStages, not even through another target: the HTTP layer must not link libxml2 or
        // libcsv (nor be rebuilt when a reader changes); what it shares with them lives in AIPPipeline.
        .target(name: "AIPFetch", dependencies: [
            "AIPJSON", "AIPErrorText", "AIPPipeline", "AIPBundleFolder",
            tool("AsyncHTTPClient", "async-http-client"),
            // NIOPosix: its connection errors, told apart to say why a download failed.
            tool("NIOCore", "swift-nio"), tool("NIOHTTP1", "swift-nio"),
            tool("NIOPosix", "swift-nio"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "AIPCommands", dependencies: [
            "AIPChanges", "AIPFindings", "AIPJSON", "AIPErrorText", "AIPPipeline", "AIPReaders", "AIPStages", "AIPBundleKit", "AIPBuild", "AIPManifest", "AIPDelta", "AIPUpdate", "AIPFetch",
            tool("ArgumentParser", "swift-argument-parser"),
            tool("Logging", "swift-log"),
        ]),
        .executableTarget(name: "aipbundle", dependencies: [
            "AIPCommands", "CMalloc", "CSQLite",
        ]),
        .executableTarget(name: "aipbundle-bench", dependencies: [
            "AIPChanges", "AIPContract", "AIPPipeline", "AIPReaders", "AIPPDFText", "AIPStages", "AIPBundleKit", "AIPBuild", "AIPBundleFolder", "AIPManifest", "AIPDelta", "AIPUpdate", "AIPFetch", "TestSupport",
        ]),

        .target(name: "TestSupport", dependencies: [
            "AIPReaders", tool("ZIPFoundation", "ZIPFoundation"),
            // The local HTTP mirror the fetch tests and the fetch benchmark serve from.
            tool("NIOCore", "swift-nio"), tool("NIOPosix", "swift-nio"),
            tool("NIOHTTP1", "swift-nio"),
        ], path: "Tests/TestSupport"),
        // Pages/: the tiny mirror the fetch tests serve, read by path.
        .testTarget(name: "AIPFetchTests", dependencies: ["AIPBundleFolder", "AIPFetch", "AIPPipeline", "TestSupport"], exclude: ["Pages"]),
        .testTarget(name: "AIPPipelineTests", dependencies: ["AIPPipeline"]),
        .testTarget(name: "AIPJSONTests", dependencies: ["AIPJSON"]),
        .testTarget(name: "AIPChangesTests", dependencies: ["AIPChanges"]),
        .testTarget(name: "AIPFindingsTests", dependencies: ["AIPFindings"]),
        .testTarget(name: "AIPErrorTextTests", dependencies: ["AIPErrorText"]),
        .testTarget(name: "AIPReadersTests", dependencies: ["AIPFindings", "AIPReaders", "AIPPDFText", "TestSupport", "CXML2"]),
        .testTarget(name: "AIPStagesTests", dependencies: ["AIPContract", "AIPFindings", "AIPPDFText", "AIPPipeline", "AIPStages", "TestSupport"]),
        .testTarget(name: "AIPBundleKitTests", dependencies: [
            "AIPBundleKit", "AIPContract", "AIPFindings", "AIPManifest", "AIPPipeline", "CSQLite", "TestSupport",
            tool("GRDB", "GRDB.swift"),
        ]),
        .testTarget(name: "AIPBuildTests", dependencies: [
            "AIPBuild", "AIPContract", "AIPBundleFolder", "AIPBundleKit", "AIPDelta", "AIPManifest", "AIPPipeline", "AIPReaders", "AIPStages", "CSQLite", "TestSupport",
            tool("GRDB", "GRDB.swift"),
        ]),
        .testTarget(name: "AIPCommandsTests", dependencies: [
            "AIPChanges", "AIPCommands", "AIPFindings", "AIPJSON", "AIPBuild", "AIPBundleKit", "AIPBundleFolder", "AIPManifest", "AIPPipeline", "TestSupport",
            tool("GRDB", "GRDB.swift"),
            // The help tests render each command's help screen at a fixed width.
            tool("ArgumentParser", "swift-argument-parser"),
        ]),
        .testTarget(name: "AIPUpdateTests", dependencies: [
            "AIPUpdate", "AIPDelta", "AIPManifest", "AIPBundleFolder", "CSQLite", "TestSupport",
            tool("GRDB", "GRDB.swift"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
