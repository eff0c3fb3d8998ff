import Foundation

/// Where one source lives and how its files are found: plain data, so a new state is configuration (the built-in
/// defaults in ``BuiltInSources``, overridden by `pipeline.json` section `fetch.sources`).
///
/// URL templates may hold the cycle's variables (``CycleVariables``) and `{redirect}`. A source has fixed `files`,
/// or an `index` page whose links (matching `links`) are the files, or both; or it is an API source
/// (``AutorouterSettings``), whose files are found through the API.
public struct SourceDefinition: Sendable, Equatable, Decodable {
    /// Files at fixed URLs, each stored at its own path in the tree.
    public var files: [FixedFile]
    /// A URL fetched without following its redirect: its `Location` (resolved against it) becomes `{redirect}`.
    /// Norway's publication index is found this way, never hard-coded.
    public var redirect: String?
    /// The entry page of a discovery: eAIP framesets (`eAISNavigationBase`, then `eAISNavigation`) are followed to
    /// the menu, whose links are matched against `links`.
    public var index: String?
    /// Regular expressions over a link's path (fragment stripped); the first capture group names the item (the
    /// aerodrome). When two patterns name the same item, the earlier pattern wins (Slovenia: AD-2 before AD-4).
    public var links: [String]
    /// The folder of the tree the discovered files go to, under their own file names.
    public var folder: String?
    /// What a discovered file must be.
    public var check: ContentCheck?
    /// The ISO codes of the states whose AIP the source serves (for the summary per state); an API source tells
    /// them per aerodrome instead.
    public var states: [String]
    /// Set for the autorouter API source: the files are the chapters and chart lists the API gives.
    public var autorouter: AutorouterSettings?
    /// Send a browser's ordinary headers (`Accept`, `Accept-Language`, a browser-like User-Agent naming aipbundle):
    /// some sites answer 403 to anything else. Never a way round a login, a captcha or an anti-bot wall.
    public var browserHeaders: Bool

    public struct FixedFile: Sendable, Equatable, Decodable {
        public var url: String
        /// The file's path in the source tree (`ourairports/airports.csv`).
        public var path: String
        public var check: ContentCheck

        public init(url: String, path: String, check: ContentCheck) {
            self.url = url
            self.path = path
            self.check = check
        }
    }

    public init(files: [FixedFile] = [], redirect: String? = nil, index: String? = nil, links: [String] = [],
                folder: String? = nil, check: ContentCheck? = nil, states: [String] = [], autorouter: AutorouterSettings? = nil,
                browserHeaders: Bool = false) {
        self.files = files
        self.redirect = redirect
        self.index = index
        self.links = links
        self.folder = folder
        self.check = check
        self.states = states
        self.autorouter = autorouter
        self.browserHeaders = browserHeaders
    }

    enum CodingKeys: String, CodingKey {
        case files, redirect, index, links, folder, check, states
        case browserHeaders = "browser_headers"
    }

    /// Any key of the source, to tell an API source by its keys.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let keys = Set(try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue))
        // `{"countries": ["DE"]}` is an autorouter source: any of its keys says so, and it takes no other.
        if !keys.isDisjoint(with: AutorouterSettings.keys) {
            guard keys.isSubset(of: AutorouterSettings.keys) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription:
                    "an autorouter source takes only \(AutorouterSettings.keys.sorted().joined(separator: ", ")); found \(keys.subtracting(AutorouterSettings.keys).sorted().joined(separator: ", "))"))
            }
            self.init(autorouter: try AutorouterSettings(from: decoder))
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let files = try container.decodeIfPresent([FixedFile].self, forKey: .files) ?? []
        let index = try container.decodeIfPresent(String.self, forKey: .index)
        let links = try container.decodeIfPresent([String].self, forKey: .links) ?? []
        let folder = try container.decodeIfPresent(String.self, forKey: .folder)
        let check = try container.decodeIfPresent(ContentCheck.self, forKey: .check)
        self.init(files: files, redirect: try container.decodeIfPresent(String.self, forKey: .redirect), index: index, links: links,
                  folder: folder, check: check,
                  states: try container.decodeIfPresent([String].self, forKey: .states)?.map { $0.uppercased() } ?? [],
                  browserHeaders: try container.decodeIfPresent(Bool.self, forKey: .browserHeaders) ?? false)
        if index != nil, folder == nil || check == nil || links.isEmpty {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "a source with an \"index\" needs \"links\", \"folder\" and \"check\""))
        }
        if index == nil, files.isEmpty {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "a source needs \"files\" or an \"index\""))
        }
    }
}

/// What the bytes of a file must be before they are used. An HTML page served with status 200 where data belongs
/// (a login or error page) fails every check but `html` and `eaip-page`.
public enum ContentCheck: Sendable, Equatable, Codable {
    /// A CSV file whose header row names these columns (a UTF-8 byte order mark allowed).
    case csv(columns: [String])
    /// A zip archive (`PK\u{3}\u{4}`).
    case zip
    /// A PDF (`%PDF`).
    case pdf
    /// UTF-8 text, not HTML, no NUL byte (`countryInfo.txt`, `VATSpy.dat`).
    case text
    /// A GeoJSON feature collection.
    case geojson
    /// An HTML page (a menu, a list).
    case html
    /// An eAIP page of the aerodrome its link names (it holds `{ICAO}-AD-` section ids).
    case eaipPage

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        if text.hasPrefix("csv:") {
            self = .csv(columns: text.dropFirst(4).split(separator: ",").map { String($0) })
            return
        }
        switch text {
        case "zip": self = .zip
        case "pdf": self = .pdf
        case "text": self = .text
        case "geojson": self = .geojson
        case "html": self = .html
        case "eaip-page": self = .eaipPage
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "unknown check \"\(text)\"; known: csv:COLUMN,…, zip, pdf, text, geojson, html, eaip-page"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    /// The check as written in settings.
    public var name: String {
        switch self {
        case .csv(let columns): "csv:" + columns.joined(separator: ",")
        case .zip: "zip"
        case .pdf: "pdf"
        case .text: "text"
        case .geojson: "geojson"
        case .html: "html"
        case .eaipPage: "eaip-page"
        }
    }
}
