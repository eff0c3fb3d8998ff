import AIPPDFText
@testable import AIPReaders
import TestSupport

/// Small AD 2 chapters written for the tests, as text runs (for ``TestPDF``) or as word boxes (for the layout
/// functions, no poppler needed).
enum SyntheticChapter {
    typealias Text = TestPDF.Text

    /// Word boxes of `texts` on page `page`: Helvetica-like widths (half the size per character, a space of 0.28).
    static func words(_ texts: [Text], page: Int = 1) -> [PDFWord] {
        texts.flatMap { text in
            var x = text.x
            return text.text.split(separator: " ").map { word in
                defer { x += Double(word.count) * text.size * 0.5 + 0.28 * text.size }
                return PDFWord(page: page, x0: x, y0: text.y, x1: x + Double(word.count) * text.size * 0.5, y1: text.y + text.size * 1.1,
                               text: String(word))
            }
        }
    }

    static func layer(_ pages: [[Text]]) -> PDFTextLayer {
        PDFTextLayer(pages: pages.enumerated().map { PDFTextLayer.Page(width: 595, height: 842, words: words($1, page: $0 + 1)) })
    }

    /// `pages` read by the reader as word boxes (no poppler).
    static func read(_ pages: [[Text]], file: String = "aip-pdf/t.pdf") -> AIPPDFReader.Result {
        AIPPDFReader.read(layer(pages), file: file)
    }

    /// `pages` written as a PDF and read through poppler, as a build reads it.
    static func readThroughPoppler(_ pages: [[Text]], file: String = "aip-pdf/t.pdf") async throws -> AIPPDFReader.Result {
        try await AIPPDFReader.read(SourceFile(displayName: file, bytes: TestPDF.document(pages)), extract: PDFTextExtractor().extract)
    }

    /// Rows of a numbered table: number at 60, label at 75, value lines at 250, one line every 12 points from `y`.
    static func rows(_ y: Double, _ items: [(label: String, values: [String])]) -> [Text] {
        var texts: [Text] = []
        var y = y
        for (index, item) in items.enumerated() {
            texts += [Text(60, y, String(index + 1)), Text(75, y, item.label)]
            for value in item.values {
                texts.append(Text(250, y, value))
                y += 12
            }
            if item.values.isEmpty { y += 12 }
            y += 4
        }
        return texts
    }

    /// An English two-page chapter of aerodrome ZZZZ, numbers on the first line of their rows.
    static let english: [[Text]] = {
        var first = [
            Text(56, 20, "AIP TESTLAND"), Text(470, 20, "AD 2 ZZZZ 1-1"), Text(490, 32, "05 JAN 2026"),
            Text(150, 62, "ZZZZ AD 2.1 AERODROME LOCATION INDICATOR AND NAME"), Text(200, 76, "ZZZZ - TESTFIELD"),
            Text(100, 92, "ZZZZ AD 2.2 AERODROME GEOGRAPHICAL AND ADMINISTRATIVE DATA"),
        ]
        first += rows(106, [
            ("ARP coordinates and site at AD", ["511156N 0025144E"]),
            ("Direction and distance from city", ["3 NM N of Town"]),
            ("Elevation / Reference temperature", ["100 FT / 20 C"]),
            ("Geoid undulation", ["150 FT"]),
            ("Magnetic variation", ["1 E (2020)"]),
            ("AD Administration", ["TESTFIELD AIRPORT LTD", "1 Main Road", "TEL: 0123 456"]),
            ("Types of traffic permitted", ["IFR/VFR"]),
            ("Remarks", ["Remarks that run over the whole width of the value column up to the margin", "and wrap."]),
        ])
        first.append(Text(100, 290, "ZZZZ AD 2.3 OPERATIONAL HOURS"))
        first += rows(304, [("AD Administration", ["MON-FRI 0700-1500", "SAT 0800-1200"]), ("Customs and immigration", ["H24"])]
            + (3...12).map { ("Item \($0)", ["NIL"]) })
        first += [Text(56, 800, "AMDT 01/2026"), Text(480, 800, "TESTLAND")]
        var second = [Text(56, 20, "AD 2 ZZZZ 1-2"), Text(480, 20, "AIP TESTLAND"), Text(56, 32, "01 DEC 2025")]
        second.append(Text(100, 62, "ZZZZ AD 2.4 HANDLING SERVICES AND FACILITIES"))
        second += rows(76, (1...7).map { ("Handling \($0)", ["H\($0)"]) })
        second.append(Text(100, 200, "ZZZZ AD 2.5 PASSENGER FACILITIES"))
        second += rows(214, (1...7).map { ("Passenger \($0)", ["P\($0)"]) })
        second += [Text(56, 800, "AMDT 02/2025")]
        return [first, second]
    }()

    /// Rows of a table without item numbers: each row's cells (each a list of lines, 9.5 points apart) starting at
    /// `columns`, rows 6 points apart below their tallest cell. Returns the texts and the `y` below the table.
    static func unnumberedRows(_ y: Double, columns: [Double], _ rows: [[[String]]]) -> (texts: [Text], end: Double) {
        var texts: [Text] = []
        var y = y
        for row in rows {
            for (column, lines) in zip(columns, row) {
                texts += lines.enumerated().map { Text(column, y + 9.5 * Double($0.offset), $0.element) }
            }
            y += 9.5 * Double(row.map(\.count).max() ?? 1) + 6
        }
        return (texts, y)
    }

    /// A Spanish chapter of aerodrome ZZZZ: headings by title only, national over English on one line or on two;
    /// AD 2.2–2.5 without item numbers, Spanish label | Spanish value | English label | English value. AD 2.2
    /// prints no geoid or magnetic variation rows; AD 2.5 has two rows naming hotels and one naming nothing of
    /// the catalogue; AD 2.6 follows.
    static let spanish: [[Text]] = {
        let columns = [60.0, 170, 320, 420]
        var texts = [
            Text(56, 20, "AIP ESPANA"), Text(470, 20, "AD 2 ZZZZ 1-1"), Text(490, 32, "05 JAN 2026"),
            Text(60, 62, "INDICADOR DE LUGAR Y NOMBRE DEL AERODROMO / AERODROME LOCATION INDICATOR AND NAME"),
            Text(200, 76, "ZZZZ - PRUEBAS"),
            Text(60, 92, "DATOS GEOGRAFICOS Y DE ADMINISTRACION DEL AERODROMO"),
            Text(60, 104, "AERODROME GEOGRAPHICAL AND ADMINISTRATIVE DATA"),
        ]
        var table = unnumberedRows(120, columns: columns, [
            [["Coordenadas ARP"], ["402820N 0033339W"], ["ARP coordinates"], ["402820N 0033339W"]],
            [["Distancia y direccion"], ["12 KM NE de la ciudad"], ["Distance and direction"], ["12 KM NE of the city"]],
            [["Elevacion / Temperatura", "de referencia"], ["610 M / 33 C"], ["Elevation / Reference", "temperature"], ["610 M / 33 C"]],
            [["Administracion del AD"], ["AENA", "Tel: 913 211 000"], ["AD Administration"], ["AENA", "Tel: 913 211 000"]],
            [["Tipos de trafico", "autorizados"], ["IFR/VFR"], ["Types of traffic", "permitted"], ["IFR/VFR"]],
            [["Observaciones"], ["Ninguna"], ["Remarks"], ["NIL"]],
        ])
        texts += table.texts
        texts.append(Text(60, table.end + 8, "HORAS DE FUNCIONAMIENTO / OPERATIONAL HOURS"))
        table = unnumberedRows(table.end + 24, columns: columns, [
            [["Aduanas e inmigracion"], ["Lunes a viernes", "0800-1500"], ["Customs and immigration"], ["Monday to Friday", "0800-1500"]],
            [["ATS"], ["H24"], ["ATS"], []],
            [["Oficina ARO"], ["0700-2100"], ["ATS Reporting Office"], ["0700-2100"]],
            [["Observaciones"], ["Aduanas bajo peticion"], ["Remarks"], ["Customs on request, PN 24 HR"]],
        ])
        texts += table.texts
        texts.append(Text(60, table.end + 8, "SERVICIOS E INSTALACIONES DE ASISTENCIA EN TIERRA / HANDLING SERVICES AND FACILITIES"))
        table = unnumberedRows(table.end + 24, columns: columns, [
            [["Instalaciones de carga"], ["Si"], ["Cargo handling"], ["Yes"]],
            [["Tipos de combustible", "y lubricantes"], ["JET A1, AVGAS 100LL"], ["Fuel and oil types"], ["JET A1, AVGAS 100LL"]],
            [["Hangares"], ["No"], ["Hangar space"], ["No"]],
            [["Reparaciones"], ["No"], ["Repair facilities"], ["No"]],
        ])
        texts += table.texts
        texts.append(Text(60, table.end + 8, "INSTALACIONES PARA LOS PASAJEROS / PASSENGER FACILITIES"))
        table = unnumberedRows(table.end + 24, columns: columns, [
            [["Hoteles"], ["En la ciudad"], ["Hotels"], ["In the city"]],
            [["Hoteles cercanos"], ["Hotel AD"], ["Hotels nearby"], ["Hotel AD"]],
            [["Aparcamiento"], ["Si"], ["Parking"], ["Yes"]],
            [["Oficina de turismo"], ["En la ciudad"], ["Tourist office"], ["In the city"]],
        ])
        texts += table.texts
        texts.append(Text(60, table.end + 8, "SERVICIOS DE SALVAMENTO Y EXTINCION DE INCENDIOS / RESCUE AND FIRE FIGHTING SERVICES"))
        texts += unnumberedRows(table.end + 24, columns: columns, [
            [["Categoria SEI"], ["CAT 7"], ["AD category"], ["CAT 7"]],
            [["Observaciones"], ["Ninguna"], ["Remarks"], ["NIL"]],
        ]).texts
        texts += [Text(56, 800, "AMDT 01/2026")]
        return [texts]
    }()

    /// Lines of running text from `y`, one every 12 points; a line starting with a space is indented by 12.
    static func column(_ x: Double, _ y: Double, _ lines: [String]) -> [Text] {
        lines.enumerated().map { index, line in
            Text(line.hasPrefix(" ") ? x + 12 : x, y + 12 * Double(index), String(line.drop { $0 == " " }))
        }
    }

    /// A Danish-style two-page chapter of aerodrome EKXX: two text columns per page (left from x 56, right from
    /// 310), items as running text (`1. Label: value`, or the value on the lines below), AD 2.4 item 7 running on
    /// from the bottom of the left column to the top of the right one, a title over both columns on page 1.
    static let twoColumns: [[Text]] = {
        let header = [Text(56, 20, "AIP DENMARK"), Text(450, 20, "AD 2 EKXX 1-1"), Text(450, 32, "05 JAN 2026"), Text(56, 800, "AMDT 01/2026")]
        // A title over both columns, centred: no column line wraps at its right end.
        let first = header + [Text(160, 50, "TESTBY AERODROME - AD 2 TEXT IN TWO COLUMNS")] + column(56, 62, [
            "EKXX AD 2.1 LOCATION INDICATOR AND NAME", "EKXX - TESTBY",
            "EKXX AD 2.2 GEOGRAPHICAL AND ADMINISTRATIVE DATA",
            "1. ARP coordinates: 551400N 0123000E",
            "2. Direction and distance from city: 5 KM W of Testby",
            "3. Elevation / Reference temperature: 100 FT / 21 C",
            "4. Geoid undulation: 130 FT",
            "5. Magnetic variation: 4 E (2025)",
            "6. AD Administration:", " Testby Lufthavn A/S", " Lufthavnsvej 1", " TEL: +45 1234 5678",
            "7. Types of traffic permitted: IFR/VFR",
            "8. Remarks: Grass strip closed to traffic after heavy", " rain.",
        ]) + column(310, 62, [
            "EKXX AD 2.3 OPERATIONAL HOURS",
            "1. AD Administration: MON-FRI 0700-1500", " SAT 0800-1200",
            "2. Customs and immigration: H24",
            "3. Health and sanitation:", " MON-FRI 0800-1600",
        ] + (4...12).map { "\($0). Item \($0): NIL" })
        let second = header + column(56, 62, ["EKXX AD 2.4 HANDLING SERVICES AND FACILITIES"] + (1...6).map { "\($0). Handling \($0): H\($0)" }
            + ["7. Remarks: De-icing on request from the handling agent at"])
            + column(310, 62, [" the apron.", "EKXX AD 2.5 PASSENGER FACILITIES"] + (1...7).map { "\($0). Passenger \($0): P\($0)" })
        return [first, second]
    }()

    /// A Czech-style page of aerodrome LKXX, AD 2.3 only: one numbered row per item, the label cell holding the
    /// national label then the English one, the value cell the national value then the English one (each language's
    /// label and value on one baseline), or one value for both. Rows are (label, value) lines, one every 9 points (a
    /// leading of 1.125: the lines of one cell stay one label cell, in word boxes and through poppler).
    static let stackedInCells: [[Text]] = {
        let items: [[(String?, String?)]] = [
            // One value of two lines beside a label of two, or a national and an English line: the geometry cannot tell.
            [("Provozovatel letiste", "MON-FRI 0700-1500"), ("AD Administration", "SAT 0800-1200")],
            [("Celni a imigracni sluzby", "H24"), ("Customs and immigration", nil)],
            // The national value runs longer: the English label waits for the English value.
            [("Zdravotni sluzba", "PO-PA 0800-1600"), (nil, "SO 0900-1200"), ("Health and sanitation", "MON-FRI 0800-1600"),
             (nil, "SAT 0900-1200")],
            // The national label wraps: the English value waits for the English label.
            [("Letistni informacni", "viz bod 1."), ("sluzba AIS", nil), ("AIS Briefing Office", "See item 1.")],
        ] + (5...6).map { [("Polozka \($0)", "NIL"), ("Item \($0)", nil)] }
            + [[("Poznamky", "Provoz pouze za dobre viditelnosti a za dne mimo nedele"), (nil, "a svatky"),
                ("Remarks", "Operations in good visibility and daytime only")]]
        var texts = [Text(56, 20, "AIP CZECH REPUBLIC"), Text(450, 20, "AD 2 LKXX 1-1"), Text(450, 32, "05 JAN 2026"),
                     Text(100, 62, "LKXX AD 2.3 PROVOZNI DOBA / OPERATIONAL HOURS")]
        var y = 80.0
        for (index, rows) in items.enumerated() {
            texts.append(Text(60, y, String(index + 1)))
            for (label, value) in rows {
                if let label { texts.append(Text(75, y, label)) }
                if let value { texts.append(Text(250, y, value)) }
                y += 9
            }
            y += 4
        }
        return [texts]
    }()
}
