/// The aerodrome elevation printed in AD 2.2 item 3, for an aerodrome the bundle knows only from its eAIP page.
///
/// RZFlight reads a NULL elevation as 0 ft, so a page-only aerodrome without it would show sea level to a pilot.
/// The item reads `83 FT / 23 °C / -` (MakeAIP) or `363 ft` (French SIA), sometimes with metres too
/// (`15 M / 49 FT`): the first whole number written with `FT` is the elevation; anything else gives nil, never a
/// guessed value.
public enum AerodromeElevation {
    /// Elevation in feet, or nil when no number is written in feet or it is outside −1,500…30,000 ft.
    public static func feet(in text: String) -> Int? {
        let scalars = Array(text.unicodeScalars.prefix(4_096))
        var index = 0
        while index < scalars.count {
            guard isDigit(scalars[index]) else { index += 1; continue }
            let start = index
            while index < scalars.count, isDigit(scalars[index]) { index += 1 }
            // A decimal part makes this a temperature or a distance, and a digit group (`1 234`) a number this does not
            // read: not an elevation.
            if index + 1 < scalars.count, scalars[index] == "." || scalars[index] == ",", isDigit(scalars[index + 1]) {
                index += 1
                while index < scalars.count, isDigit(scalars[index]) { index += 1 }
                continue
            }
            if start > 1, scalars[start - 1] == " ", isDigit(scalars[start - 2]) { continue }
            var unit = index
            while unit < scalars.count, scalars[unit] == " " || scalars[unit] == "\u{A0}" { unit += 1 }
            let isFeet = unit + 1 < scalars.count && "fF".unicodeScalars.contains(scalars[unit]) && "tT".unicodeScalars.contains(scalars[unit + 1])
                && (unit + 2 == scalars.count || !scalars[unit + 2].properties.isAlphabetic)
            guard isFeet, let magnitude = Int(String(String.UnicodeScalarView(scalars[start..<index]))) else { continue }
            let negative = start > 0 && (scalars[start - 1] == "-" || scalars[start - 1] == "\u{2212}")
            let feet = negative ? -magnitude : magnitude
            return (-1_500...30_000).contains(feet) ? feet : nil
        }
        return nil
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value &- 48 < 10 }
}
