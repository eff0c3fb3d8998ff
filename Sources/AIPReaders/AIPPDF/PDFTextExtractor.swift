import Foundation

/// Runs poppler's `pdftotext -bbox-layout` on a PDF and returns its XHTML (every word with its page and box).
///
/// Poppler runs as a separate process, so its GPL code stays out of our binary and a PDF that crashes or wedges it
/// cannot take the build down: the process gets ``timeout`` seconds and ``maximumOutputBytes`` of output, then is
/// killed. The PDF goes in on stdin and the XHTML comes out on stdout; no temporary file is written.
public struct PDFTextExtractor: Sendable {
    /// Real AD 2 chapters (up to ~20 pages) take well under a second; a PDF that needs more is not one.
    public var timeout: TimeInterval = 20
    /// Real chapters give 0.1–2 MB of XHTML; past this the document is not an AD 2 chapter.
    public var maximumOutputBytes = 64 << 20
    /// `pdftotext`, looked up on `PATH` when not absolute.
    public var executable = "pdftotext"

    public init() {}

    /// What running pdftotext gave.
    public enum Outcome: Sendable, Equatable {
        case xhtml(Data)
        /// pdftotext ran and refused the file (not a PDF, damaged, encrypted); its first error line.
        case rejected(String)
        case timedOut
        case outputTooLarge
    }

    /// - Throws: ``SourceError`` when pdftotext cannot be started at all (not installed): the build cannot read any
    ///   PDF then, which a person must fix, rather than one bad file.
    public func extract(_ pdf: Data, file: String) throws(SourceError) -> Outcome {
        guard let path = Self.resolve(executable) else {
            throw SourceError(file: file, kind: .unreadable, reason: "cannot read PDF: `\(executable)` is not installed (Debian package poppler-utils; run scripts/install-deps.sh)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-q", "-enc", "UTF-8", "-bbox-layout", "-", "-"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch {
            throw SourceError(file: file, kind: .unreadable, reason: "cannot start \(path): \(error) (Debian package poppler-utils)")
        }
        let group = DispatchGroup()
        // stdin and stderr on their own threads so that neither pipe can fill up and stall the process.
        DispatchQueue.global().async(group: group) {
            try? input.fileHandleForWriting.write(contentsOf: pdf)
            try? input.fileHandleForWriting.close()
        }
        let errorText = LockedData()
        DispatchQueue.global().async(group: group) {
            errorText.set(errors.fileHandleForReading.readDataToEndOfFile().prefix(4096))
        }
        let timer = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        var data = Data()
        var tooLarge = false
        let reader = output.fileHandleForReading
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            data.append(chunk)
            if data.count > maximumOutputBytes {
                tooLarge = true
                process.terminate()
                break
            }
        }
        process.waitUntilExit()
        timer.cancel()
        group.wait()
        if tooLarge { return .outputTooLarge }
        if process.terminationReason == .uncaughtSignal { return .timedOut }
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorText.get(), as: UTF8.self)
                .split(whereSeparator: \.isNewline).first.map(String.init) ?? "exit status \(process.terminationStatus)"
            return .rejected(message)
        }
        return .xhtml(data)
    }

    private static func resolve(_ executable: String) -> String? {
        if executable.contains("/") { return FileManager.default.isExecutableFile(atPath: executable) ? executable : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(executable)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// Bytes handed from the stderr-reading thread to the caller.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
