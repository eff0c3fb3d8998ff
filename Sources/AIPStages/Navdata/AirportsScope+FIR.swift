extension AirportsScope {
    /// True for a VATSpy boundary id that is a parent FIR (no hyphen: `EDGG-N` is a sub-sector) with one of the
    /// airports' ICAO prefixes: `EGTT`, `LFFF`, and the oceanic `EGGX` (Shanwick), `BIRD` (Reykjavik) and `LPPO`
    /// (Santa Maria) with the defaults.
    public func includesFIR(_ id: String) -> Bool {
        !id.contains("-") && icaoPrefixes.contains { id.hasPrefix($0) }
    }
}
