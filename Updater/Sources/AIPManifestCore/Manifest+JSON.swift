import AIPErrorText
import AIPJSON
import Foundation

extension Manifest {
    /// The manifest as JSON in its one exact byte form: pretty-printed with two-space indentation, keys sorted,
    /// `/` not escaped, and a final newline.
    ///
    /// Equal manifests give identical bytes (dictionary keys are sorted, inputs are kept in path order), so a
    /// rebuild of the same inputs changes nothing and a signature over the bytes stays valid.
    public func jsonData() throws -> Data {
        try JSONWriter.encode(self)
    }

    /// Reads a manifest written by `jsonData()`.
    /// - Throws: `ManifestError` when the file cannot be read, is not a manifest, or has another format.
    public init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ManifestError(.unreadable, "cannot read \(url.path): \(ErrorText.reason(error))")
        }
        try self.init(jsonData: data)
    }

    /// Decodes a manifest from JSON.
    /// - Throws: `ManifestError` when `data` is not a manifest, or has a format other than `currentFormat`
    ///   (checked first, so that a newer manifest is reported as such rather than as malformed).
    public init(jsonData data: Data) throws {
        struct FormatOnly: Decodable { var format: Int }
        let decoder = JSONDecoder()
        let format: Int
        do {
            format = try decoder.decode(FormatOnly.self, from: data).format
        } catch {
            throw ManifestError(.notAManifest, "\(Self.fileName) is not a manifest: \(ErrorText.reason(error))")
        }
        guard format == Self.currentFormat else {
            throw ManifestError(.unsupportedFormat, "\(Self.fileName) has format \(format); this build reads format \(Self.currentFormat)")
        }
        do {
            self = try decoder.decode(Manifest.self, from: data)
        } catch {
            throw ManifestError(.notAManifest, "\(Self.fileName) is not a manifest: \(ErrorText.reason(error))")
        }
    }
}
