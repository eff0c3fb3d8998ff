import AIPJSON
import Foundation

/// A stage's section of `pipeline.json`. Every key is optional and has a default; the keys a section may hold are
/// listed so a typo is an error rather than a silently kept default.
public protocol StageSettings: Decodable, Sendable {
    static var knownKeys: Set<String> { get }
    /// The settings when `pipeline.json` has no section for the stage.
    init()
}

/// `pipeline.json`, split into sections (`{"airports": {…}, "build": {…}}`), each decoded by its owner.
public struct SettingsFile: Sendable {
    /// The file as named in messages.
    public let name: String
    private let sections: [String: [(key: String, value: JSONValue)]]

    /// An empty settings file: every section at its defaults.
    public init() {
        name = "pipeline.json"
        sections = [:]
    }

    /// Parses the top level. Every key must be one of `sections`, every value an object.
    /// - Throws: ``SettingsError`` with a sentence naming the file and the key.
    public init(data: Data, name: String, sections allowed: [String]) throws {
        self.name = name
        let top: JSONValue
        do {
            top = try JSONValue.parse(Array(data))
        } catch {
            throw SettingsError("\(name) is not valid JSON (\(error)); fix its syntax (a missing comma or quote?)")
        }
        guard case .object(let members) = top else {
            throw SettingsError("\(name) must hold a JSON object such as {\"airports\": {…}}")
        }
        var sections: [String: [(key: String, value: JSONValue)]] = [:]
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            guard allowed.contains(key) else {
                throw SettingsError("\(name): unknown section \"\(key)\"; known: \(allowed.sorted().joined(separator: ", "))")
            }
            guard sections[key] == nil else { throw SettingsError("\(name): section \"\(key)\" is given twice; keep one") }
            guard case .object(let section) = value else {
                throw SettingsError("\(name): \"\(key)\" must be an object of settings, not \(value.typeName)")
            }
            sections[key] = section
        }
        self.sections = sections
    }

    /// The settings of section `key`, decoded strictly: unknown keys, `null` values and values of the wrong type
    /// are errors with the key's path, never a default taken in silence.
    public func decode<Settings: StageSettings>(_ type: Settings.Type, section key: String) throws -> Settings {
        guard let object = sections[key] else { return Settings() }
        for (setting, value) in object.sorted(by: { $0.key < $1.key }) {
            guard Settings.knownKeys.contains(setting) else {
                throw SettingsError("\(name): unknown setting \"\(key).\(setting)\"; known: \(Settings.knownKeys.sorted().map { "\(key).\($0)" }.joined(separator: ", "))")
            }
            if let path = Self.nullPath(value, at: "\(key).\(setting)") {
                throw SettingsError("\(name): \"\(path)\" is null; remove the key to use the default, or give a value")
            }
        }
        let data = Data(JSONWriter.bytes(.object(object)))
        do {
            return try JSONDecoder().decode(Settings.self, from: data)
        } catch let error as DecodingError {
            throw SettingsError("\(name): \(Self.explain(error, section: key))")
        }
    }

    /// The path of the first `null` inside `value`, if any.
    private static func nullPath(_ value: JSONValue, at path: String) -> String? {
        switch value {
        case .null: return path
        case .array(let items):
            for (index, item) in items.enumerated() { if let found = nullPath(item, at: "\(path)[\(index)]") { return found } }
        case .object(let members):
            for (key, member) in members.sorted(by: { $0.key < $1.key }) { if let found = nullPath(member, at: "\(path).\(key)") { return found } }
        default: break
        }
        return nil
    }

    /// A `DecodingError` as a sentence: where, and what was expected.
    private static func explain(_ error: DecodingError, section: String) -> String {
        func path(_ context: DecodingError.Context) -> String {
            ([section] + context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }).joined(separator: ".")
                .replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .typeMismatch(let type, let context): return "\"\(path(context))\" must be \(typeName(type))"
        case .valueNotFound(let type, let context): return "\"\(path(context))\" must be \(typeName(type)), not null"
        case .keyNotFound(let key, let context): return "\"\(path(context)).\(key.stringValue)\" is required"
        case .dataCorrupted(let context): return "\"\(path(context))\": \(context.debugDescription)"
        @unknown default: return "\(section): invalid settings"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is [String].Type: "a list of strings"
        case is [Any].Type: "a list"
        case is Double.Type, is Int.Type: "a number"
        case is Bool.Type: "true or false"
        default: "a \(type)"
        }
    }
}

/// `pipeline.json` (or `--config`) cannot be used as it is.
public struct SettingsError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
