/// How many rows of each section a rendering shows; the rest are counted. The page stays a few megabytes and the
/// Markdown well under GitHub's 1 MiB job-summary limit even between bundles years apart.
public enum ChangesLimits {
    /// Rows per section on the page.
    public static let page = 300
    /// Changed aerodromes drawn on the page's map and listed in its index (each point links to its index row).
    public static let mapPoints = 1_000
    /// Rows per section in the Markdown summary.
    public static let markdown = 25
    /// Rows per section in the `--json` document.
    public static let json = 1_000
    /// The most frequent finding codes listed.
    public static let findingCodes = 10
    /// Characters of an AIP or rules text shown on the page, and in the Markdown.
    public static let pageText = 2_000
    public static let markdownText = 200
    /// How far an aerodrome or a navaid must move to be listed as moved, in nautical miles (OurAirports refines
    /// positions by a few metres all the time).
    public static let movedNM = 0.1
}
