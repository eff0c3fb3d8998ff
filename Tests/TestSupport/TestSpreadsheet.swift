import AIPReaders
import Foundation
import ZIPFoundation

/// Writes small spreadsheets for tests and benchmarks: `.xlsx` workbooks (real zip archives, deflated members, with
/// the parts Excel writes) and CSV text.
public enum TestSpreadsheet {
    /// One worksheet: its name and rows of cells; "" leaves a cell out, a row of only "" is left out entirely.
    public struct Sheet {
        public var name: String
        public var rows: [[String]]

        public init(name: String, rows: [[String]]) {
            self.name = name
            self.rows = rows
        }
    }

    /// A workbook holding `sheets`, text as shared strings (or inline strings when `inline`).
    public static func workbook(_ sheets: [Sheet], inline: Bool = false) throws -> Data {
        var strings: [String] = []
        var index: [String: Int] = [:]
        var parts: [(String, String)] = []
        for (number, sheet) in sheets.enumerated() {
            var xml = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"#
            for (rowIndex, row) in sheet.rows.enumerated() where row.contains(where: { !$0.isEmpty }) {
                xml += #"<row r="\#(rowIndex + 1)">"#
                for (column, text) in row.enumerated() where !text.isEmpty {
                    let reference = XLSXCellReference.name(column: column, row: rowIndex + 1)
                    if inline {
                        xml += #"<c r="\#(reference)" t="inlineStr"><is><t xml:space="preserve">\#(escape(text))</t></is></c>"#
                    } else {
                        let position = index[text] ?? { strings.append(text); index[text] = strings.count - 1; return strings.count - 1 }()
                        xml += #"<c r="\#(reference)" t="s"><v>\#(position)</v></c>"#
                    }
                }
                xml += "</row>"
            }
            xml += "</sheetData></worksheet>"
            parts.append(("xl/worksheets/sheet\(number + 1).xml", xml))
        }
        let sharedStrings = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="\#(strings.count)" uniqueCount="\#(strings.count)">"#
            + strings.map { #"<si><t xml:space="preserve">\#(escape($0))</t></si>"# }.joined() + "</sst>"
        parts.append(("xl/sharedStrings.xml", sharedStrings))
        return try archive(workbookParts(sheetNames: sheets.map(\.name)) + parts)
    }

    /// The package parts every workbook needs besides its sheets: content types, relationships, `xl/workbook.xml`.
    public static func workbookParts(sheetNames: [String]) -> [(String, String)] {
        let sheetList = sheetNames.enumerated().map { #"<sheet name="\#(escape($1))" sheetId="\#($0 + 1)" r:id="rId\#($0 + 1)"/>"# }.joined()
        let sheetRelationships = sheetNames.indices.map {
            #"<Relationship Id="rId\#($0 + 1)" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet\#($0 + 1).xml"/>"#
        }.joined()
        return [
            ("[Content_Types].xml", #"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>"#),
            ("_rels/.rels", #"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#),
            ("xl/workbook.xml", #"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>\#(sheetList)</sheets></workbook>"#),
            ("xl/_rels/workbook.xml.rels", #"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\#(sheetRelationships)<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>"#),
        ]
    }

    /// A zip archive of `parts` (path, text), each deflated.
    public static func archive(_ parts: [(String, String)]) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, text) in parts {
            let data = Data(text.utf8)
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: Date(timeIntervalSince1970: 1_700_000_000),
                                 compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<(Int(position) + size))
            }
        }
        return archive.data!
    }

    /// `rows` as CSV text with every field quoted, as spreadsheet programs export.
    public static func csv(_ rows: [[String]]) -> String {
        rows.map { $0.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",") + "\r\n" }.joined()
    }

    /// Text escaped for XML content and attributes.
    public static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
