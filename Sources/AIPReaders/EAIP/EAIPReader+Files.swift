extension EAIPReader {
    /// Reads the pages at `paths` (relative to `tree`) with `workers` tasks at a time, results in `paths` order.
    ///
    /// Pages are independent documents, so each worker parses its own share (every `workers`-th page) on its own
    /// libxml2 document: with two workers, both cores of the build machine parse.
    ///
    /// - Throws: ``SourceError`` when a page cannot be loaded at all (missing, not a regular file, unreadable);
    ///   a page that loads but is not a usable AD 2 page is a finding in its ``Result``.
    public static func read(_ paths: [String], in tree: SourceTree, workers: Int) async throws -> [(file: SourceFile, result: Result)] {
        let workers = max(1, min(workers, paths.count))
        return try await withThrowingTaskGroup(of: [(Int, SourceFile, Result)].self) { group in
            for worker in 0..<workers {
                group.addTask {
                    try stride(from: worker, to: paths.count, by: workers).map { index in
                        let file = try tree.file(paths[index])
                        return (index, file, read(file))
                    }
                }
            }
            var results: [(Int, SourceFile, Result)] = []
            for try await share in group { results += share }
            return results.sorted { $0.0 < $1.0 }.map { ($0.1, $0.2) }
        }
    }
}
