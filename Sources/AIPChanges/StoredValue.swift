import Foundation
import GRDB

/// A column's value as the bundle stores it, as text for a person: integral REALs without `.0` (`5249`), others as
/// SQLite gives them; nil for NULL.
enum StoredValue {
    static func text(_ value: DatabaseValue) -> String? {
        switch value.storage {
        case .null: nil
        case .int64(let number): String(number)
        case .double(let number): text(number)
        case .string(let string): string
        case .blob(let data): "\(data.count) bytes"
        }
    }

    static func text(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }

    /// `51.4700, -0.4543`: a position to four decimals (about 10 m).
    static func position(_ latitudeDeg: Double, _ longitudeDeg: Double) -> String {
        String(format: "%.4f, %.4f", latitudeDeg, longitudeDeg)
    }

    /// The great-circle distance between two positions, in nautical miles.
    static func distanceNM(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.0 - a.0) * radians, dLon = (b.1 - a.1) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.0 * radians) * cos(b.0 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 3_440.065 * asin(min(1, sqrt(h)))
    }
}
