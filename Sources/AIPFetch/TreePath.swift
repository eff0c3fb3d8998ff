/// The rule every path of the source tree passes before anything is requested for it or joined to a folder, whether
/// it comes from settings (`files[].path`, `folder`) or from a link's file name (decoded: `..%2Fx` is `../x`).
///
/// A path is relative, its components non-empty, neither `.` nor `..`, not hidden (the tree's own `.aipbundle` and
/// `.aipfetch-cache` start with a dot, and `build` skips hidden names), free of backslashes and control characters,
/// and not the name of a file the tree itself holds at the top (the lock, a kept `pipeline.json`).
enum TreePath {
    /// Nil when `path` may be a path in the tree, else why not.
    static func problem(_ path: String) -> String? {
        if path.hasPrefix("/") { return "it is absolute" }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        for component in components {
            if component.isEmpty { return "it has an empty component" }
            if component == "." || component == ".." { return "it holds \(component)" }
            if component.hasPrefix(".") { return "it holds the hidden name \(component)" }
            if component.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) {
                return "it holds a backslash or a control character"
            }
        }
        if components.count == 1, ([SourcesLock.fileName] + Fetcher.keptFiles).contains(path) {
            return "it is the tree's own \(path)"
        }
        return nil
    }

    /// - Throws: ``FetchError`` naming the path as read (escaped) and what is wrong with it.
    static func check(_ path: String, source: String, origin: String = "") throws {
        guard let problem = problem(path) else { return }
        let shown = path.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
        throw FetchError(.refused, "\(source): the tree path \"\(shown)\"\(origin) is refused: \(problem); a tree path is relative, without . or .., hidden names or control characters")
    }
}
