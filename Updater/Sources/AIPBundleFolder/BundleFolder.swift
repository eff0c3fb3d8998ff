import AIPErrorText
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder holding one published bundle, which the next bundle replaces all at once.
///
/// ```
/// OUT/.aipbundle/lock          held (flock) by the one process that may change OUT
/// OUT/.aipbundle/b-<uuid>/     one folder per bundle; only the one `current` names is live
/// OUT/.aipbundle/current       symlink → b-<uuid>, replaced by a single rename(2)
/// OUT/<file>                   symlink → .aipbundle/current/<file>, one per bundle file
/// ```
///
/// Why a symlink flip: everything happens inside OUT, so OUT may be a mount point or another file system than
/// its parent (a Docker volume, a tmpfs), where renaming OUT itself — `renameat2(RENAME_EXCHANGE)` on Linux,
/// `renamex_np(RENAME_SWAP)` on macOS — fails with EXDEV or EBUSY. Replacing a symlink with `rename(2)` is atomic
/// on Linux and on Apple platforms alike, so the same code serves the device-side updater. A reader that opens
/// `OUT/<file>` gets a file of the current bundle; one that wants several files of the *same* bundle resolves
/// `OUT/.aipbundle/current` once (``currentContents(of:)``) and reads from there.
///
/// Ownership: the folder may be someone's (notes, a `.gitignore`, an app's settings). Opening refuses a folder
/// holding anything but this layout and what the opener names (``Policy``), unless told to keep such files beside
/// the bundle; either way they are never deleted or replaced, and no link this type did not make is followed
/// (`.aipbundle` must be a real folder, `current` must name a `b-<uuid>` in it).
///
/// Crashes: until the flip, the new bundle is only a folder nobody points at; after it, the old one is. Either way
/// the leftover is swept the next time the folder is opened. Concurrent builds: the lock is taken when the folder is
/// opened and held until the value is released (the kernel drops it if the process dies), and a second opener is
/// refused with a message, so two builds never interleave (in two containers both may be PID 1; nothing here
/// relies on process ids).
public final class BundleFolder: @unchecked Sendable {
    /// The folder readers use (`--out`).
    public let root: URL
    /// `root/.aipbundle`: the bundles and the lock.
    public let stateFolder: URL
    private let lock: FileLock

    static let stateFolderName = ".aipbundle"
    static let currentName = "current"
    static let nextName = "current.next"
    static let lockName = "lock"

    /// Opens (creating if needed) the bundle folder at `root`, takes its lock and sweeps what dead builds left.
    ///
    /// Nothing it did not write is ever deleted, replaced or followed: `root` holding anything but this layout,
    /// `policy`'s names and a flat bundle `policy` recognises is refused before anything in it changes, unless
    /// `policy.keepForeignFiles` (they then stay as they are, beside the bundle).
    /// - Throws: ``BundleFolderError`` when `root` cannot be a folder, holds files it did not write, or another
    ///   process holds the lock.
    public init(root: URL, policy: Policy = Policy()) throws {
        self.root = root.standardizedFileURL
        stateFolder = self.root.appendingPathComponent(Self.stateFolderName)
        // `root` itself may be a link: the person named it (a mount, a volume). Nothing inside it is followed.
        try Self.makeFolder(self.root, role: "the output folder")
        let flatFiles = try Self.ownedFlatFiles(of: self.root, policy: policy)
        try Self.makeStateFolder(stateFolder)
        let lockPath = stateFolder.appendingPathComponent(Self.lockName).path
        do {
            lock = try FileLock(path: lockPath)
        } catch .cannotOpen(let reason) {
            throw BundleFolderError(.fileSystem, "cannot create the lock file \(lockPath): \(reason)")
        } catch .held {
            throw BundleFolderError(.busy, """
                another aipbundle process is writing to \(self.root.path) (it holds \(lockPath)); \
                wait for it to finish, or write to another folder
                """)
        }
        try migrateFlatBundle(flatFiles)
        try completeLinks()
        sweep()
    }

    /// The folder holding the current bundle's files, or nil when nothing was published yet.
    public var current: URL? {
        Self.liveBundleName(stateFolder.appendingPathComponent(Self.currentName)).map(stateFolder.appendingPathComponent)
    }

    /// Whether `folder` is in this layout (its `.aipbundle/current` link names one of its bundles), rather than flat
    /// or empty.
    public static func isLaidOut(_ folder: URL) -> Bool {
        liveBundleName(folder.appendingPathComponent(stateFolderName).appendingPathComponent(currentName)) != nil
    }

    /// The folder whose files are the bundle in `folder`: its `.aipbundle/current` target, or `folder` itself when
    /// it holds bundle files the flat way (written by an earlier aipbundle, or copied by hand). Nil when neither, or
    /// when `current` is not a link this type made (it is never followed out of the state folder).
    public static func currentContents(of folder: URL) -> URL? {
        let state = folder.appendingPathComponent(stateFolderName)
        let link = state.appendingPathComponent(currentName)
        if fileType(link) != nil {
            return liveBundleName(link).map(state.appendingPathComponent).flatMap { fileType($0) == S_IFDIR ? $0 : nil }
        }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue ? folder : nil
    }

    /// A new, empty folder to assemble the next bundle in (inside the state folder, so on OUT's file system).
    public func makeStaging() throws -> URL {
        let staging = stateFolder.appendingPathComponent("b-\(UUID().uuidString.lowercased())")
        try Self.makeFolder(staging, role: "a staging folder")
        return staging
    }

    /// A step of ``publish(_:files:fault:)``, named so tests can inject a failure before any of them.
    public enum Step: String, CaseIterable, Sendable {
        case sync, expose
        /// Before the flip: names the new bundle adds get their link, leading nowhere until the flip (so a crash
        /// right after it leaves every `OUT/<file>` readable).
        case linkNew
        case prepareFlip, flip
        /// Right after the flip: the new bundle is current and every name linked; only tidying remains.
        case sweep

        /// Whether a failure before this step leaves the previous bundle current.
        public var isBeforeFlip: Bool { self != .sweep }
    }

    /// Makes `staging` the current bundle at once, exposing `files` as `OUT/<file>`.
    ///
    /// Until the flip, a failure leaves OUT exactly as it was: names the bundle already had lead through `current`
    /// and change with it; names it adds are linked just before the flip (a link into `current` that leads nowhere
    /// until then) and unlinked again if the flip does not happen. After the flip only tidying remains (and
    /// replacing a flat bundle's plain files by their link); what a crash misses, the next publish or open does.
    /// - Parameter fault: called before each step; a test throws from it to simulate a crash there.
    public func publish(_ staging: URL, files: [String], fault: (Step) throws -> Void = { _ in }) throws {
        try publish(staging, files: files, replacing: [], fault: fault)
    }

    /// ``publish(_:files:fault:)``, which may also replace the plain files named in `replacing` (a flat bundle's,
    /// whose bytes `staging` holds) by their link.
    private func publish(_ staging: URL, files: [String], replacing: Set<String>, fault: (Step) throws -> Void) throws {
        try fault(.sync)
        for name in files { try Self.sync(staging.appendingPathComponent(name)) }
        try Self.sync(staging)

        try fault(.expose)
        for name in files { try checkExposable(name, replacing: replacing) }

        // Only free names: a flat bundle's plain file (`replacing`) keeps its bytes readable until the flip.
        let added = files.filter { Self.fileType(root.appendingPathComponent($0)) == nil }
        var linked: [String] = []
        let previousFiles: [String]
        do {
            try fault(.linkNew)
            for name in added {
                try expose(name)
                linked.append(name)
            }
            // On disk before the flip, so the flip never survives a power cut that the links do not.
            if !linked.isEmpty { try Self.sync(root) }

            try fault(.prepareFlip)
            let next = stateFolder.appendingPathComponent(Self.nextName)
            unlink(next.path)
            guard symlink(staging.lastPathComponent, next.path) == 0 else {
                throw BundleFolderError(.fileSystem, "cannot create \(next.path): \(ErrorText.reason(errno: errno))")
            }

            try fault(.flip)
            previousFiles = try current.map(Self.fileNames(in:)) ?? []
            guard rename(next.path, stateFolder.appendingPathComponent(Self.currentName).path) == 0 else {
                throw BundleFolderError(.fileSystem, "cannot switch \(root.path) to the new bundle: \(ErrorText.reason(errno: errno))")
            }
        } catch {
            // Not switched: the new names lead nowhere, so they go (a crash instead leaves them to the next open).
            for name in linked { unexposeIfLinked(name) }
            throw error
        }
        do {
            try Self.sync(stateFolder)
        } catch let error as BundleFolderError {
            // The switch may not survive a power cut until the folder is flushed: say so rather than report success.
            throw BundleFolderError(.fileSystem, "switched \(root.path) to the new bundle, but \(error.description)")
        }

        // Published: the files are reachable through `current`. A flat bundle's plain files become links; tidy.
        for name in files { try expose(name) }
        try fault(.sweep)
        for name in previousFiles where !files.contains(name) { unexposeIfLinked(name) }
        sweep()
    }

    private func exposedLink(for name: String) -> (path: String, target: String) {
        (root.appendingPathComponent(name).path, "\(Self.stateFolderName)/\(Self.currentName)/\(name)")
    }

    /// Whether `OUT/<name>` is free for the bundle's link: nothing there, the link already, or a plain file of
    /// `replacing` (a flat bundle's, kept in the bundle). Anything else is not this type's to replace.
    private func isExposable(_ name: String, replacing: Set<String>) -> Bool {
        let url = root.appendingPathComponent(name)
        switch Self.fileType(url) {
        case nil: return true
        case S_IFREG: return replacing.contains(name)
        default: return Self.isExposedLink(url, name: name)
        }
    }

    /// Refuses, before anything changes, a name that cannot become a link (something it did not write is in the way).
    private func checkExposable(_ name: String, replacing: Set<String>) throws {
        guard !isExposable(name, replacing: replacing) else { return }
        let path = exposedLink(for: name).path
        let what = Self.fileType(root.appendingPathComponent(name)) == S_IFDIR ? "a directory" : "a file aipbundle did not write"
        throw BundleFolderError(.foreignContent, "\(path) is \(what); move it away so the bundle file \(name) can be published there (aipbundle never replaces it)")
    }

    /// Makes `OUT/<name>` a symlink into the current bundle (replacing a plain file of the flat layout at once).
    /// Callers have checked that the name is free (``isExposable(_:replacing:)``).
    private func expose(_ name: String) throws {
        let (path, target) = exposedLink(for: name)
        // Unreadable or absent: not the link yet, so it is made (replacing whatever is there, which callers checked).
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == target { return }
        let temporary = root.appendingPathComponent(".\(name).link-\(UUID().uuidString.lowercased())").path
        guard symlink(target, temporary) == 0 else {
            throw BundleFolderError(.fileSystem, "published, but cannot create a link in \(root.path): \(ErrorText.reason(errno: errno))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = ErrorText.reason(errno: errno)
            unlink(temporary)
            throw BundleFolderError(.fileSystem, "published, but cannot link \(path) to it: \(reason)")
        }
    }

    private func unexposeIfLinked(_ name: String) {
        let (path, target) = exposedLink(for: name)
        // Only a link provably ours is removed; anything unreadable is left alone.
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == target { unlink(path) }
    }

    /// Finishes what a crash right after a flip left undone: every file of the current bundle gets its link, and
    /// links to files the current bundle no longer has go. SQLite's side files (`-wal`, `-shm`, `-journal`), which
    /// an app's connection may leave beside a bundle file, are never exposed.
    private func completeLinks() throws {
        guard let current else { return }
        let names = try Self.fileNames(in: current).filter { name in !["-wal", "-shm", "-journal"].contains { name.hasSuffix($0) } }
        // A name something else holds (kept under `keepForeignFiles`) stays unlinked; the next publish says why.
        for name in names where isExposable(name, replacing: []) { try expose(name) }
        for name in try Self.fileNames(in: root) where !names.contains(name) { unexposeIfLinked(name) }
    }

    /// A folder written the flat way (files directly in OUT) becomes the first bundle folder: the files of its
    /// bundle (`flatFiles`, as its manifest names them; nothing else) are hard-linked into one, `current` is pointed
    /// at it, then each of those plain files is replaced by its link. Every intermediate state reads the same bytes,
    /// so a crash here loses nothing.
    private func migrateFlatBundle(_ flatFiles: [String]) throws {
        guard current == nil, !flatFiles.isEmpty else { return }
        let folder = try makeStaging()
        for name in flatFiles {
            try Self.linkOrCopy(root.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try publish(folder, files: flatFiles, replacing: Set(flatFiles), fault: { _ in })
    }

    /// Removes what this type made and no longer needs, and nothing else: bundle folders (`b-<uuid>`) of builds
    /// that failed or were killed and of replaced bundles, a `current.next` a crash left, and link temporaries.
    /// Tidying only: what cannot be listed or removed now is left for the next open or publish, which sweeps again.
    private func sweep() {
        let live = current?.lastPathComponent
        // A folder that cannot be listed now has nothing this sweep can remove; the next one retries.
        for name in (try? Self.fileNames(in: stateFolder)) ?? [] where name != live {
            let url = stateFolder.appendingPathComponent(name)
            if Self.isBundleFolderName(name), Self.fileType(url) == S_IFDIR {
                // A bundle folder that cannot be removed now (busy, permissions) is removed by a later sweep.
                try? FileManager.default.removeItem(at: url)
            } else if name == Self.nextName, Self.fileType(url) == S_IFLNK {
                unlink(url.path)
            }
        }
        // As above: nothing listed, nothing swept now; the next sweep retries.
        for name in (try? Self.fileNames(in: root)) ?? [] where Self.isLeftoverLink(root.appendingPathComponent(name)) {
            unlink(root.appendingPathComponent(name).path)
        }
    }

    /// Puts a file of the current bundle into `staging` without copying its bytes when possible (a hard link: the
    /// published files are never written to again).
    public static func linkOrCopy(_ source: URL, to destination: URL) throws {
        if link(source.path, destination.path) == 0 { return }
        do {
            try FileManager.default.copyItem(at: source, to: destination)
        } catch {
            throw BundleFolderError(.fileSystem, "cannot carry \(source.lastPathComponent) over into the new bundle: \(ErrorText.reason(error))")
        }
    }

    /// The names in `folder`, sorted.
    /// - Throws: ``BundleFolderError`` when it cannot be listed: an ownership check that saw an empty folder
    ///   instead would publish over files it did not write.
    static func fileNames(in folder: URL) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw BundleFolderError(.fileSystem, "cannot list \(folder.path): \(ErrorText.reason(error))")
        }
    }

    /// Flushes a file or folder to disk (to the medium itself on Apple platforms), so the flip never exposes data
    /// still in a cache only.
    public static func sync(_ url: URL) throws {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw BundleFolderError(.fileSystem, "cannot open \(url.path) to flush it: \(ErrorText.reason(errno: errno))")
        }
        defer { close(descriptor) }
        #if canImport(Darwin)
        // fsync(2) on Apple's file systems stops at the drive's cache; F_FULLFSYNC flushes that too (fsync where a
        // file system does not support it).
        let flushed = fcntl(descriptor, F_FULLFSYNC) == 0 || fsync(descriptor) == 0
        #else
        let flushed = fsync(descriptor) == 0
        #endif
        guard flushed else {
            throw BundleFolderError(.fileSystem, "cannot flush \(url.path) to disk: \(ErrorText.reason(errno: errno))")
        }
    }

    private static func makeFolder(_ url: URL, role: String) throws {
        var status = stat()
        if lstat(url.path, &status) == 0 {
            let type = status.st_mode & S_IFMT
            if type == S_IFDIR { return }
            if type == S_IFLNK, FileManager.default.fileExists(atPath: url.path) { return }
            throw BundleFolderError(.fileSystem, "\(url.path) is not a folder; \(role) must be one")
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw BundleFolderError(.fileSystem, "cannot create \(role) \(url.path): \(ErrorText.reason(error))")
        }
    }
}

/// The bundle folder cannot be opened or published to; ``kind`` says what a caller can do about it.
public typealias BundleFolderError = KindedError<BundleFolderErrorKind>

/// What kind of ``BundleFolderError`` it is.
public enum BundleFolderErrorKind: String, Sendable, CaseIterable {
    /// Another process holds the folder's lock: retry when it is done.
    case busy
    /// The folder holds files or links aipbundle did not write, which it never deletes, replaces or follows:
    /// a person moves them or names another folder.
    case foreignContent
    /// A file-system call failed (create, list, link, rename, flush); the message names the path and the cause.
    case fileSystem
}
