// swift-tools-version:6.1
import PackageDescription

// The sync service of docs/updates-for-app-developers.md, compiled: an app's package as the guide has it, adding
// the updater by path here (by the repository's URL in an app). `make test` builds it, checks that it resolves
// nothing but swift-crypto and swift-asn1, and runs it against a channel it publishes
// (scripts/check-updater-package.sh).
let package = Package(
    name: "BundleSync",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(name: "aipbundle", path: "../../.."),
    ],
    targets: [
        .executableTarget(name: "BundleSync", dependencies: [.product(name: "AIPUpdate", package: "aipbundle")]),
    ],
    swiftLanguageModes: [.v6]
)
