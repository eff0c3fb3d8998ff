import Foundation

/// Whether the first bytes of a download are what its source should be. Checked before anything is used, so a
/// login or error page served with status 200 is an error, never data.
enum ContentVerifier {
    /// How much of the start of a file the checks see.
    static let headLength = 1 << 20

    /// Nil when `head` passes `check`, else what is wrong. `item` is the aerodrome a discovered page must be.
    static func problem(_ head: [UInt8], check: ContentCheck, item: String?) -> String? {
        let text = String(decoding: head.prefix(64 * 1024), as: UTF8.self)
        let trimmed = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        let looksHTML = trimmed.prefix(512).lowercased().contains("<html") || trimmed.lowercased().hasPrefix("<!doctype html")
        func isHTMLInstead(_ what: String) -> String? {
            looksHTML ? "an HTML page where \(what) belongs (a login or error page?)" : nil
        }
        switch check {
        case .csv(let columns):
            if let html = isHTMLInstead("a CSV file") { return html }
            let header = trimmed.prefix { $0 != "\n" && $0 != "\r" }
            let names = Set(header.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) })
            let missing = columns.filter { !names.contains($0) }
            return missing.isEmpty ? nil : "not the expected CSV: its header lacks \(missing.joined(separator: ", "))"
        case .zip:
            return head.starts(with: [0x50, 0x4B, 0x03, 0x04]) ? nil : isHTMLInstead("a zip archive") ?? "not a zip archive"
        case .pdf:
            return head.starts(with: Array("%PDF".utf8)) ? nil : isHTMLInstead("a PDF") ?? "not a PDF"
        case .text:
            if let html = isHTMLInstead("a text file") { return html }
            return head.contains(0) ? "binary data where a text file belongs" : nil
        case .geojson:
            if let html = isHTMLInstead("GeoJSON") { return html }
            return trimmed.hasPrefix("{") && text.contains("FeatureCollection") ? nil : "not a GeoJSON feature collection"
        case .html:
            return text.contains("<") ? nil : "not an HTML page"
        case .eaipPage:
            guard let item else { return nil }
            return text.contains("\(item)-AD-") || String(decoding: head, as: UTF8.self).contains("\(item)-AD-")
                ? nil : "not the eAIP page of \(item) (no \(item)-AD- section in it)"
        }
    }
}
