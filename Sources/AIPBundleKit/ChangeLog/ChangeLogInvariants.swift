/// Value rules of the change log in `airports.db` (``ChangeLog``), checked by `check` with the other invariants.
enum ChangeLogInvariants {
    static let rules: [InvariantRule] = ChangeLogTable.airports.flatMap { log -> [InvariantRule] in
        let table = log.changes.name
        var rules = [
            InvariantRule(name: "\(table).changed_at", table: table, column: "changed_at", message: "is NULL",
                          sql: "SELECT id FROM \(table) WHERE changed_at IS NULL"),
        ]
        let wholeRows = "field_name NOT LIKE '%\\_ADDED' ESCAPE '\\' AND field_name NOT LIKE '%\\_REMOVED' ESCAPE '\\'"
        switch log.style {
        case .fields:
            rules.append(InvariantRule(name: "\(table) records a change", table: table, column: "new_value",
                                       message: "equals old_value: the row records no change",
                                       sql: "SELECT id FROM \(table) WHERE \(wholeRows) AND old_value IS new_value"))
        case .values:
            rules.append(InvariantRule(name: "\(table) records a change", table: table, column: "new_value",
                                       message: "equals old_value: the row records no change",
                                       sql: "SELECT id FROM \(table) WHERE old_value IS new_value"))
        case .actions:
            rules.append(InvariantRule(name: "\(table).action", table: table, column: "action",
                                       message: "is not ADDED, REMOVED or UPDATED",
                                       sql: "SELECT id FROM \(table) WHERE action NOT IN ('ADDED', 'REMOVED', 'UPDATED')"))
        }
        return rules
    } + [
        // Every build records its cycle; a bundle without it lost its change log's summary. (A malformed airac_date
        // is the model_metadata rule's finding, not this one's.)
        InvariantRule(name: "airac_updates has the bundle's cycle", table: "airac_updates", column: "airac_date",
                      message: "has no row for model_metadata.airac_date", sql: """
            SELECT value FROM model_metadata WHERE key = 'airac_date' AND date(value, '+0 days') IS value
                AND value NOT IN (SELECT airac_date FROM airac_updates)
            """),
    ]
}
