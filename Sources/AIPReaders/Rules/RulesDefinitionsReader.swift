/// Reads the definitions sheet: columns Raw Question, Question, Category, Tags (any case, any order).
///
/// A row with a Raw Question and no Question starts a *prefix group*: the questions after it, up to a fully empty
/// row, get the id `prefix-raw` and the prefix as `question_prefix`. Tags are comma-separated.
public enum RulesDefinitionsReader {
    public static let columns = ["Raw Question", "Question", "Category", "Tags"]

    /// The definitions in `file`: of a workbook, the first sheet whose first row holds the four columns.
    ///
    /// - Throws: ``SourceError``: `.missingColumns` (naming the sheet and row) when no sheet has all four columns,
    ///   `.duplicateKey` when two rows give the same question id (naming both rows), `.headerOnly` when there is no
    ///   question.
    public static func read(_ file: RulesSheetFile) throws(SourceError) -> RuleDefinitions {
        var partial: (RulesSheet, RulesHeader, [String])?
        for sheet in file.sheets {
            guard let header = RulesHeader(sheet) else { continue }
            let missing = header.missing(columns)
            if missing.isEmpty {
                try header.requireUniqueNames(in: sheet)
                return try read(sheet, header: header, readFindings: file.findings)
            }
            if missing.count < columns.count, partial == nil { partial = (sheet, header, missing) }
        }
        if let (sheet, header, missing) = partial {
            throw SourceError(file: file.file, kind: .missingColumns(missing),
                              reason: "lacks column\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) in its header (\(sheet.describe(sheet.rows[header.rowIndex]))); the definitions need \(columns.joined(separator: ", "))")
        }
        throw SourceError(file: file.file, kind: .missingColumns(columns),
                          reason: "has no \(file.sheets.count > 1 ? "sheet whose first row holds" : "header row with") the columns \(columns.joined(separator: ", "))")
    }

    private static func read(_ sheet: RulesSheet, header: RulesHeader, readFindings: [Finding]) throws(SourceError) -> RuleDefinitions {
        let raw = header.index("Raw Question")!, question = header.index("Question")!
        let category = header.index("Category")!, tags = header.index("Tags")!
        var definitions: [RuleDefinition] = []
        var rowOfID: [String: RulesSheetRow] = [:]
        var prefixes: Set<String> = []
        var findings = readFindings
        var prefix: String?
        for row in sheet.rows[(header.rowIndex + 1)...] {
            if row.isEmpty {
                prefix = nil
                continue
            }
            guard !row[raw].isEmpty else {
                findings.append(Finding(file: sheet.file, location: sheet.location(of: row, column: raw), code: .rulesMissingRawQuestion,
                                        column: "Raw Question", value: row[question],
                                        reason: "is empty, so the row has no question id", action: .rowRejected))
                continue
            }
            guard !row[question].isEmpty else {
                prefix = row[raw]
                prefixes.insert(row[raw])
                continue
            }
            let id = prefix.map { "\($0)-\(row[raw])" } ?? row[raw]
            if let first = rowOfID[id] {
                throw SourceError(file: sheet.file, kind: .duplicateKey,
                                  reason: "defines question \"\(id)\" twice (\(sheet.describe(first)) and \(sheet.describe(row))); question ids must be unique")
            }
            rowOfID[id] = row
            definitions.append(RuleDefinition(
                id: id, raw: row[raw], text: row[question], prefix: prefix ?? "", category: row[category],
                tags: row[tags].split(separator: ",").map { RulesSheetRow.clean(String($0)) }.filter { !$0.isEmpty }))
        }
        guard !definitions.isEmpty else {
            throw SourceError(file: sheet.file, kind: .headerOnly,
                              reason: "defines no question; refusing to publish an empty rules.json")
        }
        return RuleDefinitions(questions: definitions, prefixes: prefixes, findings: findings)
    }
}
