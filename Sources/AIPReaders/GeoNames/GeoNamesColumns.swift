/// Column positions of the headerless GeoNames dumps, named for findings, with the maximum lengths of `readme.txt`
/// of the GeoNames export (`varchar(200)` for a name, …): a longer value is damaged or crafted, and would grow the
/// cities database without limit.
enum GeoNamesColumns {
    /// `citiesNNN.txt` and `allCountries.txt`: 19 tab-separated columns.
    enum Place {
        static let count = 19
        static let geonameid = CSVColumn(name: "geonameid", index: 0)
        static let name = CSVColumn(name: "name", index: 1, maximumLength: 200)
        static let asciiName = CSVColumn(name: "asciiname", index: 2, maximumLength: 200)
        static let alternateNames = CSVColumn(name: "alternatenames", index: 3, maximumLength: 10_000)
        static let latitude = CSVColumn(name: "latitude", index: 4)
        static let longitude = CSVColumn(name: "longitude", index: 5)
        static let featureClass = CSVColumn(name: "feature class", index: 6)
        static let featureCode = CSVColumn(name: "feature code", index: 7, maximumLength: 10)
        static let countryCode = CSVColumn(name: "country code", index: 8)
        static let admin1Code = CSVColumn(name: "admin1 code", index: 10, maximumLength: 20)
        static let population = CSVColumn(name: "population", index: 14)
    }

    /// `countryInfo.txt`: 19 columns after its `#` comment lines.
    enum Country {
        static let count = 19
        static let isoCode = CSVColumn(name: "ISO", index: 0)
        static let name = CSVColumn(name: "Country", index: 4)
        static let continent = CSVColumn(name: "Continent", index: 8)
    }

    /// `alternateNamesV2.txt`: 10 columns.
    enum AlternateName {
        static let count = 10
        static let geonameid = CSVColumn(name: "geonameid", index: 1)
        static let isoLanguage = CSVColumn(name: "isolanguage", index: 2, maximumLength: 7)
        static let name = CSVColumn(name: "alternate name", index: 3, maximumLength: 400)
        static let isHistoric = CSVColumn(name: "isHistoric", index: 7)
    }
}
