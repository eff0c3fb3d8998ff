import AIPErrorText
import Foundation

/// Runs poppler's `pdftotext -bbox-layout` on a PDF and returns its XHTML (every word with its page and box).
///
/// Poppler runs as a separate process, so its GPL code stays out of our binary and a PDF that crashes or wedges it
/// cannot take the build down: the process gets ``timeout`` seconds and ``maximumOutputBytes`` of output, then is
/// killed. The PDF is handed over as a temporary file (removed afterwards) rather than on stdin, so a poppler that
/// dies early cannot break our end of a pipe; its output is read with `poll`, so the deadline holds even when it
/// writes nothing.
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
        /// pdftotext ran and refused the file (not a PDF, damaged, encrypted); its last error line.
        case rejected(String)
        case timedOut
        case outputTooLarge
    }

    /// - Throws: ``SourceError`` when pdftotext cannot be started at all (not installed), or the temporary copy of
    ///   the PDF cannot be written: the build cannot read any PDF then, which a person must fix.
    public func extract(_ pdf: Data, file: String) throws(SourceError) -> Outcome {
        guard let path = Self.resolve(executable) else {
            throw SourceError(file: file, kind: .unreadable, reason: "cannot read PDF: `\(executable)` is not installed (Debian package poppler-utils; run scripts/install-deps.sh)")
        }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("aipbundle-\(UUID().uuidString).pdf")
        do { try pdf.write(to: copy) } catch {
            throw SourceError(file: file, kind: .unreadable, reason: "cannot write a temporary copy for pdftotext: \(ErrorText.reason(error))")
        }
        defer { try? FileManager.default.removeItem(at: copy) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-enc", "UTF-8", "-bbox-layout", copy.path, "-"]
        let output = Pipe(), errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch {
            throw SourceError(file: file, kind: .unreadable, reason: "cannot start \(path): \(ErrorText.reason(error)) (Debian package poppler-utils)")
        }
        let streams = drain(output: output.fileHandleForReading.fileDescriptor, errors: errors.fileHandleForReading.fileDescriptor,
                            deadline: Date().addingTimeInterval(timeout))
        if streams.stop != nil { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        switch streams.stop {
        case .timedOut: return .timedOut
        case .tooLarge: return .outputTooLarge
        case nil: break
        }
        if process.terminationReason == .uncaughtSignal { return .rejected("pdftotext died of signal \(process.terminationStatus)") }
        guard process.terminationStatus == 0 else {
            let message = String(decoding: streams.errors, as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init)
            return .rejected(message ?? "exit status \(process.terminationStatus)")
        }
        return .xhtml(streams.output)
    }

    private enum Stop { case timedOut, tooLarge }

    /// Reads both pipes until both end, the deadline passes or the output grows past the limit; keeps the last
    /// 4 KB of stderr (poppler's warnings come first, the reason it gives up last).
    private func drain(output: Int32, errors: Int32, deadline: Date) -> (output: Data, errors: Data, stop: Stop?) {
        var out = Data(), err = Data()
        var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while fds.contains(where: { $0.fd >= 0 }) {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return (out, err, .timedOut) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(remaining, 1) * 1000) + 1)
            if ready < 0 && errno != EINTR { break }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
                if count <= 0 {
                    fds[index].fd = -1  // poll ignores negative descriptors
                } else if index == 0 {
                    out.append(contentsOf: buffer[..<count])
                    if out.count > maximumOutputBytes { return (out, err, .tooLarge) }
                } else {
                    err.append(contentsOf: buffer[..<count])
                    if err.count > 8192 { err = err.suffix(4096) }
                }
            }
        }
        return (out, err.suffix(4096), nil)
    }

    private static func resolve(_ executable: String) -> String? {
        if executable.contains("/") { return FileManager.default.isExecutableFile(atPath: executable) ? executable : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(executable)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
