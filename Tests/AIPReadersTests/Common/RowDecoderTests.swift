import AIPFindings
import AIPReaders
import Foundation
import Testing

@Suite struct RowDecoderTests {
    /// Decodes the one data row of `name,count` CSV `bytes` with `body`.
    func decode<T>(_ bytes: [UInt8], _ body: (inout RowDecoder) throws(Finding) -> T) -> (value: Result<T, Finding>?, findings: [Finding]) {
        var outcome: (Result<T, Finding>?, [Finding]) = (nil, [])
        (Array("name,count\n".utf8) + bytes + [0x0A]).withUnsafeBufferPointer { buffer in
            var first = true
            CSVParser.parse(buffer, onRecord: { record in
                if first { first = false; return true }
                var row = RowDecoder(record: record, file: "f.csv")
                do throws(Finding) {
                    outcome.0 = .success(try body(&row))
                } catch {
                    outcome.0 = .failure(error)
                }
                outcome.1 = row.findings
                return true
            }, onMalformed: { _, _, _ in })
        }
        return outcome
    }

    let name = CSVColumn(name: "name", index: 0)
    let count = CSVColumn(name: "count", index: 1)

    @Test func invalidUTF8InOptionalTextIsClearedWithAFinding() {
        let result = decode([0x47, 0xE9, 0x6E, 0x74, 0x2C, 0x31]) { row in row.text(name) }
        #expect(result.value.flatMap { try? $0.get() } == .some(nil))
        #expect(result.findings.map(\.code) == [.valueInvalidUTF8])
        #expect(result.findings.map(\.action) == [.fieldCleared])
    }

    @Test func invalidUTF8InRequiredTextRejectsTheRow() {
        let result = decode([0xC3, 0x28, 0x2C, 0x31]) { row throws(Finding) in try row.requiredText(name) }
        guard case .failure(let finding) = result.value else { Issue.record("not rejected"); return }
        #expect(finding.code == .valueInvalidUTF8 && finding.action == .rowRejected && finding.line == 2)
    }

    @Test func validUTF8TextIsKeptAsWritten() {
        let result = decode(Array("Zürich,1".utf8)) { row in row.text(name) }
        #expect(result.value.flatMap { try? $0.get() } == "Zürich")
        #expect(result.findings.isEmpty)
    }

    @Test func aNULByteNeverReachesTheOutput() {
        let text = decode(Array("Ga\u{0}nt,1".utf8)) { row in row.text(name) }
        #expect(text.value.flatMap { try? $0.get() } == .some(nil))
        #expect(text.findings.map(\.code) == [.valueNulByte])
        #expect(text.findings.first?.value == "Gant")
        let number = decode(Array("Gent,1\u{0}2".utf8)) { row in row.decimal(count, in: 0...100) }
        #expect(number.value.flatMap { try? $0.get() } == .some(nil))
        #expect(number.findings.map(\.code) == [.valueNulByte])
        let required = decode(Array("G\u{0},1".utf8)) { row throws(Finding) in try row.requiredText(name) }
        guard case .failure(let finding) = required.value else { Issue.record("not rejected"); return }
        #expect(finding.code == .valueNulByte)
    }

    @Test(arguments: [("x,abc", FindingCode.valueNotANumber), ("x,500", .valueOutOfRange)])
    func badOptionalNumbersHaveTheirCodes(_ text: String, _ code: FindingCode) {
        let result = decode(Array(text.utf8)) { row in row.decimal(count, in: 0...100) }
        #expect(result.findings.map(\.code) == [code])
    }

    @Test func requiredNumbersHaveTheirCodes() {
        func code(_ text: String) -> FindingCode? {
            guard case .failure(let finding) = decode(Array(text.utf8), { row throws(Finding) in try row.requiredInteger(count) }).value
            else { return nil }
            return finding.code
        }
        #expect(code("x,") == .valueEmpty)
        #expect(code("x,1.5") == .valueNotAnInteger)
        #expect(code("x,15") == nil)
    }

    @Test func aFlagThatIsNotZeroOrOneIsCleared() {
        #expect(decode(Array("x,yes".utf8)) { row in row.flag(count) }.findings.map(\.code) == [.valueNotAFlag])
    }
}
