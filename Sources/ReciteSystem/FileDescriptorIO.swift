#if canImport(Glibc)
import Glibc
#endif

/// Whole reads and writes on a file descriptor: the loops every caller of `read`, `write`,
/// `pread` and `pwrite` needs (a short count is not the end, an interrupt is not an error),
/// written once.
public enum FileDescriptorIO {
    /// Writes all of `buffer`; false on an error (`errno` says which).
    public static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        var done = 0
        while done < buffer.count {
            let n = retryingOnInterrupt { write(fd, buffer.baseAddress! + done, buffer.count - done) }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    /// Writes all of `buffer` at `offset` in the file; false on an error (`errno` says which).
    public static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        var done = 0
        while done < buffer.count {
            let n = retryingOnInterrupt { pwrite(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done)) }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    /// Reads until `buffer` is full, the input ends or a read fails; returns how many bytes came.
    public static func readAll(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var done = 0
        while done < buffer.count {
            let n = retryingOnInterrupt { read(fd, buffer.baseAddress! + done, buffer.count - done) }
            guard n > 0 else { break }
            done += n
        }
        return done
    }

    /// Reads `buffer.count` bytes at `offset` in the file; false if they cannot all be read.
    public static func readAll(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
        var done = 0
        while done < buffer.count {
            let n = retryingOnInterrupt { pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done)) }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }
}
