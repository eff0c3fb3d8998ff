import Foundation

/// A minimal PDF writer for tests: pages of Helvetica text placed at given positions (points from the top-left,
/// as poppler reports them), with a correct cross-reference table. ASCII text only.
public enum TestPDF {
    /// One run of text: its left edge, its top, its font size.
    public struct Text: Sendable {
        public var x: Double
        public var y: Double
        public var size: Double
        public var text: String

        public init(_ x: Double, _ y: Double, _ text: String, size: Double = 8) {
            self.x = x
            self.y = y
            self.size = size
            self.text = text
        }
    }

    /// A PDF of A4 pages holding `pages`' texts; a page without texts has no text layer. `encrypted` adds a
    /// standard security handler whose keys open nothing (the text is not really encrypted, but readers must
    /// refuse it).
    public static func document(_ pages: [[Text]], encrypted: Bool = false) -> Data {
        let height = 842.0
        var objects: [String] = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [\((0..<pages.count).map { "\(4 + 2 * $0) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        ]
        for (index, texts) in pages.enumerated() {
            let content = texts.map { text in
                let escaped = text.text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(")
                    .replacingOccurrences(of: ")", with: "\\)")
                return "BT /F1 \(text.size) Tf \(text.x) \(height - text.y - text.size) Td (\(escaped)) Tj ET"
            }.joined(separator: "\n")
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents \(5 + 2 * index) 0 R >>")
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        }
        var pdf = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = pdf.utf8.count
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        pdf += offsets.map { String(format: "%010d 00000 n \n", $0) }.joined()
        let encryption = encrypted
            ? " /Encrypt << /Filter /Standard /V 1 /R 2 /O <\(String(repeating: "11", count: 32))> /U <\(String(repeating: "22", count: 32))> /P -4 >> /ID [<0123456789ABCDEF0123456789ABCDEF> <0123456789ABCDEF0123456789ABCDEF>]"
            : ""
        pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R\(encryption) >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(pdf.utf8)
    }
}
