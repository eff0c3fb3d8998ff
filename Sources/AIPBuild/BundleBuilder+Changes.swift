import AIPChanges
import Foundation

extension BundleBuilder {
    /// The page and the Markdown summary of what changed since `--previous`, written beside `report.json`. Like
    /// it, they stay with the build: the manifest does not list them, so no update ships them.
    public static let changesPageName = "changes.html"
    public static let changesSummaryName = "changes.md"

    /// Compares the bundle assembled in `staging` with `previous` and writes both files into `staging`.
    /// - Returns: the names written.
    static func writeChanges(from previous: URL, to staging: URL) throws -> [String] {
        let changes = try BundleComparison.compare(from: previous, to: staging, reportName: reportName)
        try Data(ChangesHTML.page(changes).utf8).write(to: staging.appendingPathComponent(changesPageName))
        try Data(ChangesMarkdown.summary(changes).utf8).write(to: staging.appendingPathComponent(changesSummaryName))
        return [changesPageName, changesSummaryName]
    }
}
