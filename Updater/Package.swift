// swift-tools-version:6.1
import PackageDescription

// The device side's own tests, run as an app meets the updater: this package adds the repository's root by path
// (an app adds it by URL) with no trait, so it resolves swift-crypto and swift-asn1 alone and builds only the
// updater's targets — no libxml2, no libcsv, no GRDB, no swift-nio. The targets themselves are declared once, in
// the root's Package.swift (their code is in Sources/ here). `make test` runs `swift test --package-path Updater`.
let package = Package(
    name: "UpdaterTests",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        // Named, because a path dependency's identity is otherwise its folder's name, which a clone chooses.
        .package(name: "aipbundle", path: ".."),
    ],
    targets: [
        // Needs nothing but the updater and a small test server on 127.0.0.1 (LoopbackServer.swift, which the tool's
        // own update tests link to): runs wherever the updater runs. Fixtures/: a small channel the tool published
        // (Tests/AIPUpdateTests/DeviceFixtureTests.swift records it).
        .testTarget(name: "AIPUpdateDeviceTests", dependencies: [.product(name: "AIPUpdate", package: "aipbundle")],
                    exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
