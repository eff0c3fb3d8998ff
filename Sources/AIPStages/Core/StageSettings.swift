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
    private let sections: [String: Data]

    /// An empty settings file: every section at its defaults.
    public init() {
        name = "pipeline.json"
        sections = [:]
    }

    /// Parses the top level. Every key must be one of `sections`, every value an object.
    /// - Throws: ``SettingsError`` with a sentence naming the file and the key.
    public init(data: Data, name: String, sections allowed: [String]) throws {
        self.name = name
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw SettingsError("\(name) is not valid JSON; fix its syntax (a missing comma or quote?)")
        }
        guard let top = object as? [String: Any] else {
            throw SettingsError("\(name) must hold a JSON object such as {\"airports\": {…}}")
        }
        var sections: [String: Data] = [:]
        for key in top.keys.sorted() {
            guard allowed.contains(key) else {
                throw SettingsError("\(name): unknown section \"\(key)\"; known: \(allowed.sorted().joined(separator: ", "))")
            }
            guard let section = top[key] as? [String: Any] else {
                throw SettingsError("\(name): \"\(key)\" must be an object of settings, not \(Self.describe(top[key]!))")
            }
            sections[key] = try JSONSerialization.data(withJSONObject: section)
        }
        self.sections = sections
    }

    /// The settings of section `key`, decoded strictly: unknown keys, `null` values and values of the wrong type
    /// are errors with the key's path, never a default taken in silence.
    public func decode<Settings: StageSettings>(_ type: Settings.Type, section key: String) throws -> Settings {
        guard let data = sections[key] else { return Settings() }
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        for (setting, value) in object.sorted(by: { $0.key < $1.key }) {
            guard Settings.knownKeys.contains(setting) else {
                throw SettingsError("\(name): unknown setting \"\(key).\(setting)\"; known: \(Settings.knownKeys.sorted().map { "\(key).\($0)" }.joined(separator: ", "))")
            }
            if let path = Self.nullPath(value, at: "\(key).\(setting)") {
                throw SettingsError("\(name): \"\(path)\" is null; remove the key to use the default, or give a value")
            }
        }
        do {
            return try JSONDecoder().decode(Settings.self, from: data)
        } catch let error as DecodingError {
            throw SettingsError("\(name): \(Self.explain(error, section: key))")
        }
    }

    /// The path of the first `null` inside `value`, if any.
    private static func nullPath(_ value: Any, at path: String) -> String? {
        if value is NSNull { return path }
        if let array = value as? [Any] {
            for (index, element) in array.enumerated() { if let found = nullPath(element, at: "\(path)[\(index)]") { return found } }
        }
        if let object = value as? [String: Any] {
            for key in object.keys.sorted() { if let found = nullPath(object[key]!, at: "\(path).\(key)") { return found } }
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

    private static func describe(_ value: Any) -> String {
        switch value {
        case is NSNull: "null"
        case is String: "a string"
        case is [Any]: "a list"
        case is NSNumber: "a number"
        default: "\(type(of: value))"
        }
    }
}

/// `pipeline.json` (or `--config`) cannot be used as it is.
public struct SettingsError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
