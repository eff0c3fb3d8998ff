/// The chart pages of a chapter (France prints them after AD 2.25), as AD 2.24 chart titles.
enum PDFCharts {
    /// One title per chart page that names itself in its running header (`AD 2 LFAT IAC RWY13 -ILS LOC`), written
    /// as the French SIA names the same chart in its eAIP (`AD_2_LFAT_IAC_RWY13_-ILS_LOC`), so that the airports
    /// stage classifies PDF and eAIP charts alike. A SID or STAR chart describing several routes
    /// (`LYD 1Y : Monter…`) gives one title per route (`AD_2_LFAT_SID_LYD_1Y_RWY13`).
    static func charts(_ layer: PDFTextLayer, icao: String) -> [AerodromeChart] {
        var charts: [AerodromeChart] = []
        for (index, page) in layer.pages.enumerated() {
            let lines = PDFLayout.lines(of: page.words.filter { !PDFLayout.isArtefact($0) })
            let header = lines.filter { PDFLayout.isRunningHeaderOrFooter($0, pageHeight: page.height) }
            guard let id = header.lazy.compactMap({ chartID($0, icao: icao) }).first else { continue }
            let location = "page \(index + 1)"
            let kind = id.first ?? ""
            let routes = ["SID", "STAR"].contains(kind) ? routeNames(lines) : []
            if routes.isEmpty {
                charts.append(AerodromeChart(title: (["AD", "2", icao] + id).joined(separator: "_"), location: location))
            } else {
                let runways = id.filter { $0.hasPrefix("RWY") }
                charts += routes.map { AerodromeChart(title: (["AD", "2", icao, kind] + $0 + runways).joined(separator: "_"), location: location) }
            }
        }
        return charts
    }

    /// The words after `AD 2 <icao>` in a header line, when they name a chart (not a page number like `1-3`).
    static func chartID(_ line: PDFLine, icao: String) -> [String]? {
        let words = line.words.map(\.text)
        for index in words.indices.dropLast(3) where words[index] == "AD" && words[index + 1] == "2" && words[index + 2] == icao {
            let rest = Array(words[(index + 3)...])
            guard let first = rest.first?.first, first.isLetter else { return nil }
            return rest
        }
        return nil
    }

    /// Route designators starting a description line (`LYD 1Y : Monter…`, `BNE 1Z:`), in page order, each once.
    static func routeNames(_ lines: [PDFLine]) -> [[String]] {
        var names: [[String]] = []
        for line in lines where line.words.count >= 2 {
            let fix = line.words[0].text
            var designator = line.words[1].text
            let colon = designator.hasSuffix(":") || (line.words.count > 2 && line.words[2].text == ":")
            if designator.hasSuffix(":") { designator.removeLast() }
            guard colon, (2...5).contains(fix.count), fix.allSatisfy({ $0.isASCII && $0.isUppercase }),
                  designator.count == 2, designator.first?.isNumber == true, designator.last?.isUppercase == true else { continue }
            if !names.contains([fix, designator]) { names.append([fix, designator]) }
        }
        return names
    }
}
