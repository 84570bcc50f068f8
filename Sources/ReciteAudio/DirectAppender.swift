import Foundation
import ReciteSystem

/// Appends to a file past the page cache (`O_DIRECT`): each append is copied into an aligned
/// buffer and goes to the disk straight from it, its whole blocks and then its last block padded
/// with zeros (written again, fuller, by the next append). Every append is in the file when it
/// returns, so other processes read it at once and a killed run loses nothing it appended
/// (unless `writesEachAppend` is off, for a file nobody reads before it is finished).
///
/// Recite writes gigabytes it does not read back in the same run. Through the page cache each
/// byte is copied into a cache page, tracked and written back later, and the page must be found
/// first: for a build's cache pack that was a fifth of the build process's time. `O_DIRECT`
/// cuts it to the copy into this buffer (600 MB: 0.34 s of CPU through the page cache, 0.05 s
/// direct, in a C test on this machine). A file system that refuses `O_DIRECT` (tmpfs on older
/// kernels, some network ones) gets plain writes instead.
public final class DirectAppender {
    public let fd: Int32
    /// Bytes appended so far (the file is longer, up to its last block's end, until `finish`).
    public private(set) var size = 0
    /// Whether writes go past the page cache.
    public private(set) var isDirect: Bool
    private static let block = 4096
    /// Linux's `O_DIRECT` (a GNU extension, not in Swift's Glibc module).
    #if arch(arm64)
    private static let directFlag: Int32 = 0o200000
    #else
    private static let directFlag: Int32 = 0o40000
    #endif
    private var buffer: UnsafeMutableRawPointer
    /// The buffer's size: a megabyte, so that memory stays flat and each write is large.
    private static let capacity = 1 << 20
    /// File offset of the buffer's first byte (a multiple of `block`).
    private var bufferStart = 0
    /// Bytes in the buffer.
    private var count = 0

    /// Where the first append goes in the file (a multiple of 4096).
    public let base: Int

    /// Whether each append is in the file when it returns (its last block padded); if not, a
    /// full buffer goes out and the rest on `finish` (half the writes: on a virtual machine,
    /// each write is a call to the host).
    public let writesEachAppend: Bool

    /// Without `writesEachAppend`, a full buffer goes to the disk on a thread of its own while
    /// appends fill a second one: a direct write waits for the disk (a 417 MB WAV kept its
    /// document's thread a second from stitching, and the workers waited for it). Only after a
    /// direct write has succeeded here (the buffer has moved on while writes are still direct),
    /// so a file system that refuses them is found out first.
    private var spare: UnsafeMutableRawPointer?
    private var background: BackgroundWrite?
    /// Buffers written on their own thread so far (for the tests).
    private(set) var backgroundWrites = 0

    /// `fd` must be open for writing, without `O_APPEND`; appends start at `base` (a multiple
    /// of 4096), what comes before is the caller's.
    public init(fd: Int32, base: Int = 0, writesEachAppend: Bool = true) {
        self.fd = fd
        self.base = base
        self.writesEachAppend = writesEachAppend
        bufferStart = base
        let flags = fcntl(fd, F_GETFL)
        isDirect = flags >= 0 && fcntl(fd, F_SETFL, flags | Self.directFlag) == 0
        route = isDirect ? .direct : .plainFromTheStart
        buffer = UnsafeMutableRawPointer.allocate(byteCount: Self.capacity, alignment: Self.block)
    }

    /// The same, with `faults` made to happen as a file system that refuses `O_DIRECT` would make
    /// them (for the tests of the fallbacks, on machines whose file systems all accept it).
    convenience init(fd: Int32, base: Int = 0, writesEachAppend: Bool = true, faults: Faults) {
        if faults.contains(.refuseDirectFlag) {
            // As if the flag could not be set: never set.
            self.init(fd: fd, base: base, writesEachAppend: writesEachAppend, direct: false)
        } else {
            self.init(fd: fd, base: base, writesEachAppend: writesEachAppend)
        }
        self.faults = faults
    }

    private init(fd: Int32, base: Int, writesEachAppend: Bool, direct: Bool) {
        self.fd = fd
        self.base = base
        self.writesEachAppend = writesEachAppend
        bufferStart = base
        isDirect = direct
        route = .plainFromTheStart
        buffer = UnsafeMutableRawPointer.allocate(byteCount: Self.capacity, alignment: Self.block)
    }

    // MARK: - Fallbacks

    /// How the appends reached the file: which of the fallbacks ran, if any.
    enum Route: Equatable {
        /// Past the page cache throughout.
        case direct
        /// `O_DIRECT` could not be set: plain writes from the first append.
        case plainFromTheStart
        /// A direct write was refused (EINVAL): plain writes from then on.
        case switchedAfterARefusedWrite
        /// A caller asked for plain writes (`switchToPlainWrites`).
        case switchedOnRequest
    }

    private(set) var route: Route

    /// Faults a test makes happen (`DirectAppenderTests`); none in a build.
    struct Faults: OptionSet {
        let rawValue: Int
        /// Setting `O_DIRECT` on the file fails.
        static let refuseDirectFlag = Faults(rawValue: 1)
        /// Every direct write fails with EINVAL.
        static let refuseDirectWrites = Faults(rawValue: 2)
    }

    private var faults: Faults = []

    deinit {
        _ = awaitBackgroundWrite()
        buffer.deallocate()
        spare?.deallocate()
    }

    /// Appends `parts`, in order. False if the disk refused them (full, or an I/O error).
    /// `more`: another append follows at once, so this one need not reach the file on its own
    /// (several cache entries stored together go out in one write).
    public func append(_ parts: [UnsafeRawBufferPointer], more: Bool = false) -> Bool {
        for part in parts where part.count > 0 {
            guard put(part) else { return false }
        }
        return writesEachAppend && !more ? flush() : true
    }

    /// One part: into the buffer while writes are direct (a full buffer goes out), else
    /// straight to the file. The next byte's place in the file is always `base + size`.
    private func put(_ part: UnsafeRawBufferPointer) -> Bool {
        var done = 0
        while done < part.count {
            guard isDirect else {
                guard writeAll(part.baseAddress! + done, part.count - done, at: base + size) else { return false }
                size += part.count - done
                return true
            }
            let n = min(part.count - done, Self.capacity - count)
            (buffer + count).copyMemory(from: part.baseAddress! + done, byteCount: n)
            count += n
            done += n
            size += n
            if count == Self.capacity, !(writesEachAppend ? writeWholeBlocks() : writeFullBufferInBackground()) {
                return false
            }
        }
        return true
    }

    /// Writes the buffer's whole blocks, then its last block padded with zeros (kept in the
    /// buffer, to be written again as it fills).
    private func flush() -> Bool {
        guard awaitBackgroundWrite() else { return false }
        guard isDirect, count > 0 else { return true }
        guard writeWholeBlocks() else { return false }
        guard count > 0 else { return true }
        let padded = (count + Self.block - 1) / Self.block * Self.block
        (buffer + count).initializeMemory(as: UInt8.self, repeating: 0, count: padded - count)
        return write(padded)
    }

    /// Writes what the buffer still holds (its last block padded), for a caller that cuts the
    /// file itself.
    public func writeRest() -> Bool {
        flush()
    }

    /// Writes what is left and cuts the file to its end (`base + size`): the padding of its
    /// last block goes.
    public func finish() -> Bool {
        writeRest() && ftruncate(fd, off_t(base + size)) == 0
    }

    /// Goes on with plain writes (through the page cache), for a caller about to write where
    /// earlier appends went; what the buffer holds is written first.
    public func switchToPlainWrites() -> Bool {
        guard awaitBackgroundWrite() else { return false }
        guard isDirect else { return true }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags & ~Self.directFlag) == 0 else { return false }
        isDirect = false
        route = .switchedOnRequest
        guard writeAll(buffer, count, at: bufferStart) else { return false }
        bufferStart += count
        count = 0
        return true
    }

    /// Hands the full buffer to a thread that writes it, and goes on in the spare one (after
    /// the write before has ended); a direct write that has not yet succeeded here is made at
    /// once instead, so a refusal switches to plain writes as before.
    private func writeFullBufferInBackground() -> Bool {
        guard isDirect, bufferStart > base, faults.isEmpty else { return writeWholeBlocks() }
        guard awaitBackgroundWrite() else { return false }
        let full = buffer
        buffer = spare ?? UnsafeMutableRawPointer.allocate(byteCount: Self.capacity, alignment: Self.block)
        spare = full
        background = BackgroundWrite(fd: fd, UnsafeRawBufferPointer(start: full, count: count), at: bufferStart)
        backgroundWrites += 1
        bufferStart += count
        count = 0
        return true
    }

    /// Waits for the buffer being written on its thread; false (with `errno`) if that write failed.
    private func awaitBackgroundWrite() -> Bool {
        guard let write = background else { return true }
        background = nil
        return write.wait()
    }

    /// Writes the buffer's whole blocks and keeps the rest.
    private func writeWholeBlocks() -> Bool {
        let whole = count / Self.block * Self.block
        guard whole > 0 else { return true }
        guard write(whole) else { return false }
        // Switched to plain writes: the buffer went out whole.
        guard isDirect else { return true }
        let rest = count - whole
        if rest > 0 { buffer.copyMemory(from: buffer + whole, byteCount: rest) }
        bufferStart += whole
        count = rest
        return true
    }

    /// Writes the buffer's first `length` bytes (a multiple of `block`) at `bufferStart`. If the
    /// file system refuses `O_DIRECT` there, the file gets plain writes from then on.
    private func write(_ length: Int) -> Bool {
        if faults.contains(.refuseDirectWrites) && isDirect {
            errno = EINVAL
        } else if writeAll(buffer, length, at: bufferStart) {
            return true
        }
        guard errno == EINVAL, isDirect else { return false }
        // Plain writes from here: what the buffer holds goes as it is, unpadded.
        guard switchToPlainWrites() else { return false }
        route = .switchedAfterARefusedWrite
        return true
    }

    private func writeAll(_ pointer: UnsafeRawPointer?, _ length: Int, at offset: Int) -> Bool {
        Self.pwriteAll(fd, pointer, length, at: offset)
    }

    /// `pwrite` until `length` bytes are written at `offset`; false on an error (`errno` says which).
    static func pwriteAll(_ fd: Int32, _ pointer: UnsafeRawPointer?, _ length: Int, at offset: Int) -> Bool {
        FileDescriptorIO.writeAll(fd, UnsafeRawBufferPointer(start: pointer, count: length), at: offset)
    }
}

/// One buffer written on a thread of its own; `wait` gives whether all of it reached the file.
private final class BackgroundWrite: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Set by the writing thread before `done` is signalled, read after.
    private var failure: Int32?

    init(fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) {
        nonisolated(unsafe) let bytes = bytes
        Thread.detachNewThread { [self] in
            if !FileDescriptorIO.writeAll(fd, bytes, at: offset) { failure = errno }
            done.signal()
        }
    }

    func wait() -> Bool {
        done.wait()
        if let failure { errno = failure }
        return failure == nil
    }
}
