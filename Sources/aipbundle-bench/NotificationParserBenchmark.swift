import AIPStages
import TestSupport

/// `NotificationParser.parse` over a few thousand customs texts, on one core: texts/s (issue target: ≥ 50,000/s in
/// release) and MB/s.
///
/// No public corpus of AIP field 302 texts exists in a pinned package, so the corpus is generated from templates in
/// the styles of real entries (the two real eAIP pages, the labelled fixture texts), English and French, short and
/// long, with their figures, days and times varied so no two consecutive texts are equal.
struct NotificationParserBenchmark: Benchmark {
    let name = "notification-parser"
    let texts: [String]
    let bytes: Int

    /// 4,000 texts: enough to dwarf the timer's resolution, few enough for a run of tens of milliseconds.
    init(count: Int = 4_000) {
        let hours = [2, 12, 24, 36, 48, 72]
        let times = ["0700", "0800", "1200", "1500", "1700"]
        let templates: [(Int, String, String) -> String] = [
            { _, _, _ in "H24" },
            { _, _, _ in "O/R" },
            { hours, _, _ in "PPR \(hours) HR" },
            { hours, _, _ in "Customs and immigration: PN \(hours) HR before ETA/ETD" },
            { hours, _, _ in "MON-FRI : PPR \(hours) HR. SAT-SUN and HOL : PPR \(hours * 2) HR" },
            { hours, time, _ in "MON-FRI: \(time)-1900 with PN \(hours) HR. SAT-SUN and HOL: PN \(hours + 24) HR" },
            { _, time, _ in "PN last working day before \(time)" },
            { _, time, _ in "Préavis la veille avant \(time.prefix(2)) H auprès de la douane" },
            { hours, _, _ in "Hors Schengen : préavis \(hours) H. Vols Schengen : sur demande" },
            { hours, _, _ in "Non-Schengen flights: PPR \(hours) HR. Schengen flights: O/R" },
            { _, time, _ in "\(time) - 1800 E-mail : douane-aeroport@douane.finances.gouv.fr TEL : 03 21 06 46 13" },
            { _, _, _ in "As AD OPR HR" },
            { _, _, _ in "NIL" },
            { _, _, _ in "See AD 2.20" },
            { hours, _, lfaq in lfaq.replacingOccurrences(of: "12 HR", with: "\(hours) HR") },
            { hours, _, _ in "LUN-VEN : PN \(hours) HR. SAM-DIM et JF : PN \(hours + 24) HR. TEL : +33 (0)3 22 74 38 14" },
        ]
        texts = (0..<count).map { index in
            templates[index % templates.count](hours[(index / templates.count) % hours.count], times[index % times.count], RealCustomsTexts.lfaq)
        }
        bytes = texts.reduce(0) { $0 + $1.utf8.count }
    }

    func run() throws -> Work {
        var understood = 0
        for text in texts where NotificationParser.parse(text).isUnderstood {
            understood += 1
        }
        // Keeps the work observable, and catches a parser that suddenly understands nothing.
        precondition(understood > texts.count / 2, "the parser understood only \(understood) of \(texts.count) texts")
        return Work(rows: texts.count, bytes: bytes)
    }
}
