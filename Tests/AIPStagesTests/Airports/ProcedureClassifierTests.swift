@testable import AIPStages
import Testing

@Suite struct ProcedureClassifierTests {
    func procedure(_ title: String, icao: String = "EGMC") -> ProcedureClassifier.Procedure? {
        if case .procedure(let procedure) = ProcedureClassifier.classify(title, icao: icao) { return procedure }
        return nil
    }

    @Test func makeAIPApproachChartsGiveTypeRunwayAndName() throws {
        let ils = try #require(procedure("INSTRUMENT APPROACH CHART ILS/DME/NDB(L) RWY 05 (CAT A,B,C) - ICAO"))
        #expect(ils == .init(type: "approach", approachType: "ILS", runwayNumber: "05", runwayLetter: nil, name: "ILS/DME/NDB(L) RWY 05 (CAT A,B,C)"))
        #expect(procedure("INSTRUMENT APPROACH CHART LOC/DME/NDB(L) RWY 05 (ACFT CAT D) - ICAO")?.approachType == "LOC")
        let sra = try #require(procedure("INSTRUMENT APPROACH CHART SRA RTR 2NM RWY 23 (CAT A,B,C) - ICAO"))
        #expect(sra.approachType == "SRA")
        #expect(sra.runwayNumber == "23")
        #expect(procedure("INSTRUMENT APPROACH CHART NDB(L)/DME RWY 09 (CAT A,B,C) - ICAO")?.approachType == "NDB")
        #expect(procedure("INSTRUMENT APPROACH CHART RNAV(GNSS) RWY 27 - ICAO")?.approachType == "RNAV")
    }

    @Test func runwayLettersAreSplitFromTheNumber() throws {
        let approach = try #require(procedure("INSTRUMENT APPROACH CHART ILS/DME I-AA RWY 09L - ICAO", icao: "EGLL"))
        #expect(approach.runwayNumber == "09")
        #expect(approach.runwayLetter == "L")
        #expect(procedure("INSTRUMENT APPROACH CHART VOR RWY 9 - ICAO")?.runwayNumber == "09")
    }

    @Test func starAndSIDChartsAreArrivalsAndDeparturesNeverApproaches() throws {
        let star = try #require(procedure("RNAV5 (VOR/DME, DME/DME or GNSS) STANDARD ARRIVAL CHART - INSTRUMENT (STAR) RWY 05/23 SUMUM 1S XAMAN 1S - ICAO"))
        #expect(star.type == "arrival")
        #expect(star.approachType == nil)
        #expect(star.runwayNumber == nil, "two runways: none of them is the chart's runway")
        #expect(procedure("RNAV1 STANDARD DEPARTURE CHART - INSTRUMENT (SID) RWY 27R CPT 5J - ICAO")?.type == "departure")
        #expect(procedure("AD_2_LFAQ_SID_RWY08-26_RNAV", icao: "LFAQ")?.type == "departure")
        #expect(procedure("AD_2_LFAQ_STAR_RWY08-26_RNAV", icao: "LFAQ")?.type == "arrival")
    }

    @Test func frenchFileNamesGiveTheReferenceNames() throws {
        let rnp = try #require(procedure("AD_2_LFAQ_IAC_RWY26_FNA_RNP", icao: "LFAQ"))
        #expect(rnp == .init(type: "approach", approachType: "RNP", runwayNumber: "26", runwayLetter: nil, name: "RWY26 FNA RNP"))
        #expect(procedure("AD_2_LFAQ_IAC_RWY26_INA_RNAV", icao: "LFAQ")?.approachType == "RNAV")
        #expect(procedure("AD_2_LFAQ_IAC_RWY08_RNP", icao: "LFAQ")?.name == "RWY08 RNP")
        #expect(procedure("AD_2_LFPG_IAC_RWY26R_ILS", icao: "LFPG")?.runwayLetter == "R")
    }

    @Test func chartsThatAreNoProcedureAreOtherAndUnknownTitlesUnrecognized() {
        for title in ["AERODROME CHART - ICAO", "AIRCRAFT PARKING/DOCKING CHART - ICAO", "CONTROL ZONE and CONTROL AREA CHART",
                      "ATC SURVEILLANCE MINIMUM ALTITUDE CHART - ICAO", "STANDARD INSTRUMENT ARRIVAL CODING TABLES RWY 05/23 NEVIL 1S",
                      "RNAV HOLD CODING TABLES BOMBO GEGMU", "AD_2_LFAQ_ADC_01", "AD_2_LFAQ_DATA_RWY08_RNP_CODE"] {
            #expect(ProcedureClassifier.classify(title, icao: "LFAQ") == .other, "\(title)")
        }
        #expect(ProcedureClassifier.classify("MISCELLANEOUS NOTES 3", icao: "EGMC") == .unrecognized)
        #expect(ProcedureClassifier.classify("", icao: "EGMC") == .unrecognized)
    }

    @Test func substringsInsideWordsMeanNothing() {
        // STANDARD contains STAR, RNAV5 contains RNAV, RESTAURANT contains STAR: none of them counts.
        #expect(ProcedureClassifier.classify("STANDARD TAXI ROUTES RESTAURANT", icao: "EGMC") == .unrecognized)
        #expect(procedure("RNAV5 STANDARD ARRIVAL CHART RWY 05")?.type == "arrival")
    }
}
