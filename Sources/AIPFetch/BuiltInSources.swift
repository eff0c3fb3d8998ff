/// The sources `fetch` knows without settings, from the publishers' sites as of 2026 (docs/fetch.md lists them).
/// `pipeline.json` `fetch.sources.<id>` replaces one whole, or adds a new id.
public enum BuiltInSources {
    static let ourAirportsBase = "https://davidmegginson.github.io/ourairports-data/"
    static let vatspyBase = "https://raw.githubusercontent.com/vatsimnetwork/vatspy-data-project/master/"
    static let geonamesBase = "https://download.geonames.org/export/dump/"

    public static let definitions: [String: SourceDefinition] = [
        "ourairports": SourceDefinition(files: [
            .init(url: ourAirportsBase + "airports.csv", path: "ourairports/airports.csv", check: .csv(columns: ["ident", "type", "name"])),
            .init(url: ourAirportsBase + "runways.csv", path: "ourairports/runways.csv", check: .csv(columns: ["airport_ident", "le_ident"])),
            .init(url: ourAirportsBase + "navaids.csv", path: "ourairports/navaids.csv", check: .csv(columns: ["ident", "type", "frequency_khz"])),
        ]),
        // cities1000 matches the cities stage's default min_population (1000).
        "geonames": SourceDefinition(files: [
            .init(url: geonamesBase + "cities1000.zip", path: "geonames/cities1000.zip", check: .zip),
            .init(url: geonamesBase + "countryInfo.txt", path: "geonames/countryInfo.txt", check: .text),
        ]),
        "firs": SourceDefinition(files: [
            .init(url: vatspyBase + "Boundaries.geojson", path: "firs/Boundaries.geojson", check: .geojson),
            .init(url: vatspyBase + "VATSpy.dat", path: "firs/VATSpy.dat", check: .text),
        ]),
        "eaip-gb": eaip(base: "https://www.aurora.nats.co.uk/htmlAIP/Publications/{airac}-AIRAC/", country: "EG", lang: "en-GB", folder: "eaip/gb", state: "GB"),
        // The first folder is the eAIP date, the second the AIRAC date; they are equal in every public URL seen.
        "eaip-fr": eaip(base: "https://www.sia.aviation-civile.gouv.fr/media/dvd/eAIP_{dd}_{MON}_{yyyy}/FRANCE/AIRAC-{airac}/",
                        country: "FR", prefix: "LF", lang: "fr-FR", folder: "eaip/fr", state: "FR"),
        "eaip-no": SourceDefinition(redirect: "https://aim-prod.avinor.no/no/AIP/",
                                    index: "{redirect}/{airac}-AIRAC/html/index-en-GB.html",
                                    links: [#"EN-AD-2\.(EN[A-Z]{2})-en-GB\.html$"#], folder: "eaip/no", check: .eaipPage, states: ["NO"]),
        // VFR aerodromes are published as AD-4 pages; an aerodrome with both keeps its AD-2 page.
        "eaip-si": SourceDefinition(index: "https://aim.sloveniacontrol.si/aim/eAIP/Operations/{airac}-AIRAC/html/index-en-GB.html",
                                    links: [#"LJ-AD-2\.(LJ[A-Z]{2})-en-GB\.html$"#, #"LJ-AD-4\.(LJ[A-Z]{2})-en-GB\.html$"#],
                                    folder: "eaip/si", check: .eaipPage, states: ["SI"]),
        "aip-pdf-at": SourceDefinition(index: "https://eaip.austrocontrol.at/lo/{yymmdd}/ad_2.htm",
                                       links: [#"PART_3/AD_2/[A-Z]+/AD_2_(LO[A-Z]{2})/LO_AD_2_LO[A-Z]{2}_en\.pdf$"#],
                                       folder: "aip-pdf/at", check: .pdf, states: ["AT"]),
        // States whose EUROCONTROL-generator eAIP is open (docs/fetch.md, "National sources": laid out as the shared
        // research records them, not verified against the live sites).
        "eaip-be": eaip(base: "https://ops.skeyes.be/html/belgocontrol_static/eaip/eAIP_Main/", country: "EB", prefix: "E[BL]", lang: "en-GB",
                        folder: "eaip/be", state: "BE", also: ["LU"], browserHeaders: true),
        "eaip-cz": eaip(base: "https://aim.rlp.cz/eaip/", country: "LK", lang: "en-GB", folder: "eaip/cz", state: "CZ"),
        "eaip-ee": eaip(base: "https://eaip.eans.ee/{airac}/", country: "EE", lang: "en-GB", folder: "eaip/ee", state: "EE"),
        "eaip-hu": eaip(base: "https://ais.hungarocontrol.hu/aip/{airac}/{airac}-AIRAC/", country: "LH", lang: "en-HU", folder: "eaip/hu", state: "HU"),
        "eaip-ba": eaip(base: "https://eaip.bhansa.gov.ba/{airac}-AIRAC/", country: "LQ", lang: "en-GB", folder: "eaip/ba", state: "BA"),
        "eaip-pt": eaip(base: "https://ais.nav.pt/wp-content/uploads/AIS_Files/eAIP_Current/eAIP_Online/eAIP/", country: "LP", lang: "en-PT",
                        folder: "eaip/pt", state: "PT"),
        // Any European aerodrome's AD 2 chapter and chart list, for a registered client; skipped without credentials.
        "autorouter": SourceDefinition(autorouter: AutorouterSettings()),
    ]

    /// Sources whose failure fails the run unless `fetch.required` says otherwise: a build needs them all.
    public static let required = ["firs", "geonames", "ourairports"]

    /// A EUROCONTROL-generator eAIP: `{base}html/index-{lang}.html`, frames to the menu, AD 2 pages
    /// `{country}-AD-2.{ICAO}-{lang}.html`, whose ICAO codes start with `prefix` (a regular expression; default the
    /// country's letters).
    private static func eaip(base: String, country: String, prefix: String? = nil, lang: String, folder: String, state: String,
                             also: [String] = [], browserHeaders: Bool = false) -> SourceDefinition {
        SourceDefinition(index: base + "html/index-\(lang).html",
                         links: [#"\#(country)-AD-2\.(\#(prefix ?? country)[A-Z]{2})-\#(lang)\.html$"#],
                         folder: folder, check: .eaipPage, states: [state] + also, browserHeaders: browserHeaders)
    }
}
