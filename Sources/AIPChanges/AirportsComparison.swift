import AIPContract
import GRDB

/// The changes in `airports.db`, between the attached `o_air` and `n_air`: each kind one join or anti-join.
struct AirportsComparison {
    private typealias Airports = AirportsContract.Airports
    private typealias Runways = AirportsContract.Runways

    /// An aerodrome as the map and the lists need it.
    struct Aerodrome {
        var name: String?
        var type: String?
        var latitudeDeg: Double?
        var longitudeDeg: Double?
    }

    var aerodromes: [AerodromeChange] = []
    var runways: [RunwayChange] = []
    var entries: [AIPEntryChange] = []
    var procedures: [ProcedureChange] = []
    var navaids: [NavaidMove] = []
    var firs: [FIRChange] = []
    var coverage: [CoverageChange] = []
    /// Every aerodrome of each side by ICAO code (a few thousand rows), for names and positions.
    private var before: [String: Aerodrome] = [:]
    private var after: [String: Aerodrome] = [:]

    /// Compares what both databases have: a kind of change whose table one side lacks (a bundle of an older
    /// contract) is left empty.
    init(_ db: Database) throws {
        let both = try BundleComparison.tables(db, "o_air").intersection(BundleComparison.tables(db, "n_air"))
        func has(_ tables: TableSchema...) -> Bool { tables.allSatisfy { both.contains($0.name) } }
        if has(Airports.table) {
            before = try Self.aerodromes(db, "o_air")
            after = try Self.aerodromes(db, "n_air")
            aerodromes = compareAerodromes()
        }
        if has(Runways.table) { runways = try Self.runwayChanges(db) }
        if has(AirportsContract.AIPEntries.table) { entries = try Self.entryChanges(db) }
        if has(AirportsContract.Procedures.table) { procedures = try Self.procedureChanges(db) }
        if has(AirportsContract.Waypoints.table) { navaids = try Self.navaidMoves(db) }
        if has(AirportsContract.FIRs.table) { firs = try Self.firChanges(db) }
        if has(Airports.table, AirportsContract.AIPEntries.table) { coverage = try Self.coverage(db) }
    }

    private static func aerodromes(_ db: Database, _ schema: String) throws -> [String: Aerodrome] {
        let columns = [Airports.icaoCode, Airports.name, Airports.type, Airports.latitudeDeg, Airports.longitudeDeg].map(\.name)
        let sql = "SELECT \(columns.joined(separator: ", ")) FROM \(schema).\(Airports.table.name)"
        var result: [String: Aerodrome] = [:]
        for row in try Row.fetchAll(db, sql: sql) {
            result[row[0]] = Aerodrome(name: row[1], type: row[2], latitudeDeg: row[3], longitudeDeg: row[4])
        }
        return result
    }

    /// Aerodromes removed, added, renamed, moved (by more than ``ChangesLimits/movedNM``) and retyped, in that order,
    /// each by ICAO code.
    private func compareAerodromes() -> [AerodromeChange] {
        var changes: [AerodromeChange] = []
        for icao in before.keys.sorted() where after[icao] == nil {
            changes.append(AerodromeChange(icao: icao, name: before[icao]?.name, kind: .removed, old: before[icao]?.name, new: nil))
        }
        for icao in after.keys.sorted() where before[icao] == nil {
            changes.append(AerodromeChange(icao: icao, name: after[icao]?.name, kind: .added, old: nil, new: after[icao]?.name))
        }
        let common = after.keys.filter { before[$0] != nil }.sorted()
        for icao in common {
            let (old, new) = (before[icao]!, after[icao]!)
            if old.name != new.name {
                changes.append(AerodromeChange(icao: icao, name: new.name, kind: .renamed, old: old.name, new: new.name))
            }
        }
        for icao in common {
            let (old, new) = (before[icao]!, after[icao]!)
            guard let oldLat = old.latitudeDeg, let oldLon = old.longitudeDeg, let newLat = new.latitudeDeg, let newLon = new.longitudeDeg else {
                continue
            }
            let distance = StoredValue.distanceNM((oldLat, oldLon), (newLat, newLon))
            if distance > ChangesLimits.movedNM {
                changes.append(AerodromeChange(icao: icao, name: new.name, kind: .moved, old: StoredValue.position(oldLat, oldLon),
                                               new: StoredValue.position(newLat, newLon), distanceNM: (distance * 100).rounded() / 100))
            }
        }
        for icao in common where before[icao]!.type != after[icao]!.type {
            changes.append(AerodromeChange(icao: icao, name: after[icao]!.name, kind: .typeChanged, old: before[icao]!.type, new: after[icao]!.type))
        }
        return changes
    }

    /// The runway columns compared, in the order a change lists them.
    private static let runwayFields = [Runways.leIdent, Runways.heIdent, Runways.lengthFt, Runways.widthFt, Runways.surface,
                                       Runways.lighted, Runways.closed].map(\.name)

    /// Runways removed and added (by id), then each changed field, by aerodrome and runway id.
    private static func runwayChanges(_ db: Database) throws -> [RunwayChange] {
        let table = Runways.table.name, id = Runways.id.name, icao = Runways.airportICAO.name
        let le = Runways.leIdent.name, he = Runways.heIdent.name
        func label(_ row: Row, _ prefix: String = "") -> String {
            let ends = [row["\(prefix)\(le)"] as String?, row["\(prefix)\(he)"] as String?].compactMap { $0 }
            return ends.isEmpty ? "?" : ends.joined(separator: "/")
        }
        var changes: [RunwayChange] = []
        for (side, other, kind) in [("o_air", "n_air", ChangeKind.removed), ("n_air", "o_air", .added)] {
            let sql = """
                SELECT r.\(id), r.\(icao), r.\(le), r.\(he) FROM \(side).\(table) AS r
                WHERE NOT EXISTS (SELECT 1 FROM \(other).\(table) AS x WHERE x.\(id) = r.\(id)) ORDER BY r.\(icao), r.\(id)
                """
            for row in try Row.fetchAll(db, sql: sql) {
                changes.append(RunwayChange(icao: row[icao], runwayID: row[id], runway: label(row), kind: kind))
            }
        }
        let selected = runwayFields.flatMap { ["n.\($0) AS \($0)", "o.\($0) AS old_\($0)"] }.joined(separator: ", ")
        let differs = runwayFields.map { "n.\($0) IS NOT o.\($0)" }.joined(separator: " OR ")
        let sql = """
            SELECT n.\(id) AS \(id), n.\(icao) AS \(icao), \(selected)
            FROM n_air.\(table) AS n JOIN o_air.\(table) AS o ON o.\(id) = n.\(id)
            WHERE \(differs) ORDER BY n.\(icao), n.\(id)
            """
        for row in try Row.fetchAll(db, sql: sql) {
            for field in runwayFields {
                let old: DatabaseValue = row["old_\(field)"], new: DatabaseValue = row[field]
                guard old != new else { continue }
                changes.append(RunwayChange(icao: row[icao], runwayID: row[id], runway: label(row), kind: .changed, field: field,
                                            old: StoredValue.text(old), new: StoredValue.text(new)))
            }
        }
        return changes
    }

    /// AIP entries whose text changed, then those added and removed, matched by (aerodrome, section, field, source).
    private static func entryChanges(_ db: Database) throws -> [AIPEntryChange] {
        typealias Entries = AirportsContract.AIPEntries
        let table = Entries.table.name
        let keys = [Entries.airportICAO, Entries.section, Entries.field, Entries.source].map(\.name)
        let value = Entries.value.name, stdID = Entries.stdFieldID.name
        let match = keys.map { "x.\($0) IS r.\($0)" }.joined(separator: " AND ")
        let order = keys.map { "r.\($0)" }.joined(separator: ", ")
        let selected = keys.map { "r.\($0) AS \($0)" }.joined(separator: ", ")
        func change(_ row: Row, _ kind: ChangeKind, old: String?, new: String?) -> AIPEntryChange {
            AIPEntryChange(icao: row[keys[0]] ?? "", section: row[keys[1]], field: row[keys[2]], stdFieldID: row[stdID], source: row[keys[3]],
                           kind: kind, old: old, new: new)
        }
        var changes: [AIPEntryChange] = []
        let changed = """
            SELECT \(selected), r.\(stdID) AS \(stdID), x.\(value) AS old_value, r.\(value) AS new_value
            FROM n_air.\(table) AS r JOIN o_air.\(table) AS x ON \(match)
            WHERE r.\(value) IS NOT x.\(value) ORDER BY \(order)
            """
        for row in try Row.fetchAll(db, sql: changed) {
            changes.append(change(row, .changed, old: row["old_value"], new: row["new_value"]))
        }
        for (side, other, kind) in [("n_air", "o_air", ChangeKind.added), ("o_air", "n_air", .removed)] {
            let sql = """
                SELECT \(selected), r.\(stdID) AS \(stdID), r.\(value) AS value FROM \(side).\(table) AS r
                WHERE NOT EXISTS (SELECT 1 FROM \(other).\(table) AS x WHERE \(match)) ORDER BY \(order)
                """
            for row in try Row.fetchAll(db, sql: sql) {
                let text: String? = row["value"]
                changes.append(change(row, kind, old: kind == .removed ? text : nil, new: kind == .added ? text : nil))
            }
        }
        return changes
    }

    /// Procedures removed and added, matched by (aerodrome, name, type).
    private static func procedureChanges(_ db: Database) throws -> [ProcedureChange] {
        typealias Procedures = AirportsContract.Procedures
        let table = Procedures.table.name
        let icao = Procedures.airportICAO.name, name = Procedures.name.name, type = Procedures.procedureType.name
        var changes: [ProcedureChange] = []
        for (side, other, kind) in [("o_air", "n_air", ChangeKind.removed), ("n_air", "o_air", .added)] {
            let sql = """
                SELECT DISTINCT r.\(icao), r.\(name), r.\(type) FROM \(side).\(table) AS r
                WHERE NOT EXISTS (SELECT 1 FROM \(other).\(table) AS x WHERE x.\(icao) = r.\(icao) AND x.\(name) IS r.\(name) AND x.\(type) IS r.\(type))
                ORDER BY r.\(icao), r.\(name), r.\(type)
                """
            for row in try Row.fetchAll(db, sql: sql) {
                changes.append(ProcedureChange(icao: row[0], name: row[1] ?? "", procedureType: row[2] ?? "", kind: kind))
            }
        }
        return changes
    }

    /// Navaids and waypoints present in both that moved by more than ``ChangesLimits/movedNM``, farthest first.
    private static func navaidMoves(_ db: Database) throws -> [NavaidMove] {
        typealias Waypoints = AirportsContract.Waypoints
        let table = Waypoints.table.name, lat = Waypoints.latitudeDeg.name, lon = Waypoints.longitudeDeg.name
        let match = Waypoints.table.keyColumns.map { "o.\($0) = n.\($0)" }.joined(separator: " AND ")
        let sql = """
            SELECT n.\(Waypoints.name.name), n.\(Waypoints.pointType.name), o.\(lat), o.\(lon), n.\(lat), n.\(lon)
            FROM n_air.\(table) AS n JOIN o_air.\(table) AS o ON \(match)
            WHERE n.\(lat) IS NOT o.\(lat) OR n.\(lon) IS NOT o.\(lon)
            """
        var moves: [NavaidMove] = []
        for row in try Row.fetchAll(db, sql: sql) {
            guard let oldLat = row[2] as Double?, let oldLon = row[3] as Double?,
                  let newLat = row[4] as Double?, let newLon = row[5] as Double? else { continue }
            let distance = StoredValue.distanceNM((oldLat, oldLon), (newLat, newLon))
            guard distance > ChangesLimits.movedNM else { continue }
            moves.append(NavaidMove(name: row[0], pointType: row[1], old: StoredValue.position(oldLat, oldLon),
                                    new: StoredValue.position(newLat, newLon), distanceNM: (distance * 100).rounded() / 100))
        }
        return moves.sorted { ($1.distanceNM, $0.name) < ($0.distanceNM, $1.name) }
    }

    /// FIRs removed, added, and whose name or boundary changed, by ICAO code.
    private static func firChanges(_ db: Database) throws -> [FIRChange] {
        typealias FIRs = AirportsContract.FIRs
        let table = FIRs.table.name, icao = FIRs.icao.name, name = FIRs.name.name, polygons = FIRs.polygonsJSON.name
        let sql = """
            SELECT o.\(icao) AS icao, o.\(name) AS name, 'removed' AS kind FROM o_air.\(table) AS o
             WHERE NOT EXISTS (SELECT 1 FROM n_air.\(table) AS n WHERE n.\(icao) = o.\(icao))
            UNION ALL
            SELECT n.\(icao), n.\(name), 'added' FROM n_air.\(table) AS n
             WHERE NOT EXISTS (SELECT 1 FROM o_air.\(table) AS o WHERE o.\(icao) = n.\(icao))
            UNION ALL
            SELECT n.\(icao), n.\(name), 'changed' FROM n_air.\(table) AS n JOIN o_air.\(table) AS o ON o.\(icao) = n.\(icao)
             WHERE n.\(name) IS NOT o.\(name) OR n.\(polygons) IS NOT o.\(polygons)
            """
        return try Row.fetchAll(db, sql: sql).map { row in
            FIRChange(icao: row[0], name: row[1], kind: ChangeKind(rawValue: row[2])!)
        }.sorted { ($0.kind, $0.icao) < ($1.kind, $1.icao) }
    }

    /// Per state (the aerodrome's `iso_country`): aerodromes with AIP entries and entries, on each side; the states
    /// that lost more than a tenth first (largest loss first), then the others by country code.
    private static func coverage(_ db: Database) throws -> [CoverageChange] {
        typealias Entries = AirportsContract.AIPEntries
        func counts(_ schema: String) throws -> [String: (aerodromes: Int, items: Int)] {
            let sql = """
                SELECT a.\(Airports.isoCountry.name), count(DISTINCT e.\(Entries.airportICAO.name)), count(*)
                FROM \(schema).\(Entries.table.name) AS e JOIN \(schema).\(Airports.table.name) AS a ON a.\(Airports.icaoCode.name) = e.\(Entries.airportICAO.name)
                GROUP BY a.\(Airports.isoCountry.name)
                """
            var result: [String: (aerodromes: Int, items: Int)] = [:]
            for row in try Row.fetchAll(db, sql: sql) { result[row[0] ?? "?"] = (row[1], row[2]) }
            return result
        }
        let old = try counts("o_air"), new = try counts("n_air")
        let states = Set(old.keys).union(new.keys).map { country in
            CoverageChange(country: country, aerodromesBefore: old[country]?.aerodromes ?? 0, aerodromesAfter: new[country]?.aerodromes ?? 0,
                           itemsBefore: old[country]?.items ?? 0, itemsAfter: new[country]?.items ?? 0)
        }
        return states.sorted { a, b in
            if a.lostMoreThanATenth != b.lostMoreThanATenth { return a.lostMoreThanATenth }
            if a.lostMoreThanATenth, a.lossShare != b.lossShare { return a.lossShare > b.lossShare }
            return a.country < b.country
        }
    }

    /// One point per aerodrome with any change that has a position (the newer bundle's, else the older one's),
    /// the most important kinds first, then by ICAO code.
    func points(customs: [CustomsChange]) -> [MapPoint] {
        var kinds: [String: Set<MapPoint.Kind>] = [:]
        for change in aerodromes {
            kinds[change.icao, default: []].insert(change.kind == .removed ? .removed : change.kind == .added ? .added : .aerodrome)
        }
        for change in runways { kinds[change.icao, default: []].insert(.runway) }
        for change in customs { kinds[change.icao, default: []].insert(.customs) }
        for change in entries { kinds[change.icao, default: []].insert(.aip) }
        for change in procedures { kinds[change.icao, default: []].insert(.procedure) }
        let points = kinds.compactMap { icao, set -> MapPoint? in
            guard let aerodrome = [after[icao], before[icao]].compactMap({ $0 }).first(where: { $0.latitudeDeg != nil && $0.longitudeDeg != nil }) else {
                return nil
            }
            let sorted = set.sorted()
            return MapPoint(icao: icao, name: aerodrome.name, latitudeDeg: aerodrome.latitudeDeg!, longitudeDeg: aerodrome.longitudeDeg!,
                            kind: sorted[0], kinds: sorted)
        }
        return points.sorted { ($0.kind, $0.icao) < ($1.kind, $1.icao) }
    }
}
