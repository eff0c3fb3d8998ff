import Synchronization

extension SourceTree {
    /// Reads the files at `paths` with `read`, `workers` tasks at a time, results in `paths` order.
    ///
    /// Files are independent documents, so each worker takes the next file not yet taken: with two workers, both
    /// cores of the build machine parse, and both until the last file (a worker given every other file could idle
    /// for the last few while the other, slowed by the build's other work, still had several). Each worker loads one
    /// file at a time and keeps only what `read` returns, so at most `workers` files are in memory at once unless
    /// `read` keeps them. `read` may suspend (a PDF's pdftotext process): the worker then gives its thread up
    /// until the result is there.
    ///
    /// - Throws: ``SourceError`` when a file cannot be loaded at all (missing, not a regular file, unreadable), or
    ///   what `read` throws.
    public func mapEach<R: Sendable>(_ paths: [String], workers: Int,
                                     _ read: @escaping @Sendable (SourceFile) async throws -> R) async throws -> [R] {
        let workers = max(1, min(workers, paths.count))
        let next = NextIndex()
        return try await withThrowingTaskGroup(of: [(Int, R)].self) { group in
            for _ in 0..<workers {
                group.addTask {
                    var share: [(Int, R)] = []
                    while true {
                        let index = next.take()
                        guard index < paths.count else { break }
                        share.append((index, try await read(try self.file(paths[index]))))
                        // A thousand pages take the build's two threads for a second or more: between documents, the
                        // stage's own continuation (OurAirports read, ready to merge) and the other stages get a turn,
                        // so their work overlaps the documents instead of queueing behind them.
                        await Task.yield()
                    }
                    return share
                }
            }
            var results: [(Int, R)] = []
            results.reserveCapacity(paths.count)
            for try await share in group { results += share }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}

/// The index of the next file for ``SourceTree/mapEach(_:workers:_:)``'s workers to take.
private final class NextIndex: Sendable {
    private let value = Atomic<Int>(0)

    func take() -> Int {
        value.add(1, ordering: .relaxed).oldValue
    }
}
