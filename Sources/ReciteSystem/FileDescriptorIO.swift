#if canImport(Glibc)
import Glibc
#endif

/// Whole reads and writes on a file descriptor: the loops every caller of `read`, `write`,
/// `pread` and `pwrite` needs (a short count is not the end, an interrupt is not an error),
/// written once.
public enum FileDescriptorIO {
    /// Writes all of `buffer`; false on an error (`errno` says which).
    public static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        whole(buffer.count) { done in write(fd, buffer.baseAddress! + done, buffer.count - done) } == buffer.count
    }

    /// Writes all of `buffer` at `offset` in the file; false on an error (`errno` says which).
    public static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        whole(buffer.count) { done in pwrite(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done)) } == buffer.count
    }

    /// Reads until `buffer` is full, the input ends or a read fails; returns how many bytes came.
    public static func readAll(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        whole(buffer.count) { done in read(fd, buffer.baseAddress! + done, buffer.count - done) }
    }

    /// Reads `buffer.count` bytes at `offset` in the file; false if they cannot all be read.
    public static func readAll(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
        whole(buffer.count) { done in pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done)) } == buffer.count
    }

    /// The loop all four share: `step(done)` moves the bytes from `done` on, until `count` have
    /// moved or a call moves none (the end, or an error); returns how many moved.
    private static func whole(_ count: Int, _ step: (Int) -> Int) -> Int {
        var done = 0
        while done < count {
            let n = retryingOnInterrupt { step(done) }
            guard n > 0 else { break }
            done += n
        }
        return done
    }
}
