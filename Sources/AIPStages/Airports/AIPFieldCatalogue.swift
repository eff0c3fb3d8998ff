/// The standard AIP field catalogue of `data-contract.md` (RZFlight ships the same list): AD 2.2–2.5 items by id.
///
/// An id is the section number × 100 + the item number (AD 2.3 item 2 → 302). RZFlight names a field from the id
/// in its own copy of this list, Android filters on the name, so both must be exactly these.
public enum AIPFieldCatalogue {
    /// Standard names by id.
    public static let names: [Int: String] = [
        201: "ARP coordinates and site at AD", 202: "Direction and distance from city",
        203: "Elevation / Reference temperature / Mean Low Temperature", 204: "Geoid undulation at AD ELEV PSN",
        205: "Magnetic Variation / Annual Change", 206: "AD Administration", 207: "Type of Traffic permitted (IFR/VFR)",
        208: "Remarks",
        301: "AD Administration", 302: "Customs and immigration", 303: "Health and sanitation", 304: "AIS Briefing Office",
        305: "ATS Reporting Office (ARO)", 306: "MET Briefing Office", 307: "ATS", 308: "Fuelling", 309: "Handling",
        310: "Security", 311: "De-icing", 312: "Remarks",
        401: "Cargo handling facilities", 402: "Fuel and oil types", 403: "Fuelling facilities/capacity",
        404: "De-icing facilities", 405: "Hangar space for visiting aircraft", 406: "Repair facilities for visiting aircraft",
        407: "Remarks",
        501: "Hotels", 502: "Restaurants", 503: "Transportation", 504: "Medical facilities", 505: "Bank and Post Office",
        506: "Tourist Office", 507: "Remarks",
    ]

    /// `aip_entries.section` of AD 2.2–2.5, exactly as the contract spells them.
    public static let sectionNames: [Int: String] = [2: "admin", 3: "operational", 4: "handling", 5: "passenger"]

    /// The id of item `item` of AD 2.`section`, when the catalogue has it.
    public static func id(section: Int, item: Int?) -> Int? {
        guard let item, (1...99).contains(item) else { return nil }
        let id = section * 100 + item
        return names[id] == nil ? nil : id
    }
}
