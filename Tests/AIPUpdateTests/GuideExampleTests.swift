import Foundation
import Testing

/// The guide's sync service is the example program `make test` compiles and runs, byte for byte: a guide whose code
/// does not compile is the first thing an app developer would meet.
@Suite struct GuideExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theGuidesSyncServiceIsTheCompiledExample() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/updates-for-app-developers.md"), encoding: .utf8)
        let example = try String(contentsOf: Self.root.appendingPathComponent("Updater/Examples/BundleSync/Sources/BundleSync/BundleSync.swift"), encoding: .utf8)
        let section = try #require(guide.components(separatedBy: "## A sync service").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(block == example)
    }
}
