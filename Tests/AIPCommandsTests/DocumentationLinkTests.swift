import Foundation
import Testing
import TestSupport

/// The documents a newcomer reads first must not send them to a file a plain clone lacks, and must stay short enough
/// to read in an hour.
@Suite struct DocumentationLinkTests {
    static let root = SharedFixtures.packageRoot.standardizedFileURL

    /// `README.md`, `ARCHITECTURE.md` and every `docs/*.md`, relative to the package root.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        return ["README.md", "ARCHITECTURE.md"] + docs
    }

    @Test func everyRelativeLinkNamesAFileAPlainCloneHas() throws {
        let ignored = try GitIgnore(Self.root.appendingPathComponent(".gitignore"))
        let documents = try Self.documents()
        var checked = 0
        for document in documents {
            let url = Self.root.appendingPathComponent(document)
            for link in MarkdownLinks.relative(in: try String(contentsOf: url, encoding: .utf8)) {
                checked += 1
                let target = link.path.isEmpty ? url : url.deletingLastPathComponent().appendingPathComponent(link.path).standardizedFileURL
                guard target.path.hasPrefix(Self.root.path + "/") else {
                    Issue.record("\(document): \(link.text) leads out of the repository; a plain clone has no \(target.path)")
                    continue
                }
                let relative = String(target.path.dropFirst(Self.root.path.count + 1))
                #expect(!ignored.ignores(relative), "\(document): \(link.text) names \(relative), which git ignores: a clone does not have it")
                guard FileManager.default.fileExists(atPath: target.path) else {
                    Issue.record("\(document): \(link.text) names \(relative), which does not exist")
                    continue
                }
                if let anchor = link.anchor, target.pathExtension == "md" {
                    let headings = MarkdownLinks.headingAnchors(in: try String(contentsOf: target, encoding: .utf8))
                    #expect(headings.contains(anchor), "\(document): \(link.text): \(relative) has no heading #\(anchor)")
                }
            }
        }
        // The README alone links to a dozen files; finding none would mean the link scanner is broken.
        #expect(checked >= 12, "only \(checked) relative links found in \(documents)")
    }

    @Test func theReadmeAndTheArchitectureStayWithinTheirBudgets() throws {
        let budgets = ["README.md": 12_288, "ARCHITECTURE.md": 15_360]
        for (name, budget) in budgets.sorted(by: { $0.key < $1.key }) {
            let size = try Data(contentsOf: Self.root.appendingPathComponent(name)).count
            #expect(size <= budget, "\(name) is \(size) bytes, over its budget of \(budget): move reference material to docs/")
        }
    }

    @Test func theScannerFindsRelativeLinksAndAnchorsAndSkipsURLsAndCode() {
        let text = """
        # The `check` step, in short
        See [a](docs/a.md), [b](../b.md#the-part) and [c](#the-check-step-in-short); not [web](https://x.org/y.md),
        [mail](mailto:a@b.c) or <https://z.org>. [d](Sources/X/)
        ```swift
        let s = a[i](j)
        ```
        ## Update recipe
        """
        let links = MarkdownLinks.relative(in: text)
        #expect(links.map(\.path) == ["docs/a.md", "../b.md", "", "Sources/X/"])
        #expect(links.map(\.anchor) == [nil, "the-part", "the-check-step-in-short", nil])
        #expect(MarkdownLinks.headingAnchors(in: text) == ["the-check-step-in-short", "update-recipe"])
    }

    @Test func gitIgnoredPathsAreRecognisedAsAbsentFromAClone() throws {
        let ignored = try GitIgnore(Self.root.appendingPathComponent(".gitignore"))
        #expect(ignored.ignores("data/ourairports-2026/airports.csv"))
        #expect(ignored.ignores(".build/debug"))
        #expect(!ignored.ignores("docs/inputs.md"))
        #expect(!ignored.ignores("Sources/AIPReaders/Common/CSVParser.swift"))
    }
}

/// Relative links and heading anchors of a Markdown text, outside fenced code blocks.
enum MarkdownLinks {
    struct Link: Equatable {
        /// The end of the link as written, `](target)`, for messages.
        var text: String
        /// The path part of the target; empty for a link to a heading of the same file.
        var path: String
        var anchor: String?
    }

    /// Every `[text](target)` whose target has no URL scheme (`https:`, `mailto:`).
    static func relative(in markdown: String) -> [Link] {
        var links: [Link] = []
        for line in prose(markdown) {
            var rest = line[...]
            while let close = rest.range(of: "](") {
                guard let end = rest[close.upperBound...].firstIndex(of: ")") else { break }
                let target = String(rest[close.upperBound..<end])
                rest = rest[rest.index(after: end)...]
                if target.isEmpty || target.contains(" ") || target.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil {
                    continue
                }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                links.append(Link(text: "](\(target))", path: String(parts[0]), anchor: parts.count > 1 ? String(parts[1]) : nil))
            }
        }
        return links
    }

    /// The anchors GitHub gives the headings: lower-cased, punctuation dropped, spaces as hyphens.
    static func headingAnchors(in markdown: String) -> [String] {
        prose(markdown).filter { $0.hasPrefix("#") }.map { line in
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            return String(title.unicodeScalars.compactMap { scalar -> Character? in
                if scalar == " " { return "-" }
                if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { return Character(scalar) }
                return nil
            })
        }
    }

    /// The lines outside ``` fences.
    private static func prose(_ markdown: String) -> [String] {
        var inFence = false
        var lines: [String] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
            } else if !inFence {
                lines.append(String(line))
            }
        }
        return lines
    }
}

/// The repository's `.gitignore`, enough to tell whether a path is missing from a clone: each pattern matched
/// against the path and each of its parent folders (a leading `/` anchors it at the root).
struct GitIgnore {
    private var patterns: [(glob: String, anchored: Bool)]

    init(_ url: URL) throws {
        patterns = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
            .map { line in
                var glob = line
                let anchored = glob.hasPrefix("/")
                glob = glob.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                return (glob, anchored)
            }
    }

    /// Whether git ignores `path` (relative to the root) or a folder it lies in.
    func ignores(_ path: String) -> Bool {
        let components = path.split(separator: "/").map(String.init)
        for (index, component) in components.enumerated() {
            let prefix = components[...index].joined(separator: "/")
            for pattern in patterns {
                let subject = pattern.anchored || pattern.glob.contains("/") ? prefix : component
                if fnmatch(pattern.glob, subject, 0) == 0 { return true }
            }
        }
        return false
    }
}
