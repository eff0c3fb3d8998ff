extension SourceTree {
    /// Reads the files at `paths` with `read`, `workers` tasks at a time, results in `paths` order.
    ///
    /// Files are independent documents, so each worker reads its own share (every `workers`-th file): with two
    /// workers, both cores of the build machine parse.
    ///
    /// - Throws: ``SourceError`` when a file cannot be loaded at all (missing, not a regular file, unreadable), or
    ///   what `read` throws.
    public func readEach<R: Sendable>(_ paths: [String], workers: Int,
                                      _ read: @escaping @Sendable (SourceFile) throws -> R) async throws -> [(file: SourceFile, result: R)] {
        let workers = max(1, min(workers, paths.count))
        return try await withThrowingTaskGroup(of: [(Int, SourceFile, R)].self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var share: [(Int, SourceFile, R)] = []
                    for index in stride(from: worker, to: paths.count, by: workers) {
                        let file = try self.file(paths[index])
                        share.append((index, file, try read(file)))
                        // Let the build's other work have the thread between documents (see EAIPReader.read).
                        await Task.yield()
                    }
                    return share
                }
            }
            var results: [(Int, SourceFile, R)] = []
            for try await share in group { results += share }
            return results.sorted { $0.0 < $1.0 }.map { ($0.1, $0.2) }
        }
    }
}
