import AIPFindings
import Foundation
import Testing

@Suite struct FindingCodeTests {
    /// `family.name`, lower-case ASCII, digits and `_`: what CI scripts and `report.json` readers match on.
    @Test func everyCodeIsADottedLowerCaseIdentifier() {
        let wellFormed = #/[a-z]+\.[a-z][a-z0-9_]*/#
        #expect(FindingCode.allCases.filter { $0.rawValue.wholeMatch(of: wellFormed) == nil } == [])
    }

    /// A meaning and a remedy a person can act on; no two codes with the same meaning (one kind, one code).
    @Test func everyCodeIsExplained() {
        for code in FindingCode.allCases {
            #expect(code.meaning.count > 20 && code.meaning.hasSuffix("."), "\(code): meaning")
            #expect(code.remedy.count > 10 && code.remedy.hasSuffix("."), "\(code): remedy")
        }
        let meanings = Dictionary(grouping: FindingCode.allCases, by: \.meaning).filter { $0.value.count > 1 }
        #expect(meanings.isEmpty, "\(meanings.values)")
    }

    /// Whatever `check` reports fails the check, so every `check.*` code is an error; build codes use all levels.
    @Test func checkCodesAreErrors() {
        let check = FindingCode.allCases.filter { $0.rawValue.hasPrefix("check.") }
        #expect(!check.isEmpty && check.allSatisfy { $0.severity == .error })
        #expect(Set(FindingCode.allCases.map(\.severity)) == Set(FindingSeverity.allCases))
    }

    @Test func theJSONFormIsThePlainString() throws {
        let json = try JSONEncoder().encode([FindingCode.aipDocumentSuperseded, .csvFieldCount])
        #expect(String(decoding: json, as: UTF8.self) == #"["aip.document_superseded","csv.field_count"]"#)
        #expect(try JSONDecoder().decode([FindingCode].self, from: json) == [.aipDocumentSuperseded, .csvFieldCount])
    }

    /// A report written before a rename still reads; a former code is never given to a new kind of finding.
    @Test func formerCodesReadAsTheirNewCodes() throws {
        let former = Data(#"["eaip.page_superseded","eaip.no_position","eaip.item_not_in_catalogue","eaip.item_unlabelled"]"#.utf8)
        #expect(try JSONDecoder().decode([FindingCode].self, from: former)
                == [.aipDocumentSuperseded, .aipNoPosition, .aipItemNotInCatalogue, .aipItemUnlabelled])
        #expect(FindingCode.formerCodes.keys.filter { FindingCode(rawValue: $0) != nil } == [])
    }

    @Test func anUnknownCodeIsADecodingErrorNamingIt() {
        #expect {
            try JSONDecoder().decode([FindingCode].self, from: Data(#"["csv.no_such_thing"]"#.utf8))
        } throws: { error in
            "\(error)".contains("\"csv.no_such_thing\" is not a finding code")
        }
    }
}
