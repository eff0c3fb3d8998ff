import AIPContract
import AIPStages

/// Every file a bundle holds. A new stage adds its output to ``all``; nothing else needs to change for
/// `check` (and the build, manifest and deltas) to handle it.
public enum BundleFiles {
    /// `airports.db`, written by the airports stage.
    public static let airports = BundleFile(
        name: AirportsContract.fileName, stage: AirportsStage.name,
        kind: .sqlite(schema: AirportsContract.schema, invariants: AirportsInvariants.rules))

    /// `rules.json`, written by the rules stage.
    public static let rules = BundleFile(name: RulesContract.fileName, stage: RulesStage.name, kind: .json(validate: RulesJSONValidator.validate))

    /// `european_cities.db`, written by the cities stage.
    public static let cities = BundleFile(
        name: CitiesContract.fileName, stage: CitiesStage.name,
        kind: .sqlite(schema: CitiesContract.schema, invariants: CitiesInvariants.rules))

    /// `ga_notifications.db`, written by the notifications stage.
    public static let notifications = BundleFile(
        name: NotificationsContract.fileName, stage: NotificationsStage.name,
        kind: .sqlite(schema: NotificationsContract.schema, invariants: NotificationsInvariants.rules))

    /// Every registered file, in the order stages run.
    public static let all: [BundleFile] = [airports, rules, cities, notifications]

    /// The registered file called `name` (`airports.db`), or nil.
    public static func named(_ name: String) -> BundleFile? {
        all.first { $0.name == name }
    }

    /// The files the stage called `stage` writes, in registry order.
    public static func owned(by stage: String) -> [BundleFile] {
        all.filter { $0.stage == stage }
    }
}
