import AIPReaders
import Foundation
import TestSupport

/// Writes rules sheets into a temporary source tree and reads them back as ``RulesSheetFile``s.
struct RulesTestSheets {
    let folder: TemporaryFolder
    var tree: SourceTree { SourceTree(root: folder.url) }

    init() throws {
        folder = try TemporaryFolder()
    }

    func csv(_ text: String, at path: String = "rules/definitions.csv") throws -> RulesSheetFile {
        try folder.write(text, to: path)
        return try RulesSheetFile.read(path, in: tree)
    }

    func xlsx(_ sheets: [TestSpreadsheet.Sheet], at path: String = "rules/definitions.xlsx") throws -> RulesSheetFile {
        try folder.write(try TestSpreadsheet.workbook(sheets), to: path)
        return try RulesSheetFile.read(path, in: tree)
    }
}
