import AIPPipeline
import AIPReaders

/// One stage of the build: sources (and upstream outputs) in, rows out. Types conforming to it are listed once in
/// the build layer's stage registry, from which `--only`, its help and its validation are derived.
///
/// A stage reads its inputs through readers and decides what to write; it never opens a database or writes a file.
/// The build layer writes its ``Output`` with the bundle file's writer.
public protocol Stage: Sendable {
    /// Its own section of `pipeline.json`, decoded strictly (unknown keys and `null` values are errors).
    associatedtype Settings: StageSettings
    associatedtype Output: StageOutput

    /// The name `--only` takes and `report.json` uses (`airports`, `notifications`, …).
    static var name: String { get }
    /// Stages whose files this one reads; they run first when both are built.
    static var upstream: [String] { get }

    init(settings: Settings)

    /// - Throws: ``SourceError`` for an unusable input file, ``StageError`` for a result that must not be published.
    func run(_ context: StageContext) async throws -> Output
}

/// What every stage output tells the build report, besides the rows its writer writes.
public protocol StageOutput: Sendable {
    /// Input files read, with their size and record count.
    var inputs: [InputSummary] { get }
    /// Rows rejected and fields cleared, sorted.
    var findings: [Finding] { get }
    /// Named tallies for the report, e.g. `"difficulty": ["easy": 120, …]` or `"border_points_by_country"`.
    var counts: [String: [String: Int]] { get }
}

extension StageOutput {
    public var counts: [String: [String: Int]] { [:] }
}

/// One input file as the report and the manifest list it.
public struct InputSummary: Sendable, Equatable, Codable {
    /// Path relative to the source tree (`ourairports/airports.csv.gz`).
    public var file: String
    /// Data records read (malformed ones included).
    public var rows: Int
    /// Bytes parsed (decompressed).
    public var bytes: Int

    public init(file: String, rows: Int, bytes: Int) {
        self.file = file
        self.rows = rows
        self.bytes = bytes
    }
}

/// A stage ran but its result must not reach pilots (nothing in scope, a required upstream file missing…).
public struct StageError: Error, Sendable, CustomStringConvertible {
    public var stage: String
    public var reason: String

    public init(stage: String, reason: String) {
        self.stage = stage
        self.reason = reason
    }

    public var description: String { "\(stage) stage: \(reason)" }
}

/// Everything a stage may use, handed to it by the build layer.
public struct StageContext: Sendable {
    public var sources: SourceTree
    public var stamp: BuildStamp
    /// Files of this build: those written by stages that ran before, and those carried over from `--out`.
    public var upstream: BundleContents
    /// The previous bundle (`--previous`, else what `--out` held): where ids and unchanged values carry over from.
    public var previous: BundleContents
    /// Give fresh ids to the rows of a table whose ids cannot carry over from ``previous`` (the table or a key
    /// column is missing) instead of stopping the build (`build --renumber-ids`); see ``idAllocator(for:)``.
    public var renumberIds: Bool
    /// A line of progress for a person watching the build (the CLI decides where it goes).
    public var progress: @Sendable (String) -> Void
    /// Runs pdftotext on a PDF of the tree: the build layer gives `AIPPDFText`'s, so stages start no process. The
    /// default refuses, naming the file: a context made without it reads no PDF.
    public var extractPDFText: AIPPDFReader.Extract

    public init(sources: SourceTree, stamp: BuildStamp, upstream: BundleContents = .empty, previous: BundleContents = .empty,
                renumberIds: Bool = false, progress: @escaping @Sendable (String) -> Void = { _ in },
                extractPDFText: @escaping AIPPDFReader.Extract = StageContext.noPDFText) {
        self.sources = sources
        self.stamp = stamp
        self.upstream = upstream
        self.previous = previous
        self.renumberIds = renumberIds
        self.progress = progress
        self.extractPDFText = extractPDFText
    }

    /// The default of ``extractPDFText``: no PDF can be read.
    public static let noPDFText: AIPPDFReader.Extract = { _, file in
        throw SourceError(file: file, kind: .unreadable, reason: "cannot read PDF: this build was given no PDF text extractor (pdftotext)")
    }
}
