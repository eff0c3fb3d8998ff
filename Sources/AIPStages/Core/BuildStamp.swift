import AIPPipeline

/// What identifies one build in its outputs: bundle version, AIRAC cycle, and the timestamp written into rows.
///
/// Never read from the clock inside the data: two builds of the same inputs with the same stamp are
/// byte-identical (`design.md`, Determinism). The build layer resolves it from the command line and
/// `SOURCE_DATE_EPOCH`; stages only read it.
public struct BuildStamp: Sendable, Equatable {
    public var version: String
    public var airac: AIRACCycle
    /// `YYYY-MM-DDTHH:MM:SS`, naive UTC, as the contract writes timestamps.
    public var timestamp: String

    public init(version: String, airac: AIRACCycle, timestamp: String) {
        self.version = version
        self.airac = airac
        self.timestamp = timestamp
    }
}
