import Foundation

/// Every entry under `folder`: a file's bytes, a link's target, a folder's name (links are not followed), to show a
/// command left what it does not own byte for byte as it was.
func snapshot(of folder: URL) throws -> [String: Data] {
    var entries: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)!
    while let relative = enumerator.nextObject() as? String {
        let path = folder.appendingPathComponent(relative).path
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            entries[relative] = Data("→ \(target)".utf8)
        } else if let data = FileManager.default.contents(atPath: path) {
            entries[relative] = data
        } else {
            entries[relative] = Data("(folder)".utf8)
        }
    }
    return entries
}
