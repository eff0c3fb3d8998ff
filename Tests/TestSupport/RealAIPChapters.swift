import Foundation

/// The real AIP chapters of `../shared/fixtures/aip-pdf/`: whatever `expected.json` holds (the PDF tests and the
/// customs-text test read every chapter it has, so a chapter added there is tested at once).
public enum RealAIPChapters {
    /// `../shared/fixtures/aip-pdf/expected.json`: the hand-checked reading of each chapter, by ICAO code.
    public static let expectedFile = SharedFixtures.url("aip-pdf/expected.json")

    /// The ICAO codes of `expected.json`, sorted; empty when the file is absent (the tests then skip) or unreadable
    /// (the tests that decode it then fail, saying why).
    public static let codes: [String] = {
        // Absent: no `../shared` here, which the tests' own conditions report as skipped.
        guard let data = try? Data(contentsOf: expectedFile) else { return [] }
        // Unreadable: the tests that decode the file fail on it themselves with the decoder's reason.
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
        return object.keys.sorted()
    }()

    /// Chapters the reader does not read fully yet, each the subject of an open issue: their tests run, and what
    /// fails of them is a known issue (`withKnownIssue`), so the suite stays green and honest until the issue lands.
    /// Every other chapter is strict.
    public static let knownIssues: [String: String] = [:]
}
