import Foundation

/// A name read from a file — a bundle file name in manifest.json or delta.json, a bundle version in a manifest or a
/// channel's index — checked to be one harmless path component before any code joins it to a folder.
///
/// Whoever writes a manifest or an index decides these names, and a device or a publisher turns them into paths:
/// `../../x` as a version or a file name would make `publish` write outside its channel or `delta` read a file
/// outside the bundle. So the rule is narrow rather than a list of bad cases: ASCII letters and digits, `.`, `_`,
/// `+` and `-`, starting with a letter or digit. That excludes `/` and `\`, `.` and `..`, hidden names (the bundle
/// folder's own `.aipbundle` and every `.tmp-` file start with a dot), a leading `-` (read as an option by tools a
/// person may pass the name to), NUL, control characters, spaces, and non-ASCII names that two file systems may
/// normalise differently. Every name the build writes fits it.
public struct PathName: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The longest file name: room for a package's payload suffix (`.rows.deflate`) within NAME_MAX (255).
    public static let maxFileNameBytes = 128
    /// The longest bundle version, as `build --bundle-version` allows.
    public static let maxVersionBytes = 64

    /// The name, valid.
    public let text: String

    /// A bundle file name (`airports.db`).
    /// - Throws: ``Invalid`` saying what is wrong with it.
    public init(_ text: String) throws(Invalid) {
        try self.init(text, limit: Self.maxFileNameBytes, what: "a bundle file name")
    }

    /// A bundle version (`2026.12.1`), which a publisher and a device may use as a path component too.
    /// - Throws: ``Invalid`` saying what is wrong with it.
    public init(version text: String) throws(Invalid) {
        try self.init(text, limit: Self.maxVersionBytes, what: "a bundle version")
    }

    private init(_ text: String, limit: Int, what: String) throws(Invalid) {
        let bytes = Array(text.utf8)
        func invalid(_ reason: String) -> Invalid { Invalid(name: text, what: what, reason: reason) }
        guard let first = bytes.first else { throw invalid("it is empty") }
        guard bytes.count <= limit else { throw invalid("it is \(bytes.count) bytes long, more than \(limit)") }
        guard Self.isLetterOrDigit(first) else {
            throw invalid("it must start with a letter or a digit (not \(Self.describe(first)))")
        }
        if let bad = bytes.first(where: { !Self.isLetterOrDigit($0) && !"._+-".utf8.contains($0) }) {
            throw invalid("it holds \(Self.describe(bad)); only letters, digits, '.', '_', '+' and '-' are allowed")
        }
        self.text = text
    }

    /// The keys of `entries` (a manifest's or a delta's files by name) as names, in byte order.
    /// - Throws: ``Invalid`` for the first key, in byte order, that is not a bundle file name.
    public static func names<Value>(of entries: [String: Value]) throws(Invalid) -> [PathName] {
        var names: [PathName] = []
        for key in entries.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) { names.append(try PathName(key)) }
        return names
    }

    public var description: String { text }

    public static func < (lhs: PathName, rhs: PathName) -> Bool { lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8) }

    /// Why a name read from a file is not a ``PathName``.
    public struct Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        /// The name as read.
        public var name: String
        /// What it should have been: `a bundle file name`, `a bundle version`.
        public var what: String
        public var reason: String

        public var description: String {
            "\"\(name.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())\" is not \(what): \(reason)"
        }
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// A byte of a refused name, shown so that an invisible one (NUL, a control character) can be told apart.
    private static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x21...0x7E: "'\(Character(Unicode.Scalar(byte)))'"
        case 0x20: "a space"
        case 0x00: "a NUL byte"
        case 0x01...0x1F, 0x7F: String(format: "the control character 0x%02X", byte)
        default: "a non-ASCII character"
        }
    }
}

extension URL {
    /// The file `name` directly inside this folder: the one way a name read from a file becomes a path.
    public func appending(_ name: PathName) -> URL {
        appendingPathComponent(name.text, isDirectory: false)
    }
}
