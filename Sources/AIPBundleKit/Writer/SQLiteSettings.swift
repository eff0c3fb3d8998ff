import CSQLite

/// The process-wide SQLite settings of a build, made before SQLite is first used.
public enum SQLiteSettings {
    /// Turns SQLite's memory statistics off: each of its allocations took a global mutex for them, a tenth of the
    /// time of writing the bundle's databases. Once per process, before any connection opens; later (tests that opened
    /// databases first) SQLite refuses it, which changes nothing but speed.
    public static func forBuilding() {
        _ = applied
    }

    private static let applied: Void = {
        _ = aipbundle_sqlite3_disable_memstatus()
    }()
}
