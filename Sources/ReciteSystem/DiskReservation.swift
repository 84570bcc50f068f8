import Foundation

/// Disk space reserved ahead of a file's appends, tens of megabytes at a time (`fallocate`, the
/// file's size unchanged), and given back past the final size when the file is done.
///
/// On ext4 a file that grows by appends has its blocks reserved page by page as the page cache
/// takes them; reserving 64 MB at once cost a third less CPU for the same bytes (a 600 MB
/// append test). A file system that cannot reserve (some network ones) just writes.
public struct DiskReservation {
    public let fd: Int32
    public let step: Int
    private var reserved = 0

    /// For the tests of the fallback: every reservation is refused, as on a file system that
    /// cannot reserve.
    private var refusesReservations = false

    public init(fd: Int32, step: Int = 64 << 20) {
        self.fd = fd
        self.step = step
    }

    init(fd: Int32, step: Int = 64 << 20, refusingReservations: Bool) {
        self.init(fd: fd, step: step)
        refusesReservations = refusingReservations
    }

    /// Whether reserving was refused, so that the file is just written (the fallback).
    var gaveUp: Bool { reserved == Int.max }

    /// Makes sure the bytes before `end` have room on disk.
    public mutating func ensure(upTo end: Int) {
        guard end > reserved else { return }
        let amount = max(step, end - reserved)
        if !refusesReservations && glibcFallocate(fd, 1 /* FALLOC_FL_KEEP_SIZE */, Int64(reserved), Int64(amount)) == 0 {
            reserved += amount
        } else {
            reserved = Int.max
        }
    }

    /// Gives back what was reserved past `size`, the file's final size.
    public func release(keeping size: Int) {
        if reserved != Int.max && reserved > size { _ = ftruncate(fd, off_t(size)) }
    }
}

/// glibc's `int fallocate(int fd, int mode, off_t offset, off_t len)` (64-bit offsets), which
/// Swift's Glibc module does not export (it is a GNU extension).
@_silgen_name("fallocate64")
private func glibcFallocate(_ fd: Int32, _ mode: Int32, _ offset: Int64, _ length: Int64) -> Int32
