import AIPBuild
import AIPBundleFolder
import AIPContract
import AIPDelta
import AIPManifest
import AIPPipeline
import AIPStages
import AIPUpdate
import Foundation
import TestSupport

/// Update packages on full real data: the bundles of the 2022 and 2026 OurAirports snapshots (the second built
/// with the first as `--previous`), and a one-cycle change (a few runways edited, one removed, one added in a copy
/// of the 2026 CSVs). Prints each package's size against the full compressed bundle, then times computing and
/// applying the deltas and the build with and without `--previous`.
struct DeltaBench {
    let scratch: URL
    let key = SigningKey()
    var bundles: [String: URL] = [:]
    var sources: [String: URL] = [:]

    /// A source tree whose `ourairports` links to `snapshot`.
    static func tree(_ folder: URL, linking snapshot: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("ourairports"), withDestinationURL: snapshot.standardizedFileURL)
        return folder
    }

    init(data: URL, scratch: URL) throws {
        self.scratch = scratch.appendingPathComponent("delta")
        let snapshot2026 = data.appendingPathComponent("ourairports-2026")
        sources["2022"] = try Self.tree(self.scratch.appendingPathComponent("s2022"), linking: data.appendingPathComponent("ourairports-2022"))
        sources["2026"] = try Self.tree(self.scratch.appendingPathComponent("s2026"), linking: snapshot2026)
        let edited = self.scratch.appendingPathComponent("s-cycle/ourairports")
        try FileManager.default.createDirectory(at: edited, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: edited.appendingPathComponent("airports.csv"),
                                                   withDestinationURL: snapshot2026.appendingPathComponent("airports.csv").standardizedFileURL)
        let change = RunwayEdits.oneCycle(try String(contentsOf: snapshot2026.appendingPathComponent("runways.csv"), encoding: .utf8))
        try Data(change.csv.utf8).write(to: edited.appendingPathComponent("runways.csv"))
        sources["cycle"] = edited.deletingLastPathComponent()

        bundles["2022"] = try build("2022", sources: sources["2022"]!, airac: "2022-10-06", version: "2210", previous: nil)
        bundles["2026"] = try build("2026", sources: sources["2026"]!, airac: "2026-11-26", version: "2612", previous: bundles["2022"])
        // The next cycle, as a real update.
        bundles["cycle"] = try build("cycle", sources: sources["cycle"]!, airac: "2026-12-24", version: "2613", previous: bundles["2026"])
        // The same change stamped in the same cycle: the delta without this cycle's change-log and airac_updates rows.
        bundles["cycle-same-stamp"] = try build("cycle-same-stamp", sources: sources["cycle"]!, airac: "2026-11-26", version: "2612.1",
                                                previous: bundles["2026"])
    }

    func build(_ name: String, sources: URL, airac: String, version: String, previous: URL?, out: URL? = nil) throws -> URL {
        let out = out ?? scratch.appendingPathComponent("b-\(name)")
        // The snapshots are airports data only.
        let stamp = BuildStamp(version: version, airac: AIRACCycle(effectiveDate: airac)!, timestamp: "\(airac)T00:00:00")
        var options = BuildOptions(sources: sources, out: out, stages: try StageRegistry.select(AirportsStage.name), stamp: stamp,
                                   previous: previous, allowShrink: true)
        options.signingKey = key
        let built = options
        try runBlocking { _ = try await BundleBuilder.build(built) }
        return out
    }

    /// Prints the package from `from` to `to`: every file of it (what a device downloads), then per bundle file
    /// the payload against the full bundle's (the file deflated), and the rows payload even when the file ships whole.
    func printSizes(_ label: String, from: String, to: String) throws {
        let full = try DeltaPackageWriter.write(from: nil, to: bundles[to]!, out: scratch.appendingPathComponent("full-\(UUID())"), key: key)
        let folder = scratch.appendingPathComponent("size-\(UUID())")
        let delta = try DeltaPackageWriter.write(from: bundles[from]!, to: bundles[to]!, out: folder, key: key)
        let sizes = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            (name, try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as? Int ?? 0)
        }
        print("delta size \(label): package \(sizes.reduce(0) { $0 + $1.1 }) bytes of files (\(sizes.map { "\($0.0) \($0.1)" }.joined(separator: ", ")))")
        let manifest = try Manifest(contentsOf: bundles[to]!.appendingPathComponent(Manifest.fileName))
        for name in delta.files.keys.sorted() {
            let part = delta.files[name]!.bytes ?? 0, whole = full.files[name]!.bytes ?? 0
            print(String(format: "  %@ %@ %9d bytes; full %9d bytes deflated (%.2f %%), %d bytes raw", name,
                         delta.files[name]!.kind.rawValue, part, whole, 100 * Double(part) / Double(max(whole, 1)), manifest.files[name]!.bytes))
            let oldContents = BundleFolder.currentContents(of: bundles[from]!)!, newContents = BundleFolder.currentContents(of: bundles[to]!)!
            if manifest.files[name]!.kind == .sqlite,
               let rows = try RowDiff.payload(from: oldContents.appendingPathComponent(name), to: newContents.appendingPathComponent(name)) {
                let encoded = rows.encoded()
                print("  rows payload \(encoded.count) bytes raw, \(try Deflate.compress(encoded).count) bytes deflated; "
                      + rows.tables.map { "\($0.name) -\($0.deletes.count) +\($0.upserts.count)" }.joined(separator: ", "))
            }
        }
    }

    /// Builds the bundles, prints the sizes and measures the cases `wanted` selects.
    static func run(data: URL, scratch: URL, runs: Int, wanted: (String) -> Bool) throws {
        let bench = try DeltaBench(data: data, scratch: scratch)
        let pairs = [("2022→2026", "2022", "2026"), ("one cycle", "2026", "cycle"), ("one cycle, same stamp", "2026", "cycle-same-stamp")]
        for (label, from, to) in pairs where wanted("delta size") { try bench.printSizes(label, from: from, to: to) }
        var cases: [any Benchmark] = []
        for (label, from, to) in pairs {
            cases.append(DeltaComputeBenchmark(bench, from: from, to: to, label: label))
            cases.append(try DeltaApplyBenchmark(bench, from: from, to: to, label: label))
        }
        cases += pairs.prefix(2).map { ChangesBenchmark(bench, from: $0.1, to: $0.2, label: $0.0) }
        cases += [BuildPreviousBenchmark(bench, withPrevious: false), BuildPreviousBenchmark(bench, withPrevious: true)]
        for benchmark in cases where wanted(benchmark.name) { try measure(benchmark, runs: runs) }
    }
}

/// Computing a delta package (row diff in SQL, proof by applying, deflate).
final class DeltaComputeBenchmark: Benchmark {
    let name: String
    let bench: DeltaBench, from: String, to: String
    private var counter = 0

    init(_ bench: DeltaBench, from: String, to: String, label: String) {
        (self.bench, self.from, self.to, name) = (bench, from, to, "delta compute \(label)")
    }

    func run() throws -> Work {
        counter += 1
        try DeltaPackageWriter.write(from: bench.bundles[from]!, to: bench.bundles[to]!,
                                     out: bench.scratch.appendingPathComponent("compute-\(name.hashValue)-\(counter)"), key: bench.key)
        return Work(bytes: try Data(contentsOf: bench.bundles[to]!.appendingPathComponent(AirportsContract.fileName)).count)
    }
}

/// Applying a delta on the device side: verify, copy, apply rows in one transaction, hash, publish (a fresh copy
/// of the old bundle each run; the copy is a few MB and included).
final class DeltaApplyBenchmark: Benchmark {
    let name: String
    let bench: DeltaBench, from: String, package: URL
    private var counter = 0

    init(_ bench: DeltaBench, from: String, to: String, label: String) throws {
        (self.bench, self.from, name) = (bench, from, "delta apply \(label)")
        package = bench.scratch.appendingPathComponent("apply-\(label.hashValue)")
        try DeltaPackageWriter.write(from: bench.bundles[from]!, to: bench.bundles[to]!, out: package, key: bench.key)
    }

    func run() throws -> Work {
        counter += 1
        let device = bench.scratch.appendingPathComponent("device-\(name.hashValue)-\(counter)")
        try FileManager.default.copyItem(at: bench.bundles[from]!, to: device)
        try BundleUpdater.apply(package: package, to: device, trustedKey: bench.key.publicKey)
        return Work()
    }
}

/// The full 2026 build, with or without the 2022 bundle as `--previous`.
final class BuildPreviousBenchmark: Benchmark {
    let name: String
    let bench: DeltaBench, withPrevious: Bool
    private var counter = 0

    init(_ bench: DeltaBench, withPrevious: Bool) {
        (self.bench, self.withPrevious, name) = (bench, withPrevious, withPrevious ? "build 2026 --previous 2022" : "build 2026 (no previous)")
    }

    func run() throws -> Work {
        counter += 1
        let out = bench.scratch.appendingPathComponent("build-\(withPrevious)-\(counter)")
        _ = try bench.build("", sources: bench.sources["2026"]!, airac: "2026-11-26", version: "2612",
                            previous: withPrevious ? bench.bundles["2022"] : nil, out: out)
        return Work()
    }
}

/// Runs async work from the synchronous bench, on a detached task (the main thread waits, so nothing may need it).
func runBlocking(_ body: @escaping @Sendable () async throws -> Void) throws {
    final class Outcome: @unchecked Sendable { var error: (any Error)? }
    let outcome = Outcome()
    let semaphore = DispatchSemaphore(value: 0)
    Task.detached {
        do { try await body() } catch { outcome.error = error }
        semaphore.signal()
    }
    semaphore.wait()
    if let error = outcome.error { throw error }
}
