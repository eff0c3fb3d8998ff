import Foundation

/// The whole `aipbundle build --only airports` process on the 2026 snapshot, each run into a fresh `--out`, without a previous
/// bundle or with one (`--previous`): what comparing with the previous bundle (the change log) costs.
///
/// The previous bundles are built once, before timing: from the 2022 snapshot (four years of changes, about 10,600
/// change rows) and from the 2026 snapshot itself (nothing changed: the cost of comparing alone).
final class PreviousBuildBenchmark: Benchmark {
    let name: String
    private let arguments: [String]
    private let outs: URL
    private let inputBytes: Int
    private var runs = 0

    private init(name: String, arguments: [String], outs: URL, inputBytes: Int) {
        self.name = name
        self.arguments = arguments
        self.outs = outs
        self.inputBytes = inputBytes
    }

    func run() throws -> Work {
        runs += 1
        _ = try BuildProcessBenchmark.spawn(arguments + ["--out", outs.appendingPathComponent("\(runs)").path])
        return Work(bytes: inputBytes)
    }

    /// The three cases; builds their previous bundles in `scratch`.
    /// - Parameters:
    ///   - sources: a source tree of the 2026 snapshot; `sources2022`, one of the 2022 snapshot.
    static func cases(executable: URL, sources: URL, sources2022: URL, scratch: URL, inputBytes: Int) throws -> [PreviousBuildBenchmark] {
        func build(_ tree: URL, into name: String, airac: String) throws -> URL {
            let out = scratch.appendingPathComponent(name)
            _ = try BuildProcessBenchmark.spawn([executable.path, "build", "--only", "airports", "--sources", tree.path, "--out", out.path,
                                                 "--airac", airac])
            return out
        }
        let previous2022 = try build(sources2022, into: "previous-2022", airac: "2026-10-29")
        let previousSame = try build(sources, into: "previous-2026", airac: "2026-11-26")
        let base = [executable.path, "build", "--only", "airports", "--sources", sources.path, "--airac", "2026-11-26", "--allow-shrink"]
        return [
            PreviousBuildBenchmark(name: "build, no previous", arguments: base,
                                   outs: scratch.appendingPathComponent("outs-none"), inputBytes: inputBytes),
            PreviousBuildBenchmark(name: "build, previous 2022", arguments: base + ["--previous", previous2022.path],
                                   outs: scratch.appendingPathComponent("outs-2022"), inputBytes: inputBytes),
            PreviousBuildBenchmark(name: "build, previous same", arguments: base + ["--previous", previousSame.path],
                                   outs: scratch.appendingPathComponent("outs-same"), inputBytes: inputBytes),
        ]
    }
}
