import Foundation
import TestSupport

/// Helpers that make small input files for the reader tests.
enum TestFiles {
    /// Runs `command` with `/bin/sh` in `folder`; for the archives tests build with gzip and zip.
    static func shell(_ command: String, in folder: TemporaryFolder) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder.url
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Whether the `zip` tool needed to build test archives is installed.
    static var zipAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/zip") }
}
