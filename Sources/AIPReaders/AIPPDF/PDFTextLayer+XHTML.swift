import Foundation

extension PDFTextLayer {
    /// Reads the XHTML of `pdftotext -bbox-layout` (`<page width height>` holding `<word xMin yMin xMax yMax>`),
    /// into the same flat tree as the eAIP pages (``HTMLDocument``). Words with a missing or non-numeric box are skipped;
    /// U+2212 minus signs become hyphens, as the app searches with ASCII hyphens; characters of the private use
    /// area (pictograms of a symbol font, such as Czechia's telephone before a number) are no text and dropped.
    init(bboxXHTML bytes: Data) {
        guard let document = HTMLDocument(bytes: bytes) else {
            self.init(pages: [])
            return
        }
        var pages: [Page] = []
        for (index, node) in document.elements(named: "page").enumerated() {
            var words: [PDFWord] = []
            for word in node.descendants(named: "word") {
                guard let x0 = word.attribute("xmin").flatMap(Double.init) ?? word.attribute("xMin").flatMap(Double.init),
                      let y0 = word.attribute("ymin").flatMap(Double.init) ?? word.attribute("yMin").flatMap(Double.init),
                      let x1 = word.attribute("xmax").flatMap(Double.init) ?? word.attribute("xMax").flatMap(Double.init),
                      let y1 = word.attribute("ymax").flatMap(Double.init) ?? word.attribute("yMax").flatMap(Double.init),
                      x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { continue }
                let text = String(String.UnicodeScalarView(word.children.map(\.text).joined().replacingOccurrences(of: "\u{2212}", with: "-")
                    .unicodeScalars.filter { !(0xE000...0xF8FF).contains($0.value) }))
                guard !text.isEmpty else { continue }
                words.append(PDFWord(page: index + 1, x0: x0, y0: y0, x1: max(x0, x1), y1: max(y0, y1), text: text))
            }
            pages.append(Page(width: node.attribute("width").flatMap(Double.init) ?? 0,
                              height: node.attribute("height").flatMap(Double.init) ?? 0, words: words))
        }
        self.init(pages: pages)
    }
}
