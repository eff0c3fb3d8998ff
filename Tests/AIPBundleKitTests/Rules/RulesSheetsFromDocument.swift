import AIPReaders
import Foundation
import TestSupport

/// Turns a published `rules.json` back into the spreadsheets it came from: a definitions sheet with prefix groups,
/// and one answer sheet per country with prefix rows, `<br>` split into continuation rows, and only the links the
/// answer text does not already hold in the Links column.
struct RulesSheetsFromDocument {
    let definitions: [[String]]
    /// Rows per country, in the document's country order; no header.
    let answers: [(country: String, rows: [[String]])]

    init(_ document: RulesDocument) {
        var definitions = [["Raw Question", "Question", "Category", "Tags"]]
        var group = ""
        for question in document.questions {
            if question.questionPrefix != group {
                if !group.isEmpty { definitions.append(["", "", "", ""]) }
                if !question.questionPrefix.isEmpty { definitions.append([question.questionPrefix, "", "", ""]) }
                group = question.questionPrefix
            }
            definitions.append([question.questionRaw, question.questionText, question.category, question.tags.joined(separator: ", ")])
        }
        self.definitions = definitions

        var countries: [String] = []
        for question in document.questions { for answer in question.answers where !countries.contains(answer.country) { countries.append(answer.country) } }
        answers = countries.map { country in
            var rows: [[String]] = []
            var group = ""
            for question in document.questions {
                guard let answer = question.answers.first(where: { $0.country == country })?.answer else { continue }
                if question.questionPrefix != group {
                    if !group.isEmpty { rows.append(["", "", ""]) }
                    if !question.questionPrefix.isEmpty { rows.append([question.questionPrefix, "", ""]) }
                    group = question.questionPrefix
                }
                let cellLinks = answer.links.filter { !answer.answerHTML.contains($0) }.joined(separator: " ; ")
                let parts = answer.answerHTML.components(separatedBy: "<br>")
                let splittable = parts.count > 1 && parts.allSatisfy { !$0.isEmpty && $0 == $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                let lines = splittable ? parts : [answer.answerHTML]
                rows.append([question.questionRaw, lines[0], cellLinks])
                for line in lines.dropFirst() { rows.append(["", line, ""]) }
            }
            return (country, rows)
        }
    }

    /// Writes `rules/definitions.csv` and `rules/answers/<CC>.csv` (with a header row when `header`) into `folder`.
    func writeCSV(into folder: TemporaryFolder, header: Bool = true) throws {
        try folder.write(TestSpreadsheet.csv(definitions), to: "rules/definitions.csv")
        for (country, rows) in answers {
            try folder.write(TestSpreadsheet.csv((header ? [["Question", "Answer", "Links"]] : []) + rows), to: "rules/answers/\(country).csv")
        }
    }

    /// Writes the same sheets as `.xlsx` workbooks.
    func writeXLSX(into folder: TemporaryFolder, header: Bool = true) throws {
        try folder.write(try TestSpreadsheet.workbook([TestSpreadsheet.Sheet(name: "Definitions", rows: definitions)]), to: "rules/definitions.xlsx")
        for (country, rows) in answers {
            let sheet = TestSpreadsheet.Sheet(name: country, rows: (header ? [["Question", "Answer", "Links"]] : []) + rows)
            try folder.write(try TestSpreadsheet.workbook([sheet]), to: "rules/answers/\(country).xlsx")
        }
    }
}
