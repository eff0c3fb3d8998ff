extension EAIPReader {
    /// Reads the pages at `paths` (relative to `tree`) with `workers` tasks at a time, results in `paths` order.
    ///
    /// - Throws: ``SourceError`` when a page cannot be loaded at all (missing, not a regular file, unreadable);
    ///   a page that loads but is not a usable AD 2 page is a finding in its ``Result``.
    public static func read(_ paths: [String], in tree: SourceTree, workers: Int) async throws -> [(file: SourceFile, result: Result)] {
        try await tree.readEach(paths, workers: workers) { read($0) }
    }
}
