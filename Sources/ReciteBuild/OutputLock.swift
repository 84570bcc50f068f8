import Foundation

/// One run at a time per output folder: an exclusive `flock` on `OUT/.recite.lock`, released
/// when the process ends, however it ends.
public final class OutputLock {
    private let fd: Int32

    /// Another run holds the folder (exit status 75).
    public struct Busy: Error, CustomStringConvertible {
        public var folder: String
        public var description: String {
            "Another recite run is writing to \(folder); wait for it to finish, or choose another output folder."
        }
    }

    public init(folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = (folder as NSString).appendingPathComponent(".recite.lock")
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw ConfigurationError("Cannot create the lock file \(path): \(String(cString: strerror(errno)))")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw Busy(folder: folder)
        }
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
