/// What one aerodrome document (AD 2) says, as read: an eAIP page (``EAIPReader``) or a PDF chapter
/// (``AIPPDFReader``). No standardising, no classifying (the airports stage does that).
public struct AerodromeDocument: Sendable, Equatable {
    /// AD 2.2–2.5: the sections whose items become AIP entries.
    public static let itemSections = 2...5

    /// The document, relative to the source tree (`eaip/EG-AD-2.EGMC-en-GB.html`, `aip-pdf/EBOS.pdf`).
    public var file: String
    public var family: AerodromeDocumentFamily
    /// The aerodrome's ICAO code, from the page's section ids or the chapter's headings.
    public var icao: String
    /// The effective date (`YYYY-MM-DD`; an eAIP page's `EM.effectiveDateStart`), nil when the document has none.
    public var effectiveDate: String?
    /// The aerodrome's name from AD 2.1 (`SOUTHEND`), nil when absent.
    public var name: String?
    /// The AD 2.2 item 1 text (ARP coordinates and site), for aerodromes OurAirports does not have.
    public var arpText: String?
    /// AD 2.2–2.5 items in document order, continuation rows folded into the item above.
    public var entries: [AerodromeEntry]
    /// AD 2.24 chart titles (for a PDF chapter, its chart pages) in document order
    /// (`INSTRUMENT APPROACH CHART ILS/DME/NDB(L) RWY 05 (CAT A,B,C) - ICAO`, `AD_2_LFAQ_IAC_RWY26_NDB`).
    public var charts: [AerodromeChart]

    public init(file: String, family: AerodromeDocumentFamily, icao: String, effectiveDate: String?, name: String?, arpText: String?,
                entries: [AerodromeEntry], charts: [AerodromeChart]) {
        self.file = file
        self.family = family
        self.icao = icao
        self.effectiveDate = effectiveDate
        self.name = name
        self.arpText = arpText
        self.entries = entries
        self.charts = charts
    }

    /// The source tag of the document's rows (`uk_eaip_html`, `france_eaip_html`, `aip_pdf`).
    public var sourceTag: String { family.sourceTag(icao: icao) }
}

/// One AD 2.2–2.5 item.
public struct AerodromeEntry: Sendable, Equatable {
    /// 2 (AD 2.2, admin) … 5 (AD 2.5, passenger).
    public var section: Int
    /// The item number printed in the row; nil when the row has none.
    public var itemNumber: Int?
    /// The English label (or the only one).
    public var field: String
    /// The English value (or the only one), lines joined by `\n`.
    public var value: String
    /// The national-language label and value of a bilingual document.
    public var altField: String?
    public var altValue: String?
    /// Where the row is in the document, for findings (`AD 2.3 row 2`).
    public var location: String

    public init(section: Int, itemNumber: Int?, field: String, value: String, altField: String? = nil, altValue: String? = nil,
                location: String) {
        self.section = section
        self.itemNumber = itemNumber
        self.field = field
        self.value = value
        self.altField = altField
        self.altValue = altValue
        self.location = location
    }
}

/// One chart listed in AD 2.24 (or one chart page of a PDF chapter).
public struct AerodromeChart: Sendable, Equatable {
    /// The chart's title as listed (MakeAIP), its file name (French SIA), or a name made from a chart page (PDF).
    public var title: String
    /// Where the chart is in the document, for findings.
    public var location: String

    public init(title: String, location: String) {
        self.title = title
        self.location = location
    }
}

/// The two eAIP page families of `sources.md`, told apart by the page's structure, never by its file name, and the
/// PDF chapters (``AIPPDFReader``).
public enum AerodromeDocumentFamily: String, Sendable, Equatable, CaseIterable {
    /// EUROCONTROL MakeAIP (UK, Norway, Slovenia…): three-cell rows, section divs `EGMC-AD-2.N`.
    case makeAIP = "makeaip"
    /// French SIA: bilingual rows with meaningful ids, AD 2.20+ divs `AD-2.N.LFAQ`.
    case frenchSIA = "french_sia"
    /// An AD 2 chapter read from a PDF, whatever its state.
    case aipPDF = "aip_pdf"

    /// The source tag of rows from a document of this family for aerodrome `icao`: `uk_eaip_html` and `france_eaip_html`
    /// as euro_aip names them; another MakeAIP state gets `eaip_html_` and its ICAO nationality letters
    /// (`eaip_html_en` for Norway).
    public func sourceTag(icao: String) -> String {
        switch self {
        case .frenchSIA: return "france_eaip_html"
        case .aipPDF: return "aip_pdf"
        case .makeAIP:
            let prefix = icao.prefix(2).lowercased()
            return prefix == "eg" ? "uk_eaip_html" : "eaip_html_\(prefix)"
        }
    }
}
