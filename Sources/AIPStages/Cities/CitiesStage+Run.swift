import AIPReaders

extension CitiesStage {
    /// Reads `geonames/` (``GeoNamesSources``): `countryInfo.txt` for the countries in scope, then the place dump,
    /// streaming, then `alternateNamesV2.txt` when present, for the places kept only.
    ///
    /// - Throws: ``SourceError`` for a missing or unusable file; ``StageError`` when no country or no city is in scope,
    ///   because an empty `european_cities.db` must never reach pilots.
    public func run(_ context: StageContext) async throws -> Output {
        let sources = try GeoNamesSources.locate(in: context.sources)
        let countryFile = try GeoNamesReader.readCountries(sources.countryInfo)
        let countries = scope.countries(from: countryFile.records)
        guard !countries.isEmpty else {
            throw StageError(stage: Self.name, reason:
                "no country of \(sources.countryInfo.displayName) is on continents \(scope.continents.joined(separator: ", ")) and no extra_countries are set; refusing to publish an empty european_cities.db")
        }
        let places = try GeoNamesReader.readPlaces(sources.places, include: Self.includes(countries, minPopulation: scope.minPopulation))
        context.progress("\(Self.name): read \(places.rowCount) rows of \(places.fileName), \(places.places.count) places in scope")
        var alternates: GeoNamesRecords<GeoNamesAlternateName>?
        if let stream = sources.alternateNames {
            let ids = Set(places.places.map(\.geonameid))
            alternates = try GeoNamesReader.readAlternateNames(stream) { ids.contains($0) }
        }
        let placesFile = places.fileName
        let placesInput = InputSummary(file: places.storedPath, rows: places.rowCount, bytes: places.byteCount)
        var output = await run(places: consume places, alternateNames: alternates?.records ?? [])
        guard !output.cities.isEmpty else {
            throw StageError(stage: Self.name, reason:
                "no populated place of \(placesFile) in \(countries.count) countries has \(scope.minPopulation) or more inhabitants; refusing to publish an empty european_cities.db")
        }
        output.findings = (output.findings + countryFile.findings + (alternates?.findings ?? [])).sorted()
        output.inputs = [
            InputSummary(file: countryFile.storedPath, rows: countryFile.rowCount, bytes: countryFile.byteCount),
            placesInput,
        ] + (alternates.map { [InputSummary(file: $0.storedPath, rows: $0.rowCount, bytes: $0.byteCount)] } ?? [])
        return output
    }
}
