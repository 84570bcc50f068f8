import Foundation
import ReciteAudio
import ReciteSynth
import ReciteSystem

/// Where one cache entry lies: in which pack, at which byte, how long.
struct PackRecord: Sendable, Equatable {
    var pack: String
    var offset: Int
    var length: Int
}

/// A pack: an append-only file of cache entries, each behind a record header
/// (`"RSEG" ‖ key as 64 hex digits (space-padded) ‖ entry length u32`). One file per run that synthesizes,
/// instead of one per segment: creating files, not writing them, was what the cache cost.
///
/// A pack is written by one process, which holds an exclusive `flock` on it while it runs, so
/// that `cache prune` leaves it alone. A run that is killed leaves a torn last record, which
/// reading stops at; the records before it stay good.
enum SegmentPack {
    static let magic: [UInt8] = Array("RSEG".utf8)
    static let headerLength = 4 + 64 + 4
    static let fileExtension = "pack"

    /// Every whole record of the pack at `path`, in order, with its key.
    static func records(in path: String) -> [(key: String, record: PackRecord)] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var size = stat()
        guard fstat(fd, &size) == 0 else { return [] }
        var result: [(String, PackRecord)] = []
        var offset = 0
        var header = [UInt8](repeating: 0, count: headerLength)
        while offset + headerLength <= Int(size.st_size) {
            let got = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, headerLength, off_t(offset)) }
            guard got == headerLength, Array(header[0..<4]) == magic else { break }
            let key = String(decoding: header[4..<68], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            let length = Int(header[68]) | Int(header[69]) << 8 | Int(header[70]) << 16 | Int(header[71]) << 24
            let entry = offset + headerLength
            guard entry + length <= Int(size.st_size) else { break }
            result.append((key, PackRecord(pack: path, offset: entry, length: length)))
            offset = entry + length
        }
        return result
    }

    /// The bytes of a record's entry; nil if they cannot be read whole.
    static func withEntry<T>(_ record: PackRecord, _ body: (UnsafeRawBufferPointer) -> T?) -> T? {
        let fd = open(record.pack, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, record.length), alignment: 16)
        defer { buffer.deallocate() }
        let entry = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<record.length])
        guard FileDescriptorIO.readAll(fd, into: entry, at: record.offset) else { return nil }
        return body(UnsafeRawBufferPointer(entry))
    }

    /// Appends records to a new pack of this process, past the page cache where the file system
    /// allows (`DirectAppender`).
    final class Writer {
        let path: String
        private let fd: Int32
        private let appender: DirectAppender
        /// Room on disk ahead of the writes.
        private var reservation: DiskReservation
        /// Nothing more is added: a write failed (the pack's end is not known to be whole), or
        /// the pack was finished.
        private var sealed = false

        init(folder: URL) throws(SynthesisError) {
            let stamp = Int(Date().timeIntervalSince1970)
            let name = "\(stamp)-\(getpid())-\(UUID().uuidString.prefix(8)).\(SegmentPack.fileExtension)"
            path = folder.appendingPathComponent(name).path
            fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                throw SynthesisError(FileSystemError("create a cache pack in", path: folder.path).description)
            }
            _ = flock(fd, LOCK_EX)
            appender = DirectAppender(fd: fd)
            reservation = DiskReservation(fd: fd)
        }

        /// Writes what is buffered and fixes the pack's length; later appends are refused. A
        /// pack must be finished before anything is removed on the strength of its contents.
        func finish() throws(SynthesisError) {
            guard !sealed else { throw SynthesisError("cannot finish \(path): an earlier write failed") }
            sealed = true
            guard appender.finish() else { throw SynthesisError(FileSystemError("finish", path: path).description) }
            guard fsync(fd) == 0 || errno == EINVAL else { throw SynthesisError(FileSystemError("finish", path: path).description) }
        }

        deinit {
            if !sealed { _ = appender.finish() }
            reservation.release(keeping: appender.size)
            close(fd)
            // A pack that took nothing (the disk was full from the start) is not left behind.
            if appender.size == 0 { unlink(path) }
        }

        /// Writes the record of `key`. After a failed write the pack takes nothing more (its
        /// readers stop at the torn end).
        func append(key: String, parts: [UnsafeRawBufferPointer], more: Bool = false) throws(SynthesisError) -> PackRecord {
            guard !sealed else { throw SynthesisError("cannot store a cache entry in \(path): an earlier write failed") }
            let length = parts.reduce(0) { $0 + $1.count }
            var header = SegmentPack.magic + Array(key.utf8.prefix(64))
            header += [UInt8](repeating: 0x20, count: 68 - header.count)
            withUnsafeBytes(of: UInt32(length).littleEndian) { header += $0 }
            let start = appender.size
            reservation.ensure(upTo: start + header.count + length)
            let ok = header.withUnsafeBytes { head in appender.append([head] + parts, more: more) }
            guard ok else {
                sealed = true
                throw SynthesisError(FileSystemError("store a cache entry in", path: path).description)
            }
            return PackRecord(pack: path, offset: start + SegmentPack.headerLength, length: length)
        }
    }
}
