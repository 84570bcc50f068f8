import Foundation
import ReciteSystem

/// One run at a time per output folder: an exclusive `flock` on `OUT/.recite.lock`, released by
/// the kernel when the process ends, however it ends, so a killed run leaves no stale lock. The
/// file holds the pid of the run that has it, for the message a second run prints.
///
/// Shards (`--shard K/N`) share the folder: each holds `.recite.lock` shared (so a full run waits
/// for none of them and they all keep it out) and its own shard lock exclusively.
public final class OutputLock {
    private let fd: Int32
    private let exclusive: Bool
    private var shardLock: OutputLock?

    /// Another run holds the folder (exit status 75).
    public struct Busy: Error, CustomStringConvertible {
        public var folder: String
        public var holder: String?
        public var description: String {
            let who = holder.map { " (process \($0))" } ?? ""
            return "Another recite run\(who) is writing to \(folder); wait for it to finish, or choose another output folder."
        }
    }

    public convenience init(folder: String, shard: Shard?) throws {
        guard let shard else {
            try self.init(folder: folder)
            return
        }
        try self.init(folder: folder, name: ".recite.lock", exclusive: false)
        shardLock = try OutputLock(folder: folder, name: ".recite-\(shard.fileTag).lock", exclusive: true)
    }

    public init(folder: String, name: String = ".recite.lock", exclusive: Bool = true) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        self.exclusive = exclusive
        let path = (folder as NSString).appendingPathComponent(name)
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw ConfigurationError("Cannot create the lock file \(path): \(String(cString: strerror(errno)))")
        }
        guard flock(fd, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 else {
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            close(fd)
            throw Busy(folder: folder, holder: holder?.isEmpty == false ? holder : nil)
        }
        guard exclusive else { return }
        let pid = "\(getpid())\n"
        ftruncate(fd, 0)
        _ = pid.withCString { write(fd, $0, strlen($0)) }
    }

    /// Runs `body` holding `OUT/.recite-manifest.lock`, waiting for it: shards that finish at the
    /// same time update the manifest one after the other.
    public static func withManifestLock<T>(folder: String, _ body: () throws -> T) throws -> T {
        let path = (folder as NSString).appendingPathComponent(".recite-manifest.lock")
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ConfigurationError("Cannot create the lock file \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        _ = retryingOnInterrupt { flock(fd, LOCK_EX) }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    deinit {
        shardLock = nil
        if exclusive { ftruncate(fd, 0) }
        flock(fd, LOCK_UN)
        close(fd)
    }
}
