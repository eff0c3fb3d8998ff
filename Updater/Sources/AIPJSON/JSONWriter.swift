import Foundation

/// The one writer of every JSON text aipbundle emits: bundle files (`rules.json`), `report.json`, the signed documents
/// (`manifest.json`, `delta.json`, `index.json`), JSON kept inside database cells, and every command's `--json`.
///
/// One escaping and one layout for all of them, the form of Python's `json.dump(…, ensure_ascii=False)`:
/// `"`, `\` and control characters escaped (`\n`, `\r`, `\t`, `\b`, `\f`, else `\u00xx`), everything else (non-ASCII,
/// `/`) written as itself; `": "` after keys. Equal values give identical bytes, so an unchanged document rewritten
/// is unchanged and its signature stays valid.
///
/// `Encodable` values go through `JSONEncoder` (keys sorted) only to become a ``JSONValue``; the text is always
/// written here. Values whose key order is part of a contract (`rules.json`) are built as a ``JSONValue`` directly.
public enum JSONWriter {
    /// How the text is laid out.
    public enum Layout: Sendable {
        /// Two-space indentation, one member per line; `[]` and `{}` for empty containers. `indent=2` in Python.
        case indented
        /// One line, `", "` between members: Python's `json.dumps` default, for JSON held in a database cell.
        case inline
    }

    /// The text of `value`; `finalNewline` ends it with `\n` (files meant for a terminal or a diff).
    public static func bytes(_ value: JSONValue, layout: Layout = .indented, finalNewline: Bool = false) -> [UInt8] {
        var writer = Writer(layout: layout)
        writer.write(value, depth: 0)
        if finalNewline { writer.bytes.append(0x0A) }
        return writer.bytes
    }

    /// The document form of an `Encodable` value: keys sorted, indented, with a final newline.
    public static func encode<T: Encodable>(_ value: T, layout: Layout = .indented, finalNewline: Bool = true) throws -> Data {
        Data(bytes(try jsonValue(value), layout: layout, finalNewline: finalNewline))
    }

    /// The document form as text (`--json` on stdout, JSON in a database cell).
    public static func string<T: Encodable>(_ value: T, layout: Layout = .indented, finalNewline: Bool = false) throws -> String {
        String(decoding: try encode(value, layout: layout, finalNewline: finalNewline), as: UTF8.self)
    }

    /// An `Encodable` value as a ``JSONValue``, keys sorted (byte-wise, as `JSONEncoder` sorts them).
    public static func jsonValue<T: Encodable>(_ value: T) throws -> JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Non-finite numbers have no JSON form; JSONEncoder's default (throw) is what we want.
        let data = try encoder.encode(value)
        return try JSONValue.parse(Array(data))
    }
}

private struct Writer {
    let layout: JSONWriter.Layout
    var bytes: [UInt8] = []

    init(layout: JSONWriter.Layout) {
        self.layout = layout
        bytes.reserveCapacity(4096)
    }

    mutating func write(_ value: JSONValue, depth: Int) {
        switch value {
        case .object(let members):
            guard !members.isEmpty else { return append("{}") }
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                separator(first: index == 0, depth: depth + 1)
                string(member.key)
                append(": ")
                write(member.value, depth: depth + 1)
            }
            close("}", depth: depth)
        case .array(let items):
            guard !items.isEmpty else { return append("[]") }
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                separator(first: index == 0, depth: depth + 1)
                write(item, depth: depth + 1)
            }
            close("]", depth: depth)
        case .string(let text): string(text)
        case .number(let text): append(text)
        case .bool(let flag): append(flag ? "true" : "false")
        case .null: append("null")
        }
    }

    private mutating func separator(first: Bool, depth: Int) {
        switch layout {
        case .indented:
            if !first { bytes.append(UInt8(ascii: ",")) }
            newline(depth: depth)
        case .inline:
            if !first { append(", ") }
        }
    }

    private mutating func close(_ bracket: Unicode.Scalar, depth: Int) {
        if case .indented = layout { newline(depth: depth) }
        bytes.append(UInt8(ascii: bracket))
    }

    private mutating func newline(depth: Int) {
        bytes.append(0x0A)
        bytes += repeatElement(0x20, count: 2 * depth)
    }

    private mutating func append(_ text: String) { bytes += text.utf8 }

    private static let hex = Array("0123456789abcdef".utf8)

    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [0x5C, byte]
            case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
            case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
            case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
            case 0x08: bytes += [0x5C, UInt8(ascii: "b")]
            case 0x0C: bytes += [0x5C, UInt8(ascii: "f")]
            case 0..<0x20: bytes += Array("\\u00".utf8) + [Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0x0F)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
