import AIPContract

private typealias Cities = CitiesContract.Cities
private typealias CityNames = CitiesContract.CityNames
private typealias ModelMetadata = CitiesContract.ModelMetadata

/// Value rules of `european_cities.db` that a schema cannot express, each as a query returning offending rows.
///
/// Each is a way the app's geocoder would answer wrongly without an error: a city at an impossible position, a
/// country code the map cannot place, a population its 32-bit reader overflows on, a name no lookup finds.
enum CitiesInvariants {
    static let rules: [InvariantRule] = [
        // Positions and populations are checked against the contract's ranges (``PhysicalRange``).
        InvariantRule(name: "cities.country_code shape", table: Cities.table, column: Cities.countryCode,
                      message: "is not an ISO 3166 alpha-2 code (two upper-case letters)",
                      sql: "SELECT geonameid FROM cities WHERE country_code NOT GLOB '[A-Z][A-Z]'"),
        InvariantRule(name: "cities.name not blank", table: Cities.table, column: Cities.name, message: "is blank",
                      sql: "SELECT geonameid FROM cities WHERE trim(name) = ''"),
        InvariantRule(name: "cities not empty", table: Cities.table, column: nil, message: "is empty; the app would find no place",
                      sql: "SELECT 'no rows' WHERE NOT EXISTS (SELECT 1 FROM cities)"),
        // lower() folds ASCII letters only, which is all the app's folded input can be compared on byte-wise here.
        InvariantRule(name: "city_names.name folded", table: CityNames.table, column: CityNames.name,
                      message: "is not lower-case (the app looks names up folded)",
                      sql: "SELECT name FROM city_names WHERE name <> lower(name) OR name = ''"),
        InvariantRule(name: "cities named in city_names", table: Cities.table, column: Cities.name,
                      message: "has no row in city_names, so the folded lookup cannot find it",
                      sql: "SELECT geonameid FROM cities WHERE geonameid NOT IN (SELECT geonameid FROM city_names)"),
        ModelMetadataInvariants.schemaVersion(in: ModelMetadata.table),
        ModelMetadataInvariants.stamp(in: ModelMetadata.table),
        ModelMetadataInvariants.airacDate(in: ModelMetadata.table),
    ]
}
