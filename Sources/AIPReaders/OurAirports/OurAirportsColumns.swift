/// The columns of `airports.csv`, found once per file by header name. A class: rows share it without copying.
final class AirportsColumns: Sendable {
    let id, ident, type, name, latitudeDeg, longitudeDeg, elevationFt, continent, isoCountry, isoRegion,
        municipality, scheduledService, gpsCode, iataCode, localCode, homeLink, wikipediaLink, keywords: CSVColumn
    /// Only in the current layout.
    let icaoCode: CSVColumn?
    /// Where the ICAO code is looked for, in order (`sources.md`).
    let icaoCandidates: [CSVColumn]

    init(_ header: CSVHeader) {
        (id, ident, type, name) = (header["id"], header["ident"], header["type"], header["name"])
        (latitudeDeg, longitudeDeg, elevationFt) = (header["latitude_deg"], header["longitude_deg"], header["elevation_ft"])
        (continent, isoCountry, isoRegion) = (header["continent"], header["iso_country"], header["iso_region"])
        (municipality, scheduledService) = (header["municipality"], header["scheduled_service"])
        (gpsCode, iataCode, localCode) = (header["gps_code"], header["iata_code"], header["local_code"])
        (homeLink, wikipediaLink, keywords) = (header["home_link"], header["wikipedia_link"], header["keywords"])
        icaoCode = header.optional("icao_code")
        icaoCandidates = [icaoCode, gpsCode, ident].compactMap { $0 }
    }
}

/// The columns of `runways.csv`, found once per file by header name.
final class RunwaysColumns: Sendable {
    let id, airportRef, airportIdent, lengthFt, widthFt, surface, lighted, closed: CSVColumn
    let le: RunwayEndColumns
    let he: RunwayEndColumns

    init(_ header: CSVHeader) {
        (id, airportRef, airportIdent) = (header["id"], header["airport_ref"], header["airport_ident"])
        (lengthFt, widthFt, surface) = (header["length_ft"], header["width_ft"], header["surface"])
        (lighted, closed) = (header["lighted"], header["closed"])
        le = RunwayEndColumns(header, prefix: "le_")
        he = RunwayEndColumns(header, prefix: "he_")
    }
}

/// The columns describing one runway end (`le_…` or `he_…`).
struct RunwayEndColumns {
    let ident, latitudeDeg, longitudeDeg, elevationFt, headingDegT, displacedThresholdFt: CSVColumn

    init(_ header: CSVHeader, prefix: String) {
        ident = header[prefix + "ident"]
        latitudeDeg = header[prefix + "latitude_deg"]
        longitudeDeg = header[prefix + "longitude_deg"]
        elevationFt = header[prefix + "elevation_ft"]
        headingDegT = header[prefix + "heading_degT"]
        displacedThresholdFt = header[prefix + "displaced_threshold_ft"]
    }
}
