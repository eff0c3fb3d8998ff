// swift-tools-version:6.1
import PackageDescription

// The device side of updates, as a package of its own: what an app adds. It needs only what Apple's SDKs (and a
// Linux system) ship — Foundation, SQLite, zlib — and swift-crypto (CryptoKit's API), so an app that adds it
// resolves swift-crypto and swift-asn1 and nothing else (no GRDB, no swift-nio). The tool (the package one folder
// up) depends on it by path for the same code: one inflate loop, one logical hash, one bundle-folder switch.
let package = Package(
    name: "Updater",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        // What an app adds: the channel client and the updater, with the manifest model and the bundle folder.
        .library(name: "AIPUpdate", targets: ["AIPUpdate", "AIPManifestCore", "AIPBundleFolder", "AIPJSON"]),
        // The pieces the tool shares with the device, one product each so the tool's targets name what they use.
        .library(name: "AIPManifestCore", targets: ["AIPManifestCore"]),
        .library(name: "AIPBundleFolder", targets: ["AIPBundleFolder"]),
        .library(name: "AIPJSON", targets: ["AIPJSON"]),
        .library(name: "AIPErrorText", targets: ["AIPErrorText"]),
        .library(name: "AIPInflate", targets: ["AIPInflate"]),
        .library(name: "CSQLite", targets: ["CSQLite"]),
        .library(name: "CZlibSystem", targets: ["CZlibSystem"]),
    ],
    dependencies: [
        // SHA-256 and Ed25519 with CryptoKit's API (CryptoKit itself on Apple platforms).
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        // The platform's SQLite and zlib (the SDK's on Apple platforms; scripts/install-deps.sh installs the apt packages).
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZlibSystem", providers: [.apt(["zlib1g-dev"])]),
        // Foundation's file and decoding errors as sentences a person can act on.
        .target(name: "AIPErrorText"),
        // The one JSON writer (and its ordered value): byte-stable documents to sign.
        .target(name: "AIPJSON"),
        // The one inflate loop (zlib): raw deflate payloads here, gzip and zip members in the tool's readers.
        .target(name: "AIPInflate", dependencies: ["CZlibSystem"]),
        // The all-or-nothing swap of a bundle folder.
        .target(name: "AIPBundleFolder", dependencies: ["AIPErrorText"]),
        // The manifest model, file digests and the logical hash of an SQLite file (through SQLite's C API): what a
        // device checks; the tool's AIPManifest adds building and verifying on top.
        .target(name: "AIPManifestCore", dependencies: [
            "AIPErrorText", "AIPJSON", "CSQLite", .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // The channel client (URLSession), signatures, deflate payloads, rows applied in one transaction with plain
        // SQL through SQLite's C API, the atomic swap.
        .target(name: "AIPUpdate", dependencies: [
            "AIPJSON", "AIPErrorText", "AIPInflate", "AIPManifestCore", "AIPBundleFolder", "CSQLite",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // Needs nothing but the updater and a small test server on 127.0.0.1 (LoopbackServer.swift, which the tool's
        // own update tests link to): runs wherever the updater runs. Fixtures/: a small channel the tool published
        // (Tests/AIPUpdateTests/DeviceFixtureTests.swift records it).
        .testTarget(name: "AIPUpdateDeviceTests", dependencies: [
            "AIPUpdate", "AIPManifestCore", "AIPBundleFolder", .product(name: "Crypto", package: "swift-crypto"),
        ], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
