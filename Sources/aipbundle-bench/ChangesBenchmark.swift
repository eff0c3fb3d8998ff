import AIPBuild
import AIPBundleFolder
import AIPChanges
import Foundation

/// `changes` on the delta benchmark's real bundles: comparing two whole-Europe `airports.db` (every kind of change,
/// one join each) and rendering the page and the Markdown summary. Verifying the bundles first is the manifest
/// case's work and is left out.
final class ChangesBenchmark: Benchmark {
    let name: String
    private let old: URL, new: URL

    init(_ bench: DeltaBench, from: String, to: String, label: String) {
        name = "changes \(label)"
        old = BundleFolder.currentContents(of: bench.bundles[from]!)!
        new = BundleFolder.currentContents(of: bench.bundles[to]!)!
    }

    func run() throws -> Work {
        let changes = try BundleComparison.compare(from: old, to: new, reportName: BundleBuilder.reportName)
        let page = ChangesHTML.page(changes), summary = ChangesMarkdown.summary(changes)
        return Work(rows: changes.aerodromes.total + changes.runways.total + changes.aipEntries.total + changes.procedures.total,
                    bytes: page.utf8.count + summary.utf8.count)
    }
}
