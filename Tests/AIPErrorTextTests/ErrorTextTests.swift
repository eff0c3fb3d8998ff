import AIPErrorText
import Foundation
import Testing

/// Foundation's errors, made by real file operations, read as sentences: never `NSCocoaErrorDomain`, never a dump.
@Suite struct ErrorTextTests {
    let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("aipbundle-errortext-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    func failure(_ body: () throws -> Void) -> any Error {
        do {
            try body()
        } catch {
            return error
        }
        Issue.record("no error")
        return CancellationError()
    }

    @Test func fileErrorsNameTheCause() throws {
        let missing = folder.appendingPathComponent("absent.json")
        let file = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let cases: [(any Error, String)] = [
            (failure { _ = try Data(contentsOf: missing) }, "it does not exist; check the path"),
            (failure { _ = try Data(contentsOf: folder) }, "it is a folder, not a file"),
            (failure { try FileManager.default.createDirectory(at: file.appendingPathComponent("sub"), withIntermediateDirectories: true) },
             "a part of the path is a file, not a folder"),
            (failure { try Data("y".utf8).write(to: file, options: .withoutOverwriting) }, "it already exists; move it away or give another path"),
            (POSIXError(.EACCES), "permission denied; check the permissions of the file and of the folders above it (ls -l)"),
            (CocoaError(.fileWriteOutOfSpace), "no space is left on the device; free some and run again"),
        ]
        for (error, reason) in cases {
            #expect(ErrorText.reason(error) == reason, "\(error)")
        }
        // With nothing else known, the path the error carries goes first.
        #expect(ErrorText.sentence(cases[0].0) == "\(missing.path): it does not exist; check the path")
    }

    @Test func decodingErrorsSayWhatAndWhere() {
        struct Document: Decodable {
            struct Entry: Decodable { var size: Int }
            var files: [String: Entry]
        }
        func reason(_ json: String) -> String {
            ErrorText.reason(failure { _ = try JSONDecoder().decode(Document.self, from: Data(json.utf8)) })
        }
        #expect(reason("{bad") == "not valid JSON")
        #expect(reason("{}") == "files is missing")
        #expect(reason(#"{"files": {"a.db": {}}}"#) == "files.a.db.size is missing")
        #expect(reason(#"{"files": {"a.db": {"size": "big"}}}"#).hasPrefix("files.a.db.size: "))
    }

    @Test func otherErrorsKeepTheirOwnText() {
        struct Refusal: Error, CustomStringConvertible { var description: String { "the key is not trusted" } }
        #expect(ErrorText.reason(Refusal()) == "the key is not trusted")
        #expect(ErrorText.sentence(Refusal()) == "the key is not trusted")
    }
}
