import AIPCommands
import CSQLite
import Foundation
#if os(Linux)
import CMalloc
#endif

/// The executable only dispatches; the commands live in AIPCommands so tests can drive them in-process, through
/// the same ``AIPBundleCommand/run(_:console:)`` (which also gives `--json` usage errors their JSON document).
@main
enum AIPBundleMain {
    static func main() async {
        #if os(Linux)
        // glibc raises its mmap threshold to the size of each large block freed, up to 32 MB: once a build has freed a
        // database image, arrays of megabytes come from the heap, whose middle is never given back to the system.
        // Fixed at 4 MB, the whole-Europe build peaks at 134 MB instead of 160–180 MB, in the same time (measured).
        // Fixing it also fixes the trim threshold, at 128 KB, where every free at the top of a heap is given back and
        // faulted in again (85,000 more page faults, 0.2 s of system time in the airports stage); at 2 MB that is
        // gone, and the peak stays 6 MB below what 8 MB (glibc's own rule, twice the mmap threshold) gives (measured).
        tuned("mallopt(M_MMAP_THRESHOLD)", mallopt(M_MMAP_THRESHOLD, 4 << 20) == 1)
        tuned("mallopt(M_TRIM_THRESHOLD)", mallopt(M_TRIM_THRESHOLD, 2 << 20) == 1)
        // One heap per core: each new thread (background hashing has threads of its own) would otherwise get a heap of
        // its own, first touched page by page (measured: 0.15 s more system time in the whole-Europe build).
        tuned("mallopt(M_ARENA_MAX)", mallopt(M_ARENA_MAX, Int32(max(2, ProcessInfo.processInfo.activeProcessorCount))) == 1)
        #endif
        // SQLite's memory statistics off, before any thread uses SQLite (`sqlite3_config` is not thread-safe): with them,
        // each of its allocations takes a global mutex, a tenth of the time of writing the bundle's databases (measured).
        tuned("sqlite3_config(SQLITE_CONFIG_MEMSTATUS)", aipbundle_sqlite3_disable_memstatus() == SQLITE_OK)
        exit(await AIPBundleCommand.run(Array(CommandLine.arguments.dropFirst())))
    }

    /// A refused tuning call changes speed and memory, never output: the run goes on, and says so on stderr.
    private static func tuned(_ call: String, _ accepted: Bool) {
        guard !accepted else { return }
        FileHandle.standardError.write(Data("aipbundle: warning: \(call) was refused; running with the library's defaults\n".utf8))
    }
}
