import AIPReaders
import Foundation
import Testing

/// Mutations of the real slice: the reader must end, with records that hold what the contract allows, or with a
/// `SourceError`, never crash or hang. Seeded, so a failure reproduces.
@Suite struct GeoNamesFuzzTests {
    static let hostileBytes: [UInt8] = [0x09, 0x0A, 0x0D, 0x00, 0xFF, 0xC3, 0x22, 0x2C, 0x2D, 0x2E, 0x65, 0x30]

    func mutate(_ original: [UInt8], seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var bytes = original
        for _ in 0..<Int.random(in: 1...8, using: &random) where !bytes.isEmpty {
            let position = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes[position] = Self.hostileBytes.randomElement(using: &random)!
            case 1: bytes.insert(Self.hostileBytes.randomElement(using: &random)!, at: position)
            case 2: bytes.remove(at: position)
            default: bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...200, using: &random)))
            }
        }
        return bytes
    }

    @Test func mutatedDumpsGiveValidRecordsOrASourceError() throws {
        let original = Array(try GeoNamesTestData.sliceLines().prefix(60).joined(separator: "\n").utf8) + [0x0A]
        var outcomes = (read: 0, refused: 0)
        for seed in 0..<300 as Range<UInt64> {
            let bytes = mutate(original, seed: seed)
            do {
                let file = try GeoNamesTestData.readAll(GeoNamesTestData.stream(bytes))
                outcomes.read += 1
                for place in file.places {
                    #expect((-90...90).contains(place.latitudeDeg) && (-180...180).contains(place.longitudeDeg), "seed \(seed)")
                    #expect(place.countryCode.utf8.count == 2 && place.countryCode.utf8.allSatisfy { $0 &- 65 < 26 }, "seed \(seed)")
                    #expect((0...Int(Int32.max)).contains(place.population) && place.geonameid > 0, "seed \(seed)")
                    #expect(!place.name.isEmpty && !place.name.contains("\u{FFFD}") && !place.name.contains("\0"), "seed \(seed)")
                }
                #expect(file.places.count + file.findings.count <= file.rowCount, "seed \(seed)")
                #expect(file.findings.allSatisfy { ($0.line ?? 0) >= 1 }, "seed \(seed)")
            } catch is SourceError {
                outcomes.refused += 1
            }
        }
        // Both paths are exercised: most mutations leave a readable file, some break it.
        #expect(outcomes.read > 100 && outcomes.refused > 0, "\(outcomes)")
    }
}
