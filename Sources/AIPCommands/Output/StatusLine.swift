import Dispatch
import Foundation

/// The live progress line of long work (a build's stages, a delta, a publish) on a terminal: what is being done
/// and for how long, redrawn a few times a second by a timer of its own (the work itself may block its thread).
/// Off a terminal there is none: ``CommandLog`` writes a build's progress as plain log lines instead, and drops a
/// command's status, which its result line repeats.
final class StatusLine: @unchecked Sendable {
    private let console: Console
    private let lock = NSLock()
    private var text: String?
    private var started = ContinuousClock.now
    private var frame = 0
    private var timer: DispatchSourceTimer?

    /// Spinner frames: the line moves even when no stage reports anything for a while.
    private static let frames = ["|", "/", "-", "\\"]

    init(console: Console) {
        self.console = console
    }

    /// Shows `text` from now on; the elapsed time counts from the first text.
    func show(_ text: String) {
        lock.withLock {
            if self.text == nil { started = .now }
            self.text = text
            if timer == nil {
                let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "aipbundle.status"))
                timer.schedule(deadline: .now(), repeating: .milliseconds(250))
                timer.setEventHandler { [weak self] in self?.redraw() }
                timer.resume()
                self.timer = timer
            }
        }
        redraw()
    }

    /// Removes the line (before the result is printed).
    func finish() {
        lock.withLock {
            timer?.cancel()
            timer = nil
            text = nil
            console.setStatus(nil)
        }
    }

    /// Longer texts are cut so that the line never wraps on an 80-column terminal (a wrapped line cannot be redrawn).
    static let maxTextLength = 68

    private func redraw() {
        lock.withLock {
            guard let text else { return }
            frame += 1
            let seconds = (ContinuousClock.now - started).components.seconds
            let shown = text.count > Self.maxTextLength ? text.prefix(Self.maxTextLength - 1) + "…" : Substring(text)
            console.setStatus("\(Self.frames[frame % Self.frames.count]) \(shown)  \(seconds) s")
        }
    }
}
