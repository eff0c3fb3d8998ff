import Foundation
import ZIPFoundation

/// A mirror tree laid out as the real sites for cycle 2026-11-26 (host folder, then the real path): the two real
/// eAIP pages under the UK and French layouts, reached through index → toc-frameset → menu pages written here in
/// the real structure, OurAirports CSVs from Fixtures/sources, a GeoNames zip, the real VATSpy files, Norway's entry
/// redirect and Austria's AD 2 index with one PDF.
public struct MirrorSite {
    public static let airac = "2026-11-26"
    public static let ukBase = "www.aurora.nats.co.uk/htmlAIP/Publications/2026-11-26-AIRAC/html"
    public static let frBase = "www.sia.aviation-civile.gouv.fr/media/dvd/eAIP_26_NOV_2026/FRANCE/AIRAC-2026-11-26/html"
    public static let noBase = "aim-prod.avinor.no/no/AIP/View/Index/152/2026-11-26-AIRAC/html"
    public static let ourAirports = "davidmegginson.github.io/ourairports-data"
    public static let airportsPath = "/\(ourAirports)/airports.csv"
    public static let ukPagePath = "/\(ukBase)/eAIP/EG-AD-2.EGMC-en-GB.html"
    /// The sources the build test fetches (Norway, Slovenia and Austria have no real page here to build from).
    public static let buildable = "ourairports,geonames,firs,eaip-gb,eaip-fr"

    /// `pipeline.json` for fetching from this mirror: retries and backoff so short that a misbehaviour ends in
    /// seconds, a timeout a loaded test machine still meets, and the sources of ``buildable`` required.
    public static let settings = #"{"fetch": {"timeout_seconds": 20, "retries": 2, "retry_base_ms": 10, "polite_delay_ms": 0, "required": ["ourairports", "geonames", "firs", "eaip-gb", "eaip-fr"]}}"#

    public let folder: TemporaryFolder

    public init() throws {
        folder = try TemporaryFolder()
        let fixtures = SharedFixtures.fixtureSources
        for name in ["airports.csv", "runways.csv"] {
            try copy(fixtures.appendingPathComponent("ourairports/\(name)"), to: "\(Self.ourAirports)/\(name)")
        }
        // OurAirports' navaids.csv header, one station (London VOR-DME).
        try folder.write(#"""
            "id","filename","ident","name","type","frequency_khz","latitude_deg","longitude_deg","elevation_ft","iso_country","dme_frequency_khz","dme_channel","dme_latitude_deg","dme_longitude_deg","dme_elevation_ft","slaved_variation_deg","magnetic_variation_deg","usageType","power","associated_airport"
            86030,"London_VOR-DME_GB","LON","London","VOR-DME",113600,51.4871,-0.466724,80,"GB",113600,"083X",51.4871,-0.466724,80,,0.036,"BOTH","HIGH","EGLL"

            """#, to: "\(Self.ourAirports)/navaids.csv")
        let dump = "download.geonames.org/export/dump"
        try copy(fixtures.appendingPathComponent("geonames/countryInfo.txt"), to: "\(dump)/countryInfo.txt")
        let archive = try Archive(url: folder.url.appendingPathComponent("\(dump)/cities1000.zip"), accessMode: .create)
        let cities = try Data(contentsOf: fixtures.appendingPathComponent("geonames/cities15000.txt"))
        try archive.addEntry(with: "cities1000.txt", type: .file, uncompressedSize: Int64(cities.count)) { position, size in
            cities.subdata(in: Int(position)..<Int(position) + size)
        }
        let vatspy = "raw.githubusercontent.com/vatsimnetwork/vatspy-data-project/master"
        for name in ["Boundaries.geojson", "VATSpy.dat"] {
            try copy(SharedFixtures.url("navdata/\(name)"), to: "\(vatspy)/\(name)")
        }

        try writeEAIP(base: Self.ukBase, lang: "en-GB", menu: "EG-menu-en-GB.html", page: "EG-AD-2.EGMC-en-GB.html", icao: "EGMC")
        try writeEAIP(base: Self.frBase, lang: "fr-FR", menu: "FR-menu-fr-FR.html", page: "FR-AD-2.LFAQ-fr-FR.html", icao: "LFAQ")
        // Norway: the menu straight away (no frameset), one aerodrome page holding its section ids.
        try folder.write("<html><body><a href=\"eAIP/EN-AD-2.ENGM-en-GB.html#AD-2.ENGM\">ENGM</a></body></html>", to: "\(Self.noBase)/index-en-GB.html")
        try folder.write("<html><body><div id=\"ENGM-AD-2.1\">ENGM</div></body></html>", to: "\(Self.noBase)/eAIP/EN-AD-2.ENGM-en-GB.html")
        // Austria: Latin-1 index, a link relative to the edition folder, with a space in a folder name.
        let austria = "eaip.austrocontrol.at/lo/261126"
        try folder.write("<html><body>Flugh\u{E4}fen <a href=\"PART_3/AD_2/PRI/AD_2_LOWW/LO_AD_2_LOWW_en.pdf\">LOWW</a></body></html>"
                            .data(using: .isoLatin1)!, to: "\(austria)/ad_2.htm")
        try folder.write(Data("%PDF-1.4\n% test\n".utf8), to: "\(austria)/PART_3/AD_2/PRI/AD_2_LOWW/LO_AD_2_LOWW_en.pdf")
    }

    public var root: URL { folder.url }

    private func copy(_ source: URL, to path: String) throws {
        try folder.write(try Data(contentsOf: source), to: path)
    }

    /// index (frameset) → toc-frameset (frameset) → menu (links with fragments) → the real page.
    private func writeEAIP(base: String, lang: String, menu: String, page: String, icao: String) throws {
        try folder.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <html><head><title>eAIP</title></head>
            <frameset rows="0,*"><frame name="eAISNavigationBase" src="toc-frameset-\(lang).html"/></frameset></html>
            """, to: "\(base)/index-\(lang).html")
        try folder.write("""
            <html><frameset cols="25%,*"><frame name="eAISNavigation" src="eAIP/\(menu)"/>
            <frame name="eAISContent" src="eAIP/cover-\(lang).html"/></frameset></html>
            """, to: "\(base)/toc-frameset-\(lang).html")
        try folder.write("""
            <html><body><div id="ADdetails"><div id="AD-2.\(icao)details">
            <a href="\(page)#AD-2.\(icao)">\(icao)</a></div></div>
            <a href="GEN-1.1-\(lang).html">GEN 1.1</a></body></html>
            """, to: "\(base)/eAIP/\(menu)")
        try copy(SharedFixtures.url("eaip/\(page)"), to: "\(base)/eAIP/\(page)")
    }
}

/// Every file of a tree as readers see it (links followed, hidden names skipped), with its bytes.
public func treeSnapshot(_ root: URL) -> [String: Data] {
    var result: [String: Data] = [:]
    var pending = [""]
    while let relative = pending.popLast() {
        let folder = relative.isEmpty ? root : root.appendingPathComponent(relative)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where !name.hasPrefix(".") {
            let path = relative.isEmpty ? name : relative + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue { pending.append(path) } else { result[path] = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) }
        }
    }
    return result
}
