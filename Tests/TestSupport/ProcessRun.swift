import Foundation

/// What a child process printed on each stream, and how it ended.
public struct ProcessRun: Sendable {
    public var code: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs `executable` with `arguments` (in `directory`, with `environment` when given) to its end, capturing both streams.
public func runProcess(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                       environment: [String: String]? = nil) throws -> ProcessRun {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    // stderr goes to a file, not a second pipe: reading one pipe to its end while the other fills up would block both.
    let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("aipbundle-stderr-\(UUID().uuidString)")
    FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorFile) }
    let errors = try FileHandle(forWritingTo: errorFile)
    defer { try? errors.close() }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let stderr = String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
    return ProcessRun(code: process.terminationStatus, stdout: stdout, stderr: stderr)
}
