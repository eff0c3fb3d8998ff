/// `rules.json`: the country rules document (`data-contract.md`, rules.json).
public enum RulesContract {
    public static let fileName = "rules.json"
}
