import AIPReaders

extension AirportsStage {
    static func row(for airport: OurAirportsAirport) -> AirportRow {
        AirportRow(
            icaoCode: airport.resolvedICAO!, name: airport.name, type: airport.type,
            latitudeDeg: airport.latitudeDeg, longitudeDeg: airport.longitudeDeg, elevationFt: airport.elevationFt,
            continent: airport.continent, isoCountry: airport.isoCountry, isoRegion: airport.isoRegion,
            municipality: airport.municipality, scheduledService: airport.scheduledService, gpsCode: airport.gpsCode,
            iataCode: airport.iataCode, localCode: airport.localCode, homeLink: airport.homeLink,
            wikipediaLink: airport.wikipediaLink, keywords: airport.keywords, sources: [sourceTag])
    }

    static func row(for runway: OurAirportsRunway, airportICAO: String) -> RunwayRow {
        RunwayRow(
            id: runway.id, airportICAO: airportICAO, leIdent: runway.leIdent, heIdent: runway.heIdent,
            lengthFt: runway.lengthFt, widthFt: runway.widthFt, surface: runway.surface,
            lighted: runway.lighted, closed: runway.closed,
            leLatitudeDeg: runway.leLatitudeDeg, leLongitudeDeg: runway.leLongitudeDeg,
            leElevationFt: runway.leElevationFt, leHeadingDegT: runway.leHeadingDegT,
            leDisplacedThresholdFt: runway.leDisplacedThresholdFt,
            heLatitudeDeg: runway.heLatitudeDeg, heLongitudeDeg: runway.heLongitudeDeg,
            heElevationFt: runway.heElevationFt, heHeadingDegT: runway.heHeadingDegT,
            heDisplacedThresholdFt: runway.heDisplacedThresholdFt)
    }
}
