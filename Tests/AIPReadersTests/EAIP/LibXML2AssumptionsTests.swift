@testable import AIPReaders
@preconcurrency import CXML2  // its globals (xmlFree, xmlParserMaxDepth) are read, never written
import Foundation
import Testing

/// What the eAIP reader assumes of libxml2 holds for the library loaded here, and a library it does not know takes
/// the plain path: no cut, every page parsed whole.
@Suite struct LibXML2AssumptionsTests {
    /// The libxml2 of this machine is one the assumptions were tested on, and every probe confirms them. When this
    /// fails on a new libxml2, run the eAIP tests on it and add its version to `testedVersions`.
    @Test func theLoadedLibraryIsATestedOneAndThePlainPathIsNotTaken() {
        let loaded = LibXML2Assumptions.loaded
        #expect(LibXML2Assumptions.testedVersions.contains(loaded.version), "libxml2 \(loaded.version) is not among the tested versions")
        #expect(loaded.limitsAgree && loaded.attributeValuesKeepReferences && loaded.wellFormedIsReported)
        #expect(loaded.allowsCut)
    }

    /// The limits stated are the headers' (`XML_MAX_TEXT_LENGTH`) and the library's (`xmlParserMaxDepth`).
    @Test func theLimitsAreLibxml2s() {
        #expect(Int(XML_MAX_TEXT_LENGTH) == LibXML2Assumptions.maximumTextLength)
        #expect(Int(xmlParserMaxDepth) == LibXML2Assumptions.maximumDepth)
        #expect(Int(LIBXML_VERSION) == LibXML2Assumptions.loaded.version)
    }

    /// SAX2 hands an attribute value over with `&` as the reference `&#38;` (other references resolved), which the
    /// builder resolves: read raw, the value keeps it; read as the reader does, it is the text.
    @Test func attributeValuesArriveWithTheirReferences() throws {
        func attribute(_ resolving: Bool) throws -> String {
            var bytes = Array("<a b=\"x &amp; y &#233; &lt;\"/>".utf8CString)
            let builder = try #require(bytes.withUnsafeMutableBufferPointer {
                HTMLTreeBuilder.build($0.baseAddress!, count: Int32($0.count - 1), xml: true, divContent: nil, resolvingAttributeReferences: resolving)
            })
            let value = try #require(builder.arrays.attributes.first)
            return String(decoding: builder.arrays.bytes[Int(value.start)..<Int(value.start + value.count)], as: UTF8.self)
        }
        #expect(try attribute(false) == "x &#38; y é <")
        #expect(try attribute(true) == "x & y é <")
    }

    /// A libxml2 of another version, or one where any assumption fails, gets no cut: the page is parsed whole.
    @Test(arguments: [
        LibXML2Assumptions(version: 21_400), LibXML2Assumptions(version: 20_913), LibXML2Assumptions(version: 0),
        LibXML2Assumptions(version: 20_914, limitsAgree: false), LibXML2Assumptions(version: 20_914, attributeValuesKeepReferences: false),
        LibXML2Assumptions(version: 20_914, wellFormedIsReported: false),
    ])
    func anUnknownLibraryTakesThePlainPath(_ libxml2: LibXML2Assumptions) throws {
        #expect(!libxml2.allowsCut)
        for page in SmallEAIPPages.all {
            let bytes = [UInt8](page.bytes)
            let cut = bytes.withUnsafeBufferPointer { UnreadContentCut.cut($0, divContent: SectionIndex.content(ofDivWithID:), libxml2: libxml2) }
            #expect(cut == nil, "\(page.name)")
            // The same page is cut for the library tested.
            #expect(bytes.withUnsafeBufferPointer { UnreadContentCut.cut($0, divContent: SectionIndex.content(ofDivWithID:)) } != nil)
        }
    }
}

extension LibXML2Assumptions: CustomTestStringConvertible {
    public var testDescription: String {
        "libxml2 \(version)\(limitsAgree ? "" : ", other limits")\(attributeValuesKeepReferences ? "" : ", values resolved")\(wellFormedIsReported ? "" : ", no wellFormed")"
    }
}
