@testable import AIPDelta
import AIPUpdate
import Foundation
import Testing

/// Raw deflate and the rows payload: round trips, and every way damaged or hostile bytes must end in an error.
@Suite struct InflateTests {
    let text = Data(String(repeating: "LFAT runway 13/31 asphalt. ", count: 2_000).utf8)

    @Test func roundTripsAndCompresses() throws {
        let compressed = try Deflate.compress(text)
        #expect(compressed.count < text.count / 20)
        #expect(try Deflate.compress(text) == compressed)
        #expect(try Inflate.data(compressed, expectedBytes: text.count, name: "t") == text)
        #expect(try Inflate.data(Deflate.compress(Data()), expectedBytes: 0, name: "t") == Data())
    }

    @Test func refusesTruncatedCorruptWrongSizedAndTrailingInput() throws {
        let compressed = try Deflate.compress(text)
        let cases: [(Data, Int, String)] = [
            (compressed.dropLast(10), text.count, "ends early"),
            (Data("not deflate at all".utf8), 100, "t: the payload"),
            (compressed, text.count - 1, "more than the"),
            (compressed, text.count + 1, "not the"),
            (compressed + Data([0x41]), text.count, "bytes after the end"),
            (Data([0x01]), 1_000, "ends early"),
            (Data(), 10, "ends early"),
        ]
        for (input, expected, message) in cases {
            let error = #expect(throws: UpdateError.self) { try Inflate.data(input, expectedBytes: expected, name: "t") }
            #expect(error?.kind == .corruptPayload && error?.description.contains(message) == true, "\(error?.description ?? "")")
        }
    }
}

@Suite struct RowPayloadTests {
    let payload = RowPayload(tables: [RowPayload.Table(
        name: "t", columnCount: 5, keyColumns: [0], deletes: [[.integer(-7)]],
        upserts: [[.integer(Int64.max), .real(-0.0), .text(Array("é\u{0}x".utf8)), .blob([0, 255]), .null],
                  [.integer(1), .real(.nan), .text([]), .blob([]), .real(1.0)]])])

    @Test func roundTripsEveryStorageClassBitForBit() throws {
        let decoded = try RowPayload(decoding: payload.encoded(), name: "t")
        #expect(decoded == payload)
        // -0.0 and NaN keep their bits (SQLValue compares bits, not IEEE equality).
        guard case .real(let zero) = decoded.tables[0].upserts[0][1] else { Issue.record("not a REAL"); return }
        #expect(zero.bitPattern == (-0.0).bitPattern)
    }

    @Test func damagedBytesEndInAnErrorWithoutLargeAllocations() throws {
        let bytes = [UInt8](payload.encoded())
        // Every truncation of a valid payload fails (none decodes to something else).
        for length in 0..<bytes.count where length != 16 {
            #expect(throws: UpdateError.self) { try RowPayload(decoding: Data(bytes.prefix(length)), name: "t") }
        }
        // A count of 2^56 - 1 rows in a tiny payload is refused at once, not looped over or reserved.
        var huge = Data(RowPayload.magic)
        huge.append(contentsOf: [1, 0x74, 2, 1, 0, 0] + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])
        let error = #expect(throws: UpdateError.self) { try RowPayload(decoding: huge, name: "t") }
        #expect(error?.description.contains("more than the payload can hold") == true, "\(error?.description ?? "")")
        #expect(throws: UpdateError.self) { try RowPayload(decoding: Data([0x61]), name: "t") }
        // A varint that never ends.
        #expect(throws: UpdateError.self) { try RowPayload(decoding: Data(RowPayload.magic + [UInt8](repeating: 0xFF, count: 20)), name: "t") }
    }
}
