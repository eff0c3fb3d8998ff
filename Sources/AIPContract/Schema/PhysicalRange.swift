/// The physical ranges of the contract's numbers, each declared once: columns carry theirs (``ColumnSchema/range``),
/// `check` reports a value outside it, and the readers clear such a value while reading (with a finding).
///
/// Wide enough for every real value anywhere, narrow enough to catch a unit or sign slip (metres for feet, a
/// negative length, 7200 for 72.00).
public enum PhysicalRange {
    public static let latitude: ClosedRange<Double> = -90...90
    public static let longitude: ClosedRange<Double> = -180...180
    /// Feet above mean sea level. The lowest aerodrome is Bar Yehuda by the Dead Sea (−1,266 ft), the highest near
    /// 14,500 ft (Daocheng Yading); beyond −1,500 or 30,000 ft, no aircraft lands.
    public static let elevationFt: ClosedRange<Double> = -1_500...30_000
    /// A runway's length or a displaced threshold, in feet: never negative; the longest marked runway in the world is
    /// 39,000 ft (Rogers Dry Lake 17/35), the longest paved one 18,045 ft.
    public static let runwayLengthFt: ClosedRange<Double> = 0...40_000
    /// A runway's width, in feet: never negative; lakebed and water runways run to a few thousand feet, and
    /// OurAirports' widest is 9,000 ft.
    public static let runwayWidthFt: ClosedRange<Double> = 0...10_000
    /// A true heading in degrees: 0 and 360 both mean north.
    public static let headingDeg: ClosedRange<Double> = 0...360
    /// People living in a place: never negative; the largest city has under 40 million, and the app reads the
    /// number as a 32-bit integer (up to 2,147,483,647).
    public static let population: ClosedRange<Double> = 0...100_000_000
}
