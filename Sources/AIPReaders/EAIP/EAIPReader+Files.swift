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
    /// Only what the reader extracted is kept, never a page's bytes, so a build's peak memory does not grow with the
    /// number of pages (1,000 pages of 290 KB kept whole would be 290 MB).
    ///
    /// - Throws: ``SourceError`` when a page cannot be loaded at all (missing, not a regular file, unreadable);
    ///   a page that loads but is not a usable AD 2 page is a finding in its ``Result``.
    public static func read(_ paths: [String], in tree: SourceTree, workers: Int) async throws -> [PageRead] {
        try await tree.mapEach(paths, workers: workers) { file in
            PageRead(file: file.displayName, byteCount: file.bytes.count, result: read(file))
        }
    }
}
