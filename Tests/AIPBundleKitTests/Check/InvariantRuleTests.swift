import AIPBundleKit
import AIPContract
import GRDB
import Testing

/// The value rules' SQL is hand-written SQL text: these prove it names only tables and columns of the contract.
@Suite struct InvariantRuleTests {
    @Test("every value rule of every bundle database prepares on a database created from the file's contract")
    func everyRulePreparesAgainstTheContract() throws {
        for file in BundleFiles.all {
            guard case .sqlite(let schema, let invariants) = file.kind else { continue }
            let queue = try DatabaseQueue()
            try queue.write { db in
                for statement in schema.createStatements { try db.execute(sql: statement) }
                for rule in invariants {
                    #expect(throws: Never.self, "\(file.name): \(rule.name)") { _ = try db.makeStatement(sql: rule.sql) }
                    let table = schema.table(rule.table)
                    #expect(table != nil, "\(file.name): \(rule.name) is about no table of the contract")
                    if let column = rule.column { #expect(table?.column(column) != nil, "\(file.name): \(rule.name): no column \(column)") }
                }
            }
        }
    }
}
