@testable import AIPReaders
import Foundation
import Testing

/// A class is matched as HTML splits the attribute: whole tokens between any ASCII white space (a French label's
/// `span.foreign`, MakeAIP's hidden `sdParams`), with either parser.
@Suite struct HTMLNodeClassTests {
    @Test(arguments: [HTMLDocument.Parser.xmlThenHTML, .html])
    func aClassIsAWholeTokenBetweenAnyWhiteSpace(_ parser: HTMLDocument.Parser) throws {
        let page = "<html><body><span class=\"a\tforeign\">1</span><span class=\"foreignx\">2</span>"
            + "<span class=\" foreign\nb \">3</span><span>4</span><span class=\"\">5</span></body></html>"
        let document = try #require(HTMLDocument(bytes: Data(page.utf8), parser: parser))
        #expect(document.elements(named: "span").map { $0.hasClass(among: [Array("foreign".utf8)]) } == [true, false, true, false, false])
    }

    /// MakeAIP's hidden codes stay out of the text whatever white space parts their class from another.
    @Test(arguments: [HTMLDocument.Parser.xmlThenHTML, .html])
    func aHiddenSpanIsLeftOutWhateverWhiteSpaceSeparatesItsClasses(_ parser: HTMLDocument.Parser) throws {
        let page = "<html><body><td>N 51<span class=\"x\tsdParams\">TAD_HP;GEO_LAT</span> 34<span class=\"sdTooltipx\">E</span></td></body></html>"
        let document = try #require(HTMLDocument(bytes: Data(page.utf8), parser: parser))
        #expect(HTMLText.of(try #require(document.elements(named: "td").first)) == "N 51 34E")
    }
}
