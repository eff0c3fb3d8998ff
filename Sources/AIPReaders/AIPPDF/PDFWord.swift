/// One word of a PDF's text layer with its box, in PDF points from the page's top-left corner.
public struct PDFWord: Sendable, Equatable {
    /// 1-based page number.
    public var page: Int
    public var x0: Double
    public var y0: Double
    public var x1: Double
    public var y1: Double
    public var text: String

    public init(page: Int, x0: Double, y0: Double, x1: Double, y1: Double, text: String) {
        self.page = page
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
        self.text = text
    }

    var height: Double { y1 - y0 }
    var midY: Double { (y0 + y1) / 2 }
}

/// The text layer of a PDF: its pages' sizes and words in reading order of the producer.
public struct PDFTextLayer: Sendable, Equatable {
    public struct Page: Sendable, Equatable {
        public var width: Double
        public var height: Double
        public var words: [PDFWord]

        public init(width: Double, height: Double, words: [PDFWord]) {
            self.width = width
            self.height = height
            self.words = words
        }
    }

    public var pages: [Page]

    public init(pages: [Page]) { self.pages = pages }
}
