import AIPReaders

extension AirportsStage {
    /// PDF chapters (`AIPPDFReader`, source `aip_pdf`) as documents for ``merge(pages:into:ids:)``, AD 2.2 items mapped
    /// to the catalogue by their label where the printed number disagrees.
    ///
    /// Precedence against eAIP pages: a PDF chapter and an eAIP page of one aerodrome are different sources, so
    /// both keep their `aip_entries` (they differ by `source`); the eAIP page's charts replace the chapter's as
    /// procedures, and its name names an aerodrome OurAirports does not have (the merge takes eAIP pages first).
    /// Of several PDF chapters of one aerodrome, the latest effective date wins, as for eAIP pages.
    ///
    /// The label words are the reader's (``AIPTitleWords/item(section:label:)``, which also places the rows of
    /// tables printed without numbers): states that print no geoid undulation item number the rest one lower
    /// (Switzerland: MAG VAR is item 4).
    ///
    /// Returns the document and how many items were remapped (the report counts them per document).
    static func catalogued(_ page: AerodromeDocument) -> (page: AerodromeDocument, remapped: Int) {
        var page = page
        var remapped = 0
        for index in page.entries.indices where page.entries[index].section == 2 {
            guard let item = AIPTitleWords.item(section: 2, label: page.entries[index].field), item != page.entries[index].itemNumber else { continue }
            page.entries[index].itemNumber = item
            remapped += 1
        }
        return (page, remapped)
    }
}
