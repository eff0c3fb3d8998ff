import AIPContract

extension StageContext {
    /// An allocator for the table of `key`, seeded from the previous bundle: the id of each of its rows by natural
    /// key, and its high-water mark.
    ///
    /// - A previous bundle without the file is a first build: fresh ids from 1, no error.
    /// - A file without the table, or a table without the id or a key column, throws ``IdCarryOverError`` unless
    ///   ``renumberIds`` is set; then every row gets a fresh id above the file's `sqlite_sequence` mark for the table,
    ///   so no id is reused.
    /// - A file that cannot be read throws ``IdCarryOverError`` whatever ``renumberIds`` says: a damaged bundle is not
    ///   one to build on (the change log could not read it either).
    ///
    /// Rows that share a key in the bundle (which a correct previous build never wrote) keep the first id read.
    public func idAllocator(for key: NaturalKey) throws(IdCarryOverError) -> IdAllocator {
        let origin = (file: previous.location(of: key.file)?.path ?? key.file, key: key)
        func failure(_ problem: IdCarryOverError.Problem) -> IdCarryOverError {
            IdCarryOverError(file: origin.file, table: key.table.name, keyColumns: key.columns.map(\.name), problem: problem)
        }
        guard previous.has(key.file) else { return IdAllocator() }
        let rows: PlainTable?, highWater: Int
        do {
            rows = try previous.table(key.table.name, in: key.file)
            highWater = try previous.idHighWaterMarks(in: key.file)[key.table.name] ?? 0
        } catch {
            throw failure(.unreadable("\(error)"))
        }
        guard let rows else {
            guard renumberIds else { throw failure(.missingTable) }
            return IdAllocator(previous: [:], previousHighWater: Int64(highWater), origin: origin)
        }
        let idIndex = rows.index(of: key.id.name)
        let missing = ([key.id] + key.columns).map(\.name).filter { rows.index(of: $0) == nil }
        guard missing.isEmpty, let idIndex else {
            guard renumberIds else { throw failure(.missingColumns(missing)) }
            // The ids still in the table raise the mark too, so that none of them is handed to another row.
            let largest = idIndex.flatMap { index in rows.rows.compactMap { $0[index].integer }.max() } ?? 0
            return IdAllocator(previous: [:], previousHighWater: max(Int64(highWater), largest), origin: origin)
        }
        let keyIndexes = key.columns.compactMap { rows.index(of: $0.name) }
        var carried: [RowKey: Int64] = [:]
        for row in rows.rows {
            guard let id = row[idIndex].integer else { continue }
            let rowKey = RowKey(keyIndexes.map { row[$0].keyText })
            if carried[rowKey] == nil { carried[rowKey] = id }
        }
        return IdAllocator(previous: carried, previousHighWater: Int64(highWater), origin: origin)
    }
}
