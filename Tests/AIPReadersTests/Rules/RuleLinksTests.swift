import AIPReaders
import Testing

struct RuleLinksTests {
    @Test func cellURLsComeFirstThenURLsOfTheTextEachOnce() {
        #expect(RuleLinks.extract(cell: "https://a.example/x; http://b.example,see notes ftp://c.example\nhttps://a.example/x",
                                  answer: "See (https://d.example/page). Also http://b.example and HTTPS://e.example/q?a=1, done.")
                == ["https://a.example/x", "http://b.example", "https://d.example/page", "HTTPS://e.example/q?a=1"])
    }

    @Test func keepsBracketsTheURLOpensAndStopsAtMarkup() {
        #expect(RuleLinks.extract(cell: "", answer: "https://en.wikipedia.org/wiki/Foo_(bar) and <a href=\"https://f.example/\">f</a>")
                == ["https://en.wikipedia.org/wiki/Foo_(bar)", "https://f.example/"])
        #expect(RuleLinks.extract(cell: "", answer: "Local alternative (https://ops.skeyes.be ) not recommended") == ["https://ops.skeyes.be"])
        #expect(RuleLinks.extract(cell: "not a link", answer: "http:// and https:// alone, httpx://no") == [])
    }
}
