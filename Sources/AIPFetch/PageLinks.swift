import Foundation

/// What discovery reads in a page: frame sources (eAIP framesets) and link targets. Attribute scanning rather than
/// a parser: menus are machine-written, and a page's DOCTYPE (France names an internal server) is never resolved.
enum PageLinks {
    /// The `src` of the `<frame>` named `name`, if the page is a frameset holding one.
    static func frameSource(named name: String, in page: String) -> String? {
        for tag in tags("frame", in: page) where attribute("name", in: tag) == name {
            return attribute("src", in: tag)
        }
        return nil
    }

    /// Every `<a href>` of the page, fragment stripped, in page order.
    static func links(in page: String) -> [String] {
        tags("a", in: page).compactMap { attribute("href", in: $0) }.map { href in
            href.firstIndex(of: "#").map { String(href[..<$0]) } ?? href
        }.filter { !$0.isEmpty }
    }

    private static func tags(_ name: String, in page: String) -> [Substring] {
        let pattern = try! NSRegularExpression(pattern: "<\(name)\\b[^>]*>", options: [.caseInsensitive])
        let range = NSRange(page.startIndex..., in: page)
        return pattern.matches(in: page, range: range).compactMap { Range($0.range, in: page).map { page[$0] } }
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        let text = String(tag)
        let pattern = try! NSRegularExpression(pattern: "\\b\(name)\\s*=\\s*(\"([^\"]*)\"|'([^']*)'|([^\\s>]+))", options: [.caseInsensitive])
        guard let match = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        for group in 2...4 {
            if let range = Range(match.range(at: group), in: text) {
                return String(text[range]).replacingOccurrences(of: "&amp;", with: "&")
            }
        }
        return nil
    }
}
