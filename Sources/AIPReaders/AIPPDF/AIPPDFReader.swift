import AIPFindings
import Foundation

/// Reads AIP aerodrome chapters (AD 2) published as PDF, any state, into the same ``AerodromeDocument`` model as the
/// eAIP pages (family ``AerodromeDocumentFamily/aipPDF``, source `aip_pdf`): ICAO code and effective date from the
/// document, AD 2.2–2.5 items with their printed numbers and labels, and the chart pages that follow AD 2.25
/// (``PDFCharts``).
///
/// Words and boxes come from poppler, run by the caller (``PDFTextExtraction``): the reader starts no process.
/// Everything after that is ``PDFLayout``, driven by what every AD 2 chapter shares (the ICAO template's section
/// titles, item order and English labels, item numbers where printed, the code beside `AD 2`) and by the page
/// geometry measured in the text's own size, never by a state's template. Numbers are reported as printed; mapping a label to the standard catalogue when a state numbers
/// differently is the airports stage's job.
///
/// ## Finding codes
/// - `pdf.too_large`, `pdf.not_pdf`: not read at all;
/// - `pdf.unreadable`: poppler refused the file (damaged, truncated, encrypted); `pdf.timeout`, `pdf.output_too_large`;
/// - `pdf.no_text_layer`: no words (a scanned, image-only document: no OCR here);
/// - `pdf.no_icao`: no aerodrome code beside `AD 2` in the page headers or headings, on the AD 2.1 line or in the file
///   name (the reason names the sections recognised);
/// - `pdf.no_items`: an aerodrome, but no AD 2.2–2.5 item read (the reason names the sections recognised and the
///   layouts tried);
/// - `pdf.section_missing`: one of AD 2.2–2.5 has no heading, or neither numbered items nor label and value columns;
/// - `pdf.unplaced_text`: text inside AD 2.2–2.5 that belongs to no item (reported, never guessed into one), or a
///   row of a table without item numbers whose label names no catalogue item;
/// - `pdf.ambiguous_label`: a row of a table without item numbers whose label names several items, none of which the
///   template's order allows after the row before (not used).
public enum AIPPDFReader {
    /// Real chapters are 50 KB–1 MB; anything past this is not one.
    public static let maximumFileBytes = 64 << 20

    public struct Result: Sendable {
        /// nil when the document was rejected (see ``findings``).
        public var page: AerodromeDocument?
        public var findings: [Finding]
        /// Pages in the document's text layer (0 when not read).
        public var pageCount: Int
        /// Items of sections printed without item numbers, placed by their label's words (``AIPTitleWords``).
        public var itemsPlacedByLabel = 0
    }

    /// What runs pdftotext on one PDF (`AIPPDFText`'s `PDFTextExtractor` in a build): the PDF's bytes and its name in
    /// the source tree in, its outcome out.
    ///
    /// - Throws: ``SourceError`` only when pdftotext cannot run at all (not installed), which no file can fix.
    public typealias Extract = @Sendable (_ pdf: Data, _ file: String) async throws -> PDFTextExtraction

    /// Reads one PDF: ``refusal(_:)``, else `extract` (the process, given by the caller), then ``read(_:file:)``;
    /// every problem with the document is a finding.
    ///
    /// - Throws: what `extract` throws (pdftotext not installed).
    public static func read(_ file: SourceFile, extract: Extract) async throws -> Result {
        if let refused = refusal(file) { return refused }
        return read(try await extract(file.bytes, file.displayName), file: file.displayName)
    }

    /// The result for a file that is not to be given to pdftotext at all: larger than any AD 2 chapter, or without a
    /// PDF header. Nil for a file to extract.
    public static func refusal(_ file: SourceFile) -> Result? {
        guard file.bytes.count <= maximumFileBytes else {
            return rejected(file.displayName, .pdfTooLarge, "is \(file.bytes.count) bytes, more than any AD 2 chapter (\(maximumFileBytes)); not read")
        }
        guard file.bytes.prefix(1024).range(of: Data("%PDF-".utf8)) != nil else {
            return rejected(file.displayName, .pdfNotPDF, "has no PDF header (%PDF-); not read")
        }
        return nil
    }

    /// Reads what pdftotext gave for the document `file` (a pure function of it: the process ran before).
    public static func read(_ extraction: PDFTextExtraction, file: String) -> Result {
        let layer: PDFTextLayer
        switch extraction {
        case .rejected(let message): return rejected(file, .pdfUnreadable, "poppler cannot read it (\(message)); damaged, truncated or encrypted")
        case .timedOut(let seconds): return rejected(file, .pdfTimeout, "pdftotext took more than \(Int(seconds)) s; not read")
        case .outputTooLarge: return rejected(file, .pdfOutputTooLarge, "holds more text than any AD 2 chapter; not read")
        case .xhtml(let xhtml): layer = PDFTextLayer(bboxXHTML: xhtml)
        }
        var result = read(layer, file: file)
        result.pageCount = layer.pages.count
        return result
    }

    private static func rejected(_ file: String, _ code: FindingCode, _ reason: String) -> Result {
        Result(page: nil, findings: [Finding(file: file, location: .file, code: code, reason: reason, action: .rowRejected)], pageCount: 0)
    }

    /// Reads the text layer of one document (the part of ``read(_:file:)`` after the XHTML is parsed).
    static func read(_ layer: PDFTextLayer, file: String) -> Result {
        var findings: [Finding] = []
        guard layer.pages.contains(where: { !$0.words.isEmpty }) else {
            return Result(page: nil, findings: [Finding(file: file, location: .file, code: .pdfNoTextLayer,
                                                        reason: "has no text layer (a scanned or image-only document); not read", action: .rowRejected)],
                          pageCount: layer.pages.count)
        }
        let pageLines = PDFLayout.pageLines(layer)
        let allLines = pageLines.flatMap { $0 }
        let bodies = PDFLayout.pageBodies(layer, pageLines: pageLines), extents = pageLines.map(PDFLayout.textExtent)
        // A chapter in language columns is read in its English column, the national one beside it.
        let gutters = bodies.indices.map { PDFLayout.columnGutter(bodies[$0], extent: extents[$0]) }
        let languages = PDFLayout.languageColumns(bodies, extents: extents, gutters: gutters)
        let body = languages?.english ?? PDFLayout.readingOrder(bodies, extents: extents, gutters: gutters).flatMap { $0 }
        let sections = PDFLayout.sections(body)
        let pages = Dictionary(grouping: body, by: \.page)
        let valueRight = PDFLayout.valueRight(body: pages, all: Dictionary(grouping: allLines, by: \.page))
        // AD 2.1 as read, then as printed, before any column is read apart (its heading may carry the code and name
        // beside it, in the other language's column).
        let location = (sections.contains { $0.number == 1 } ? sections : sections + PDFLayout.sections(bodies.flatMap { $0 }))
            .filter { $0.number == 1 }.prefix(1).flatMap { [$0.heading] + $0.lines }
        guard let icao = PDFDocumentFacts.icao(headings: sections.map(\.heading), lines: allLines, locationLines: location, file: file) else {
            return Result(page: nil, findings: [Finding(file: file, location: .file, code: .pdfNoICAO,
                                                        reason: "names no aerodrome (ICAO code) beside AD 2 in its page headers or headings, on an AD 2.1 line or in its file name; \(recognised(sections, pages: layer.pages.count)); not read as an AD 2 chapter",
                                                        action: .rowRejected)],
                          pageCount: layer.pages.count)
        }
        var (entries, sectionFindings, itemsPlacedByLabel) = entries(sections, pages: pages, valueRight: valueRight,
                                                                           stackedHeadings: PDFLayout.stacksHeadings(sections.map(\.heading), body: body),
                                                                           national: languages?.national ?? [], file: file)
        // The document's words are gathered only for a chapter that has a hyphen to decide (most have none).
        if entries.contains(where: { $0.value.contains("\u{AD}") || $0.altValue?.contains("\u{AD}") == true }) {
            let vocabulary = PDFLayout.vocabulary(allLines)
            for index in entries.indices {
                entries[index].value = PDFLayout.resolvingSoftHyphens(entries[index].value, vocabulary: vocabulary)
                entries[index].altValue = entries[index].altValue.map { PDFLayout.resolvingSoftHyphens($0, vocabulary: vocabulary) }
            }
        }
        findings += sectionFindings
        if entries.isEmpty {
            findings.append(Finding(file: file, location: .file, code: .pdfNoItems, value: icao,
                                    reason: "names \(icao) but gives no AD 2.2–2.5 item: \(recognised(sections, pages: layer.pages.count)); none of its sections reads as numbered table rows, numbered running text, `Label: value` runs or label and value columns",
                                    action: .warning))
        }
        let name = PDFDocumentFacts.name(section: location, icao: icao)
        let page = AerodromeDocument(file: file, family: .aipPDF, icao: icao,
                            effectiveDate: PDFDocumentFacts.effectiveDate(layer), name: name,
                            arpText: entries.first { $0.section == 2 && $0.itemNumber == 1 }?.value,
                            entries: entries, charts: PDFCharts.charts(layer, icao: icao))
        return Result(page: page, findings: findings, pageCount: layer.pages.count, itemsPlacedByLabel: itemsPlacedByLabel)
    }

    /// What the reader recognised of a document, for a finding on a document it could not read: its pages and the
    /// AD 2 section headings found.
    private static func recognised(_ sections: [(number: Int, heading: PDFLine, lines: [PDFLine])], pages: Int) -> String {
        let numbers = Set(sections.map(\.number)).sorted()
        let found = numbers.isEmpty ? "no AD 2 section heading" : "the headings of " + numbers.map { "AD 2.\($0)" }.joined(separator: ", ")
        let missing = AerodromeDocument.itemSections.filter { !numbers.contains($0) }
        return "recognised \(pages) page\(pages == 1 ? "" : "s") and \(found)"
            + (missing.isEmpty ? "" : "; no heading of " + missing.map { "AD 2.\($0)" }.joined(separator: ", "))
    }

    /// The entries of AD 2.2–2.5: numbered tables (or numbered running text) first, else label and value columns
    /// placed by label words; text that cannot be placed is a finding, never a guessed item.
    private static func entries(_ sections: [(number: Int, heading: PDFLine, lines: [PDFLine])], pages: [Int: [PDFLine]],
                                valueRight: [Int: Double], stackedHeadings: Bool, national: [PDFLine],
                                file: String) -> (entries: [AerodromeEntry], findings: [Finding], itemsPlacedByLabel: Int) {
        var findings: [Finding] = []
        var tables: [Int: PDFTable] = [:]
        var labelled: [Int: PDFLabelledRows] = [:]
        for number in AerodromeDocument.itemSections {
            guard let index = sections.firstIndex(where: { $0.number == number }) else {
                findings.append(Finding(file: file, location: .file, code: .pdfSectionMissing,
                                        reason: "has no AD 2.\(number) heading; its items are missing", action: .rowRejected))
                continue
            }
            let section = sections[index]
            // The national column's lines beside the section, from its heading to the next section's.
            let end = index + 1 < sections.count ? sections[index + 1].heading.order : .infinity
            let beside = national.filter { $0.order > section.heading.order + 0.5 * section.heading.height && $0.order < end - 0.5 * section.heading.height }
            guard let table = PDFLayout.table(section.lines, body: pages, valueRight: valueRight)
                    ?? PDFLayout.runningTextTable(section.lines, body: pages) else {
                if let rows = PDFLayout.keyedItems(section.lines, national: beside, section: number, body: pages,
                                                   nationalBody: Dictionary(grouping: national, by: \.page))
                    ?? PDFLayout.labelledRows(section.lines, section: number, valueRight: valueRight) {
                    labelled[number] = rows
                    continue
                }
                findings.append(Finding(file: file, location: .page(section.heading.page, section: "AD 2.\(number)"), code: .pdfSectionMissing,
                                        reason: "AD 2.\(number) has no numbered item the reader can place", action: .rowRejected))
                continue
            }
            tables[number] = table
        }
        let placement = PDFLayout.rowPlacement(Array(tables.values))
        let stacked = placement == .top && PDFLayout.stacksLanguages(Array(tables.values))
        // Never with `stacked`: that needs half the items paired, this more items in one even cell than paired. Rows
        // centred in their cells part no label cells between the languages: headings printed twice tell there.
        let stackedCells = placement == .top
            ? !PDFLayout.splitsLanguages(Array(tables.values)) && PDFLayout.stacksLanguagesInCells(Array(tables.values))
            : stackedHeadings
        let splitLabels = !stacked && !stackedCells && PDFLayout.splitsLanguages(Array(tables.values))
        var entries: [AerodromeEntry] = []
        var itemsPlacedByLabel = 0
        for number in AerodromeDocument.itemSections {
            var items: [PDFItem] = [], unplaced: [PDFLine] = [], placedBy = "item"
            if let table = tables[number] {
                (items, unplaced) = PDFLayout.items(table, placement: placement, stacked: stacked, splitLabels: splitLabels,
                                                     stackedCells: stackedCells, section: number)
            } else if let rows = labelled[number] {
                (items, unplaced, placedBy) = (rows.items, rows.unplaced, "label of item")
                findings += rows.rejected.map { row, code in
                    Finding(file: file, location: .page(row.page, section: "AD 2.\(number)"), code: code, value: "\(row.label): \(row.value)",
                            reason: code == .pdfAmbiguousLabel ? "its label names an item another row names too; neither used"
                                : "its label names no AD 2.\(number) item of the catalogue; not used", action: .fieldCleared)
                }
            }
            for line in unplaced {
                findings.append(Finding(file: file, location: .page(line.page, section: "AD 2.\(number)"), code: .pdfUnplacedText, value: line.text,
                                        reason: "belongs to no numbered item; not used", action: .fieldCleared))
            }
            entries += items.map {
                AerodromeEntry(section: number, itemNumber: $0.number, field: $0.label, value: $0.value, altField: $0.altLabel, altValue: $0.altValue,
                               location: "page \($0.page) AD 2.\(number) \(placedBy) \($0.number)")
            }
            itemsPlacedByLabel += labelled[number]?.items.count ?? 0
        }
        return (entries, findings, itemsPlacedByLabel)
    }
}
