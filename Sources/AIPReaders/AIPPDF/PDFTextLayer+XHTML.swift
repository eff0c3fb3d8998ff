import Foundation

extension PDFTextLayer {
    /// Reads the XHTML of `pdftotext -bbox` or `-bbox-layout` (`<page width height>` holding `<word xMin yMin xMax yMax>`),
    /// into the same flat tree as the eAIP pages (``HTMLDocument``). Words with a missing or non-numeric box are skipped;
    /// U+2212 minus signs become hyphens, as the app searches with ASCII hyphens; characters of the private use
    /// area (pictograms of a symbol font, such as Czechia's telephone before a number) are no text and dropped.
    init(bboxXHTML bytes: Data) {
        guard let document = HTMLDocument(bytes: bytes) else {
            self.init(pages: [])
            return
        }
        // Attribute names looked up once per document, not once per word: lower-case as the HTML parser stores them,
        // else as pdftotext writes them.
        let box = [("xmin", "xMin"), ("ymin", "yMin"), ("xmax", "xMax"), ("ymax", "yMax")].map { (document.nameIndex($0), document.nameIndex($1)) }
        func coordinate(_ word: HTMLNode, _ names: (Int32?, Int32?)) -> Double? {
            func value(_ name: Int32?) -> Double? {
                name.flatMap { word.attributeBytes(nameIndex: $0) }.flatMap { Double(String(decoding: $0, as: UTF8.self)) }
            }
            return value(names.0) ?? value(names.1)
        }
        var pages: [Page] = []
        for (index, node) in document.elements(named: "page").enumerated() {
            var words: [PDFWord] = []
            for word in node.descendants(named: "word") {
                guard let x0 = coordinate(word, box[0]), let y0 = coordinate(word, box[1]),
                      let x1 = coordinate(word, box[2]), let y1 = coordinate(word, box[3]),
                      x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { continue }
                let text = Self.text(of: word)
                guard !text.isEmpty else { continue }
                words.append(PDFWord(page: index + 1, x0: x0, y0: y0, x1: max(x0, x1), y1: max(y0, y1), text: text))
            }
            pages.append(Page(width: node.attribute("width").flatMap(Double.init) ?? 0,
                              height: node.attribute("height").flatMap(Double.init) ?? 0, words: words))
        }
        self.init(pages: pages)
    }

    /// The text of a `word` element: its text children joined, minus signs as hyphens, private-use characters dropped.
    private static func text(of word: HTMLNode) -> String {
        var bytes: [UInt8] = []
        var child = word.firstChild
        while let node = child {
            bytes += node.textBytes
            child = node.nextSibling
        }
        let text = String(decoding: bytes, as: UTF8.self)
        // ASCII holds neither a minus sign nor a private-use character: most words are taken as they are.
        if bytes.allSatisfy({ $0 < 0x80 }) { return text }
        return String(String.UnicodeScalarView(text.replacingOccurrences(of: "\u{2212}", with: "-")
            .unicodeScalars.filter { !(0xE000...0xF8FF).contains($0.value) }))
    }
}
