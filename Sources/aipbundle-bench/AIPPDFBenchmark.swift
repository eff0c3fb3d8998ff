import AIPPDFText
import AIPReaders
import Foundation

/// AIP PDF chapters: every real one of `../shared/fixtures/aip-pdf` (twelve: eight tables, and the Danish, Spanish,
/// Czech and Austrian layouts) read by one worker and by two (both cores across files, as the airports stage reads
/// them), and the largest alone. Rows are PDF pages, so `rows/s` is pages per second; `ms/doc` is the whole set's
/// median divided by its documents, `chapters/s` its inverse, and `pages/chapter` the pages read of each (the
/// whole chapter: its chart pages give the procedures, and every page's date the effective date).
struct AIPPDFBenchmark: Benchmark {
    enum Mode {
        /// Every document, read by this many workers.
        case documents(workers: Int)
        /// The largest document alone (LFAT, 18 pages with its charts).
        case largest
    }

    let mode: Mode
    let corpus: AIPPDFCorpus

    var name: String {
        switch mode {
        case .documents(let workers): "aip-pdf-docs-\(workers)-core\(workers == 1 ? "" : "s")"
        case .largest: "aip-pdf-largest"
        }
    }

    func run() throws -> Work {
        switch mode {
        case .documents(let workers):
            let tree = corpus.tree, paths = corpus.paths
            let results = try blocking { try await tree.mapEach(paths, workers: workers) { try await AIPPDFReader.read($0, extract: PDFTextExtractor().extract) } }
            guard results.allSatisfy({ $0.page != nil }) else { throw BenchmarkError("a benchmark PDF was not read") }
            let pages = results.reduce(0) { $0 + $1.pageCount }
            return Work(rows: pages, bytes: corpus.bytes, documents: results.count, pages: pages)
        case .largest:
            let largest = corpus.largest
            let result = try blocking { try await AIPPDFReader.read(largest, extract: PDFTextExtractor().extract) }
            guard result.page != nil else { throw BenchmarkError("the largest PDF was not read") }
            return Work(rows: result.pageCount, bytes: corpus.largest.bytes.count, documents: 1, pages: result.pageCount)
        }
    }
}

/// The PDFs of one folder, and the largest of them.
struct AIPPDFCorpus {
    let tree: SourceTree
    let paths: [String]
    let largest: SourceFile
    let bytes: Int

    /// nil when `folder` holds no PDF (no `../shared` here).
    init?(folder: URL) throws {
        guard FileManager.default.fileExists(atPath: folder.path) else { return nil }
        let tree = try SourceTree(root: folder)
        let paths = try tree.files(under: ".", extensions: ["pdf"])
        let files = try paths.map { try tree.file($0) }
        (self.tree, self.paths) = (tree, paths)
        guard let largest = files.max(by: { $0.bytes.count < $1.bytes.count }) else { return nil }
        self.largest = largest
        bytes = files.reduce(0) { $0 + $1.bytes.count }
    }
}
