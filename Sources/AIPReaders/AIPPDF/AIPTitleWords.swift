import Foundation

/// Words of AD 2 section titles and item labels, compared case- and accent-insensitively, so that a heading or a
/// row that prints no number (`3. Operational Hours`, `OPERATIONAL HOURS`, a Spanish table without item numbers)
/// is placed by what it says. One table for the reader and the airports stage (which maps AD 2.2 labels of states
/// numbering differently): the words live here because stages may import readers, not the other way round.
public enum AIPTitleWords {
    /// The words of `text`, lowercased, accents folded (`Aéroport` → `aeroport`), split at anything not a letter or
    /// digit (`De-icing` → `de`, `icing`; `facilities/capacity` → two words).
    public static func words(_ text: String) -> [String] {
        // Most text is ASCII, where folding is lower-casing and letters and digits are the word bytes: done on bytes,
        // as Foundation's folding would. The reader asks this of every line, several times: folded by Foundation,
        // section titles took 43 % of a chapter's reading.
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                .split { !$0.isLetter && !$0.isNumber }.map(String.init)
        }
        var words: [String] = []
        var word: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte + 0x20)
            default:
                if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
                word.removeAll(keepingCapacity: true)
            }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        return words
    }

    // MARK: Section titles

    /// The AD 2 section a heading's title names, nil when it names none: the title (each half of a bilingual
    /// `HORAS DE FUNCIONAMIENTO / OPERATIONAL HOURS`, each of `titles` when a heading prints its halves or a value
    /// apart) must hold exactly the content words of one of the section's titles, so that a label or a sentence
    /// mentioning `hours` is no heading; a half in a language the table lacks (or a value) is passed over when
    /// another half names the section, and halves naming two sections name none. `englishOnly`: only the
    /// template's English titles count.
    static func section(titles: [String], englishOnly: Bool = false) -> Int? {
        let found = Set(titles.flatMap { $0.split(separator: "/") }.compactMap { half -> Int? in
            var content = Set<String>()
            for word in words(String(half)) where !fillerWords.contains(word) {
                let word = singular(word)
                // A word of no title: this half names no section (most lines end here, before any set is made).
                guard titleWords.contains(word) else { return nil }
                content.insert(word)
            }
            guard !content.isEmpty else { return nil }
            return (englishOnly ? englishTitleSections : titleSections)[content]
        })
        return found.count == 1 ? found.first : nil
    }

    /// The section each title's content words name (``sectionTitles``, English and national), the first section
    /// where two share a title; and the same of the English titles alone.
    private static let titleSections = firstSections { $0.english + $0.national }
    /// Every content word of a title.
    private static let titleWords = Set(titleSections.keys.joined())
    private static let englishTitleSections = firstSections(\.english)

    private static func firstSections(_ titles: ((section: Int, english: [Set<String>], national: [Set<String>])) -> [Set<String>]) -> [Set<String>: Int] {
        var sections: [Set<String>: Int] = [:]
        for entry in sectionTitles {
            for title in titles(entry) where sections[title] == nil { sections[title] = entry.section }
        }
        return sections
    }

    /// Words a title may add or drop without naming another section: articles, prepositions and the word for
    /// aerodrome, in the languages of ``sectionTitles``.
    static let fillerWords: Set<String> = [
        "and", "of", "the", "for", "at", "ad", "aerodrome", "airport",
        "de", "d", "l", "et", "la", "le", "les", "des", "du", "a", "aux", "aerodromo", "aeroport",
        "und", "der", "die", "flugplatzes", "flugplatz",
        "e", "di", "del", "dell", "per", "i", "aeroporto",
        "y", "los", "en", "para",
        "o", "pro", "letiste", "letisti",
        "og", "lufthavnen", "lufthavn",
        "van", "het", "voor", "luchtvaartterrein",
        "za", "aerodroma", "aerodromu",
    ]

    static func contentWords(_ text: String) -> Set<String> { Set(words(text).filter { !fillerWords.contains($0) }) }

    /// A title word without a plural `s` (`RESCUE AND FIRE FIGHTING SERVICE` is section 2.6's title as much as
    /// `…SERVICES`).
    static func singular(_ word: String) -> String { word.count > 3 && word.hasSuffix("s") ? String(word.dropLast()) : word }

    /// Titles of AD 2.1–2.25: English (ICAO Annex 15, first) for all, and for the sections an aerodrome chapter's items
    /// live in and the one right after them (2.1–2.6, where a missed heading would run one section into the next),
    /// the national titles of the AIPs of France, Germany, Italy, Spain, Czechia, Denmark, the Netherlands and
    /// Croatia (as those AIPs print them; spelling variants each a title).
    static let sectionTitles: [(section: Int, english: [Set<String>], national: [Set<String>])] = [
        (1, ["Aerodrome location indicator and name", "Indicateur d'emplacement et nom de l'aérodrome",
             "Ortskennung und Name des Flugplatzes", "Indicatore di località e nome dell'aeroporto",
             "Indicador de lugar y nombre del aeródromo", "Směrovací ukazatel místa a název letiště",
             "Lufthavnens stedindikator og navn", "Locatie-indicator en naam van het luchtvaartterrein",
             "Indikator lokacije i naziv aerodroma"]),
        (2, ["Aerodrome geographical and administrative data", "Données géographiques et administratives de l'aérodrome",
             "Geographische und administrative Daten des Flugplatzes", "Dati geografici e amministrativi dell'aeroporto",
             "Datos geográficos y de administración del aeródromo", "Zeměpisné a správní údaje o letišti",
             "Geografiske og administrative data for lufthavnen", "Geografische en administratieve gegevens van het luchtvaartterrein",
             "Zemljopisni i administrativni podaci o aerodromu"]),
        (3, ["Operational hours", "Heures de fonctionnement", "Betriebszeiten", "Orari di servizio", "Orari operativi",
             "Horas de funcionamiento", "Horario de funcionamiento", "Provozní doba", "Åbningstider", "Operationelle tider",
             "Openingstijden", "Operationele uren", "Radno vrijeme"]),
        (4, ["Handling services and facilities", "Services d'assistance en escale et installations",
             "Services et installations d'assistance en escale", "Abfertigungsdienste und -einrichtungen",
             "Servizi e strutture di assistenza a terra", "Servizi di handling e strutture",
             "Servicios e instalaciones de asistencia en tierra", "Servicios de asistencia en tierra e instalaciones",
             "Odbavovací služby a zařízení", "Handlingtjenester og faciliteter", "Afhandelingsdiensten en faciliteiten",
             "Usluge i uređaji za prihvat i otpremu"]),
        (5, ["Passenger facilities", "Installations destinées aux passagers", "Installations pour les passagers",
             "Fluggasteinrichtungen", "Facilitazioni per i passeggeri", "Servizi ai passeggeri", "Instalaciones para los pasajeros",
             "Zařízení pro cestující", "Passagerfaciliteter", "Passagiersfaciliteiten", "Putnički sadržaji", "Sadržaji za putnike"]),
        (6, ["Rescue and firefighting services", "Rescue and fire fighting services",
             "Services de sauvetage et de lutte contre l'incendie", "Rettungs- und Feuerlöschdienste",
             "Servizi di soccorso e antincendio", "Servicios de salvamento y extinción de incendios", "Záchranná a požární služba",
             "Rednings- og brandslukningstjenester", "Reddings- en brandbestrijdingsdiensten", "Spasilačke i protupožarne službe"]),
        (7, ["Seasonal availability - clearing", "Seasonal availability"]),
        (8, ["Aprons, taxiways and check locations data", "Aprons, taxiways and check locations/positions data"]),
        (9, ["Surface movement guidance and control system and markings"]),
        (10, ["Aerodrome obstacles"]),
        (11, ["Meteorological information provided"]),
        (12, ["Runway physical characteristics"]),
        (13, ["Declared distances"]),
        (14, ["Approach and runway lighting"]),
        (15, ["Other lighting, secondary power supply", "Other lighting and secondary power supply"]),
        (16, ["Helicopter landing area"]),
        (17, ["ATS airspace", "Air traffic services airspace"]),
        (18, ["ATS communication facilities", "Air traffic services communication facilities"]),
        (19, ["Radio navigation and landing aids"]),
        (20, ["Local aerodrome regulations", "Local regulations"]),
        (21, ["Noise abatement procedures"]),
        (22, ["Flight procedures"]),
        (23, ["Additional information"]),
        (24, ["Charts related to an aerodrome", "Charts related to the aerodrome"]),
        (25, ["Visual segment surface (VSS) penetration", "Visual segment surface penetration"]),
    ].map { section, titles in
        // The English titles come first: one, or two spellings of AD 2.6's.
        let english = section == 6 ? 2 : section <= 5 ? 1 : titles.count
        let content = titles.map { Set(contentWords($0).map(singular)) }
        return (section, Array(content.prefix(english)), Array(content.dropFirst(english)))
    }

    // MARK: Item labels

    /// The AD 2.2–2.5 item (its number in the standard catalogue) a row label names, nil when no item or more than
    /// one does: an item is named when one of its keys occurs in the label as a run of whole words (`=ats` only as
    /// the whole label, since `ATS` is also a word of `ATS Reporting Office`).
    public static func item(section: Int, label: String) -> Int? {
        let matches = items(section: section, label: label)
        return matches.count == 1 ? matches[0] : nil
    }

    /// Every AD 2.2–2.5 item a row label names (see ``item(section:label:)``), in the template's order: `AIS/ARO`
    /// names AD 2.3 items 4 and 5.
    public static func items(section: Int, label: String) -> [Int] {
        let label = words(label)
        guard !label.isEmpty, let items = itemKeys[section] else { return [] }
        return items.filter { $0.keys.contains { key in key.whole ? key.words == label : contains(label, key.words) } }.map(\.item)
    }

    private static func contains(_ words: [String], _ run: [String]) -> Bool {
        guard !run.isEmpty, run.count <= words.count else { return false }
        return (0...(words.count - run.count)).contains { Array(words[$0..<($0 + run.count)]) == run }
    }

    /// Keys of each item's label by section: first the English words of the ICAO template's item (AD 2.2 item 6
    /// "Aerodrome operator, address, telephone, telefax, e-mail address, AFS address, website") and their usual
    /// variants, which every state prints, alone or beside its own; then, as an aid, the words French, Italian and
    /// Spanish AIPs print.
    static let itemKeys: [Int: [(item: Int, keys: [(words: [String], whole: Bool)])]] = [
        2: [(1, ["arp"]), (2, ["direction", "distance", "direccion"]),
            (3, ["elevation", "altitude", "temperature", "elevazione", "elevacion"]),
            (4, ["geoid", "undulation", "geoide", "geoidal"]), (5, ["mag var", "magnetic", "annual change", "magnetique", "magnetica"]),
            (6, ["administration", "operator", "address", "telephone", "tel", "telefax", "fax", "e mail", "email", "afs", "aftn", "website",
                 "gestionnaire", "autorita", "administracion"]),
            (7, ["traffic", "trafic", "traffico", "trafico"]), (8, ["remarks", "observations", "osservazioni", "observaciones"])],
        3: [(1, ["administration", "operator", "=ad", "=airport", "=aerodrome", "administracion"]),
            (2, ["customs", "immigration", "aduanas", "inmigracion", "douane"]),
            (3, ["health", "sanitation", "sanidad"]), (4, ["ais"]), (5, ["aro", "ats reporting"]), (6, ["met"]), (7, ["=ats"]),
            (8, ["fuelling", "fueling", "combustible"]), (9, ["handling", "asistencia en tierra"]), (10, ["security", "seguridad"]),
            (11, ["de icing", "descongelacion", "deshielo"]), (12, ["remarks", "observaciones"])],
        4: [(1, ["cargo", "carga"]), (2, ["fuel", "oil", "lubricantes"]), (3, ["fuelling", "fueling", "capacity", "reabastecimiento", "capacidad"]),
            (4, ["de icing", "descongelacion", "deshielo"]), (5, ["hangar", "hangares"]), (6, ["repair", "reparacion", "reparaciones"]),
            (7, ["remarks", "observaciones"])],
        5: [(1, ["hotels", "hotel", "hoteles"]), (2, ["restaurants", "restaurant", "restaurantes"]),
            (3, ["transportation", "transport", "transporte"]), (4, ["medical", "medicas", "medicos"]),
            (5, ["bank", "post office", "bancos", "correos"]), (6, ["tourist", "turismo"]), (7, ["remarks", "observaciones"])],
    ].mapValues { items in
        items.map { item, keys in
            (item, keys.map { $0.hasPrefix("=") ? (words(String($0.dropFirst())), true) : (words($0), false) })
        }
    }
}
