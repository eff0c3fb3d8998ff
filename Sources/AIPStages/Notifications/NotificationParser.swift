/// Reads an AIP customs and immigration text (field 302), English or French, into a ``NotificationRule``.
///
/// A pure function in two steps: ``NotificationTokenizer`` splits the first
/// ``NotificationTokenizer/maxScalars`` characters into tokens, then ``NotificationReading`` walks them once,
/// trying a fixed list of patterns at each token, each looking a bounded number of tokens ahead. Work per text is
/// therefore bounded by construction, whatever the text.
///
/// For example, `PPR 12 HR (24 HR SAT, SUN and public HOL) before ETA/ETD` gives type `hours`, notice 24, and weekday
/// rules `{"Mon-Fri": "12h", "Sat-Sun/HOL": "24h"}`.
///
/// How a text is read (the app's users rely on it):
/// - a notice stated in hours (or days, × 24) makes the type `hours`, even beside `O/R` or `H24`; one in minutes too,
///   with `hoursNotice` nil; `17 H` after "before" / "avant" is a clock time;
/// - `h24` only when no notice applies; opening hours alone are `hours` with the window;
/// - several services or cases (customs, police; Schengen or not; weekdays or weekends): the most demanding rule,
///   i.e. what a pilot arriving from outside Schengen must do; "non-Schengen: not authorized" is `not_available`;
/// - a bare `PPR` / `PN` is `on_request`; a notice due on a previous (working) day by a time is `business_day`
///   (unless a longer notice than 24 h is also stated);
/// - nothing usable ("-", "see AD 2.20", phone numbers only): every field nil and confidence 0.
public enum NotificationParser {
    public static func parse(_ text: String) -> NotificationRule {
        let (tokens, truncated) = NotificationTokenizer.tokens(text)
        var reading = NotificationReading(tokens: tokens)
        reading.read()
        return reading.rule(truncated: truncated)
    }
}
