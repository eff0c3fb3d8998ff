import Foundation

/// Validates `json` against the JSON Schema `docs/schemas/<schema>` of this repository with Python's `jsonschema`
/// (an implementation independent of this package; `scripts/install-deps.sh` installs it). Returns the validator's
/// complaints, empty when the document is valid.
///
/// For example: `#expect(try schemaViolations(reportData, schema: "report.schema.json") == [])`.
public func schemaViolations(_ json: Data, schema: String) throws -> [String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aipbundle-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let document = folder.appendingPathComponent("document.json")
    try json.write(to: document)
    let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.validators.validator_for(schema).check_schema(schema)
        validator = jsonschema.validators.validator_for(schema)(schema)
        for error in sorted(validator.iter_errors(json.load(open(sys.argv[2]))), key=lambda e: list(e.absolute_path)):
            print("/".join(map(str, error.absolute_path)) + ": " + error.message)
        """
    let run = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script,
                             SharedFixtures.packageRoot.appendingPathComponent("docs/schemas/\(schema)").path, document.path])
    guard run.code == 0 else {
        throw SchemaValidationError(description: "python3 jsonschema could not validate against \(schema): \(run.stderr)")
    }
    let text = run.stdout
    return text.split(separator: "\n").map(String.init)
}

public struct SchemaValidationError: Error, CustomStringConvertible {
    public var description: String
}

