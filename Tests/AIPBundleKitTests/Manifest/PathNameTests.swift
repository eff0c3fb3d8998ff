import AIPBundleKit
import AIPManifest
import Foundation
import TestSupport
import Testing

/// Names read from a manifest, a delta or an index: one harmless path component, or refused with the reason.
@Suite struct PathNameTests {
    @Test(arguments: ["airports.db", "rules.json", "changes-2612.db", "a", "A_b+c-1.2", String(repeating: "x", count: 128)])
    func aBundleFileNameOfTheNarrowAlphabetIsAccepted(_ name: String) throws {
        #expect(try PathName(name).text == name)
        #expect(URL(fileURLWithPath: "/bundle").appending(try PathName(name)).path == "/bundle/\(name)")
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("..", "it must start with a letter or a digit (not '.')"),
        (".", "it must start with a letter or a digit (not '.')"),
        ("../../secret", "it must start with a letter or a digit (not '.')"),
        (".aipbundle", "it must start with a letter or a digit (not '.')"),
        ("-rf", "it must start with a letter or a digit (not '-')"),
        ("a/b", "it holds '/'; only letters, digits, '.', '_', '+' and '-' are allowed"),
        ("a\\b", "it holds '\\'; only letters, digits, '.', '_', '+' and '-' are allowed"),
        ("a\u{0}b", "it holds a NUL byte; only letters, digits, '.', '_', '+' and '-' are allowed"),
        ("a\nb", "it holds the control character 0x0A; only letters, digits, '.', '_', '+' and '-' are allowed"),
        ("a b", "it holds a space; only letters, digits, '.', '_', '+' and '-' are allowed"),
        ("aé", "it holds a non-ASCII character; only letters, digits, '.', '_', '+' and '-' are allowed"),
        (String(repeating: "x", count: 129), "it is 129 bytes long, more than 128"),
    ])
    func anythingElseIsRefusedWithTheReason(_ name: String, _ reason: String) {
        #expect { try PathName(name) } throws: { ($0 as? PathName.Invalid)?.reason == reason }
    }

    @Test func aBundleVersionHasTheSameAlphabetAndAtMost64Bytes() throws {
        #expect(try PathName(version: "2026.12.1").text == "2026.12.1")
        #expect(try PathName(version: String(repeating: "9", count: 64)).text.count == 64)
        #expect { try PathName(version: String(repeating: "9", count: 65)) } throws: { "\($0)".hasSuffix("is not a bundle version: it is 65 bytes long, more than 64") }
        #expect { try PathName(version: "../../x") } throws: {
            "\($0)" == #""../../x" is not a bundle version: it must start with a letter or a digit (not '.')"#
        }
    }

    @Test func theMessageShowsAnInvisibleCharacterEscaped() {
        #expect { try PathName("a\u{0}b") } throws: { "\($0)".hasPrefix(#""a\0b" is not a bundle file name"#) }
    }

    /// The manifest is where the names come from: a bad one is a decoding error naming the field.
    @Test(arguments: [
        (#""rules.json": {"#, #""../rules.json": {"#, #"files: "../rules.json" is not a bundle file name"#),
        (#""bundle_version": "1""#, #""bundle_version": "1/../..""#, #"bundle_version: "1/../.." is not a bundle version: it holds '/'"#),
    ])
    func aManifestNamingAPathIsNotAManifest(_ original: String, _ replacement: String, _ message: String) throws {
        let folder = try TemporaryFolder()
        let rules = try folder.write("{}\n", to: "rules.json")
        let manifest = try Manifest.make(bundleVersion: "1", airacCycle: "2612", airacDate: "2026-11-26", builderVersion: "0",
                                         files: [(name: "rules.json", url: rules, kind: .json)], inputs: [])
        let text = String(decoding: try manifest.jsonData(), as: UTF8.self)
        #expect(text.contains(original))
        #expect { try Manifest(jsonData: Data(text.replacingOccurrences(of: original, with: replacement).utf8)) } throws: {
            "\($0)".hasPrefix("manifest.json is not a manifest: \(message)")
        }
        #expect(try Manifest(jsonData: Data(text.utf8)) == manifest)
    }

    @Test func makeRefusesAVersionThatIsAPath() throws {
        #expect { try Manifest.make(bundleVersion: "../x", airacCycle: "2612", airacDate: "2026-11-26", builderVersion: "0", entries: [:], inputs: []) }
            throws: { "\($0)" == #""../x" is not a bundle version: it must start with a letter or a digit (not '.')"# }
    }
}
