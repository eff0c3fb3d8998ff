import Foundation

/// The ARP position printed in AD 2.2 item 1, for an aerodrome the bundle knows only from its eAIP page.
///
/// Reads the two forms of the page families: compact MakeAIP `Lat: 513413N Long: 0004136E` (DDMMSS[.s] and
/// DDDMMSS[.s]) and French `49°58'12"N 002°41'33"E` (degrees, minutes, seconds with symbols). The first latitude
/// and the first longitude found are used; anything else gives nil, never a guessed position.
public enum ARPPosition {
    /// (latitude, longitude) in decimal degrees, or nil.
    public static func parse(_ text: String) -> (latitudeDeg: Double, longitudeDeg: Double)? {
        var latitude: Double?, longitude: Double?
        var run = ""
        for character in text {
            if character.isASCII, character.isNumber || character == "." || character == "," {
                run.append(character == "," ? "." : character)
            } else if "°'\"’′″ ".contains(character), !run.isEmpty {
                run.append(" ")
            } else if "NSEW".contains(character), !run.trimmingCharacters(in: .whitespaces).isEmpty {
                let hemisphere = character
                let isLatitude = hemisphere == "N" || hemisphere == "S"
                if let value = angle(run, degreeDigits: isLatitude ? 2 : 3, limit: isLatitude ? 90 : 180) {
                    let signed = hemisphere == "S" || hemisphere == "W" ? -value : value
                    if isLatitude, latitude == nil { latitude = signed }
                    if !isLatitude, longitude == nil { longitude = signed }
                }
                run = ""
            } else {
                run = ""
            }
        }
        guard let latitude, let longitude else { return nil }
        return (latitude, longitude)
    }

    /// `513413` / `51 34 13` / `51 34 13.5` → degrees.
    private static func angle(_ run: String, degreeDigits: Int, limit: Double) -> Double? {
        let parts = run.split(separator: " ").map(String.init)
        var numbers: [Double]
        if parts.count == 1 {
            let compact = parts[0]
            let whole = compact.split(separator: ".", maxSplits: 1)
            guard let integer = whole.first, integer.count == degreeDigits + 4 || integer.count == degreeDigits + 2 else { return nil }
            let digits = Array(integer)
            let degrees = String(digits[0..<degreeDigits]), minutes = String(digits[degreeDigits..<(degreeDigits + 2)])
            var seconds = digits.count > degreeDigits + 2 ? String(digits[(degreeDigits + 2)...]) : "0"
            if whole.count == 2 { seconds += "." + whole[1] }
            guard let d = Double(degrees), let m = Double(minutes), let s = Double(seconds) else { return nil }
            numbers = [d, m, s]
        } else {
            numbers = parts.compactMap(Double.init)
            guard numbers.count == parts.count, (2...3).contains(numbers.count) else { return nil }
            if numbers.count == 2 { numbers.append(0) }
        }
        guard numbers[1] < 60, numbers[2] < 60 else { return nil }
        let value = numbers[0] + numbers[1] / 60 + numbers[2] / 3600
        return value <= limit ? (value * 1e7).rounded() / 1e7 : nil
    }
}
