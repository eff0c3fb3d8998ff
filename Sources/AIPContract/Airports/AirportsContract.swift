/// `airports.db`, exactly as `data-contract.md` lists it: tables in creation order, columns in order.
///
/// Each table is a namespace holding its columns and its ``TableSchema`` as `table`, so code names a column as
/// `AirportsContract.Runways.leIdent` and the table as `AirportsContract.Runways.table`: the writer creates the file
/// from these values, `check` compares files against them, and a misspelt name does not compile.
/// Index names follow the reference database written by euro_aip where it has them.
public enum AirportsContract {
    public static let fileName = "airports.db"

    /// Value of `model_metadata.schema_version`.
    public static let schemaVersion = "1"

    public static let schema = DatabaseSchema(fileName: fileName, tables: [
        Airports.table, Runways.table, Procedures.table, AIPEntries.table, AIPEntriesChanges.table, AirportsChanges.table,
        RunwaysChanges.table, ProceduresChanges.table, BorderCrossingPoints.table, BorderCrossingPointsChanges.table,
        Waypoints.table, WaypointsChanges.table, ModelMetadata.table, Sources.table, AiracUpdates.table,
        AiracCountryCoverage.table, FIRs.table,
    ])

    /// `airport_icao → airports(icao_code)`.
    static let airportForeignKey = ForeignKeySchema.column(SharedColumns.airportICAO, references: Airports.table, Airports.icaoCode)
}
