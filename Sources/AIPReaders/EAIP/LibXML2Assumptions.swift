// `@preconcurrency`: the limit is a C global variable, read once at start-up, before any parse.
@preconcurrency import CXML2

/// What the eAIP reader relies on in libxml2, stated once: the tree builder (``HTMLTreeBuilder``) and the cut of
/// unread content (``UnreadContentCut``) read these values instead of spelling the library's behaviour themselves.
///
/// The behaviours, as libxml2 2.9.14 has them (the version the tests ran on):
/// - SAX2's `startElementNs` hands an attribute value over with `&` still a reference when entities are not
///   substituted (no `XML_PARSE_NOENT`): `&amp;` and `&#38;` arrive as `&#38;` (other references resolved), and an
///   entity it cannot resolve as written, so the builder resolves them itself (``attributeValuesKeepReferences``,
///   probed at start-up);
/// - the HTML parser hands a value-less attribute over without a value, which libxml2's DOM gives HTML's boolean
///   attributes (`nowrap`) their name as (`htmlIsBooleanAttr`), and the builder too;
/// - the callbacks' user data is the parser context, whose `_private` libxml2 leaves to the caller: the builder
///   reaches itself through it;
/// - the context's `wellFormed` is 0 after a parse that met a well-formedness error, stopped or not (probed);
/// - without `XML_PARSE_HUGE`, a text node, CDATA section or attribute value longer than ``maximumTextLength``
///   bytes is an error, and so is an element nested deeper than ``maximumDepth`` (`xmlParserMaxDepth`): the cut
///   never cuts a page that large, nor near that depth, so a page the parser would refuse is never hidden;
/// - names are interned in the parser's dictionary: one pointer is one name for a whole parse;
/// - `xmlInitParser` is not safe on two threads at once: it runs once before the first parse.
///
/// Checked at start-up (``loaded``): the library loaded at run time (`xmlParserVersion`, not the headers) must be a
/// version in ``testedVersions``, its headers' limits these, and the probes must confirm the behaviours. Otherwise
/// the reader takes the plain path: no cut, every page parsed whole (``allowsCut``), never a path built on an
/// assumption that may not hold. A new libxml2 is adopted by running the tests on it and adding its version.
struct LibXML2Assumptions: Sendable {
    /// `LIBXML_VERSION` numbers of the libxml2 releases the tests ran on (2.9.14: Debian 12, Ubuntu 22.04 and 24.04).
    static let testedVersions: Set<Int> = [20914]
    /// `XML_MAX_TEXT_LENGTH`: the longest text node, CDATA section or attribute value the XML parser takes.
    static let maximumTextLength = 10_000_000
    /// `xmlParserMaxDepth`: elements open at once, at most, before libxml2's own tree builders stop a parse; the
    /// tree builder stops there too, whichever parser reads the page.
    static let maximumDepth = 256

    /// The libxml2 version these facts are about (`LIBXML_VERSION` form: 20914 for 2.9.14).
    let version: Int
    /// Whether the headers compiled against are the library's (`LIBXML_VERSION`) and its limits are
    /// ``maximumTextLength`` and ``maximumDepth``.
    let limitsAgree: Bool
    /// Whether SAX2 attribute values keep their references (`&#38;`), which the builder then resolves.
    let attributeValuesKeepReferences: Bool
    /// Whether `wellFormed` tells a broken document from a whole one.
    let wellFormedIsReported: Bool

    /// Whether the reader may cut unread content from a page before parsing it: only on a tested version whose
    /// limits and behaviours were confirmed; any other parses every page whole.
    var allowsCut: Bool {
        Self.testedVersions.contains(version) && limitsAgree && attributeValuesKeepReferences && wellFormedIsReported
    }

    /// The library this process loaded, probed once.
    static let loaded: LibXML2Assumptions = {
        // `xmlParserVersion` ("20914") is a macro around this function in a thread-enabled libxml2.
        let version = __xmlParserVersion().pointee.flatMap { Int(String(cString: $0)) } ?? 0
        return LibXML2Assumptions(
            version: version,
            limitsAgree: version == Int(LIBXML_VERSION) && Int(XML_MAX_TEXT_LENGTH) == maximumTextLength
                && Int(xmlParserMaxDepth) == maximumDepth,
            attributeValuesKeepReferences: probeAttributeValue() != "&&",
            wellFormedIsReported: probeXML("<a/>") != nil && probeXML("<a><b></a>") == nil)
    }()

    /// The value of `b` in `<a b="&amp;&#38;"/>` as SAX2 hands it over: `&#38;&#38;` when references are kept,
    /// `&&` when libxml2 resolved them.
    private static func probeAttributeValue() -> String? {
        guard let builder = probeXML("<a b=\"&amp;&#38;\"/>"), let attribute = builder.arrays.attributes.first else { return nil }
        return String(decoding: builder.arrays.bytes[Int(attribute.start)..<Int(attribute.start + attribute.count)], as: UTF8.self)
    }

    /// The builder's reading of `text` by the XML parser, its attribute values as libxml2 gives them.
    private static func probeXML(_ text: String) -> HTMLTreeBuilder? {
        var bytes = Array(text.utf8CString)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            HTMLTreeBuilder.build(buffer.baseAddress!, count: Int32(buffer.count - 1), xml: true, divContent: nil, resolvingAttributeReferences: false)
        }
    }

    init(version: Int, limitsAgree: Bool = true, attributeValuesKeepReferences: Bool = true, wellFormedIsReported: Bool = true) {
        self.version = version
        self.limitsAgree = limitsAgree
        self.attributeValuesKeepReferences = attributeValuesKeepReferences
        self.wellFormedIsReported = wellFormedIsReported
    }
}
