import Foundation
import ReciteSystem

/// Writes a file under a temporary name beside its target and renames it into place when it is
/// complete, so a reader (or a crash) never sees half a file and an earlier good file survives a
/// failed run.
public enum AtomicOutput {
    /// Calls `write` with a temporary path in the target's folder, then renames it to `path`.
    public static func write(to path: String, _ write: (String) throws -> Void) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial").path
        do {
            try write(temporary)
            try syncFile(temporary)
            guard rename(temporary, path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Writes `data` atomically to `path`.
    public static func write(_ data: Data, to path: String) throws {
        try write(to: path) { temporary in
            // Plain writes: Foundation's `Data.write` syncs the file itself, and `write(to:)`
            // syncs it once more before the rename.
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary]) }
            defer { close(fd) }
            let written = data.withUnsafeBytes { FileDescriptorIO.writeAll(fd, $0) }
            guard written else { throw CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: temporary]) }
        }
    }

    /// Flushes a file to disk so the rename never exposes an empty file after a power loss, then
    /// lets its pages go from the page cache: Recite writes gigabytes it does not read again, and
    /// memory the kernel reuses at once costs less to write into than memory it must find (on a
    /// virtual machine, memory not touched lately costs the most: it was handed back to the host).
    private static func syncFile(_ path: String) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        fsync(fd)
        _ = posix_fadvise(fd, 0, 0, Int32(POSIX_FADV_DONTNEED))
    }
}
