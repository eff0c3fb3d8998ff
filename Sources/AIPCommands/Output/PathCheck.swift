import Foundation

/// Checks of the paths a person gives on the command line, before any work, so that a missing folder or a file
/// where a folder belongs is said as such (not as the first file that could not be found inside it).
enum PathCheck {
    /// `path` must be an existing folder; `role` says what it is for ("--sources, the source tree").
    static func existingFolder(_ path: String, role: String, fix: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CommandFailure(exit: .failure, description: "\(path) (\(role)) does not exist; \(fix)")
        }
        guard isFolder.boolValue else {
            throw CommandFailure(exit: .failure, description: "\(path) (\(role)) is a file, not a folder; \(fix)")
        }
    }

    /// `path`, a folder that is created when missing, must not be an existing file. (Bundle and channel folders
    /// need no such check: ``BundleFolder`` refuses a file there itself.)
    static func folderOrNothing(_ path: String, role: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
            throw CommandFailure(exit: .failure, description: "\(path) (\(role)) is a file, not a folder; give a folder, or a path that does not exist yet")
        }
    }
}
