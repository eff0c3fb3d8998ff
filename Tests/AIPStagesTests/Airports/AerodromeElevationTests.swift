import AIPStages
import Testing

@Suite struct AerodromeElevationTests {
    @Test(arguments: [
        ("83 FT / 23 °C / -", 83),              // MakeAIP (EGLL)
        ("55 FT / 18 °C / -", 55),              // EGMC, real page
        ("363 ft\nReference temperature: 25.7 ° C", 363), // LFAQ, real page
        ("15 M / 49 FT", 49),                   // metres first
        ("-11 FT / 17 °C", -11),                // below sea level (EHAM)
        ("−11 ft", -11),                        // U+2212 minus
    ])
    func readsTheFirstWholeNumberInFeet(text: String, feet: Int) {
        #expect(AerodromeElevation.feet(in: text) == feet)
    }

    @Test(arguments: ["", "-", "22.1 °C", "49 M", "5.5 FT", "NIL", "40000 FT", "12 FTX", "FT 12", "ELEV 1 234FT"])
    func givesNilRatherThanAGuess(text: String) {
        #expect(AerodromeElevation.feet(in: text) == nil)
    }
}
