import AIPBundleFolder
import AIPManifest
import AIPUpdate
import Foundation
import TestSupport
import Testing

/// The built `aipbundle` beside the test binary (`swift build` builds it with the tests).
let aipbundleBinary: URL? = {
    let candidate = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("aipbundle")
    return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
}()

@Suite struct UpdateKillTests {
    /// `kill -9` of `aipbundle update` at random moments of a v1 → v3 update over a slow connection: every time the
    /// folder holds v1 or v3, whole, and the next run brings it to v3 with every file in place.
    @Test(.enabled(if: aipbundleBinary != nil, "needs the aipbundle executable beside the test binary (swift build)"))
    func killingUpdateAtRandomMomentsLeavesTheOldOrTheNewBundle() async throws {
        let binary = try #require(aipbundleBinary)
        let served = try UpdateClientTests.Served(keep: 1)
        let publicKey = served.published.folder.url.appendingPathComponent("signing.pub")
        try Data(served.published.key.publicKey.fileText.utf8).write(to: publicKey)
        let arguments = ["update", "--channel", served.server.baseURL.absoluteString, "--bundle", served.device.path,
                         "--public-key", publicKey.path, "--work", served.work.path]
        served.server.throttle(bytesPerSecond: 4_000)
        let expected = try served.published.built.map { try manifestHashes($0) }

        func reset() throws {
            for url in [served.device, served.work] where FileManager.default.fileExists(atPath: url.path) {
                try FileManager.default.removeItem(at: url)
            }
            try served.install(0)
        }
        /// Runs `update`, killed after `delay` seconds if given; its exit status and what it printed on stderr.
        func run(killAfter delay: TimeInterval?) throws -> (process: Process, errors: String) {
            let process = Process()
            process.executableURL = binary
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            if let delay {
                Thread.sleep(forTimeInterval: delay)
                kill(process.processIdentifier, SIGKILL)
            }
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process, text)
        }

        // One run undisturbed, to know how long an update takes.
        try reset()
        let started = Date()
        #expect(try run(killAfter: nil).process.terminationStatus == 0)
        let duration = Date().timeIntervalSince(started)
        #expect(try ManifestVerifier.contentHashes(folder: served.device) == expected[2])

        // Each failure message names its kill time, which is all a replay needs.
        var killedMidway = 0
        for _ in 0..<8 {
            try reset()
            let delay = Double.random(in: 0..<duration)
            let process = try run(killAfter: delay).process
            if process.terminationReason == .uncaughtSignal { killedMidway += 1 }
            let contents = try #require(BundleFolder.currentContents(of: served.device))
            let hashes = try ManifestVerifier.contentHashes(folder: contents)
            #expect(hashes == expected[0] || hashes == expected[2], "killed after \(delay) s: neither v1 nor v3")
            let next = try run(killAfter: nil)
            #expect(next.process.terminationStatus == 0, "after a kill at \(delay) s: \(next.errors)")
            #expect(ManifestVerifier.verify(folder: served.device).isEmpty)
            #expect(try ManifestVerifier.contentHashes(folder: served.device) == expected[2])
        }
        #expect(killedMidway > 0)
    }
}

