import AIPFindings
import AIPReaders
import Foundation
import Testing

@Suite struct FindingTests {
    let lineFinding = Finding(file: "ourairports/runways.csv", line: 812, code: .valueNotANumber, column: "le_heading_degT",
                              value: "0x", reason: "is not a number", action: .fieldCleared)

    @Test func descriptionIsCompilerStyle() {
        #expect(lineFinding.description == #"ourairports/runways.csv:812: le_heading_degT: "0x" is not a number (field set to NULL)"#)
    }

    @Test func descriptionNamesEveryKindOfLocation() {
        func text(_ location: Finding.Location) -> String {
            Finding(file: "f", location: location, code: .csvFieldCount, reason: "is bad", action: .rowRejected).description
        }
        #expect(text(.file) == "f: is bad (row rejected)")
        #expect(text(.cell(sheet: "Rules", cell: "B12")) == "f:Rules!B12: is bad (row rejected)")
        #expect(text(.page(4, section: "AD 2.12")) == "f:page 4 (AD 2.12): is bad (row rejected)")
        #expect(text(.page(4, section: nil)) == "f:page 4: is bad (row rejected)")
        #expect(text(.record("EBOS")) == "f:[EBOS]: is bad (row rejected)")
    }

    @Test func encodesFlatKeysAndLeavesNilOnesOut() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let cleared = Finding(file: "f.csv", line: 3, code: .valueEmpty, reason: "is empty", action: .rowRejected)
        #expect(String(decoding: try encoder.encode(cleared), as: UTF8.self)
                == #"{"action":"row_rejected","code":"value.empty","file":"f.csv","line":3,"reason":"is empty"}"#)
        let onPage = Finding(file: "a.pdf", location: .page(2, section: "AD 2.2"), code: .pdfUnplacedText, reason: "r", action: .fieldCleared)
        #expect(String(decoding: try encoder.encode(onPage), as: UTF8.self)
                == #"{"action":"field_cleared","code":"pdf.unplaced_text","file":"a.pdf","page":2,"reason":"r","section":"AD 2.2"}"#)
    }

    @Test(arguments: [
        Finding.Location.file, .line(7), .cell(sheet: "S", cell: "A1"), .page(3, section: nil), .page(3, section: "AD 2.12"),
        .record("LFAT"),
    ])
    func decodesWhatItEncodes(_ location: Finding.Location) throws {
        let finding = Finding(file: "f", location: location, code: .aipDocumentSuperseded, column: "col", value: "v", reason: "r", action: .rowRejected)
        let decoded = try JSONDecoder().decode(Finding.self, from: JSONEncoder().encode(finding))
        #expect(decoded == finding)
    }

    @Test func sortsByFileThenLocationThenColumnThenCode() {
        func finding(_ file: String, _ location: Finding.Location, _ column: String?, _ code: FindingCode) -> Finding {
            Finding(file: file, location: location, code: code, column: column, reason: "r", action: .rowRejected)
        }
        let sorted = [
            finding("a", .file, nil, .csvFieldCount),
            finding("a", .line(2), nil, .csvFieldCount),
            finding("a", .line(10), nil, .valueNulByte),
            finding("a", .line(10), "", .valueNulByte),
            finding("a", .line(10), "lat", .valueEmpty),
            finding("a", .line(10), "lat", .valueOutOfRange),
            finding("a", .line(10), "lon", .csvFieldCount),
            finding("a", .cell(sheet: "S", cell: "A1"), nil, .csvFieldCount),
            finding("a", .page(1, section: nil), nil, .csvFieldCount),
            finding("a", .page(1, section: ""), nil, .csvFieldCount),
            finding("a", .page(1, section: "AD 2"), nil, .csvFieldCount),
            finding("a", .page(2, section: nil), nil, .csvFieldCount),
            finding("a", .record("EBOS"), nil, .csvFieldCount),
            finding("b", .file, nil, .csvFieldCount),
        ]
        var generator = SplitMix64(seed: 3)
        for _ in 0..<20 {
            #expect(sorted.shuffled(using: &generator).sorted() == sorted)
        }
    }
}
