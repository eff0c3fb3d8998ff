/// One answer of a country's sheet, before it is matched to a definition.
public struct RuleAnswerRow: Sendable, Equatable {
    /// `prefix-question` inside a prefix group, else the Question cell.
    public var questionID: String
    /// The Answer cell, with continuation rows joined by `<br>`.
    public var answer: String
    /// The Links cells of the row and its continuations, joined by a space.
    public var linksCell: String
    /// Where the answer starts, for findings.
    public var location: Finding.Location

    public init(questionID: String, answer: String, linksCell: String, location: Finding.Location) {
        self.questionID = questionID
        self.answer = answer
        self.linksCell = linksCell
        self.location = location
    }
}

/// A country's answer sheet, read.
public struct RuleAnswerSheet: Sendable {
    /// In sheet order, each question once.
    public var answers: [RuleAnswerRow]
    public var findings: [Finding]

    public init(answers: [RuleAnswerRow], findings: [Finding] = []) {
        self.answers = answers
        self.findings = findings
    }
}

/// Reads a country's answers: columns Question, Answer and optional Links (any case), or, without such a header,
/// the first three columns in that order. Every sheet of a workbook is read, in order.
///
/// The Question cell holds the raw question. A row whose question is a known prefix and whose answer is empty
/// starts a prefix group, as in the definitions, until a fully empty row. A row with an empty question and an answer
/// continues the answer above it. A question with an empty answer is published with an empty `answer_html`, as the
/// converter did (the published file has such answers).
public enum RulesAnswersReader {
    /// - Parameter prefixes: the prefix groups of the definitions.
    /// - Throws: ``SourceError``: `.missingColumns` for a header naming Question or Answer but not both,
    ///   `.headerOnly` when no sheet holds an answer.
    public static func read(_ file: RulesSheetFile, prefixes: Set<String>) throws(SourceError) -> RuleAnswerSheet {
        var answers: [RuleAnswerRow] = []
        var findings = file.findings
        var firstLocation: [String: Finding.Location] = [:]
        for sheet in file.sheets {
            guard let header = RulesHeader(sheet) else { continue }
            var columns = (question: 0, answer: 1, links: Optional(2))
            var firstData = header.rowIndex
            if header.names(any: ["Question", "Answer", "Links"]) {
                try header.requireUniqueNames(in: sheet)
                let missing = header.missing(["Question", "Answer"])
                guard missing.isEmpty else {
                    throw SourceError(file: file.file, kind: .missingColumns(missing),
                                      reason: "lacks column \(missing.joined(separator: ", ")) in its header (\(sheet.describe(sheet.rows[header.rowIndex]))); answer sheets need Question, Answer and optionally Links")
                }
                columns = (header.index("Question")!, header.index("Answer")!, header.index("Links"))
                firstData += 1
            }
            var prefix: String?
            var open: RuleAnswerRow?
            func close() {
                guard let answer = open else { return }
                open = nil
                if let first = firstLocation[answer.questionID] {
                    findings.append(Finding(file: file.file, location: answer.location, code: .rulesDuplicateAnswer, value: answer.questionID,
                                            reason: "answers a question already answered at \(first.text ?? "the start"); the first answer is kept",
                                            action: .rowRejected))
                } else {
                    firstLocation[answer.questionID] = answer.location
                    answers.append(answer)
                }
            }
            for row in sheet.rows[firstData...] {
                let question = row[columns.question], answer = row[columns.answer], links = columns.links.map { row[$0] } ?? ""
                if row.isEmpty {
                    close()
                    prefix = nil
                } else if question.isEmpty {
                    // Cells outside the columns read (a maintainer's note) continue nothing.
                    if answer.isEmpty && links.isEmpty { continue }
                    guard open != nil else {
                        findings.append(Finding(file: file.file, location: sheet.location(of: row, column: columns.answer),
                                                code: .rulesOrphanContinuation, value: answer,
                                                reason: "has no question and follows no answer it could continue", action: .rowRejected))
                        continue
                    }
                    if !answer.isEmpty { open!.answer += (open!.answer.isEmpty ? "" : "<br>") + answer }
                    if !links.isEmpty { open!.linksCell += (open!.linksCell.isEmpty ? "" : " ") + links }
                } else if answer.isEmpty && prefixes.contains(question) {
                    close()
                    prefix = question
                } else {
                    close()
                    open = RuleAnswerRow(questionID: prefix.map { "\($0)-\(question)" } ?? question, answer: answer, linksCell: links,
                                         location: sheet.location(of: row, column: columns.question))
                }
            }
            close()
        }
        guard !answers.isEmpty else {
            throw SourceError(file: file.file, kind: .headerOnly,
                              reason: "holds no answer; fill it in or remove the file")
        }
        return RuleAnswerSheet(answers: answers, findings: findings)
    }
}
