import AIPErrorText
import AIPReaders
import Foundation
import Subprocess

/// Runs poppler's `pdftotext -bbox` on a PDF and returns its XHTML (every word with its page and box), for
/// ``AIPPDFReader/read(_:file:)``.
///
/// `-bbox`, not `-bbox-layout`: the same words with the same boxes in the same order (poppler lists both from the
/// flows it finds), without the flow, block and line elements around them that the reader never reads; pdftotext
/// takes a tenth less time, and its XHTML is two fifths smaller to parse.
///
/// Poppler runs as a separate process, so its GPL code stays out of our binary and a PDF that crashes or wedges it
/// cannot take the build down: the process gets ``timeout`` seconds and ``maximumOutputBytes`` of output, then is
/// killed. The PDF is handed over as a temporary file (removed afterwards) rather than on stdin, so a poppler that
/// dies early cannot break our end of a pipe. Both streams are read without blocking a thread (swift-subprocess), so
/// the deadline holds even when it writes nothing, and the build's other work runs meanwhile.
public struct PDFTextExtractor: Sendable {
    /// Real AD 2 chapters (up to ~20 pages) take well under a second; a PDF that needs more is not one.
    public var timeout: TimeInterval = 20
    /// Real chapters give 0.1–2 MB of XHTML; past this the document is not an AD 2 chapter.
    public var maximumOutputBytes = 64 << 20
    /// `pdftotext`, looked up on `PATH` when not absolute.
    public var executable = "pdftotext"

    public init() {}

    /// Runs the jobs of every extraction (each a few microseconds: a buffer appended, a kill sent).
    private static let executor = SerialQueueExecutor(label: "aipbundle.pdftotext")

    /// - Throws: ``SourceError`` when pdftotext cannot be started at all (not installed), or the temporary copy of
    ///   the PDF cannot be written: the build cannot read any PDF then, which a person must fix.
    public func extract(_ pdf: Data, file: String) async throws(SourceError) -> PDFTextExtraction {
        // On a thread of its own: on the two threads the stages share, a stage's long stretch of work would leave
        // pdftotext's output unread (pdftotext then waits on a full pipe) and its deadline late, and a chapter read
        // in half a second could time out. Today's process waited on a thread it held; this one holds none.
        try await withTaskExecutorPreference(Self.executor) { () async throws(SourceError) -> PDFTextExtraction in
            try await run(pdf, file: file)
        }
    }

    private func run(_ pdf: Data, file: String) async throws(SourceError) -> PDFTextExtraction {
        guard let path = Self.resolve(executable) else {
            throw SourceError(file: file, kind: .unreadable, reason: "cannot read PDF: `\(executable)` is not installed (Debian package poppler-utils; run scripts/install-deps.sh)")
        }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("aipbundle-\(UUID().uuidString).pdf")
        do { try pdf.write(to: copy) } catch {
            throw SourceError(file: file, kind: .unreadable, reason: "cannot write a temporary copy for pdftotext: \(ErrorText.reason(error))")
        }
        // A copy left in the temporary folder harms nothing, and the PDF's reading is already decided.
        defer { try? FileManager.default.removeItem(at: copy) }
        let run: ExecutionResult<Streams, SequenceOutput, SequenceOutput>
        do {
            // `.init(path)`: the FilePath of swift-system, which swift-subprocess brings; no dependency of ours names it.
            run = try await Subprocess.run(.path(.init(path)), arguments: ["-enc", "UTF-8", "-bbox", copy.path, "-"],
                                           input: .none, output: .sequence, error: .sequence) { execution in
                await drain(execution)
            }
        } catch {
            throw SourceError(file: file, kind: .unreadable, reason: "cannot start \(path): \(Self.reason(error)) (Debian package poppler-utils)")
        }
        switch (run.closureResult.stop, run.terminationStatus) {
        case (.timedOut?, _): return .timedOut(seconds: timeout)
        case (.tooLarge?, _): return .outputTooLarge
        case (nil, .signaled(let signal)): return .rejected("pdftotext died of signal \(signal)")
        case (nil, .exited(0)): return .xhtml(run.closureResult.output)
        case (nil, .exited(let status)):
            let message = String(decoding: run.closureResult.errors, as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init)
            return .rejected(message ?? "exit status \(status)")
        }
    }

    /// Why the process was killed before it ended.
    private enum Stop: Sendable { case timedOut, tooLarge }

    /// What pdftotext wrote: all of stdout, the last 4 KB of stderr (poppler's warnings come first, the reason it
    /// gives up last); and why it was killed, if it was.
    private struct Streams: Sendable {
        var output = Data()
        var errors = Data()
        var stop: Stop?
    }

    /// Reads both streams until both end. When the deadline passes or the output grows past the limit, kills the
    /// process (its streams then end): a read of swift-subprocess does not end when its task is cancelled, so the
    /// process must go first.
    private func drain(_ execution: Execution<NoInput, SequenceOutput, SequenceOutput>) async -> Streams {
        let maximumOutputBytes = maximumOutputBytes
        // Fails only when the process has ended already, which is what it is for.
        let kill: @Sendable () -> Void = { try? execution.send(signal: .kill) }
        let deadline = ProcessDeadline(seconds: timeout, kill: kill)
        defer { deadline.cancel() }
        var streams = await withTaskGroup(of: Streams.self) { group in
            group.addTask {
                var output = Data()
                do {
                    for try await buffer in execution.standardOutput {
                        buffer.withUnsafeBytes { output.append(contentsOf: $0) }
                        guard output.count <= maximumOutputBytes else {
                            kill()
                            return Streams(stop: .tooLarge)
                        }
                    }
                } catch {
                    // A failed read ends the stream as an early end of file would: what was read is judged by the exit status.
                }
                return Streams(output: output)
            }
            group.addTask {
                var errors = Data()
                do {
                    for try await buffer in execution.standardError {
                        buffer.withUnsafeBytes { errors.append(contentsOf: $0) }
                        if errors.count > 8192 { errors = errors.suffix(4096) }
                    }
                } catch {
                    // As for stdout: only its last line is ever used, as a message.
                }
                return Streams(errors: errors.suffix(4096))
            }
            return await group.reduce(into: Streams()) { streams, stream in
                streams.output += stream.output
                streams.errors += stream.errors
                streams.stop = streams.stop ?? stream.stop
            }
        }
        if deadline.passed { streams.stop = streams.stop ?? .timedOut }
        return streams
    }

    /// A failure to start the process in words: the system's reason when swift-subprocess gives one.
    private static func reason(_ error: any Error) -> String {
        guard let code = (error as? SubprocessError)?.underlyingError?.rawValue else { return ErrorText.reason(error) }
        return ErrorText.reason(errno: code)
    }

    private static func resolve(_ executable: String) -> String? {
        if executable.contains("/") { return FileManager.default.isExecutableFile(atPath: executable) ? executable : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(executable)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
