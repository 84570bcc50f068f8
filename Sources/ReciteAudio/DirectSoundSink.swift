import CSndFile
import Foundation
import ReciteSystem

/// The file behind a WAV that libsndfile writes through its virtual I/O: the header block stays
/// in memory until the file is closed (libsndfile writes the header first and again at the end,
/// with the sizes), and the audio after it goes past the page cache (`DirectAppender`).
///
/// A WAV is written once and not read back by the build: through the page cache its audio cost
/// as much CPU as the cache pack did. Writes that do not fit this pattern (rewriting audio
/// already written) make the file go on with plain writes, so any sequence of writes stays right.
final class DirectSoundSink {
    /// Bytes kept in memory: the header and the first audio (a multiple of 4096).
    static let headBytes = 64 << 10
    let fd: Int32
    private let head: UnsafeMutableRawPointer
    /// Bytes of the head written so far (its end; the file is no shorter).
    private var headLength = 0
    private let body: DirectAppender
    private var position = 0
    /// A write or seek failed: libsndfile sees the error and the file is not finished.
    private(set) var failed = false

    /// `faults`: for the tests of the fallbacks (`DirectAppender.Faults`); none in a build.
    init(fd: Int32, faults: DirectAppender.Faults = []) {
        self.fd = fd
        self.faults = faults
        head = UnsafeMutableRawPointer.allocate(byteCount: Self.headBytes, alignment: 4096)
        head.initializeMemory(as: UInt8.self, repeating: 0, count: Self.headBytes)
        // Nobody reads the WAV before it is closed: its audio goes out a megabyte at a time.
        body = faults.isEmpty ? DirectAppender(fd: fd, base: Self.headBytes, writesEachAppend: false)
                              : DirectAppender(fd: fd, base: Self.headBytes, writesEachAppend: false, faults: faults)
    }

    private let faults: DirectAppender.Faults

    /// Which write path the audio took (`DirectAppender.Route`).
    var route: DirectAppender.Route { body.route }

    deinit {
        head.deallocate()
    }

    /// The file's length so far.
    var length: Int { body.size > 0 ? Self.headBytes + body.size : headLength }

    func seek(_ offset: Int, whence: Int32) -> Int {
        let target: Int
        switch whence {
        case SEEK_SET: target = offset
        case SEEK_CUR: target = position + offset
        case SEEK_END: target = length + offset
        default: return -1
        }
        guard target >= 0 else { return -1 }
        position = target
        return position
    }

    var tell: Int { position }

    func write(_ bytes: UnsafeRawPointer, count: Int) -> Int {
        var source = bytes
        var left = count
        if position < Self.headBytes {
            let n = min(left, Self.headBytes - position)
            (head + position).copyMemory(from: source, byteCount: n)
            headLength = max(headLength, position + n)
            position += n
            source += n
            left -= n
        }
        guard left > 0 else { return count }
        // Past the head: an append (after a gap of zeros, if libsndfile left one), or a rewrite.
        let end = Self.headBytes + body.size
        if position > end {
            headLength = Self.headBytes
            let zeros = [UInt8](repeating: 0, count: position - end)
            guard zeros.withUnsafeBytes({ body.append([$0]) }) else { failed = true; return 0 }
        }
        if position == Self.headBytes + body.size {
            headLength = Self.headBytes
            guard body.append([UnsafeRawBufferPointer(start: source, count: left)]) else { failed = true; return 0 }
        } else {
            guard body.switchToPlainWrites(), pwriteAll(source, left, at: position) else { failed = true; return 0 }
        }
        position += left
        return count
    }

    /// Writes the head and cuts the file to its length, after libsndfile's last write.
    func close() -> Bool {
        // The file is cut once, below, to its whole length (head included).
        guard !failed, body.writeRest() else { return false }
        let total = length
        if body.isDirect {
            // O_DIRECT writes whole blocks from aligned memory: the head block is whole, or the
            // file is shorter than it and cut below.
            let blocks = (headLength + 4095) / 4096 * 4096
            guard pwriteAll(head, blocks, at: 0) else { return false }
        } else {
            guard pwriteAll(head, headLength, at: 0) else { return false }
        }
        return ftruncate(fd, off_t(total)) == 0
    }

    /// Writes at `offset`; where O_DIRECT is refused (a file system without it), once more plainly.
    private func pwriteAll(_ pointer: UnsafeRawPointer, _ length: Int, at offset: Int) -> Bool {
        if faults.contains(.refuseDirectWrites) && body.isDirect {
            errno = EINVAL
        } else if DirectAppender.pwriteAll(fd, pointer, length, at: offset) {
            return true
        }
        return errno == EINVAL && body.isDirect && body.switchToPlainWrites()
            && DirectAppender.pwriteAll(fd, pointer, length, at: offset)
    }

    /// libsndfile's callbacks, with the sink as their user data.
    static var virtualIO: SF_VIRTUAL_IO {
        SF_VIRTUAL_IO(
            get_filelen: { sink($0).map { sf_count_t($0.length) } ?? -1 },
            seek: { offset, whence, data in sink(data).map { sf_count_t($0.seek(Int(offset), whence: whence)) } ?? -1 },
            read: { _, _, _ in 0 },
            write: { bytes, count, data in
                guard let bytes, let sink = sink(data) else { return 0 }
                return sf_count_t(sink.write(bytes, count: Int(count)))
            },
            tell: { sink($0).map { sf_count_t($0.tell) } ?? -1 })
    }

}

/// The sink behind libsndfile's user data.
private func sink(_ data: UnsafeMutableRawPointer?) -> DirectSoundSink? {
    data.map { Unmanaged<DirectSoundSink>.fromOpaque($0).takeUnretainedValue() }
}
