/// A JSON value that keeps the order of object keys, which `JSONSerialization` loses and `rules.json` fixes.
///
/// Numbers keep their text, so a reader decides how to take them. Parsing is strict RFC 8259 over UTF-8 bytes,
/// with nesting bounded by ``maxDepth``: any input ends in a value or an ``JSONValue/ParseError``, in linear time.
public indirect enum JSONValue: Sendable, Equatable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    /// The number as written (`0.9`).
    case number(String)
    case bool(Bool)
    case null

    /// Deeper nesting is refused: `rules.json` needs five levels.
    public static let maxDepth = 64

    /// Why bytes are not JSON, and where (1-based line and column of the offending byte).
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var reason: String

        public var description: String { "line \(line), column \(column): \(reason)" }
    }

    /// Parses one JSON document; whitespace may surround it, nothing else.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSONValue {
        var parser = Parser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    /// A short name of the value's type, for messages ("a string", "an object").
    public var typeName: String {
        switch self {
        case .object: "an object"
        case .array: "a list"
        case .string: "a string"
        case .number: "a number"
        case .bool: "true or false"
        case .null: "null"
        }
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            left.count == right.count && zip(left, right).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let left), .array(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.number(let left), .number(let right)): left == right
        case (.bool(let left), .bool(let right)): left == right
        case (.null, .null): true
        default: false
        }
    }
}

private struct Parser {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    func error(_ reason: String) -> JSONValue.ParseError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(position, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return JSONValue.ParseError(line: line, column: position - lineStart + 1, reason: reason)
    }

    mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
    }

    mutating func expect(_ literal: String, _ value: JSONValue) throws(JSONValue.ParseError) -> JSONValue {
        let expected = Array(literal.utf8)
        guard bytes.count - position >= expected.count, Array(bytes[position..<(position + expected.count)]) == expected else {
            throw error("expected \(literal)")
        }
        position += expected.count
        return value
    }

    mutating func value(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        guard depth < JSONValue.maxDepth else { throw error("nested deeper than \(JSONValue.maxDepth) levels") }
        guard position < bytes.count else { throw error("the document ends where a value was expected") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character where a value was expected")
        }
    }

    mutating func object(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let key = try string()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
            position += 1
            skipWhitespace()
            members.append((key, try value(depth: depth + 1)))
            skipWhitespace()
            guard position < bytes.count else { throw error("the document ends inside an object") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            guard bytes[position] == UInt8(ascii: "}") else { throw error("expected ',' or '}' in an object") }
            position += 1
            return .object(members)
        }
    }

    mutating func array(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            guard position < bytes.count else { throw error("the document ends inside a list") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            guard bytes[position] == UInt8(ascii: "]") else { throw error("expected ',' or ']' in a list") }
            position += 1
            return .array(elements)
        }
    }

    mutating func number() throws(JSONValue.ParseError) -> String {
        let start = position
        func digits() -> Int {
            let first = position
            while position < bytes.count, bytes[position] &- 48 < 10 { position += 1 }
            return position - first
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, bytes[position] &- 48 < 10 else { throw error("a number needs digits") }
        if bytes[position] == UInt8(ascii: "0") { position += 1 } else { _ = digits() }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    mutating func string() throws(JSONValue.ParseError) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var run = position
        func flush() throws(JSONValue.ParseError) {
            guard run < position else { return }
            guard let text = String(validating: bytes[run..<position], as: UTF8.self) else { throw error("a string is not valid UTF-8") }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                try flush()
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("a control character must be escaped inside a string") }
            guard byte == UInt8(ascii: "\\") else { position += 1; continue }
            try flush()
            position += 1
            guard position < bytes.count else { break }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    // A high surrogate must be followed by an escaped low one.
                    guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                        throw error("a \\u escape holds half a surrogate pair")
                    }
                    position += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("a \\u escape holds half a surrogate pair") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("a \\u escape holds half a surrogate pair") }
                scalars.append(scalar)
            default:
                position -= 1
                throw error("unknown escape in a string")
            }
            run = position
        }
        throw error("the document ends inside a string")
    }

    mutating func hex4() throws(JSONValue.ParseError) -> UInt32 {
        guard bytes.count - position >= 4 else { throw error("a \\u escape needs four hex digits") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - 87
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - 55
            default: throw error("a \\u escape needs four hex digits")
            }
            code = code << 4 | UInt32(digit)
            position += 1
        }
        return code
    }
}
