import AIPStages
import TestSupport
import Testing

/// Texts in the style of real AIP field 302 entries, English and French, one per construct the parser knows.
@Suite("Notification parser")
struct NotificationParserTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var type: NotificationType?
        var hours: Int?
        var window: (String, String)?
        var weekdays: [String: String] = [:]
        /// (schengen_only, non_schengen_only), or nil when the text names no Schengen qualifier.
        var schengen: (Bool, Bool)?
        var rule: NotificationRuleType?
        var email: String?
        var phone: String?
        var testDescription: String { text }
    }

    static let cases: [Case] = [
        // H24
        Case(text: "H24", type: .h24, rule: .customs),
        Case(text: "Customs and immigration: H 24", type: .h24, rule: .customs),
        Case(text: "Douane et police : 24H/24, 7J/7", type: .h24, rule: .customs),
        Case(text: "H24. PPR 2 HR", type: .hours, hours: 2, rule: .ppr),
        // On request
        Case(text: "O / R", type: .onRequest),
        Case(text: "Available on request from the handling agent", type: .onRequest),
        Case(text: "By arrangement with Jersey customs", type: .onRequest),
        Case(text: "Sur demande à la douane de Lille", type: .onRequest),
        Case(text: "H24 O/R", type: .onRequest),
        Case(text: "O/R, PN 24 HR", type: .hours, hours: 24, rule: .pn),
        // Bare requirement words
        Case(text: "PPR", type: .onRequest, rule: .ppr),
        Case(text: "Préavis obligatoire auprès du bureau de douane", type: .onRequest, rule: .pn),
        Case(text: "Prior notice required", type: .onRequest, rule: .pn),
        // As AD hours
        Case(text: "HR AD", type: .asADHours),
        Case(text: "Customs: HOR AD", type: .asADHours),
        Case(text: "Selon horaires de l'AD", type: .asADHours),
        Case(text: "During aerodrome hours", type: .asADHours),
        Case(text: "As AD OPR HR. PN 12 HR", type: .hours, hours: 12, rule: .pn),
        // After a lead word the hours go unsaid, or are the administration's (AD 2.3 item 1)
        Case(text: "Hours for customs clearance and immigration as for AD.", type: .asADHours),
        Case(text: "As AD", type: .asADHours),
        Case(text: "As AD Administration.", type: .asADHours),
        Case(text: "Comme l'AD", type: .asADHours),
        Case(text: "As AD. PN 24 HR", type: .hours, hours: 24, rule: .pn),
        // Hours notice, every way of writing it
        Case(text: "PPR 24HR", type: .hours, hours: 24, rule: .ppr),
        Case(text: "48 HRS PN", type: .hours, hours: 48, rule: .pn),
        Case(text: "Préavis de 24 heures", type: .hours, hours: 24, rule: .pn),
        Case(text: "PN 24 H", type: .hours, hours: 24, rule: .pn),
        Case(text: "Préavis 48H", type: .hours, hours: 48, rule: .pn),
        Case(text: "A 24-hour prior notice is required", type: .hours, hours: 24, rule: .pn),
        Case(text: "PN 2 HR before ETA/ETD", type: .hours, hours: 2, rule: .pn),
        Case(text: "PN 2 days", type: .hours, hours: 48, rule: .pn),
        Case(text: "PN 2 working days", type: .hours, hours: 48, rule: .pn),
        Case(text: "Préavis 2 jours ouvrables", type: .hours, hours: 48, rule: .pn),
        Case(text: "PN 24-48 HR", type: .hours, hours: 48, rule: .pn),
        Case(text: "PN 30 MIN before ETA", type: .hours, hours: nil, rule: .pn),
        Case(text: "Customs available O/R with 12 HR PN", type: .hours, hours: 12, rule: .pn),
        // Clock times are not notices
        Case(text: "PN la veille avant 17 H", type: .businessDay, hours: nil, rule: .pn),
        Case(text: "PN before 17 H the previous day", type: .businessDay, hours: nil, rule: .pn),
        // Working day before
        Case(text: "PN last working day before 1700", type: .businessDay, rule: .pn),
        Case(text: "Préavis le dernier jour ouvrable avant 1200", type: .businessDay, rule: .pn),
        Case(text: "PPR by 1600 on the working day before the flight", type: .businessDay, rule: .ppr),
        // A working-day deadline for some days beside a notice in hours for the others: hours, with the days' rule.
        Case(text: "PN 24 HR. SAT, SUN and HOL: PN last working day before 1500", type: .hours, hours: 24,
             weekdays: ["Mon-Fri": "24h", "Sat-Sun/HOL": WeekdayRule.lastWorkingDay], rule: .pn),
        Case(text: "PPR 24 HR, weekends by the last working day", type: .hours, hours: 24,
             weekdays: ["Mon-Fri": "24h", "Sat-Sun": WeekdayRule.lastWorkingDay], rule: .ppr),
        Case(text: "PN 72 HR or last working day before 1200", type: .hours, hours: 72, rule: .pn),
        // Opening hours
        Case(text: "MON-FRI 0700-1900", type: .hours, window: ("0700", "1900")),
        Case(text: "LUN-VEN : 08:00 - 18:00", type: .hours, window: ("0800", "1800")),
        Case(text: "De 8H00 à 18H00", type: .hours, window: ("0800", "1800")),
        Case(text: "0600-2200 UTC, outside these hours PPR 24 HR", type: .hours, hours: 24, window: ("0600", "2200"), rule: .ppr),
        // Day groups with their own notice
        Case(text: "PN 24 HR MON-FRI, 48 HR SAT-SUN and HOL", type: .hours, hours: 48,
             weekdays: ["Mon-Fri": "24h", "Sat-Sun/HOL": "48h"]),
        Case(text: "PPR 24 HR. Weekends and public holidays: PPR 48 HR", type: .hours, hours: 48,
             weekdays: ["Mon-Fri": "24h", "Sat-Sun/HOL": "48h"]),
        Case(text: "LUN-VEN : PN 12 HR. SAM-DIM et JF : PN 24 HR", type: .hours, hours: 24,
             weekdays: ["Mon-Fri": "12h", "Sat-Sun/HOL": "24h"]),
        Case(text: "Préavis 24 H du LUN au VEN, 72 H les SAM, DIM et JF", type: .hours, hours: 72,
             weekdays: ["Mon-Fri": "24h", "Sat-Sun/HOL": "72h"]),
        Case(text: "MON-FRI EXC HOL: PN 12 HR. SAT: PN 24 HR. SUN: not available", type: .hours, hours: 24,
             weekdays: ["Mon-Fri": "12h", "Sat": "24h"]),
        Case(text: "PN 24 HR on weekdays, 36 HR on weekends", type: .hours, hours: 36,
             weekdays: ["Mon-Fri": "24h", "Sat-Sun": "36h"]),
        // Schengen qualifiers
        Case(text: "Hors Schengen : préavis 24 H", type: .hours, hours: 24, schengen: (false, true), rule: .pn),
        Case(text: "PPR 12 HR for non-Schengen flights", type: .hours, hours: 12, schengen: (false, true), rule: .ppr),
        Case(text: "Schengen flights only. Non-Schengen flights: not authorized", type: .notAvailable, schengen: (true, false)),
        Case(text: "Vols extra-Schengen non autorisés", type: .notAvailable, schengen: (true, false)),
        Case(text: "Intra-EU flights: O/R. Non-EU flights: PN 24 HR", type: .hours, hours: 24, schengen: (false, false)),
        Case(text: "Schengen: PN 48 HR. Non-Schengen: PN 12 HR", type: .hours, hours: 48, schengen: (false, false)),
        // Not available
        Case(text: "NIL", type: .notAvailable),
        Case(text: "Not available", type: .notAvailable),
        Case(text: "Non autorisé", type: .notAvailable),
        Case(text: "No customs at this aerodrome", type: .notAvailable),
        Case(text: "MON-FRI 0800-1800. Outside these hours: NIL", type: .hours, window: ("0800", "1800")),
        Case(text: "Closed", type: .notAvailable),
        Case(text: "LUN-VEN : 0800-1200, 1400-1800. SAM, DIM et JF : fermé", type: .hours, window: ("0800", "1200")),
        Case(text: "MON-FRI 0800-1800, O/R outside these hours", type: .hours, window: ("0800", "1800")),
        // Both seasons printed, summer in brackets (German AIP, EDSB): the window printed first is read.
        Case(text: "Mon – Sat 0500 (0400) – 2100 (2000)\nSun, HOL 0800 (0700) – 1900 (1800)", type: .hours, window: ("0500", "2100")),
        Case(text: "0700 (0600) - 1900 (1800) UTC", type: .hours, window: ("0700", "1900")),
        Case(text: "Douane : HOR AD. Police : O/R", type: .onRequest),
        Case(text: "PN 24 HR (48 HR pour les vols hors Schengen)", type: .hours, hours: 48, schengen: (false, false)),
        Case(text: "Available during AD hours. Outside AD hours: PPR 24 HR", type: .hours, hours: 24, rule: .ppr),
        // Opening hours followed by a fallback: the hours are the rule.
        Case(text: "0500-2200, HN O/R", type: .hours, window: ("0500", "2200")),
        Case(text: "MON-FRI 0700-1900. Other times: PPR", type: .hours, window: ("0700", "1900"), rule: .ppr),
        Case(text: "0800-1600, otherwise O/R", type: .hours, window: ("0800", "1600")),
        // National wordings: on request, prior permission or notice, working day, holidays, outside these hours.
        Case(text: "0500-2200 (0400-2100) auf Anfrage", type: .onRequest),
        Case(text: "Vorherige Genehmigung 24 Std", type: .hours, hours: 24, rule: .ppr),
        Case(text: "Voranmeldung 24 Stunden", type: .hours, hours: 24, rule: .pn),
        Case(text: "Preavviso 24 ore", type: .hours, hours: 24, rule: .pn),
        Case(text: "Autorización previa 48 horas", type: .hours, hours: 48, rule: .ppr),
        Case(text: "Voorafgaande toestemming 24 uur", type: .hours, hours: 24, rule: .ppr),
        Case(text: "Uprzednia zgoda 24 godz.", type: .hours, hours: 24, rule: .ppr),
        Case(text: "Förhandstillstånd 12 timmar", type: .hours, hours: 12, rule: .ppr),
        Case(text: "Voranmeldung bis 1500 am letzten Werktag", type: .businessDay, rule: .pn),
        Case(text: "Preavviso giorno lavorativo precedente entro 1500", type: .businessDay, rule: .pn),
        Case(text: "Předchozí oznámení: pracovní den předem do 1400", type: .businessDay, rule: .pn),
        Case(text: "MON-FRI: PN 24 HR. Feiertage: PN 48 HR", type: .hours, hours: 48, weekdays: ["Mon-Fri": "24h", "HOL": "48h"], rule: .pn),
        Case(text: "0700-1900. Außerhalb dieser Zeiten auf Anfrage", type: .hours, window: ("0700", "1900")),
        Case(text: "0800-1700, fuori orario su richiesta", type: .hours, window: ("0800", "1700")),
        Case(text: "0800-1700, buiten deze uren op aanvraag", type: .hours, window: ("0800", "1700")),
        Case(text: "0800-1700, mimo tuto dobu na požádání", type: .hours, window: ("0800", "1700")),
        Case(text: "0800-1700, izvan tog vremena na zahtjev", type: .hours, window: ("0800", "1700")),
        Case(text: "0800-1700, poza tymi godzinami na żądanie", type: .hours, window: ("0800", "1700")),
        // Nothing usable
        Case(text: "-", type: nil),
        Case(text: "See AD 2.20", type: nil),
        Case(text: "TEL: +33 (0)3 21 06 46 13", type: nil, phone: "+33 (0)3 21 06 46 13"),
        // Contacts
        Case(text: "PPR 24 HR via customs@example.org or TEL 01702 608100", type: .hours, hours: 24, rule: .ppr,
             email: "customs@example.org", phone: "01702 608100"),
        Case(text: "Préavis 12 H : TEL 03.22.74.38.14 - douane.lille@douane.finances.gouv.fr", type: .hours, hours: 12, rule: .pn,
             email: "douane.lille@douane.finances.gouv.fr", phone: "03.22.74.38.14"),
    ] + ["Auf Anfrage", "Su richiesta", "A petición", "Op aanvraag", "På begäran", "Na požádání", "Na zahtjev", "Na żądanie"]
        .map { Case(text: $0, type: .onRequest) }

    @Test("each construct is read as labelled", arguments: cases)
    func construct(_ item: Case) {
        let rule = NotificationParser.parse(item.text)
        #expect(rule.notificationType == item.type)
        #expect(rule.hoursNotice == item.hours)
        #expect(rule.operatingHoursStart == item.window?.0)
        #expect(rule.operatingHoursEnd == item.window?.1)
        #expect(Dictionary(uniqueKeysWithValues: rule.weekdayRules.map { ($0.days, $0.notice) }) == item.weekdays)
        #expect(rule.schengen.map { [$0.schengenOnly, $0.nonSchengenOnly] } == item.schengen.map { [$0.0, $0.1] })
        if let expected = item.rule { #expect(rule.ruleType == expected) }
        #expect(rule.contact?.email == item.email)
        #expect(rule.contact?.phone == item.phone)
        if item.type == nil {
            #expect(rule.confidence == 0 && rule.summary == nil && rule.ruleType == nil)
        } else {
            #expect(rule.confidence > 0.5 && rule.summary != nil && rule.ruleType != nil)
        }
    }

    @Test("there are at least 40 own cases, in English and in French")
    func enough() {
        #expect(Self.cases.count >= 40)
        #expect(Self.cases.filter { $0.text.contains("é") || $0.text.contains("LUN") || $0.text.contains("Douane") || $0.text.contains("Sur ") }.count >= 8)
    }

    @Test("each rule keeps the words it was read from, in text order")
    func evidence() {
        #expect(NotificationParser.parse("0500-2200, HN O/R").evidence == ["opening_hours «0500-2200»", "outside «HN»", "on_request «O/R»"])
        #expect(NotificationParser.parse("Voranmeldung 24 Std, außerhalb dieser Zeiten auf Anfrage").evidence
            == ["requirement «VORANMELDUNG»", "notice «24 STD»", "outside «AUSSERHALB»", "on_request «AUF ANFRAGE»"])
        #expect(NotificationsStage.extractionMethod(NotificationParser.parse("H24")) == "aipbundle_parser_v1: h24 «H24»")
        #expect(NotificationsStage.extractionMethod(NotificationParser.parse("see AD 2.20")) == "aipbundle_parser_v1")
    }

    @Test("EGMC's real customs text, H24")
    func egmc() {
        let rule = NotificationParser.parse("H24")
        var expected = NotificationRule(ruleType: .customs, notificationType: .h24, summary: "H24, no notice", confidence: 0.95)
        expected.evidence = ["h24 «H24»"]
        #expect(rule == expected)
        #expect(DifficultyBucket(rule) == .h24)
    }

    @Test("LFAQ's real customs text: PPR 12 h on weekdays, 24 h on weekends and holidays, the customs e-mail")
    func lfaq() {
        let rule = NotificationParser.parse(RealCustomsTexts.lfaq)
        #expect(rule.notificationType == .hours)
        #expect(rule.hoursNotice == 24)
        #expect(rule.weekdayRules == [WeekdayRule(days: "Mon-Fri", notice: "12h"), WeekdayRule(days: "Sat-Sun/HOL", notice: "24h")])
        #expect(rule.contact == ContactInfo(phone: nil, email: "douane.aeroportalbert@douane.finances.gouv.fr"))
        #expect(rule.ruleType == .ppr)
        #expect(rule.summary == "PPR 12h weekdays, 24h weekends/holidays")
        #expect(rule.confidence > 0.5)
        #expect(rule.schengen == nil)
        #expect(DifficultyBucket(rule) == .moderate)
    }

    @Test("LFAQ's French text reads the same")
    func lfaqFrench() {
        let rule = NotificationParser.parse("""
            Pour tous les vols internationaux au départ et à l'arrivée : PPR 12 HR (24 HR SAM, DIM et JF) avant ETA/ETD à \
            douane.aeroportalbert@douane.finances.gouv.fr avec copie à handling@aeroportamienspotez.fr
            """)
        #expect(rule.notificationType == .hours)
        #expect(rule.hoursNotice == 24)
        #expect(rule.weekdayRules == [WeekdayRule(days: "Mon-Fri", notice: "12h"), WeekdayRule(days: "Sat-Sun/HOL", notice: "24h")])
        #expect(rule.contact?.email == "douane.aeroportalbert@douane.finances.gouv.fr")
    }

    @Test("summaries say the rule in one line")
    func summaries() {
        #expect(NotificationParser.parse("MON-FRI : PPR 24 HR. SAT-SUN and HOL : PPR 48 HR").summary == "PPR 24h weekdays, 48h weekends/holidays")
        #expect(NotificationParser.parse("PN last working day before 1500").summary == "PN previous working day before 1500")
        #expect(NotificationParser.parse("PN la veille avant 17 H").summary == "PN previous day before 1700")
        #expect(NotificationParser.parse("Avant 17h la veille pour les vols du lendemain").summary == "PN previous day before 1700")
        #expect(NotificationParser.parse("Prior notice: MON-FRI by 1500 the preceding working day").summary == "PN previous working day before 1500")
        #expect(NotificationParser.parse("0800 - 1800").summary == "Open 0800-1800")
        #expect(NotificationParser.parse("Extra-Schengen: PN 48 HR").summary == "PN 48h (non-Schengen flights)")
        #expect(NotificationParser.parse("O/R").summary == "On request")
        #expect(NotificationParser.parse("NIL").summary == "Not available")
    }

    @Test("a text understood only in part has a lower confidence than one understood in full")
    func confidence() {
        let full = NotificationParser.parse("PPR 24 HR")
        let partial = NotificationParser.parse("Customs clearance arranged through Jersey Aero Club staff, PPR 24 HR with the duty officer")
        #expect(full.confidence == 0.95)
        #expect(partial.confidence < full.confidence)
        #expect(partial.confidence > 0.5)
        #expect(partial.hoursNotice == 24)
    }
}
