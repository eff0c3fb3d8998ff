import AIPContract
import AIPStages
import GRDB

/// The tables filled from eAIP pages and border crossing lists, rows in id order.
extension AirportsDatabaseWriter {
    static func insertAIPEntries(_ rows: [AIPEntryRow], db: Database, stamp: BuildStamp) throws {
        typealias AIPEntries = AirportsContract.AIPEntries
        var insert = try BulkInsert(db, into: AIPEntries.table)
        for entry in rows {
            try insert.insert { row in
                row.set(AIPEntries.id, Int(entry.id))
                row.set(AIPEntries.airportICAO, entry.airportICAO)
                row.set(AIPEntries.section, entry.section)
                row.set(AIPEntries.field, entry.field)
                row.set(AIPEntries.value, entry.value)
                row.set(AIPEntries.stdField, entry.stdField)
                row.set(AIPEntries.stdFieldID, entry.stdFieldID)
                row.set(AIPEntries.mappingScore, entry.mappingScore)
                row.set(AIPEntries.altField, entry.altField)
                row.set(AIPEntries.altValue, entry.altValue)
                row.set(AIPEntries.source, entry.source)
                row.set(AIPEntries.sourcePriority, entry.sourcePriority)
                row.set(AIPEntries.createdAt, stamp.timestamp)
                row.set(AIPEntries.updatedAt, stamp.timestamp)
            }
        }
    }

    static func insertProcedures(_ rows: [ProcedureRow], db: Database, stamp: BuildStamp) throws {
        typealias Procedures = AirportsContract.Procedures
        var insert = try BulkInsert(db, into: Procedures.table)
        for procedure in rows {
            try insert.insert { row in
                row.set(Procedures.id, Int(procedure.id))
                row.set(Procedures.airportICAO, procedure.airportICAO)
                row.set(Procedures.name, procedure.name)
                row.set(Procedures.procedureType, procedure.procedureType)
                row.set(Procedures.approachType, procedure.approachType)
                row.set(Procedures.runwayIdent, procedure.runwayIdent)
                row.set(Procedures.runwayLetter, procedure.runwayLetter)
                row.set(Procedures.runwayNumber, procedure.runwayNumber)
                row.set(Procedures.source, procedure.source)
                row.set(Procedures.authority, procedure.authority)
                row.set(Procedures.rawName, procedure.rawName)
                row.set(Procedures.createdAt, stamp.timestamp)
                row.set(Procedures.updatedAt, stamp.timestamp)
            }
        }
    }

    static func insertBorderCrossingPoints(_ rows: [BorderCrossingPointRow], db: Database, stamp: BuildStamp) throws {
        typealias BorderCrossingPoints = AirportsContract.BorderCrossingPoints
        var insert = try BulkInsert(db, into: BorderCrossingPoints.table)
        for point in rows {
            try insert.insert { row in
                row.set(BorderCrossingPoints.id, Int(point.id))
                row.set(BorderCrossingPoints.icaoCode, point.icaoCode)
                row.set(BorderCrossingPoints.countryISO, point.countryISO)
                row.set(BorderCrossingPoints.airportName, point.airportName)
                row.set(BorderCrossingPoints.isAirport, point.isAirport)
                row.set(BorderCrossingPoints.source, point.source)
                row.set(BorderCrossingPoints.extractionMethod, point.extractionMethod)
                row.set(BorderCrossingPoints.metadataJSON, point.metadataJSON)
                row.set(BorderCrossingPoints.matchedAirportICAO, point.matchedAirportICAO)
                row.set(BorderCrossingPoints.matchScore, point.matchScore)
                row.set(BorderCrossingPoints.createdAt, stamp.timestamp)
                row.set(BorderCrossingPoints.updatedAt, stamp.timestamp)
            }
        }
    }
}
