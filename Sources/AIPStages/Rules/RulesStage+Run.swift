import AIPContract
import AIPReaders
import Foundation

extension RulesStage {
    /// Where the inputs sit in the source tree.
    public static let folder = "rules"
    static let answersFolder = "rules/answers"
    static let previousFile = "rules/previous/\(RulesContract.fileName)"

    /// Reads `rules/definitions.{xlsx,csv}`, every `rules/answers/<CC>.{xlsx,csv}` and the previous document
    /// (`rules/previous/rules.json`, else the previous bundle's `rules.json`), and builds the document.
    ///
    /// - Throws: ``SourceError`` for a missing, ambiguous or unusable file, an answer file not named by an ISO-2
    ///   country code, two answer files for one country, or an unreadable previous document.
    public func run(_ context: StageContext) async throws -> Output {
        try build(context)
    }

    /// ``run(_:)`` without suspending: the work is a few hundred kilobytes of sheets, read on one core.
    public func build(_ context: StageContext) throws -> Output {
        let sources = context.sources
        let definitionsFile = try RulesSheetFile.read(try Self.oneOf(["definitions.xlsx", "definitions.csv"], in: sources), in: sources)
        let definitions = try RulesDefinitionsReader.read(definitionsFile)
        var inputs = [InputSummary(file: definitionsFile.file, rows: definitionsFile.rowCount, bytes: definitionsFile.byteCount)]

        var countries: [CountrySheet] = []
        for (country, path) in try Self.answerFiles(in: sources) {
            let file = try RulesSheetFile.read(path, in: sources)
            countries.append(CountrySheet(country: country, file: path, sheet: try RulesAnswersReader.read(file, prefixes: definitions.prefixes)))
            inputs.append(InputSummary(file: path, rows: file.rowCount, bytes: file.byteCount))
        }

        var previous: RulesDocument?
        if FileManager.default.fileExists(atPath: sources.root.appendingPathComponent(Self.previousFile).path) {
            let file = try sources.file(Self.previousFile)
            previous = try RulesDocumentReader.read([UInt8](file.bytes), file: Self.previousFile)
            inputs.append(InputSummary(file: Self.previousFile, rows: previous?.questions.count ?? 0, bytes: file.bytes.count))
        } else if let bytes = try context.previous.data(of: RulesContract.fileName) {
            previous = try RulesDocumentReader.read(bytes, file: "previous bundle's \(RulesContract.fileName)")
        }

        let (document, findings, counts) = Self.document(definitions: definitions, countries: countries, previous: previous,
                                                        today: String(context.stamp.timestamp.prefix(10)))
        context.progress("\(Self.name): \(document.questions.count) questions, \(countries.count) countries")
        return Output(document: document, findings: findings, inputs: inputs, counts: counts)
    }

    /// The one of `names` present in `rules/`.
    private static func oneOf(_ names: [String], in sources: SourceTree) throws(SourceError) -> String {
        let present = names.map { "\(folder)/\($0)" }.filter { FileManager.default.fileExists(atPath: sources.root.appendingPathComponent($0).path) }
        guard present.count == 1 else {
            throw SourceError(file: "\(folder)/\(names[0])", kind: present.isEmpty ? .missingFile : .duplicateKey, reason: present.isEmpty
                ? "not found: the source tree \(sources.root.path) has none of \(names.map { "\(folder)/\($0)" }.joined(separator: ", "))"
                : "and \(present[1]) both exist; keep only the one the maintainers edit")
        }
        return present[0]
    }

    /// The answer files by country code, sorted by code.
    private static func answerFiles(in sources: SourceTree) throws(SourceError) -> [(String, String)] {
        var byCountry: [String: String] = [:]
        for path in try sources.files(under: answersFolder, extensions: ["csv", "xlsx"]) {
            let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            let country = stem.uppercased()
            guard (path as NSString).deletingLastPathComponent == answersFolder, stem.utf8.count == 2, ISOCountryCodes.isAssigned(country) else {
                throw SourceError(file: path, kind: .invalidName,
                                  reason: "is not named by an ISO 3166-1 alpha-2 country code; answer sheets are \(answersFolder)/<CC>.xlsx or .csv, e.g. FR.xlsx")
            }
            if let other = byCountry[country] {
                throw SourceError(file: path, kind: .duplicateKey, reason: "and \(other) both hold the answers of \(country); keep one")
            }
            byCountry[country] = path
        }
        guard !byCountry.isEmpty else {
            throw SourceError(file: answersFolder, kind: .missingFile,
                              reason: "holds no answer sheet (<CC>.xlsx or <CC>.csv); refusing to publish rules without answers")
        }
        return byCountry.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
