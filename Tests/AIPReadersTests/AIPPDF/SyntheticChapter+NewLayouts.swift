@testable import AIPReaders
import TestSupport

/// Synthetic chapters of the layouts the reader learnt from the three chapters it was not tuned on: language
/// columns side by side (Spain), items running on from one text column into the next (Denmark), languages stacked
/// in rows whose numbers are centred (Czechia).
extension SyntheticChapter {
    /// A Spanish-style page of aerodrome ZZZZ: the national text left (from x 60), the English right (from 340),
    /// line for line; headings numbered on the left only, items as `Label: value` runs without numbers, parts of
    /// one item on several lines (elevation, reference temperature), two keys on one line (`TEL:` and `FAX:`), a
    /// label naming two items (`AIS/ARO`), a remark running on over indented lines.
    static let languageColumns: [[Text]] = {
        var texts = [Text(56, 20, "AIP"), Text(450, 20, "AD 2-ZZZZ 1"), Text(56, 32, "ESPANA"), Text(450, 32, "WEF 05-JAN-26"),
                     Text(60, 62, "1. INDICADOR DE LUGAR-NOMBRE DEL AERODROMO"), Text(420, 62, "ZZZZ - PRUEBAS")]
        var y = 86.0
        func pair(_ national: String, _ english: String, indent: Double = 0) {
            texts += [Text(60 + indent, y, national), Text(340 + indent, y, english)]
            y += 10
        }
        pair("2. DATOS GEOGRAFICOS Y DE ADMINISTRACION", "AERODROME GEOGRAPHICAL AND ADMINISTRATIVE DATA")
        y += 6
        pair("ARP: 402820N 0033339W.", "ARP: 402820N 0033339W.")
        pair("Elevacion: 610 M.", "Elevation: 610 M.")
        pair("Ondulacion geoide: 50 M.", "Geoid undulation: 50 M.")
        pair("Temperatura de referencia: 33 C.", "Reference temperature: 33 C.")
        pair("Administracion AD: AENA.", "AD administration: AENA.")
        texts += [Text(60, y, "TEL: 913 211 000"), Text(160, y, "FAX: 913 211 001"), Text(340, y, "TEL: 913 211 000"), Text(440, y, "FAX: 913 211 001")]
        y += 10
        pair("Observaciones: Ninguna.", "Remarks: None.")
        y += 6
        pair("3. HORARIO DE OPERACION", "OPERATIONAL HOURS")
        y += 6
        pair("Aeropuerto: H24.", "Airport: H24.")
        pair("Aduanas e inmigracion: HR AD.", "Customs and immigration: HR AD.")
        pair("AIS/ARO: HR AD.", "AIS/ARO: HR AD.")
        pair("Informacion MET: HR AD.", "MET briefing: HR AD.")
        // A remark filling each column's measure, going on over an indented line.
        pair("Observaciones: Solicitar el servicio con antelacion a", "Remarks: Request the service in advance from the")
        pair("la oficina.", "airport office.", indent: 30)
        y += 6
        pair("5. INSTALACIONES PARA LOS PASAJEROS", "PASSENGER FACILITIES")
        y += 6
        pair("Hoteles: En la ciudad.", "Hotels: In the city.")
        texts += [Text(56, 800, "AMDT 01/26")]
        return [texts]
    }()

    /// A Danish-style page of aerodrome ZZZZ: sections headed by their titles, each a two-column block whose items
    /// run on from the left column (x 56) into the right one (x 310), the section's remarks set alone under both;
    /// item 5's value going on at the top of the right column. Items are `number  label:  value` rows (label at
    /// +14, value at +84 from the column's edge).
    static let runOnColumns: [[Text]] = {
        var texts = [Text(450, 20, "AD 2 - ZZZZ - 1"), Text(56, 32, "AIP TESTLAND"), Text(470, 32, "05 JAN 26"),
                     Text(56, 66, "1. Aerodrome Location Indicator and Name:"), Text(440, 66, "ZZZZ - Testby")]
        func row(_ x: Double, _ y: Double, _ number: String?, _ label: String?, _ value: String?) {
            if let number { texts.append(Text(x, y, number)) }
            if let label { texts.append(Text(x + 14, y, label)) }
            if let value { texts.append(Text(x + 84, y, value)) }
        }
        texts.append(Text(56, 76, "2. Aerodrome Geographical and Administrative Data"))
        row(56, 94, "1", "ARP:", "551400N 0123000E")
        row(56, 104, "2.", "Direction:", "5 KM W of Testby")
        row(56, 114, "3.", "ELEV:", "100 FT")
        row(56, 124, "4.", "MAG VAR:", "4 E (2025)")
        row(56, 134, "5.", "AD ADM:", "Testby Lufthavn")
        row(56, 144, nil, "Address:", "Lufthavnsvej 1")
        row(310, 94, nil, nil, "DK-9999 Testby")
        row(310, 104, nil, "TEL:", "+45 1234 5678")
        row(310, 114, "6.", "Traffic:", "IFR/VFR")
        texts.append(Text(56, 162, "7. Remarks: NIL"))
        texts.append(Text(56, 182, "3. Operational Hours"))
        row(56, 200, "1.", "AD:", "MON-FRI 0700-1500")
        row(56, 210, "2.", "Customs and", "As AD")
        row(56, 220, nil, "immigration:", nil)
        row(56, 230, "3.", "Health:", "NIL")
        row(310, 200, "4.", "AIS:", "As AD")
        row(310, 210, "5.", "ARO:", "As AD")
        texts.append(Text(56, 248, "6. Remarks: Outside hours PPR for all traffic and PN for scheduled traffic at the aerodrome office."))
        texts += [Text(56, 800, "AMDT 01/26")]
        return [texts]
    }()

    /// A Czech-style page of aerodrome LKXX, AD 2.3: headings printed twice (national, then English), each item's
    /// national label above its English one, the number centred between them on a line of its own or beside a
    /// value printed once; a value stacked by language, one printing both languages inline (`Paliva/Fuels:`), one
    /// whose national lines end in a lone `/` before their English line.
    static let stackedCentred: [[Text]] = {
        var texts = [Text(56, 20, "AIP CZECH REPUBLIC"), Text(450, 20, "AD 2-LKXX-1"), Text(450, 32, "05 JAN 26"),
                     Text(56, 62, "LKXX AD 2.3 PROVOZNI DOBA"), Text(56, 74, "LKXX AD 2.3 OPERATIONAL HOURS")]
        var y = 96.0
        // Lines 10 points apart: the national label, the English one, further value lines; the number at the row's
        // middle, beside a value printed once.
        func item(_ number: Int, _ national: String, _ english: String, values: [(national: String?, english: String?)], shared: String? = nil) {
            texts.append(Text(80, y, national))
            if let first = values.first?.national { texts.append(Text(250, y, first)) }
            texts.append(Text(80, y + 10, english))
            if let first = values.first?.english { texts.append(Text(250, y + 10, first)) }
            var line = y + 20
            for value in values.dropFirst() {
                if let text = value.national ?? value.english { texts.append(Text(250, line, text)) }
                line += 10
            }
            texts.append(Text(62, (y + line - 10) / 2, String(number)))
            if let shared { texts.append(Text(250, (y + line - 10) / 2, shared)) }
            y = line + 6
        }
        item(1, "Sprava letiste", "AD Administration", values: [("Sezona leto /", "In summer season"), (nil, "MON-SUN 0600-1700")])
        item(2, "Celni sluzba", "Customs and immigration", values: [("Jako sprava AD.", "As AD Administration.")])
        item(3, "Zdravotni sluzba", "Health and sanitation", values: [], shared: "H24")
        item(4, "Letistni informacni sluzba", "AIS Briefing Office", values: [("Hodiny/Hours: H24", "Web/Web: ibs.rlp.cz")])
        texts.append(Text(80, y, "Poznamky / Remarks"))
        texts.append(Text(62, y, "5"))
        texts.append(Text(250, y, "NIL"))
        return [texts]
    }()
}
