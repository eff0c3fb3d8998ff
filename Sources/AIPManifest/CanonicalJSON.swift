import Foundation

/// The one exact byte form of every JSON document aipbundle signs (manifest.json, delta.json, index.json):
/// pretty-printed with two-space indentation, keys sorted, `/` not escaped, and a final newline. Equal values give
/// identical bytes, so rewriting an unchanged document changes nothing and its signature stays valid.
package enum CanonicalJSON {
    package static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
