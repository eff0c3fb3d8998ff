import AIPFindings
import AIPReaders

extension AirportsStage {
    /// PDF chapters (`AIPPDFReader`, source `aip_pdf`) as documents for ``merge(pages:into:ids:)``, AD 2.2 items mapped
    /// to the catalogue by their label where the printed number disagrees.
    ///
    /// Precedence against eAIP pages: an aerodrome read from an eAIP page and a PDF chapter gets each item once, from
    /// the eAIP page (machine-made, nothing to read from a layout); the chapter's reading of an item the page gives
    /// is left out and reported (`pdf.item_superseded`), its other items are kept (source `aip_pdf`). The eAIP
    /// page's charts replace the chapter's as procedures, and its name names an aerodrome OurAirports does not have
    /// (the merge takes eAIP pages first). Of several PDF chapters of one aerodrome, the latest effective date wins,
    /// as for eAIP pages (`eaip.page_superseded`).
    ///
    /// The label words are the reader's (``AIPTitleWords/item(section:label:)``, which also places the rows of
    /// tables printed without numbers): states that print no geoid undulation item number the rest one lower
    /// (Switzerland: MAG VAR is item 4).
    ///
    /// Returns the document and how many items were remapped (the report counts them per document).
    static func catalogued(_ page: AerodromeDocument) -> (page: AerodromeDocument, remapped: Int) {
        var page = page
        var remapped = 0
        for index in page.entries.indices where page.entries[index].section == 2 {
            guard let item = AIPTitleWords.item(section: 2, label: page.entries[index].field), item != page.entries[index].itemNumber else { continue }
            page.entries[index].itemNumber = item
            remapped += 1
        }
        return (page, remapped)
    }

    /// The item a row is, across sources of one aerodrome: its catalogue id when it has one (`302`), else its section
    /// and label.
    static func itemKey(_ row: AIPEntryRow) -> RowKey { RowKey(row.airportICAO, row.section, row.stdFieldID.map(String.init) ?? row.field) }

    /// The finding for an item of a PDF chapter that an eAIP page of the same aerodrome (`eaipFile`) gives already.
    static func itemSuperseded(_ entry: AerodromeEntry, row: AIPEntryRow, page: AerodromeDocument, eaipFile: String) -> Finding {
        Finding(file: page.file, location: .record(entry.location), code: .pdfItemSuperseded, column: "value", value: row.field,
                reason: "\(page.icao) AD 2.\(entry.section) item is also given by the eAIP page \(eaipFile), which is used (machine-made); this chapter's reading is left out",
                action: .rowRejected)
    }

    /// The share of the template's AD 2.2–2.5 items below which a chapter is a `pdf.low_coverage` finding.
    static let lowCoverage = 0.8

    /// How well each chapter was read: for each of AD 2.2–2.5, the catalogue items found (after ``catalogued(_:)``)
    /// and the template's count, keyed `<file> AD 2.<section>`; and a `pdf.items_missing` finding for a section that
    /// yields fewer items than the template prints there, naming the missing ones (not printed by the state, or not
    /// read: the report tells which to look at). A chapter that was not read at all counts none found. A chapter
    /// yielding less than ``lowCoverage`` of the template's items over the four sections is also a
    /// `pdf.low_coverage` finding naming all its missing items; `documents` holds each chapter's items found and
    /// expected, least fully read first (then by file).
    static func coverage(files: [String], pages: [AerodromeDocument])
        -> (found: [String: Int], expected: [String: Int], findings: [Finding], documents: [(file: String, found: Int, expected: Int)]) {
        var found: [String: Int] = [:], expected: [String: Int] = [:], findings: [Finding] = []
        var documents: [(file: String, found: Int, expected: Int)] = []
        let pageByFile = Dictionary(pages.map { ($0.file, $0) }) { first, _ in first }
        for file in files {
            var document = (file: file, found: 0, expected: 0)
            var documentMissing: [String] = []
            for section in AerodromeDocument.itemSections {
                let template = AIPFieldCatalogue.names.keys.filter { $0 / 100 == section }.sorted()
                let read = Set(pageByFile[file]?.entries.filter { $0.section == section }
                    .compactMap { AIPFieldCatalogue.id(section: section, item: $0.itemNumber) } ?? [])
                let key = "\(file) AD 2.\(section)"
                (found[key], expected[key]) = (read.count, template.count)
                document.found += read.count
                document.expected += template.count
                let missing = template.filter { !read.contains($0) }
                guard !missing.isEmpty else { continue }
                let named = missing.map { "\($0) \(AIPFieldCatalogue.names[$0] ?? "")" }
                documentMissing += named
                findings.append(Finding(
                    file: file, location: .record("AD 2.\(section)"), code: .pdfItemsMissing,
                    value: named.joined(separator: "; "),
                    reason: "AD 2.\(section) yields \(read.count) of the \(template.count) items the AD 2 template prints there; the others are not printed by this state or not read: compare with the PDF",
                    action: .warning))
            }
            documents.append(document)
            if Double(document.found) < lowCoverage * Double(document.expected) {
                findings.append(Finding(
                    file: file, location: .file, code: .pdfLowCoverage, value: documentMissing.joined(separator: "; "),
                    reason: "yields \(document.found) of the \(document.expected) AD 2.2–2.5 items the AD 2 template prints, below \(Int(lowCoverage * 100)) %; the value names the missing ones: compare with the PDF",
                    action: .warning))
            }
        }
        documents.sort { (Double($0.found) / Double(max($0.expected, 1)), $0.file) < (Double($1.found) / Double(max($1.expected, 1)), $1.file) }
        return (found, expected, findings, documents)
    }

    /// The line of the build's summary naming the (at most) three chapters read least fully, with their items found
    /// of the template's; nil without chapters. `documents` are ``coverage(files:pages:)``'s, least fully read first.
    static func worstCoverage(_ documents: [(file: String, found: Int, expected: Int)]) -> String? {
        guard !documents.isEmpty else { return nil }
        return "\(name): AIP PDF chapters read least fully: " + documents.prefix(3).map { document in
            "\(document.file) \(document.found)/\(document.expected) (\(document.expected == 0 ? 0 : document.found * 100 / document.expected) %)"
        }.joined(separator: ", ")
    }
}
