/// What a word can be in a customs text. The tokenizer looks each word up once (``NotificationVocabulary/classes``),
/// so the patterns test bits instead of hashing the word again for every set.
struct WordClass: OptionSet, Sendable, Hashable {
    let rawValue: UInt32

    static let filler = WordClass(rawValue: 1 << 0)
    static let hourUnit = WordClass(rawValue: 1 << 1)
    static let dayUnit = WordClass(rawValue: 1 << 2)
    static let minuteUnit = WordClass(rawValue: 1 << 3)
    static let clockPreposition = WordClass(rawValue: 1 << 4)
    static let windowSeparator = WordClass(rawValue: 1 << 5)
    static let timeSuffix = WordClass(rawValue: 1 << 6)
    static let listConnector = WordClass(rawValue: 1 << 7)
    static let weekday = WordClass(rawValue: 1 << 8)
    static let holiday = WordClass(rawValue: 1 << 9)
    static let except = WordClass(rawValue: 1 << 10)
    static let outside = WordClass(rawValue: 1 << 11)
    static let ppr = WordClass(rawValue: 1 << 12)
    static let pn = WordClass(rawValue: 1 << 13)
    static let customs = WordClass(rawValue: 1 << 14)
    static let immigration = WordClass(rawValue: 1 << 15)
    static let handling = WordClass(rawValue: 1 << 16)
    static let negatedNotAvailable = WordClass(rawValue: 1 << 17)
    static let notAvailable = WordClass(rawValue: 1 << 18)
    static let aerodrome = WordClass(rawValue: 1 << 19)
    static let aerodromeHours = WordClass(rawValue: 1 << 20)
    static let aerodromeLead = WordClass(rawValue: 1 << 21)
    static let aerodromeOperating = WordClass(rawValue: 1 << 22)
    static let aerodromeLink = WordClass(rawValue: 1 << 23)
    static let schengenNegation = WordClass(rawValue: 1 << 24)
    static let flights = WordClass(rawValue: 1 << 25)
    static let rangeSeparator = WordClass(rawValue: 1 << 26)

    static let units: WordClass = [.hourUnit, .dayUnit, .minuteUnit]
}

/// The words of customs texts, upper-cased with accents folded as the tokenizer gives them: English and French
/// throughout; for what a notice rests on (units, on request, prior permission or notice, working day, holidays,
/// outside these hours) also German, Italian, Spanish, Dutch, Swedish, Danish, Norwegian, Finnish, Czech, Croatian
/// and Polish, as the AIPs of those states print them beside or instead of English.
enum NotificationVocabulary {
    static let hourUnits: Set<String> = ["HR", "HRS", "HOUR", "HOURS", "H", "HEURE", "HEURES", "HS",
                                         "STD", "STUNDE", "STUNDEN", "ORE", "ORA", "HORA", "HORAS", "UUR", "UREN", "TIMME", "TIMMAR",
                                         "TIMER", "TIMAR", "TUNTI", "TUNTIA", "HOD", "HODIN", "HODINY", "HODINU", "SATI", "SATA",
                                         "GODZ", "GODZIN", "GODZINY"]
    static let dayUnits: Set<String> = ["DAY", "DAYS", "JOUR", "JOURS", "J", "JRS", "TAG", "TAGE", "TAGEN", "GIORNO", "GIORNI",
                                        "DIA", "DIAS", "DAG", "DAGEN", "DAGAR", "DAGE", "DAGER", "PAIVA", "PAIVAA", "DEN", "DNY",
                                        "DNU", "DAN", "DANA", "DNI", "DZIEN"]
    static let minuteUnits: Set<String> = ["MIN", "MINS", "MINUTE", "MINUTES", "MN", "MNS"]
    /// After these, `17 H` is a clock time, not a notice.
    static let clockPrepositions: Set<String> = ["BEFORE", "AVANT", "UNTIL", "TILL", "JUSQU", "JUSQUA", "AT", "A", "BY", "FROM",
                                                 "BETWEEN", "ENTRE", "TO", "AU", "LATEST", "PRIOR",
                                                 "VOR", "BIS", "PRIMA", "ENTRO", "ANTES", "HASTA", "VOOR", "FORE", "INNAN", "INNEN",
                                                 "ENNEN", "PRED", "DO", "PRIJE", "PRZED"]
    static let windowSeparators: Set<String> = ["TO", "A", "AU", "UNTIL", "TILL"]
    static let timeSuffixes: Set<String> = ["UTC", "LT", "Z", "LOC", "LOCAL", "HL"]
    static let listConnectors: Set<String> = ["AND", "ET", "OR", "OU"]

    /// Weekday names (English, French; short and long) by index, Monday = 0.
    static let dayIndexes: [String: Int] = [
        "MON": 0, "MONDAY": 0, "LUN": 0, "LUNDI": 0,
        "TUE": 1, "TUES": 1, "TUESDAY": 1, "MAR": 1, "MARDI": 1,
        "WED": 2, "WEDNESDAY": 2, "MER": 2, "MERCREDI": 2,
        "THU": 3, "THUR": 3, "THURS": 3, "THURSDAY": 3, "JEU": 3, "JEUDI": 3,
        "FRI": 4, "FRIDAY": 4, "VEN": 4, "VENDREDI": 4,
        "SAT": 5, "SATURDAY": 5, "SAM": 5, "SAMEDI": 5,
        "SUN": 6, "SUNDAY": 6, "DIM": 6, "DIMANCHE": 6,
    ]
    static let holidayWords: Set<String> = ["HOL", "HOLS", "HOLIDAY", "HOLIDAYS", "PH", "JF", "FERIE", "FERIES", "FERIEE", "FERIEES",
                                            "FEIERTAG", "FEIERTAGE", "FEIERTAGEN", "FEIERTAGS", "FESTIVO", "FESTIVI", "FESTIVITA",
                                            "FESTIVOS", "FEESTDAG", "FEESTDAGEN", "HELGDAG", "HELGDAGAR", "HELGDAGER", "HELLIGDAG",
                                            "HELLIGDAGE", "HELLIGDAGER", "PYHAPAIVA", "PYHAPAIVAT", "PYHAPAIVINA", "SVATEK", "SVATKY",
                                            "SVATKU", "SVATCICH", "PRAZNIK", "PRAZNICI", "PRAZNIKOM", "PRAZNIKA", "BLAGDAN", "BLAGDANI",
                                            "BLAGDANIMA", "SWIETO", "SWIETA", "SWIAT", "SWIETAMI"]
    static let exceptWords: Set<String> = ["EXC", "EXCEPT", "SAUF", "EXCL", "EXCLUDING", "EXCEPTED"]
    /// "Outside (these hours)", and the fallbacks that say the same after opening hours ("otherwise").
    static let outsideWords: Set<String> = ["OUTSIDE", "HORS", "DEHORS", "BEYOND", "OTHERWISE", "AUSSERHALB", "SONST", "ANSONSTEN",
                                            "FUORI", "ALTRIMENTI", "FUERA", "BUITEN", "ANDERS", "UTANFOR", "UDENFOR", "UTENFOR",
                                            "ULKOPUOLELLA", "MIMO", "IZVAN", "POZA"]

    static let pprWords: Set<String> = ["PPR"]
    static let pnWords: Set<String> = ["PN", "PREAVIS", "NOTICE", "NOTIFICATION", "PRENOTIFICATION", "VORANMELDUNG", "VORANKUENDIGUNG",
                                       "VORANKUNDIGUNG", "PREAVVISO", "PREAVISO", "VOORAANKONDIGING", "VOORMELDING",
                                       "FORHANDSANMALAN", "FORHANDSMEDDELELSE", "FORHANDSVARSEL", "ENNAKKOILMOITUS"]
    /// One word saying "prior permission" (`Genehmigungspflichtig`, `förhandstillstånd`).
    static let permissionWords: Set<String> = ["FORHANDSTILLSTAND", "FORHANDSTILLADELSE", "FORHANDSTILLATELSE", "ENNAKKOLUPA"]
    /// Two words saying "prior permission" or "prior notice", first word to second (either order in some languages),
    /// and whether it is a permission.
    static let requirementPairs: [String: [String: Bool]] = [
        "PRIOR": ["NOTICE": false, "NOTIFICATION": false, "PERMISSION": true], "ADVANCE": ["NOTICE": false, "NOTIFICATION": false],
        "PREVIOUS": ["NOTICE": false, "NOTIFICATION": false, "PERMISSION": true],
        "AUTORISATION": ["PREALABLE": true], "VORHERIGE": ["GENEHMIGUNG": true, "ANMELDUNG": false],
        "AUTORIZZAZIONE": ["PREVENTIVA": true, "PREVIA": true], "PREVIA": ["AUTORIZZAZIONE": true, "AUTORIZACION": true, "NOTIFICA": false],
        "AUTORIZACION": ["PREVIA": true], "PERMISO": ["PREVIO": true], "PREVIO": ["AVISO": false, "PERMISO": true], "AVISO": ["PREVIO": false],
        "VOORAFGAANDE": ["TOESTEMMING": true, "MELDING": false], "FORUDGAENDE": ["TILLADELSE": true, "MEDDELELSE": false],
        "PREDCHOZI": ["POVOLENI": true, "SOUHLAS": true, "OZNAMENI": false, "OHLASENI": false],
        "PRETHODNO": ["ODOBRENJE": true, "NAJAVA": false], "PRETHODNA": ["DOZVOLA": true, "NAJAVA": false, "ODOBRENJA": true],
        "UPRZEDNIA": ["ZGODA": true], "UPRZEDNIEJ": ["ZGODY": true], "UPRZEDNIE": ["ZGLOSZENIE": false, "POWIADOMIENIE": false],
    ]
    static let customsWords: Set<String> = ["CUSTOMS", "CUSTOM", "DOUANE", "DOUANES", "DOUANIER", "DOUANIERE", "DOUANIERS"]
    static let immigrationWords: Set<String> = ["IMMIGRATION", "POLICE", "PAF", "BORDER", "FRONTIERE", "FRONTIERES", "PASSPORT"]
    static let handlingWords: Set<String> = ["HANDLING", "HANDLER", "AGENT"]

    /// Words that say "not available" after `NOT` / `NON`.
    static let notAvailableAfterNegation: Set<String> = [
        "AVBL", "AVAILABLE", "AUTHORIZED", "AUTHORISED", "PERMITTED", "ALLOWED", "PROVIDED", "POSSIBLE", "ACCEPTED",
        "AUTORISE", "AUTORISES", "AUTORISEE", "AUTORISEES", "DISPONIBLE", "DISPONIBLES", "ASSURE", "ASSURES", "ASSUREE",
        "ACCEPTE", "ACCEPTES", "PERMIS",
    ]
    static let notAvailableWords: Set<String> = ["NIL", "INTERDIT", "INTERDITS", "INTERDITE", "UNAVAILABLE", "PROHIBITED", "CLOSED",
                                                 "FERME", "FERMEE", "FERMES"]

    /// Words that carry no rule but are understood: a text made of these and rules is fully understood.
    static let fillers = Set<String>([
        "A", "ABOUT", "ACFT", "ADVANCE", "AIRCRAFT", "ALL", "ALSO", "AN", "AND", "ANY", "APPLY", "APPLIES", "ARE", "ARRIVAL",
        "ARRIVALS", "ARRIVING", "AT", "AVANT", "AVEC", "BE", "BEFORE", "BY", "C", "CE", "CES", "CLEARANCE", "CONTACT", "D", "DANS",
        "DE", "DEPARTING", "DEPARTURE", "DEPARTURES", "DEPART", "DES", "DU", "E", "EMAIL", "MAIL", "EN", "ET", "ETA", "ETD",
        "EXTENSION", "FAX", "FLIGHT", "FLIGHTS", "FOR", "FROM", "GA", "GENERAL", "AVIATION", "IF", "IN", "INTL", "INTERNATIONAL",
        "INTERNATIONAUX", "INTERNATIONALE", "IS", "L", "LA", "LE", "LES", "MUST", "OBLIGATOIRE", "OF", "ON", "ONLY", "OR", "OU",
        "PAR", "PHONE", "POUR", "PRIOR", "PRIVATE", "REQUIRED", "REQUEST", "REQUESTED", "REQUIS", "SERVICE", "SERVICES", "SUR",
        "T", "TEL", "TELEPHONE", "THE", "THIS", "TO", "TOUS", "TOUT", "TOUTE", "TOUTES", "UTC", "LT", "VIA", "VOL", "VOLS", "WITH",
        "WITHIN", "IMMIGRATION", "CUSTOMS", "POLICE", "DOUANE", "DOUANES", "AU", "AUX", "ARRIVEE", "ARRIVEES", "DEPARTS",
        "AIRPORT", "AD", "AERODROME", "OPR", "HR", "HOURS", "AVAILABLE", "AVBL", "PRESENTING", "ADVISED", "OTHER", "AUTRES",
        "NON", "NOT", "S", "RQRD", "REQ", "BETWEEN", "ENTRE", "DAYS", "DAY", "JOURS", "JOUR", "PUBLIC", "BANK", "HOURS",
        "PN", "PPR", "NOTICE", "PREAVIS", "ARR", "DEP", "HJ", "HX", "HO", "HN", "SR", "SS", "OPS", "TRAFFIC", "TRAFIC", "SAME",
        "AS", "COMME", "SELON", "PENDANT", "DURING", "TIME", "TIMES", "WORKING", "BUSINESS", "LAST", "DERNIER", "PREVIOUS",
        "PRECEDENT", "PRECEDING", "VEILLE", "OUVRABLE", "OUVRABLES", "OUVRE", "OUVRES", "HANDLING", "AGENT", "OFFICE",
        "BUREAU", "NUMBER", "NR", "NO", "VIA", "WEB", "SITE", "FORM", "FORMULAIRE", "MIN", "MINUTES", "HEURES", "HEURE",
    ] as [String])

    /// Two words saying "on request", first word to second: `ON REQUEST`, `SUR DEMANDE`, `AUF ANFRAGE`, `SU RICHIESTA`,
    /// `BAJO PETICION`, `OP AANVRAAG`, `PA BEGARAN`, `NA POZADANI`, `NA ZAHTJEV`, `NA ZADANIE` (a `PRIOR` or `LA` may
    /// stand between).
    static let onRequestPairs: [String: Set<String>] = [
        "ON": ["REQUEST", "REQ", "DEMAND"], "UPON": ["REQUEST"], "BY": ["ARRANGEMENT"], "PRIOR": ["ARRANGEMENT"],
        "SUR": ["DEMANDE", "REQUETE", "RDV"], "A": ["DEMANDE", "RICHIESTA", "PETICION", "SOLICITUD"],
        "AUF": ["ANFRAGE", "ANFORDERUNG", "VERLANGEN"], "NACH": ["VEREINBARUNG", "ABSPRACHE"],
        "SU": ["RICHIESTA"], "PREVIA": ["RICHIESTA", "PETICION", "SOLICITUD"], "BAJO": ["PETICION", "SOLICITUD", "DEMANDA"],
        "OP": ["AANVRAAG", "VERZOEK", "AFSPRAAK"], "PA": ["BEGARAN", "ANMODNING", "FORESPORGSEL", "FORESPORSEL", "ANFORDRING"],
        "EFTER": ["OVERENSKOMMELSE", "AFTALE", "BEGARAN"], "ETTER": ["AVTALE"],
        "NA": ["POZADANI", "VYZADANI", "ZADOST", "ZAHTJEV", "ZADANIE", "WNIOSEK", "ZAMOWIENIE"], "PO": ["ZAHTJEVU", "DOGOVORU"],
    ]
    /// One word saying "on request" (Finnish `pyynnöstä`).
    static let onRequestWords: Set<String> = ["PYYNNOSTA", "TILAUKSESTA"]

    /// A working day, in one word or two (`Werktag`, `giorno lavorativo`, `día laborable`, `pracovní den`): read as
    /// English `working day` is.
    static let workingDayWords: Set<String> = ["WERKTAG", "WERKTAGE", "WERKTAGES", "ARBEITSTAG", "WERKDAG", "WERKDAGEN", "ARBETSDAG",
                                               "ARBETSDAGEN", "VARDAG", "ARBEJDSDAG", "ARBEJDSDAGEN", "HVERDAG", "ARBEIDSDAG",
                                               "ARBEIDSDAGEN", "VIRKEDAG", "ARKIPAIVA", "ARKIPAIVANA", "TYOPAIVA", "TYOPAIVANA"]
    static let workingDayPairs: [String: Set<String>] = [
        "GIORNO": ["LAVORATIVO", "FERIALE"], "GIORNI": ["LAVORATIVI", "FERIALI"], "DIA": ["LABORABLE", "HABIL"],
        "DIAS": ["LABORABLES", "HABILES"], "PRACOVNI": ["DEN", "DNY", "DNE"], "PRACOVNIHO": ["DNE"], "RADNI": ["DAN", "DANI"],
        "RADNOG": ["DANA"], "DZIEN": ["ROBOCZY"], "DNIA": ["ROBOCZEGO"], "DNI": ["ROBOCZE"],
    ]
    /// "Last", "previous" before a working day, in the languages above.
    static let lastWords: Set<String> = ["LAST", "PREVIOUS", "PRECEDING", "DERNIER", "LETZTEN", "LETZTER", "VORHERGEHENDEN",
                                         "VORANGEHENDEN", "VORHERIGEN", "ULTIMO", "PRECEDENTE", "ANTERIOR", "LAATSTE", "VOORGAANDE",
                                         "VORIGE", "SISTA", "SIDSTE", "SISTE", "FOREGAENDE", "EDELLISENA", "EDELLINEN",
                                         "POSLEDNI", "PREDCHOZI", "PREDCHAZEJICI", "ZADNJI", "PRETHODNI", "PRETHODNOG", "OSTATNI",
                                         "OSTATNIEGO", "POPRZEDNI", "POPRZEDNIEGO"]
    /// "Before" after a working day, in the languages above.
    static let beforeWords: Set<String> = ["BEFORE", "PRIOR", "AVANT", "VOR", "VORHER", "PREDEM", "BIS", "PRIMA", "ENTRO", "ANTES", "HASTA", "VOOR",
                                           "INNAN", "INNEN", "ENNEN", "PRED", "DO", "PRIJE", "PRZED"]

    static let aerodromeWords: Set<String> = ["AD", "AERODROME", "AIRPORT", "AEROPORT"]
    static let aerodromeHourWords: Set<String> = ["HR", "HRS", "HOURS", "HOR", "SKED", "HORAIRES", "HORAIRE", "HEURES"]
    static let aerodromeLeadWords: Set<String> = ["AS", "DURING", "PENDANT", "SELON", "COMME", "DURANT", "SAME"]
    static let aerodromeOperatingWords: Set<String> = ["OPR", "OPS", "OPERATING", "OPENING", "OPERATIONAL", "OPERATION"]
    static let aerodromeLinkWords: Set<String> = ["OF", "DE", "D", "DU", "L", "THE", "OUVERTURE", "OPENING", "OPERATION", "OPR"]
    static let schengenNegationWords: Set<String> = ["NON", "EXTRA", "HORS", "OUTSIDE", "NOT"]
    static let flightWords: Set<String> = ["FLIGHTS", "FLIGHT", "VOLS", "VOL", "TRAFFIC", "TRAFIC", "ONLY", "UNIQUEMENT"]
    static let rangeSeparators: Set<String> = ["TO", "A", "AU"]

    /// Every word above with all it can be.
    static let classes: [String: WordClass] = {
        let lists: [(Set<String>, WordClass)] = [
            (fillers, .filler), (hourUnits, .hourUnit), (dayUnits, .dayUnit), (minuteUnits, .minuteUnit),
            (clockPrepositions, .clockPreposition), (windowSeparators, .windowSeparator), (timeSuffixes, .timeSuffix),
            (listConnectors, .listConnector), (Set(dayIndexes.keys), .weekday), (holidayWords, .holiday), (exceptWords, .except),
            (outsideWords, .outside), (pprWords, .ppr), (pnWords, .pn), (customsWords, .customs), (immigrationWords, .immigration),
            (handlingWords, .handling), (notAvailableAfterNegation, .negatedNotAvailable), (notAvailableWords, .notAvailable),
            (aerodromeWords, .aerodrome), (aerodromeHourWords, .aerodromeHours), (aerodromeLeadWords, .aerodromeLead),
            (aerodromeOperatingWords, .aerodromeOperating), (aerodromeLinkWords, .aerodromeLink),
            (schengenNegationWords, .schengenNegation), (flightWords, .flights), (rangeSeparators, .rangeSeparator),
        ]
        var classes: [String: WordClass] = [:]
        for (words, wordClass) in lists {
            for word in words { classes[word, default: []].insert(wordClass) }
        }
        return classes
    }()
}
