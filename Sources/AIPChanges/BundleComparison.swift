import AIPContract
import AIPErrorText
import AIPManifest
import Foundation
import GRDB

/// Computes ``BundleChanges`` from two bundle folders' files.
///
/// Every database of both bundles is attached read-only and immutable to one in-memory connection (`o_air`,
/// `n_air`, …), so each kind of change is one SQL join over the two tables (or an anti-join for added and
/// removed rows), never a query per row: a whole-Europe comparison stays well under a second. The folders are
/// taken as they are: callers verify them against their manifests first (`changes` does; a build compares its
/// own staging folder with the bundle it follows).
public enum BundleComparison {
    /// The schema names the databases are attached as, old and new side.
    enum Side: String, CaseIterable {
        case old = "o", new = "n"
    }

    /// The bundle databases compared, and the prefix of their attached schemas.
    static let databases: [(schema: DatabaseSchema, prefix: String)] = [
        (AirportsContract.schema, "air"), (NotificationsContract.schema, "ntf"), (CitiesContract.schema, "cit"),
    ]

    /// Compares the bundle whose files are in `old` with the one in `new`.
    /// - Parameter reportName: the build record beside each bundle's files (`report.json`), whose findings are counted.
    /// - Throws: ``ChangesError`` naming the file that cannot be read.
    public static func compare(from old: URL, to new: URL, reportName: String) throws -> BundleChanges {
        let oldManifest = try manifest(in: old), newManifest = try manifest(in: new)
        let queue = try DatabaseQueue()
        var attached = Set<String>()
        do {
            try queue.inDatabase { db in
                for (schema, prefix) in databases {
                    for (side, folder, manifest) in [(Side.old, old, oldManifest), (Side.new, new, newManifest)]
                    where manifest.files[schema.fileName] != nil {
                        let uri = immutableURI(folder.appendingPathComponent(schema.fileName))
                        try db.execute(sql: "ATTACH DATABASE ? AS \(side.rawValue)_\(prefix)", arguments: [uri])
                        attached.insert("\(side.rawValue)_\(prefix)")
                    }
                }
                try db.execute(sql: "PRAGMA query_only = ON")
            }
        } catch {
            throw ChangesError(.unreadable, "a bundle database cannot be opened: \(reason(error)); verify the bundles (aipbundle check)")
        }
        do {
            return try queue.inDatabase { db in
                let both = { (prefix: String) in attached.contains("o_\(prefix)") && attached.contains("n_\(prefix)") }
                let airports = try both("air") ? AirportsComparison(db) : nil
                let customs = try both("ntf") && tables(db, "o_ntf").intersection(tables(db, "n_ntf"))
                    .contains(NotificationsContract.Requirements.table.name) ? customsChanges(db) : []
                let aerodromes = airports?.aerodromes ?? []
                let runways = airports?.runways ?? []
                let entries = airports?.entries ?? []
                let procedures = airports?.procedures ?? []
                let rules = try RulesComparison.changes(old: rulesFile(old, oldManifest), new: rulesFile(new, newManifest))
                var tables = try tableCounts(db, attached: attached, old: oldManifest, new: newManifest)
                if let before = rules.before, let after = rules.after {
                    let count = { (kind: ChangeKind) in rules.changes.count(where: { $0.kind == kind }) }
                    tables.append(BundleChanges.TableCount(file: RulesContract.fileName, table: RulesContract.Question.answersByCountry,
                                                           rowsBefore: before, rowsAfter: after, added: count(.added), removed: count(.removed),
                                                           changed: count(.changed)))
                }
                var changes = BundleChanges(
                    from: side(oldManifest), to: side(newManifest), tables: tables,
                    aerodromes: ChangeSection(aerodromes), runways: ChangeSection(runways), aipEntries: ChangeSection(entries),
                    customs: ChangeSection(customs), procedures: ChangeSection(procedures),
                    navaids: ChangeSection(airports?.navaids ?? []), firs: ChangeSection(airports?.firs ?? []),
                    rules: ChangeSection(rules.changes),
                    coverage: ChangeSection(airports?.coverage ?? []),
                    findings: FindingsComparison.summary(old: old.appendingPathComponent(reportName), new: new.appendingPathComponent(reportName)),
                    points: ChangeSection(airports?.points(customs: customs) ?? []))
                changes.outline = try MapOutline.read(db, schemas: ["n_air", "o_air"].filter(attached.contains))
                return changes
            }
        } catch let error as ChangesError {
            throw error
        } catch {
            throw ChangesError(.unreadable, "the bundles cannot be compared: \(reason(error)); verify both (aipbundle check)")
        }
    }

    /// The names of the tables of the attached database `schema`.
    static func tables(_ db: Database, _ schema: String) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT name FROM \(schema).sqlite_master WHERE type = 'table'"))
    }

    /// The bundle's manifest.
    static func manifest(in folder: URL) throws -> Manifest {
        let url = folder.appendingPathComponent(Manifest.fileName)
        do {
            return try Manifest(jsonData: try Data(contentsOf: url))
        } catch {
            throw ChangesError(.unreadable, "\(url.path) cannot be read: \(ErrorText.reason(error)); give a bundle folder built by aipbundle")
        }
    }

    /// The bundle's `rules.json`, nil when its manifest lists none.
    private static func rulesFile(_ folder: URL, _ manifest: Manifest) -> URL? {
        manifest.files[RulesContract.fileName] == nil ? nil : folder.appendingPathComponent(RulesContract.fileName)
    }

    private static func side(_ manifest: Manifest) -> BundleChanges.Side {
        BundleChanges.Side(bundleVersion: manifest.bundleVersion, airacCycle: manifest.airac.cycle,
                           airacDate: manifest.airac.effectiveDate, sourcesLockSHA256: manifest.build?.sourcesLockSHA256)
    }

    /// The SQLite URI opening `url` read-only and immutable: no lock, no journal, nothing written beside it.
    static func immutableURI(_ url: URL) -> String {
        var uri = URLComponents()
        uri.scheme = "file"
        uri.path = url.resolvingSymlinksInPath().path
        uri.query = "mode=ro&immutable=1"
        return uri.string ?? url.path
    }

    /// SQLite's own words for a failure, without GRDB's "while executing" SQL dump.
    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return ErrorText.reason(error)
    }
}
