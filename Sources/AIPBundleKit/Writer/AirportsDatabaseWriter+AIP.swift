import AIPStages
import GRDB

/// The tables filled from eAIP pages and border crossing lists, rows in id order.
extension AirportsDatabaseWriter {
    static func insertAIPEntries(_ rows: [AIPEntryRow], db: Database, stamp: BuildStamp) throws {
        var insert = try BulkInsert(db, into: AirportsSchema.aipEntries)
        for entry in rows {
            try insert.insert { row in
                row.set("id", Int(entry.id))
                row.set("airport_icao", entry.airportICAO)
                row.set("section", entry.section)
                row.set("field", entry.field)
                row.set("value", entry.value)
                row.set("std_field", entry.stdField)
                row.set("std_field_id", entry.stdFieldID)
                row.set("mapping_score", entry.mappingScore)
                row.set("alt_field", entry.altField)
                row.set("alt_value", entry.altValue)
                row.set("source", entry.source)
                row.set("source_priority", entry.sourcePriority)
                row.set("created_at", stamp.timestamp)
                row.set("updated_at", stamp.timestamp)
            }
        }
    }

    static func insertProcedures(_ rows: [ProcedureRow], db: Database, stamp: BuildStamp) throws {
        var insert = try BulkInsert(db, into: AirportsSchema.procedures)
        for procedure in rows {
            try insert.insert { row in
                row.set("id", Int(procedure.id))
                row.set("airport_icao", procedure.airportICAO)
                row.set("name", procedure.name)
                row.set("procedure_type", procedure.procedureType)
                row.set("approach_type", procedure.approachType)
                row.set("runway_ident", procedure.runwayIdent)
                row.set("runway_letter", procedure.runwayLetter)
                row.set("runway_number", procedure.runwayNumber)
                row.set("source", procedure.source)
                row.set("authority", procedure.authority)
                row.set("raw_name", procedure.rawName)
                row.set("created_at", stamp.timestamp)
                row.set("updated_at", stamp.timestamp)
            }
        }
    }

    static func insertBorderCrossingPoints(_ rows: [BorderCrossingPointRow], db: Database, stamp: BuildStamp) throws {
        var insert = try BulkInsert(db, into: AirportsSchema.borderCrossingPoints)
        for point in rows {
            try insert.insert { row in
                row.set("id", Int(point.id))
                row.set("icao_code", point.icaoCode)
                row.set("country_iso", point.countryISO)
                row.set("airport_name", point.airportName)
                row.set("is_airport", point.isAirport)
                row.set("source", point.source)
                row.set("extraction_method", point.extractionMethod)
                row.set("metadata_json", point.metadataJSON)
                row.set("matched_airport_icao", point.matchedAirportICAO)
                row.set("match_score", point.matchScore)
                row.set("created_at", stamp.timestamp)
                row.set("updated_at", stamp.timestamp)
            }
        }
    }
}
