import AIPErrorText
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BundleFolder {
    /// What, besides its own layout, an opener expects in a bundle folder, and whether it may publish beside files
    /// it did not write.
    ///
    /// The folder is someone's: a notes file, a `.gitignore`, an app's settings may sit in it. This type deletes,
    /// replaces and follows only what it made — `.aipbundle/` (a real folder holding `lock`, `current`,
    /// `current.next` and `b-<uuid>` folders, its links naming a `b-<uuid>` beside them), the links
    /// `OUT/<name>` → `.aipbundle/current/<name>` and their temporaries — plus what the opener names here.
    public struct Policy: Sendable {
        /// Names in the root the opener itself writes beside the bundle (fetch's cache); left alone here.
        public var callerNames: Set<String>
        /// The plain files of a bundle written the flat way (directly in the folder, by an earlier version or by
        /// hand), as read from that bundle's own record (its manifest); empty when the folder holds none. Only these
        /// move into the first bundle of the layout.
        public var flatFiles: @Sendable (URL) -> Set<String>
        /// Whether a folder holding files it did not write may be published to (`--adopt-folder`): they stay as
        /// they are, never deleted or replaced. False refuses such a folder before anything in it changes.
        public var keepForeignFiles: Bool

        public init(callerNames: Set<String> = [], flatFiles: @escaping @Sendable (URL) -> Set<String> = { _ in [] },
                    keepForeignFiles: Bool = false) {
            self.callerNames = callerNames
            self.flatFiles = flatFiles
            self.keepForeignFiles = keepForeignFiles
        }
    }

    /// Checks that everything in `root` is this type's, the opener's or tolerated by `policy`, before anything is
    /// created or changed; returns the flat bundle's files to migrate (sorted; empty when laid out already).
    /// - Throws: ``BundleFolderError`` for a state folder this type did not make (a link, a file, a `current` that
    ///   leads out of it, anything else inside it), or foreign files without `policy.keepForeignFiles`.
    static func ownedFlatFiles(of root: URL, policy: Policy) throws -> [String] {
        let state = root.appendingPathComponent(stateFolderName)
        var foreign: [String] = []
        var laidOut = false
        switch fileType(state) {
        case nil:
            break
        case S_IFDIR:
            for name in try fileNames(in: state) {
                let url = state.appendingPathComponent(name), type = fileType(url)
                switch name {
                case currentName:
                    guard liveBundleName(url) != nil else {
                        // Only for the message: a `current` whose target cannot be read is "not a link" we can name.
                        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)).map { "a link to \($0)" } ?? "not a link"
                        throw BundleFolderError(.foreignContent, """
                            \(url.path) is \(target), which aipbundle did not make (it names a b-<uuid> folder beside it); \
                            it follows no link it did not make: remove \(state.path) if no bundle is installed there, or give another folder
                            """)
                    }
                    laidOut = true
                case nextName where type == S_IFLNK, lockName where type == S_IFREG: continue
                default:
                    if !(isBundleFolderName(name) && type == S_IFDIR) { foreign.append("\(stateFolderName)/\(name)") }
                }
            }
            // Nothing but this type's own may be in its state folder: it sweeps there.
            if !foreign.isEmpty {
                throw BundleFolderError(.foreignContent, """
                    \(state.path) holds \(listed(foreign)), which aipbundle did not write; it keeps only its own files there and \
                    would remove the others: move them out of \(state.path)
                    """)
            }
        default:
            throw BundleFolderError(.foreignContent, """
                \(state.path) is not a folder (a link or a file aipbundle did not make); aipbundle keeps its state in a \
                real folder of that name and follows no link it did not make: remove \(state.path), or give another folder
                """)
        }
        let flat = laidOut ? [] : policy.flatFiles(root).filter { fileType(root.appendingPathComponent($0)) == S_IFREG }.sorted()
        for name in try fileNames(in: root) where name != stateFolderName && !policy.callerNames.contains(name) && !flat.contains(name) {
            let url = root.appendingPathComponent(name)
            if !isExposedLink(url, name: name) && !isLeftoverLink(url) { foreign.append(name) }
        }
        if !foreign.isEmpty && !policy.keepForeignFiles {
            throw BundleFolderError(.foreignContent, """
                \(root.path) holds \(listed(foreign)), which aipbundle did not write; it never deletes or replaces what is not \
                its own, so it does not publish there: move them out, give an empty or new folder, or pass --adopt-folder \
                to publish beside them (they are kept as they are)
                """)
        }
        return flat
    }

    /// Creates the state folder as a real folder (never through a link; ``ownedFlatFiles(of:policy:)`` refused one).
    static func makeStateFolder(_ url: URL) throws {
        if fileType(url) == S_IFDIR { return }
        guard mkdir(url.path, 0o755) == 0 || (errno == EEXIST && fileType(url) == S_IFDIR) else {
            throw BundleFolderError(.fileSystem, "cannot create the output folder's state folder \(url.path): \(ErrorText.reason(errno: errno))")
        }
    }

    /// The bundle folder a `current` (or `current.next`) link names, when it is a link this type made: a
    /// `b-<uuid>` name, in the state folder itself. Nil for anything else (it is never followed).
    static func liveBundleName(_ link: URL) -> String? {
        // A link whose target cannot be read is not one this type can follow: nil, as for any other foreign entry.
        guard fileType(link) == S_IFLNK, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link.path),
              isBundleFolderName(target) else { return nil }
        return target
    }

    /// `b-<uuid>`, as ``makeStaging()`` names bundle folders.
    static func isBundleFolderName(_ name: String) -> Bool {
        name.hasPrefix("b-") && name == name.lowercased() && UUID(uuidString: String(name.dropFirst(2))) != nil
    }

    /// Whether `url` (`OUT/<name>`) is the link this type exposes `name` by.
    static func isExposedLink(_ url: URL, name: String) -> Bool {
        // An unreadable target is not the expected one: the entry is then foreign, which the caller reports.
        fileType(url) == S_IFLNK
            && (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) == "\(stateFolderName)/\(currentName)/\(name)"
    }

    /// Whether `url` is a temporary of ``expose(_:)`` a crash left: `.<name>.link-<uuid>`, a link into `current`.
    static func isLeftoverLink(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        guard name.hasPrefix("."), let marker = name.range(of: ".link-", options: .backwards),
              UUID(uuidString: String(name[marker.upperBound...])) != nil, fileType(url) == S_IFLNK,
              // Unreadable: not provably a leftover of ours, so it is left alone (and reported as foreign).
              let target = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) else { return false }
        return target.hasPrefix("\(stateFolderName)/\(currentName)/")
    }

    /// The type of what is at `url` itself (`S_IFDIR`, `S_IFLNK`, …; a link is not followed), nil when nothing is.
    static func fileType(_ url: URL) -> mode_t? {
        var status = stat()
        return lstat(url.path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    /// A few of `names` for a message.
    private static func listed(_ names: [String]) -> String {
        let shown = names.prefix(5).joined(separator: ", ")
        return names.count > 5 ? "\(shown) and \(names.count - 5) more" : shown
    }
}
