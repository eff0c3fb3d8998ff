import Foundation

/// The whole `aipbundle build --only airports` process, as CI runs it: start-up, parse, stage, write, publish.
struct BuildProcessBenchmark: Benchmark {
    let name: String
    let executable: URL
    let sources: URL
    let out: URL
    let inputBytes: Int

    func run() throws -> Work {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["build", "--only", "airports", "--sources", sources.path, "--out", out.path, "--airac", "2026-11-26"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("\(executable.path) build exited with \(process.terminationStatus)")
        }
        return Work(bytes: inputBytes)
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
