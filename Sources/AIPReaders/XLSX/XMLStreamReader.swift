import CXML2
import Foundation

/// One step through an XML part of a workbook. An empty element (`<c r="A1"/>`) gives a start then an end.
enum XMLEvent {
    /// An element opens: its local name (prefix dropped) and its attributes by local name.
    case start(name: String, attributes: [String: String])
    case end(name: String)
    /// Character data (text, CDATA, whitespace) inside the current element.
    case text(String)
    /// A reference to an entity a DTD declares (`&name;`), left unexpanded: entity substitution is off. The predefined
    /// entities (`&amp;`) and character references (`&#233;`) are never this: libxml2 decodes them into the text.
    case entityReference(String)
}

/// Streams the elements of an XML document with libxml2's `xmlTextReader`; the only file of the XLSX reader that
/// touches libxml2.
///
/// No network, no DTD loading, no entity substitution (so no entity expansion), and libxml2's default limits on
/// names, text nodes and depth stay on: a hostile part ends in a ``SourceError``, never in unbounded work. Errors
/// are not printed (`XML_PARSE_NOERROR`): readers never print.
enum XMLStreamReader {
    private static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)

    /// Calls `body` for each event of `data`, in document order.
    ///
    /// - Throws: ``SourceError`` `.malformed` naming `file` when the bytes are not well-formed XML; whatever `body` throws.
    static func read(_ data: Data, file: String, body: (XMLEvent) throws(SourceError) -> Void) throws(SourceError) {
        let malformed = SourceError(file: file, kind: .malformed,
                                    reason: "is not well-formed XML; the workbook is damaged, save it again from the spreadsheet program")
        guard data.count < Int(Int32.max) else { throw malformed }
        let result: Result<Void, SourceError> = data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self),
                  let reader = xmlReaderForMemory(base, Int32(raw.count), nil, "UTF-8", options) else {
                return .failure(malformed)
            }
            defer { xmlFreeTextReader(reader) }
            while true {
                let status = xmlTextReaderRead(reader)
                if status == 0 { return .success(()) }
                guard status == 1 else { return .failure(malformed) }
                do throws(SourceError) {
                    switch xmlTextReaderNodeType(reader) {
                    case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                        let name = localName(reader)
                        let empty = xmlTextReaderIsEmptyElement(reader) == 1
                        var attributes: [String: String] = [:]
                        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                            attributes[localName(reader)] = value(reader)
                        }
                        xmlTextReaderMoveToElement(reader)
                        try body(.start(name: name, attributes: attributes))
                        if empty { try body(.end(name: name)) }
                    case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                        try body(.end(name: localName(reader)))
                    case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue):
                        try body(.entityReference(localName(reader)))
                    case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
                         Int32(XML_READER_TYPE_WHITESPACE.rawValue), Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
                        try body(.text(value(reader)))
                    default:
                        break
                    }
                } catch {
                    return .failure(error)
                }
            }
        }
        try result.get()
    }

    private static func localName(_ reader: xmlTextReaderPtr) -> String {
        xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
    }

    private static func value(_ reader: xmlTextReaderPtr) -> String {
        xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
    }
}
