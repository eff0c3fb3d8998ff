import AIPContract

/// Value rules of the change log in `airports.db` (``ChangeLog``), checked by `check` with the other invariants.
enum ChangeLogInvariants {
    static let rules: [InvariantRule] = ChangeLogTable.airports.flatMap { log -> [InvariantRule] in
        typealias Change = AirportsContract.ChangeColumns
        let table = log.changes, name = log.changes.name, id = SharedColumns.id.name
        let fieldName = Change.fieldName.name, oldValue = Change.oldValue.name, newValue = Change.newValue.name
        var rules = [
            InvariantRule(name: "\(name).\(Change.changedAt.name)", table: table, column: Change.changedAt, message: "is NULL",
                          sql: "SELECT \(id) FROM \(name) WHERE \(Change.changedAt.name) IS NULL"),
        ]
        let wholeRows = "\(fieldName) NOT LIKE '%\\_ADDED' ESCAPE '\\' AND \(fieldName) NOT LIKE '%\\_REMOVED' ESCAPE '\\'"
        switch log.style {
        case .fields:
            rules.append(InvariantRule(name: "\(name) records a change", table: table, column: Change.newValue,
                                       message: "equals \(oldValue): the row records no change",
                                       sql: "SELECT \(id) FROM \(name) WHERE \(wholeRows) AND \(oldValue) IS \(newValue)"))
        case .values:
            rules.append(InvariantRule(name: "\(name) records a change", table: table, column: Change.newValue,
                                       message: "equals \(oldValue): the row records no change",
                                       sql: "SELECT \(id) FROM \(name) WHERE \(oldValue) IS \(newValue)"))
        case .actions:
            rules.append(InvariantRule(name: "\(name).\(Change.action.name)", table: table, column: Change.action,
                                       message: "is not ADDED, REMOVED or UPDATED",
                                       sql: "SELECT \(id) FROM \(name) WHERE \(Change.action.name) NOT IN ('ADDED', 'REMOVED', 'UPDATED')"))
        }
        return rules
    } + [cycleRecorded]

    /// Every build records its cycle; a bundle without it lost its change log's summary. (A malformed `airac_date`
    /// is the `model_metadata` rule's finding, not this one's.)
    static let cycleRecorded: InvariantRule = {
        typealias Updates = AirportsContract.AiracUpdates
        typealias Metadata = AirportsContract.ModelMetadata
        let value = Metadata.value.name
        return InvariantRule(
            name: "\(Updates.table.name) has the bundle's cycle", table: Updates.table, column: Updates.airacDate,
            message: "has no row for \(Metadata.table.name).\(MetadataKey.airacDate)", sql: """
                SELECT \(value) FROM \(Metadata.table.name) WHERE \(Metadata.key.name) = '\(MetadataKey.airacDate)' AND date(\(value), '+0 days') IS \(value)
                    AND \(value) NOT IN (SELECT \(Updates.airacDate.name) FROM \(Updates.table.name))
                """)
    }()
}
