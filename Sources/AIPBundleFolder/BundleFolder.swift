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
    private let lockDescriptor: Int32

    static let stateFolderName = ".aipbundle"
    static let currentName = "current"

    /// Opens (creating if needed) the bundle folder at `root`, takes its lock and sweeps what dead builds left.
    /// - Throws: ``BundleFolderError`` when `root` cannot be a folder or another process holds the lock.
    public init(root: URL) throws {
        self.root = root.standardizedFileURL
        stateFolder = self.root.appendingPathComponent(Self.stateFolderName)
        try Self.makeFolder(self.root, role: "the output folder")
        try Self.makeFolder(stateFolder, role: "the output folder's state folder")
        let lockPath = stateFolder.appendingPathComponent("lock").path
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BundleFolderError("cannot create the lock file \(lockPath): \(ErrorText.reason(errno: errno))")
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            close(descriptor)
            throw BundleFolderError("""
                another aipbundle process is writing to \(self.root.path) (it holds \(lockPath)); \
                wait for it to finish, or write to another folder
                """)
        }
        lockDescriptor = descriptor
        try migrateFlatBundle()
        sweep()
    }

    deinit {
        flock(lockDescriptor, LOCK_UN)
        close(lockDescriptor)
    }

    /// The folder holding the current bundle's files, or nil when nothing was published yet.
    public var current: URL? {
        let link = stateFolder.appendingPathComponent(Self.currentName)
        return (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)).map(stateFolder.appendingPathComponent)
    }

    /// The folder whose files are the bundle in `folder`: its `.aipbundle/current` target, or `folder` itself when
    /// it holds bundle files the flat way (written by an earlier aipbundle, or copied by hand). Nil when neither.
    public static func currentContents(of folder: URL) -> URL? {
        let link = folder.appendingPathComponent(stateFolderName).appendingPathComponent(currentName)
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link.path) {
            let resolved = link.deletingLastPathComponent().appendingPathComponent(target)
            return FileManager.default.fileExists(atPath: resolved.path) ? resolved : nil
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
        case sync, expose, prepareFlip, flip, sweep
    }

    /// Makes `staging` the current bundle at once, exposing `files` as `OUT/<file>`.
    ///
    /// Until the flip, a failure leaves OUT exactly as it was: names are exposed only once the bundle they lead to
    /// is current, and names the bundle already had lead through `current` and change with it. After the flip only
    /// linking new names and tidying remain; what a crash there misses, the next publish or open does.
    /// - Parameter fault: called before each step; a test throws from it to simulate a crash there.
    public func publish(_ staging: URL, files: [String], fault: (Step) throws -> Void = { _ in }) throws {
        try fault(.sync)
        for name in files { try Self.sync(staging.appendingPathComponent(name)) }
        try Self.sync(staging)

        try fault(.expose)
        for name in files { try checkExposable(name) }

        try fault(.prepareFlip)
        let next = stateFolder.appendingPathComponent("\(Self.currentName).next")
        unlink(next.path)
        guard symlink(staging.lastPathComponent, next.path) == 0 else {
            throw BundleFolderError("cannot create \(next.path): \(ErrorText.reason(errno: errno))")
        }

        try fault(.flip)
        let previousFiles = current.map(Self.fileNames(in:)) ?? []
        guard rename(next.path, stateFolder.appendingPathComponent(Self.currentName).path) == 0 else {
            throw BundleFolderError("cannot switch \(root.path) to the new bundle: \(ErrorText.reason(errno: errno))")
        }
        try? Self.sync(stateFolder)

        // Published: the files are reachable through `current`. Now give new names their link, and tidy.
        for name in files { try expose(name) }
        try? fault(.sweep)
        for name in previousFiles where !files.contains(name) { unexposeIfLinked(name) }
        sweep()
    }

    private func exposedLink(for name: String) -> (path: String, target: String) {
        (root.appendingPathComponent(name).path, "\(Self.stateFolderName)/\(Self.currentName)/\(name)")
    }

    /// Refuses, before anything changes, a name that cannot become a link (a folder is in the way).
    private func checkExposable(_ name: String) throws {
        var status = stat()
        if lstat(exposedLink(for: name).path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw BundleFolderError("\(exposedLink(for: name).path) is a directory; remove it so the bundle file \(name) can be published there")
        }
    }

    /// Makes `OUT/<name>` a symlink into the current bundle (replacing a plain file of the flat layout at once).
    private func expose(_ name: String) throws {
        let (path, target) = exposedLink(for: name)
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == target { return }
        let temporary = root.appendingPathComponent(".\(name).link-\(UUID().uuidString.lowercased())").path
        guard symlink(target, temporary) == 0 else {
            throw BundleFolderError("published, but cannot create a link in \(root.path): \(ErrorText.reason(errno: errno))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = ErrorText.reason(errno: errno)
            unlink(temporary)
            throw BundleFolderError("published, but cannot link \(path) to it: \(reason)")
        }
    }

    private func unexposeIfLinked(_ name: String) {
        let (path, target) = exposedLink(for: name)
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == target { unlink(path) }
    }

    /// A folder written the flat way (files directly in OUT) becomes the first bundle folder: its files are
    /// hard-linked into one, `current` is pointed at it, then each plain file is replaced by its link. Every
    /// intermediate state reads the same bytes, so a crash here loses nothing.
    private func migrateFlatBundle() throws {
        let currentLink = stateFolder.appendingPathComponent(Self.currentName)
        guard (try? FileManager.default.destinationOfSymbolicLink(atPath: currentLink.path)) == nil else { return }
        let plainFiles = Self.fileNames(in: root).filter { name in
            var status = stat()
            return lstat(root.appendingPathComponent(name).path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        }
        guard !plainFiles.isEmpty else { return }
        let folder = try makeStaging()
        for name in plainFiles {
            try Self.linkOrCopy(root.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try publish(folder, files: plainFiles)
    }

    /// Removes everything in the state folder but the lock, `current` and the bundle it names: staging folders
    /// of builds that failed or were killed, and bundles that were replaced.
    private func sweep() {
        let live = (try? FileManager.default.destinationOfSymbolicLink(
            atPath: stateFolder.appendingPathComponent(Self.currentName).path))
        for name in Self.fileNames(in: stateFolder) where ![Self.currentName, "lock", live].contains(name) {
            try? FileManager.default.removeItem(at: stateFolder.appendingPathComponent(name))
        }
        for name in Self.fileNames(in: root) where name.hasPrefix(".") && name.contains(".link-") {
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
            throw BundleFolderError("cannot carry \(source.lastPathComponent) over into the new bundle: \(ErrorText.reason(error))")
        }
    }

    static func fileNames(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// Flushes a file or folder to disk, so the flip never exposes data still in the page cache only.
    public static func sync(_ url: URL) throws {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw BundleFolderError("cannot open \(url.path) to flush it: \(ErrorText.reason(errno: errno))")
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw BundleFolderError("cannot flush \(url.path) to disk: \(ErrorText.reason(errno: errno))")
        }
    }

    private static func makeFolder(_ url: URL, role: String) throws {
        var status = stat()
        if lstat(url.path, &status) == 0 {
            let type = status.st_mode & S_IFMT
            if type == S_IFDIR { return }
            if type == S_IFLNK, FileManager.default.fileExists(atPath: url.path) { return }
            throw BundleFolderError("\(url.path) is not a folder; \(role) must be one")
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw BundleFolderError("cannot create \(role) \(url.path): \(ErrorText.reason(error))")
        }
    }
}

/// The bundle folder cannot be opened or published to.
public struct BundleFolderError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
