import Foundation

/// One run at a time per output folder: an exclusive `flock` on `OUT/.recite.lock`, released by
/// the kernel when the process ends, however it ends, so a killed run leaves no stale lock. The
/// file holds the pid of the run that has it, for the message a second run prints.
public final class OutputLock {
    private let fd: Int32

    /// Another run holds the folder (exit status 75).
    public struct Busy: Error, CustomStringConvertible {
        public var folder: String
        public var holder: String?
        public var description: String {
            let who = holder.map { " (process \($0))" } ?? ""
            return "Another recite run\(who) is writing to \(folder); wait for it to finish, or choose another output folder."
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
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            close(fd)
            throw Busy(folder: folder, holder: holder?.isEmpty == false ? holder : nil)
        }
        let pid = "\(getpid())\n"
        ftruncate(fd, 0)
        _ = pid.withCString { write(fd, $0, strlen($0)) }
    }

    deinit {
        ftruncate(fd, 0)
        flock(fd, LOCK_UN)
        close(fd)
    }
}
