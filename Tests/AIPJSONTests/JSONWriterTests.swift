import AIPJSON
import Foundation
import Testing

@Suite struct JSONWriterTests {
    @Test func escapesOnlyWhatJSONRequiresAndKeepsEverythingElseAsUTF8() throws {
        let text = "a\"b\\c\n\r\t\u{8}\u{C}\u{1}/é✈"
        let written = String(decoding: JSONWriter.bytes(.string(text)), as: UTF8.self)
        #expect(written == #""a\"b\\c\n\r\t\b\f\u0001/é✈""#)
        // The writer's output reads back as the same string.
        #expect(try JSONValue.parse(Array(written.utf8)) == .string(text))
    }

    @Test func indentedLayoutIsPythonsIndentTwoAndInlineItsDefault() {
        let value = JSONValue.object([("b", .array([.number("1"), .null])), ("a", .object([])), ("c", .array([]))])
        #expect(String(decoding: JSONWriter.bytes(value), as: UTF8.self) == "{\n  \"b\": [\n    1,\n    null\n  ],\n  \"a\": {},\n  \"c\": []\n}")
        #expect(String(decoding: JSONWriter.bytes(value, layout: .inline), as: UTF8.self) == #"{"b": [1, null], "a": {}, "c": []}"#)
    }

    @Test func encodableValuesGetSortedKeysAndAFinalNewline() throws {
        struct Sample: Encodable { var zulu = 1.5; var alpha = "x/y"; var flag = true }
        let text = String(decoding: try JSONWriter.encode(Sample()), as: UTF8.self)
        #expect(text == "{\n  \"alpha\": \"x/y\",\n  \"flag\": true,\n  \"zulu\": 1.5\n}\n")
    }

    @Test func aNonFiniteNumberIsAnErrorNotText() {
        struct Sample: Encodable { var value = Double.infinity }
        #expect(throws: (any Error).self) { try JSONWriter.encode(Sample()) }
    }
}
