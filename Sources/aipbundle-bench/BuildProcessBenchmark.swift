import Foundation

/// The whole `aipbundle build --only airports` process, as CI runs it: start-up, parse, stage, write, publish.
///
/// Spawned with `posix_spawn` and reaped with `wait4`, which gives the child's own peak memory. (Foundation's
/// `Process` added tens of milliseconds per run here, and a forked child inherits its parent's high-water mark,
/// so run this case before the bench loads any data.)
final class BuildProcessBenchmark: Benchmark {
    let name = "build --only airports"
    let arguments: [String]
    let inputBytes: Int
    /// Largest peak resident memory of any run, in MB.
    private(set) var peakMemoryMB = 0.0

    init(executable: URL, sources: URL, out: URL, inputBytes: Int) {
        arguments = [executable.path, "build", "--only", "airports", "--sources", sources.path, "--out", out.path, "--airac", "2026-11-26"]
        self.inputBytes = inputBytes
    }

    func run() throws -> Work {
        peakMemoryMB = max(peakMemoryMB, try Self.spawn(arguments).peakMemoryMB)
        return Work(bytes: inputBytes)
    }

    /// Runs `arguments` (the executable first) with stderr into `stderrPath` (silenced by default); returns the
    /// child's peak memory and CPU time.
    /// - Throws: when it cannot start or exits with a non-zero status.
    static func spawn(_ arguments: [String], stderrPath: String = "/dev/null") throws -> ProcessUsage {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else {
            throw BenchError("cannot start \(arguments[0])")
        }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        guard status == 0 else { throw BenchError("\(arguments.joined(separator: " ")) exited with status \(status)") }
        return ProcessUsage(peakMemoryMB: Double(usage.ru_maxrss) / 1024,
                            cpuSeconds: Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                                + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6)
    }
}

/// What a child process used, from `wait4`'s `rusage`.
struct ProcessUsage {
    /// Peak resident memory (`ru_maxrss`), in MB.
    var peakMemoryMB: Double
    /// User plus system time.
    var cpuSeconds: Double
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
