extension EAIPReader {
    /// What reading one page of a tree gave, its bytes already released.
    public struct PageRead: Sendable {
        /// The page's path as shown in findings (`eaip/EGMC.html`).
        public var file: String
        public var byteCount: Int
        public var result: Result
    }

    /// Reads the pages at `paths` (relative to `tree`) with `workers` tasks at a time, results in `paths` order.
    ///
    /// Each worker loads, parses and reads one page at a time and keeps only what the reader extracted, so at most
    /// `workers` pages and their trees are in memory at once: a build's peak memory does not grow with the number of
    /// pages (1,000 pages of 290 KB kept whole would be 290 MB).
    ///
    /// - Throws: ``SourceError`` when a page cannot be loaded at all (missing, not a regular file, unreadable);
    ///   a page that loads but is not a usable AD 2 page is a finding in its ``Result``.
    public static func read(_ paths: [String], in tree: SourceTree, workers: Int) async throws -> [PageRead] {
        let workers = max(1, min(workers, paths.count))
        return try await withThrowingTaskGroup(of: [(Int, PageRead)].self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var share: [(Int, PageRead)] = []
                    for index in stride(from: worker, to: paths.count, by: workers) {
                        let file = try tree.file(paths[index])
                        share.append((index, PageRead(file: file.displayName, byteCount: file.bytes.count, result: read(file))))
                        // A thousand pages take the build's two threads for a second or more: between pages, the
                        // stage's own continuation (OurAirports read, ready to merge) and the other stages get a turn,
                        // so their work overlaps the pages instead of queueing behind them.
                        await Task.yield()
                    }
                    return share
                }
            }
            var results: [(Int, PageRead)] = []
            results.reserveCapacity(paths.count)
            for try await share in group { results += share }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}
