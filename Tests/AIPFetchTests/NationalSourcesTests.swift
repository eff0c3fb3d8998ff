import AIPFetch
import AIPPipeline
import Foundation
import TestSupport
import Testing

/// The built-in national eAIP sources, each against a local mirror laid out as the shared research records its site
/// (`sources-web.md` §7: the EUROCONTROL generator's frames, menu and AD 2 pages under the state's URL for the
/// cycle): discovery finds the aerodrome's page, the content check takes it, and a site that wants browser headers
/// gets them. Not the live sites: docs/fetch.md says which state was verified how.
@Suite("national eAIP sources on a local mirror")
struct NationalSourcesTests {
    static let cycle = AIRACCycle(effectiveDate: PagesSite.airac)!

    /// Each new state's source, with an aerodrome of its own and the language of its pages.
    static let states: [(id: String, icao: String, country: String, lang: String)] = [
        ("eaip-be", "ELLX", "EB", "en-GB"), ("eaip-cz", "LKPR", "LK", "en-GB"), ("eaip-ee", "EETN", "EE", "en-GB"),
        ("eaip-hu", "LHBP", "LH", "en-HU"), ("eaip-ba", "LQSA", "LQ", "en-GB"), ("eaip-pt", "LPPT", "LP", "en-PT"),
    ]

    /// Writes index (frameset) → toc-frameset → menu → the aerodrome's page under the index URL the source expands to
    /// for the cycle; returns the page's name.
    static func layOut(_ state: (id: String, icao: String, country: String, lang: String), definition: SourceDefinition, in site: TemporaryFolder) throws -> String {
        let template = try #require(definition.index)
        let index = try #require(URL(string: try CycleVariables(cycle).expand(template)))
        let html = (index.host ?? "") + index.deletingLastPathComponent().path
        let page = "\(state.country)-AD-2.\(state.icao)-\(state.lang).html"
        try site.write(#"<html><frameset rows="0,*"><frame name="eAISNavigationBase" src="toc-frameset-\#(state.lang).html"/></frameset></html>"#,
                       to: html + "/" + index.lastPathComponent)
        try site.write(#"<html><frameset cols="25%,*"><frame name="eAISNavigation" src="eAIP/\#(state.country)-menu-\#(state.lang).html"/></frameset></html>"#,
                       to: html + "/toc-frameset-\(state.lang).html")
        // A stale page in another language, as Portugal leaves online, must not be taken.
        try site.write(#"<html><body><a href="\#(page)#AD-2.\#(state.icao)">\#(state.icao)</a> <a href="\#(state.country)-AD-2.\#(state.icao)-xx-XX.html">old</a></body></html>"#,
                       to: html + "/eAIP/\(state.country)-menu-\(state.lang).html")
        try site.write(#"<html><body><div id="\#(state.icao)-AD-2.1">\#(state.icao)</div></body></html>"#, to: html + "/eAIP/" + page)
        return page
    }

    @Test("each state's page is found for the cycle, checked, and stored under its folder", arguments: 0..<states.count)
    func state(_ index: Int) async throws {
        let state = Self.states[index]
        let definition = try #require(FetchSettings().sources[state.id])
        let site = try TemporaryFolder()
        let page = try Self.layOut(state, definition: definition, in: site)
        let server = try MirrorServer(root: site.url)
        defer { server.stop() }
        let out = try TemporaryFolder()
        var options = FetchOptions(out: out.url, cycle: Self.cycle, settings: FetchSettings(), userAgent: "aipbundle/test")
        options.settings.required = []
        options.settings.politeDelayMilliseconds = 0
        options.mirror = server.baseURL
        options.only = [state.id]
        let summary = try await Fetcher.fetch(options)
        let source = try #require(summary.sources.first)
        #expect(source.outcome == .ok, "\(summary.lines)")
        #expect(source.states.first?.state == definition.states.first && source.states.first?.files == 1)
        #expect(treeSnapshot(out.url)["\(try #require(definition.folder))/\(page)"] != nil)
        let agents = server.requests.compactMap { $0["user-agent"] }
        #expect(agents.allSatisfy { $0.hasSuffix("aipbundle/test") })
        #expect(agents.allSatisfy { $0.hasPrefix("Mozilla/5.0") } == definition.browserHeaders)
        #expect(server.requests.allSatisfy { ($0["accept-language"] != nil) == definition.browserHeaders })
    }
}
