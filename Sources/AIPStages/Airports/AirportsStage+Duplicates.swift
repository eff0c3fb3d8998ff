import AIPReaders

extension AirportsStage {
    /// Keeps one airport per ICAO code and reports the others.
    ///
    /// When several OurAirports rows resolve to the same ICAO code, the winner is, in order:
    /// 1. the row whose `ident` is the ICAO code itself (OurAirports files an airport under its ICAO code
    ///    when it has one; a row that merely lists it in `gps_code` is usually a former or neighbouring site);
    /// 2. the busier type: large, medium, small airport, seaplane base, balloonport, anything else;
    /// 3. the lower OurAirports id (the older record), which makes the choice total and deterministic.
    static func resolveDuplicates(_ airports: [OurAirportsAirport], file: String) -> (kept: [OurAirportsAirport], findings: [Finding]) {
        var best: [String: OurAirportsAirport] = [:]
        best.reserveCapacity(airports.count)
        var losers: [(OurAirportsAirport, winner: OurAirportsAirport)] = []
        for airport in airports {
            guard let icao = airport.resolvedICAO else { continue }
            guard let current = best[icao] else {
                best[icao] = airport
                continue
            }
            if precedes(airport, current) {
                best[icao] = airport
                losers.append((current, airport))
            } else {
                losers.append((airport, current))
            }
        }
        // A row that lost to a later loser must name the final winner.
        let findings = losers.map { loser, _ in
            let winner = best[loser.resolvedICAO!]!
            return Finding(
                file: file, line: loser.line, code: .rowDuplicateICAO, column: "ident", value: loser.ident,
                reason: "claims ICAO code \(winner.resolvedICAO!) too; kept the row at line \(winner.line) (id \(winner.id))",
                action: .rowRejected)
        }
        return (Array(best.values), findings)
    }

    private static let typeRank = ["large_airport": 0, "medium_airport": 1, "small_airport": 2, "seaplane_base": 3, "balloonport": 4]

    private static func precedes(_ a: OurAirportsAirport, _ b: OurAirportsAirport) -> Bool {
        let aOwns = a.ident == a.resolvedICAO, bOwns = b.ident == b.resolvedICAO
        if aOwns != bOwns { return aOwns }
        let aRank = typeRank[a.type] ?? typeRank.count, bRank = typeRank[b.type] ?? typeRank.count
        if aRank != bRank { return aRank < bRank }
        return a.id < b.id
    }
}
