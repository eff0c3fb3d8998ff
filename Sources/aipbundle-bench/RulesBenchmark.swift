import AIPBundleKit
import AIPPipeline
import AIPReaders
import AIPStages
import Foundation
import TestSupport

/// The rules stage and the `rules.json` writer on a generated input the size of the real file: 60 questions
/// (a quarter of them in prefix groups) answered by 20 countries, about 80 characters per answer, some with links and
/// continuation rows, once as CSV sheets and once as XLSX workbooks. It writes a 333 KB `rules.json` (the published
/// file is 267 KB).
struct RulesBenchmark: Benchmark {
    enum Part { case csv, xlsx, write }
    let part: Part
    let tree: URL
    let document: RulesDocument
    let inputBytes: Int

    static let stamp = BuildStamp(version: "bench", airac: AIRACCycle(effectiveDate: "2026-11-26")!, timestamp: "2026-11-26T00:00:00")
    static let countries = ["AT", "BE", "CH", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GB", "GR", "IE", "IT", "LU", "NL", "NO", "PL", "PT", "SE"]

    var name: String {
        switch part {
        case .csv: "rules stage csv"
        case .xlsx: "rules stage xlsx"
        case .write: "rules write"
        }
    }

    /// The three cases on trees generated under `scratch`.
    static func cases(scratch: URL) throws -> [RulesBenchmark] {
        let (definitions, answers) = sheets()
        var trees: [Part: (URL, Int)] = [:]
        for part in [Part.csv, .xlsx] {
            let root = scratch.appendingPathComponent("rules-\(part)")
            var files: [(String, Data)] = []
            if part == .csv {
                files.append(("rules/definitions.csv", Data(TestSpreadsheet.csv(definitions).utf8)))
                for (country, rows) in answers { files.append(("rules/answers/\(country).csv", Data(TestSpreadsheet.csv(rows).utf8))) }
            } else {
                files.append(("rules/definitions.xlsx", try TestSpreadsheet.workbook([.init(name: "Definitions", rows: definitions)])))
                for (country, rows) in answers { files.append(("rules/answers/\(country).xlsx", try TestSpreadsheet.workbook([.init(name: country, rows: rows)]))) }
            }
            for (path, data) in files {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
            trees[part] = (root, files.reduce(0) { $0 + $1.1.count })
        }
        let document = try RulesStage().build(StageContext(sources: SourceTree(root: trees[.csv]!.0), stamp: stamp)).document
        let size = RulesJSONWriter.encode(document).count
        print("input: generated rules, 60 questions × 20 countries: CSV \(trees[.csv]!.1) bytes, XLSX \(trees[.xlsx]!.1) bytes → rules.json \(size) bytes")
        return [
            RulesBenchmark(part: .csv, tree: trees[.csv]!.0, document: document, inputBytes: trees[.csv]!.1),
            RulesBenchmark(part: .xlsx, tree: trees[.xlsx]!.0, document: document, inputBytes: trees[.xlsx]!.1),
            RulesBenchmark(part: .write, tree: trees[.csv]!.0, document: document, inputBytes: size),
        ]
    }

    func run() throws -> Work {
        let answers = document.questions.reduce(0) { $0 + $1.answers.count }
        switch part {
        case .csv, .xlsx:
            let output = try RulesStage().build(StageContext(sources: SourceTree(root: tree), stamp: Self.stamp))
            return Work(rows: output.document.questions.reduce(0) { $0 + $1.answers.count }, bytes: inputBytes)
        case .write:
            return Work(rows: answers, bytes: RulesJSONWriter.encode(document).count)
        }
    }

    /// The definitions rows and each country's answer rows (headerless), with prefix groups and continuations.
    static func sheets() -> ([[String]], [(String, [[String]])]) {
        var definitions = [["Raw Question", "Question", "Category", "Tags"]]
        var questions: [(prefix: String?, raw: String)] = []
        for index in 0..<60 {
            let group = index >= 40 && index < 55 ? "For service \(index / 5)" : nil
            if let group, index % 5 == 0 {
                if index > 40 { definitions.append(["", "", "", ""]) }
                definitions.append([group, "", "", ""])
            }
            if group == nil, index == 55 { definitions.append(["", "", "", ""]) }
            let raw = "Question \(index): what are the rules for case \(index) when flying across the border?"
            definitions.append([raw, (group.map { "\($0), " } ?? "") + raw, "Category \(index % 6)", "tag\(index % 4), tag\(index % 7)"])
            questions.append((group, raw))
        }
        let answers = countries.map { country in
            var rows: [[String]] = []
            var group: String?
            for (index, question) in questions.enumerated() {
                if question.prefix != group {
                    if group != nil { rows.append(["", "", ""]) }
                    if let prefix = question.prefix { rows.append([prefix, "", ""]) }
                    group = question.prefix
                }
                let text = "In \(country), case \(index): a flight plan is required unless the flight stays local."
                rows.append([question.raw, text, index % 6 == 0 ? "https://aip.example/\(country)/\(index)" : ""])
                if index % 8 == 0 { rows.append(["", "See https://rules.example/\(country)/\(index).", ""]) }
            }
            return (country, rows)
        }
        return (definitions, answers)
    }
}
