import AIPFindings
import Foundation

/// Reads eAIP aerodrome pages (AD 2) of both families in `sources.md`: ICAO code, effective date, name, AD 2.2–2.5
/// items and the AD 2.24 chart list.
///
/// A page that is not an AD 2 page, has no ICAO code, or is too damaged to hold any section is a finding with the
/// page's file, and the build goes on without it. A row without a usable item number is kept with `itemNumber` nil
/// and reported. Nothing is guessed: a missing section is reported, never filled in.
///
/// ## Finding codes
/// - `eaip.empty_page`: no HTML tree at all (empty file);
/// - `eaip.too_large`: larger than ``maximumPageBytes``;
/// - `eaip.page_over_budget`: start tags with more attributes than libxml2 can parse in time for the page's size
///   (``PageBudget``; on a page cut first, only the tags the parser reads): crafted or broken, not read;
/// - `eaip.invalid_utf8`: bytes that are not UTF-8 (read as U+FFFD; the page is kept);
/// - `eaip.effective_date_invalid`: an `EM.effectiveDateStart` that is no calendar date (ignored);
/// - `eaip.not_ad2_page`: no aerodrome section (`XXXX-AD-2.N`) anywhere: some other HTML file;
/// - `eaip.no_icao`: AD 2 section headings, but no ICAO code in the section ids;
/// - `eaip.several_icao`: sections of more than one aerodrome, none of them owning AD 2.2;
/// - `eaip.section_missing`: one of AD 2.2–2.5 or 2.24 is absent (a truncated page);
/// - `eaip.item_number_missing`, `eaip.item_number_invalid`: a row kept without an item number.
public enum EAIPReader {
    /// Real AD 2 pages are 100–400 KB; anything past this is not one (and would only cost time).
    public static let maximumPageBytes = 32 << 20

    /// What reading one page gave.
    public struct Result: Sendable {
        /// nil when the page was rejected (see ``findings``).
        public var page: AerodromeDocument?
        public var findings: [Finding]
    }

    /// Reads one page; never throws: every problem is a finding.
    public static func read(_ file: SourceFile) -> Result {
        read(file, parser: .xmlThenHTML)
    }

    /// Reads one page with the libxml2 parser(s) given; tests read a page with both and compare, and with the whole
    /// tree built (`wholeTree`) against the tree without the sections the reader never reads.
    static func read(_ file: SourceFile, parser: HTMLDocument.Parser, wholeTree: Bool = false) -> Result {
        var reading = PageReading(file: file.displayName)
        let page = reading.read(file.bytes, parser: parser, wholeTree: wholeTree)
        return Result(page: page, findings: reading.findings)
    }
}

/// The state of reading one page: the document, the section divs by id, and the findings so far.
private struct PageReading {
    let file: String
    var findings: [Finding] = []

    init(file: String) { self.file = file }

    mutating func read(_ bytes: Data, parser: HTMLDocument.Parser, wholeTree: Bool) -> AerodromeDocument? {
        guard bytes.count <= EAIPReader.maximumPageBytes else {
            reject(.eaipTooLarge, "is \(bytes.count) bytes, more than any AD 2 page (\(EAIPReader.maximumPageBytes)); not read")
            return nil
        }
        // The sections the reader never reads (AD 2.6–2.23, 2.25: most of a page) are left out of the tree, and as a
        // rule cut from the page before the XML parser reads it, which then reads and is budgeted only what is left.
        let divContent: ((String) -> HTMLDocument.DivContent)? = wholeTree ? nil : { SectionIndex.content(ofDivWithID: $0) }
        let allowed = PageBudget.allowedAttributeWork(byteCount: bytes.count)
        var document = parser == .xmlThenHTML ? divContent.flatMap { HTMLDocument(cutting: bytes, divContent: $0, allowedAttributeWork: allowed) } : nil
        if document == nil {
            let work = PageBudget.attributeWork(bytes)
            guard work <= allowed else {
                reject(.eaipPageOverBudget, "has start tags whose attributes would cost libxml2 \(work) comparisons, more than the \(allowed) its \(bytes.count) bytes allow (a real AD 2 page needs a small share); crafted or broken, not read")
                return nil
            }
            document = HTMLDocument(bytes: bytes, parser: parser, divContent: divContent)
        }
        guard let document else {
            reject(.eaipEmptyPage, "holds no HTML; expected an eAIP AD 2 page")
            return nil
        }
        // One pass over the tree for the section divs (the first of each id) and the effective date. Names are compared
        // by their index in the page's table: two string comparisons on each of a page's 20,000 elements cost more.
        var divs: [String: HTMLNode] = [:]
        var dateMeta: HTMLNode?
        let div = document.nameIndex("div"), meta = document.nameIndex("meta")
        document.forEachElement { element in
            if element.nameIndex == div {
                if let id = element.attribute("id"), divs[id] == nil { divs[id] = element }
            } else if dateMeta == nil, element.nameIndex == meta, element.attribute("name") == "EM.effectiveDateStart" {
                dateMeta = element
            }
        }
        guard let icao = aerodrome(divs: divs, document: document) else { return nil }
        let sections = SectionIndex(icao: icao, divs: divs)
        let family = Self.family(sections: sections)
        var entries: [AerodromeEntry] = []
        for number in AerodromeDocument.itemSections {
            guard let div = sections[number] else {
                missing(number, icao: icao)
                continue
            }
            entries += items(of: div, section: number)
        }
        let charts: [AerodromeChart]
        if let div = sections[24] {
            charts = Self.charts(of: div, family: family)
        } else {
            missing(24, icao: icao)
            charts = []
        }
        // Only a page that is used (a binary file rejected as no AD 2 page needs no encoding finding besides), and only
        // one the HTML parser read: libxml2's XML parser rejects a page that is not UTF-8, so its pages need no check.
        if !document.isXML { checkUTF8(bytes) }
        return AerodromeDocument(
            file: file, family: family, icao: icao, effectiveDate: effectiveDate(dateMeta), name: Self.name(sections[1], icao: icao),
            arpText: entries.first { $0.section == 2 && $0.itemNumber == 1 }?.value, entries: entries, charts: charts)
    }

    // MARK: Aerodrome and family

    /// The ICAO code of the page, from section ids matched exactly: `EGMC-AD-2.2`, `AD-2.20.LFAQ`, `AD-2.24.eAIP.LFAQ`.
    private mutating func aerodrome(divs: [String: HTMLNode], document: HTMLDocument) -> String? {
        var codes = Set<String>()
        for id in divs.keys {
            if let code = SectionIndex.section(inID: id)?.icao { codes.insert(code) }
        }
        if codes.count == 1 { return codes.first }
        if codes.count > 1 {
            let owners = codes.filter { divs["\($0)-AD-2.2"] != nil }
            if owners.count == 1 { return owners.first }
            reject(.eaipSeveralICAO, "has sections of several aerodromes (\(codes.sorted().joined(separator: ", "))); which one the page is about is unclear")
            return nil
        }
        // AD 2 headings without any ICAO-bearing section id: an aerodrome page whose code cannot be read.
        var hasHeadings = false
        document.forEachElement { element in
            if !hasHeadings, element.attribute("class")?.contains("Numbering") == true, element.stringValue.contains("AD 2.") { hasHeadings = true }
        }
        if !hasHeadings {
            reject(.eaipNotAD2Page, "has no aerodrome section (a div with id XXXX-AD-2.N); not an eAIP AD 2 page")
        } else {
            reject(.eaipNoICAO, "has AD 2 section headings but no ICAO code in its section ids; the page cannot be attributed")
        }
        return nil
    }

    /// French SIA rows carry their meaning in ids such as `AD-2.3-Douanes_Police`; MakeAIP rows do not.
    private static func family(sections: SectionIndex) -> AerodromeDocumentFamily {
        for number in AerodromeDocument.itemSections {
            guard let div = sections[number] else { continue }
            if rows(of: div).contains(where: { $0.attribute("id")?.hasPrefix("AD-2.") == true }) { return .frenchSIA }
        }
        return .makeAIP
    }

    /// The rows of a section's tables, with or without `tbody`, in document order.
    private static func rows(of section: HTMLNode) -> [HTMLNode] {
        section.children(named: "table").flatMap { table in
            table.children.flatMap { child in
                child.isElement(named: "tr") ? [child] : child.isElement(named: "tbody") ? child.children(named: "tr") : []
            }
        }
    }

    /// The date of `<meta name="EM.effectiveDateStart">`, when it is a calendar date (`2025-06-12`). Anything else
    /// (`9999-99-99`, `2025-02-30`) is a finding and no date: a page without one never wins over a dated one by it.
    private mutating func effectiveDate(_ meta: HTMLNode?) -> String? {
        guard let content = meta?.attribute("content") else { return nil }
        let date = content.trimmingSpaces()
        guard !RuleDate.isValid(date) else { return date }
        finding(.eaipEffectiveDateInvalid, "EM.effectiveDateStart", value: String(date.prefix(40)),
                reason: "is not a calendar date (YYYY-MM-DD); the page is read as undated")
        return nil
    }

    /// A page that is not UTF-8 is read with U+FFFD for its bad bytes; that is reported, never silent.
    private mutating func checkUTF8(_ bytes: Data) {
        guard let offset = Self.firstInvalidUTF8(bytes) else { return }
        let line = bytes.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        findings.append(Finding(file: file, line: line, code: .eaipInvalidUTF8,
                                reason: "holds bytes that are not UTF-8 (the first at byte \(offset)); they are read as U+FFFD, so the text around them may be wrong: fetch the page again or convert it to UTF-8",
                                action: .warning))
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil for a valid page (the usual case, checked
    /// by the standard library's fast validation first).
    private static func firstInvalidUTF8(_ bytes: Data) -> Int? {
        bytes.withUnsafeBytes { raw -> Int? in
            let buffer = raw.bindMemory(to: UInt8.self)
            guard String(validating: buffer, as: UTF8.self) == nil else { return nil }
            var parser = Unicode.UTF8.ForwardParser(), iterator = buffer.makeIterator(), offset = 0
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let scalar): offset += scalar.count
                case .emptyInput: return nil
                case .error: return offset
                }
            }
        }
    }

    /// AD 2.1's text without its heading, the ICAO code and dash before the name dropped (`EGMC — SOUTHEND`).
    private static func name(_ section: HTMLNode?, icao: String) -> String? {
        guard let section else { return nil }
        let text = HTMLText.of(section) { $0.name.hasPrefix("h") && $0.name.count == 2 }
        guard var line = text.split(separator: "\n").last.map(String.init) else { return nil }
        if line.hasPrefix(icao) {
            line = line.dropFirst(icao.count).trimmingSpaces()
            for dash in ["—", "–", "-"] where line.hasPrefix(dash) {
                line = line.dropFirst().trimmingSpaces()
                break
            }
        }
        return line.isEmpty ? nil : line
    }

    // MARK: Items

    /// The items of one AD 2.2–2.5 section: rows with an item number start an item; rows without one (an empty
    /// number cell, or under a number cell spanning several rows) continue it as `label: value` lines.
    private mutating func items(of section: HTMLNode, section number: Int) -> [AerodromeEntry] {
        var entries: [AerodromeEntry] = []
        var spannedRows = 0
        for (index, row) in Self.rows(of: section).enumerated() {
            let cells = row.children.filter { $0.name == "td" || $0.name == "th" }
            guard !cells.isEmpty, !cells.allSatisfy({ $0.name == "th" }) else { continue }
            let location = "AD 2.\(number) row \(index + 1)"
            var rest = cells[...]
            var numberText = ""
            if spannedRows > 0 {
                spannedRows -= 1
            } else {
                numberText = HTMLText.of(cells[0])
                spannedRows = max((cells[0].attribute("rowspan").flatMap { Int($0) } ?? 1) - 1, 0)
                rest = cells.dropFirst()
            }
            let label = Self.label(rest.first)
            let values = Self.values(rest.dropFirst())
            if numberText.isEmpty, !entries.isEmpty {
                // Appended in place: rebuilding the item's text for each row would copy it once per row (quadratic).
                let last = entries.count - 1
                Self.append(to: &entries[last].value, label.field, values.value)
                if let alt = values.alt {
                    if entries[last].altValue == nil { entries[last].altValue = "" }
                    Self.append(to: &entries[last].altValue!, label.alt ?? label.field, alt)
                }
                continue
            }
            var itemNumber: Int?
            if numberText.isEmpty {
                finding(.eaipItemNumberMissing, location, value: label.field,
                        reason: "starts AD 2.\(number) without an item number; kept without a standard field")
            } else if let parsed = Self.itemNumber(numberText) {
                itemNumber = parsed
            } else {
                finding(.eaipItemNumberInvalid, location, value: numberText,
                        reason: "is not an item number; the row is kept without a standard field")
            }
            entries.append(AerodromeEntry(section: number, itemNumber: itemNumber, field: label.field, value: values.value,
                                          altField: label.alt, altValue: values.alt, location: location))
        }
        // A row with neither English nor national text says nothing (LFAQ's empty `Situation de l'ARP`).
        return entries.filter { !$0.value.isEmpty || !($0.altValue ?? "").isEmpty }.map { entry in
            var entry = entry
            if entry.altValue?.isEmpty == true { entry.altValue = nil }
            return entry
        }
    }

    /// An item number cell's number, without the dots and spaces around it (`3.`, ` 12 `).
    private static func itemNumber(_ text: String) -> Int? {
        let digits = text.utf8.drop { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: " ") }
        guard let last = digits.lastIndex(where: { $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: " ") }) else { return nil }
        return Int(Substring(digits[...last]))
    }

    private static let foreignClass = [Array("foreign".utf8)]

    /// A label cell: French SIA labels hold the national text, then the English one in `span.foreign`.
    private static func label(_ cell: HTMLNode?) -> (field: String, alt: String?) {
        guard let cell else { return ("", nil) }
        let foreign = cell.descendants(named: "span").filter { $0.hasClass(among: foreignClass) }
        let english = foreign.map { HTMLText.of($0) }.filter { !$0.isEmpty }.joined(separator: " ")
        guard !english.isEmpty else { return (HTMLText.singleLine(cell), nil) }
        // A set: a label of many foreign spans would otherwise cost spans × nodes.
        let skipped = Set(foreign.map(\.index))
        var national = HTMLText.singleLine(cell) { skipped.contains($0.index) }
        if national.hasSuffix("/") { national = national.dropLast().trimmingSpaces() }
        return (english, national.isEmpty ? nil : national)
    }

    /// Value cells: one cell is the value; two are the national value, then the English one (French SIA).
    private static func values(_ cells: ArraySlice<HTMLNode>) -> (value: String, alt: String?) {
        let texts = cells.map { HTMLText.of($0) }
        guard texts.count >= 2 else { return (texts.first ?? "", nil) }
        let national = texts[0], english = texts[1...].filter { !$0.isEmpty }.joined(separator: "\n")
        return english.isEmpty ? (national, nil) : (english, national.isEmpty ? nil : national)
    }

    /// Appends a continuation row to an item's text as a `label: value` line (or the value alone when it has no label).
    private static func append(to text: inout String, _ label: String, _ value: String) {
        guard !value.isEmpty else { return }
        if !text.isEmpty { text += "\n" }
        if !label.isEmpty { text += label + ": " }
        text += value
    }

    // MARK: Charts

    /// AD 2.24: MakeAIP lists a title row then a link row per chart; French SIA lists links whose text is the chart name.
    private static func charts(of section: HTMLNode, family: AerodromeDocumentFamily) -> [AerodromeChart] {
        switch family {
        case .makeAIP:
            return section.descendants(named: "tr").filter { $0.descendants(named: "a").isEmpty }.enumerated().compactMap { index, row in
                let title = HTMLText.singleLine(row)
                return title.isEmpty ? nil : AerodromeChart(title: title, location: "AD 2.24 row \(index + 1)")
            }
        case .frenchSIA:
            return section.descendants(named: "a").enumerated().compactMap { index, link in
                let title = HTMLText.singleLine(link)
                return title.isEmpty ? nil : AerodromeChart(title: title, location: "AD 2.24 link \(index + 1)")
            }
        case .aipPDF:
            return []
        }
    }

    // MARK: Findings

    private mutating func missing(_ section: Int, icao: String) {
        finding(.eaipSectionMissing, "AD 2.\(section)", value: nil,
                reason: "has no AD 2.\(section) section for \(icao) (a truncated or damaged page?); its rows are missing", action: .rowRejected)
    }

    private mutating func reject(_ code: FindingCode, _ reason: String) {
        findings.append(Finding(file: file, location: .file, code: code, reason: reason, action: .rowRejected))
    }

    private mutating func finding(_ code: FindingCode, _ location: String, value: String?, reason: String, action: Finding.Action = .fieldCleared) {
        findings.append(Finding(file: file, location: .record(location), code: code, value: value, reason: reason, action: action))
    }
}
