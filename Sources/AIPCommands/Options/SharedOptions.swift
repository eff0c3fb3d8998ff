import AIPPipeline
import ArgumentParser
import Foundation

// The options several commands take, each declared once here and added with `@OptionGroup`, so a name, its help and
// its check cannot drift apart between commands.

/// `--airac`: the cycle a command works for (build, fetch).
struct AIRACOption: ParsableArguments {
    @Option(help: ArgumentHelp("The AIRAC cycle: its id (2612) or effective date (2026-11-26) (default: the cycle in force today, or at SOURCE_DATE_EPOCH when building with it set).", valueName: "cycle"))
    var airac: String?

    /// The cycle given; nil without `--airac` (``validate()`` refused any other text).
    var cycle: AIRACCycle? { airac.flatMap { AIRACCycle($0) } }

    func validate() throws {
        if let airac, AIRACCycle(airac) == nil {
            throw ValidationError("--airac \(airac) is neither the id of an AIRAC cycle (e.g. 2612) nor the date a cycle of 2000–2099 starts (e.g. 2026-11-26)")
        }
    }
}

/// What `--only` narrows a command to: build's stages, fetch's sources.
protocol OnlySubject {
    /// The help line, naming what the list holds and what happens to the rest.
    static var help: String { get }
    /// The value's name in the usage line.
    static var valueName: String { get }
}

/// `--only A,B`: part of what a command would do (build, fetch).
struct OnlyOption<Subject: OnlySubject>: ParsableArguments {
    @Option(help: ArgumentHelp(Subject.help, valueName: Subject.valueName))
    var only: String?

    /// The names given, trimmed, in the order given; nil without `--only`.
    var names: [String]? { only.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } }
}

/// `--config FILE`: the settings file instead of the source tree's own `pipeline.json` (build, fetch).
struct ConfigOption: ParsableArguments {
    @Option(help: ArgumentHelp("Settings file (default: pipeline.json in the source tree, when present).", valueName: "file"))
    var config: String?

    var file: URL? { config.map { URL(fileURLWithPath: $0) } }
}

/// `--adopt-folder`: write into a folder that also holds files of someone else's (build, fetch, apply, update).
struct AdoptFolderOption: ParsableArguments {
    @Flag(help: "Write into an output folder that holds files aipbundle did not write, keeping them as they are (never deleted or replaced); without it such a folder is refused.")
    var adoptFolder = false
}

/// Whether a command needs `--public-key` (apply, update) or verifies with it only when given (check).
protocol PublicKeyUse {
    static var required: Bool { get }
}

/// `--public-key FILE`: the publisher's key a signature is verified with, as a device would (apply, update, check).
struct PublicKeyOption<Use: PublicKeyUse>: ParsableArguments {
    @Option(help: ArgumentHelp("The trusted public key (signing.pub, from `aipbundle keygen`) signatures are verified with\(Use.required ? "" : "; without it, manifest.sig is only checked to be well-formed and present when manifest.json names a signing key").", valueName: "file"))
    var publicKey: String?

    /// The key file; nil only where the key is optional and was not given.
    var file: URL? { publicKey.map { URL(fileURLWithPath: $0) } }

    func validate() throws {
        // ArgumentParser's own wording for a missing required option, with its exit code (64).
        if Use.required, publicKey == nil { throw ValidationError("Missing expected argument '--public-key <file>'") }
    }
}

enum RequiredKey: PublicKeyUse { static let required = true }
enum OptionalKey: PublicKeyUse { static let required = false }
