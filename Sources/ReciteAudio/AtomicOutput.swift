import Foundation
import ReciteSystem

/// Writes a file under a temporary name beside its target and renames it into place when it is
/// complete, so a reader (or a crash) never sees half a file and an earlier good file survives a
/// failed run.
public enum AtomicOutput {
    /// Calls `write` with a temporary path in the target's folder, then renames it to `path`.
    public static func write(to path: String, _ write: (String) throws -> Void) throws {
        let temporary = try stage(path, write)
        try place(temporary, at: path)
    }

    /// Writes the file under its temporary name, whole and flushed; removes it on failure.
    static func stage(_ path: String, _ write: (String) throws -> Void) throws -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw FileSystemError("create the folder", path: folder.path, error: error)
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial").path
        do {
            try write(temporary)
            try syncFile(temporary)
        } catch {
            unlink(temporary)
            throw FileSystemError.isFoundation(error) ? FileSystemError("write", path: path, error: error) : error
        }
        return temporary
    }

    /// Renames a staged file into place (the one step a reader can see).
    static func place(_ temporary: String, at path: String) throws {
        KillPoint.reach("write " + URL(fileURLWithPath: path).lastPathComponent)
        guard rename(temporary, path) == 0 else {
            let error = FileSystemError("replace", path: path)
            unlink(temporary)
            throw error
        }
    }

    /// Removes the temporary files (`.NAME.PID.partial`) that killed runs left under `folder`,
    /// those whose process is gone; a running process's are its own.
    public static func removeStalePartials(under folder: URL) {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return }
        for case let url as URL in walker where url.lastPathComponent.hasSuffix(".partial") {
            let parts = url.deletingPathExtension().lastPathComponent.split(separator: ".")
            guard let pid = parts.last.flatMap({ Int32($0) }), pid != getpid(), kill(pid, 0) != 0 && errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// Writes `data` atomically to `path`.
    public static func write(_ data: Data, to path: String) throws {
        try write(to: path) { try writeData(data, to: $0, naming: path) }
    }

    /// Plain writes: Foundation's `Data.write` syncs the file itself, and `stage` syncs it once
    /// more before the rename. Errors name `path`, the file the user knows.
    static func writeData(_ data: Data, to temporary: String, naming path: String) throws {
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileSystemError("write", path: path) }
        defer { close(fd) }
        let written = data.withUnsafeBytes { FileDescriptorIO.writeAll(fd, $0) }
        guard written else { throw FileSystemError("write", path: path) }
    }

    /// Flushes a file to disk so the rename never exposes an empty file after a power loss, then
    /// lets its pages go from the page cache: Recite writes gigabytes it does not read again, and
    /// memory the kernel reuses at once costs less to write into than memory it must find (on a
    /// virtual machine, memory not touched lately costs the most: it was handed back to the host).
    private static func syncFile(_ path: String) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        // Some file systems only say at the flush that the disk is full.
        guard fsync(fd) == 0 || errno == EINVAL else { throw FileSystemError("write", path: path) }
        _ = posix_fadvise(fd, 0, 0, Int32(POSIX_FADV_DONTNEED))
    }
}

/// Files that belong together (a document's audio, timing sidecar and captions; a book and its
/// chapter list): each is written whole under its temporary name first, and only when all are
/// there are they renamed into place, one right after another. A failure or a kill while they
/// are written leaves the earlier set as it was, not a new audio file beside an old sidecar.
public final class AtomicBatch {
    private var staged: [(temporary: String, path: String)] = []

    public init() {}

    /// Writes `path`'s content under its temporary name; it takes its place at `commit`.
    public func write(to path: String, _ write: (String) throws -> Void) throws {
        staged.append((try AtomicOutput.stage(path, write), path))
    }

    public func write(_ data: Data, to path: String) throws {
        try write(to: path) { try AtomicOutput.writeData(data, to: $0, naming: path) }
    }

    /// Puts every staged file in place, in the order written.
    public func commit() throws {
        while !staged.isEmpty {
            let (temporary, path) = staged.removeFirst()
            try AtomicOutput.place(temporary, at: path)
        }
    }

    /// What was staged and not committed (a failure came first) is removed.
    deinit {
        for (temporary, _) in staged { unlink(temporary) }
    }
}
