import Foundation

/// Shared memory between a worker and the build for segments' samples: the worker copies a
/// segment's samples in, the build copies them out, and the pipe carries only the header. That
/// spares the kernel's two copies through the pipe (a segment is about a megabyte of audio).
///
/// The slot of a response is its place in the worker's sequence of requests, modulo `slots`.
/// The build queues at most `WorkerPool.depth` requests per worker and takes a response's samples
/// out before that place is reused, so a slot is never written while it is read. A segment too
/// long for a slot goes through the pipe as before.
final class SharedSamples: @unchecked Sendable {
    static let slots = WorkerPool.depth
    static let slotBytes = 16 << 20
    let fd: Int32
    private let base: UnsafeMutableRawPointer

    private init(fd: Int32, base: UnsafeMutableRawPointer) {
        self.fd = fd
        self.base = base
    }

    deinit {
        munmap(base, Self.slots * Self.slotBytes)
        close(fd)
    }

    /// The worker's side: new shared memory; nil where it cannot be had.
    static func create() -> SharedSamples? {
        let fd = "recite-samples".withCString { glibcMemfdCreate($0, 0) }
        guard fd >= 0 else { return nil }
        guard ftruncate(fd, off_t(slots * slotBytes)) == 0, let base = map(fd) else {
            close(fd)
            return nil
        }
        return SharedSamples(fd: fd, base: base)
    }

    /// The build's side: the memory a worker (a child of this process) announced.
    static func open(worker: Int32, descriptor: Int32) -> SharedSamples? {
        let fd = Glibc.open("/proc/\(worker)/fd/\(descriptor)", O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, Int(info.st_size) == slots * slotBytes, let base = map(fd) else {
            close(fd)
            return nil
        }
        return SharedSamples(fd: fd, base: base)
    }

    private static func map(_ fd: Int32) -> UnsafeMutableRawPointer? {
        let base = mmap(nil, slots * slotBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
        return base == MAP_FAILED ? nil : base
    }

    /// Copies `samples` into the slot of response `sequence`; false if they do not fit.
    func write(_ samples: [Int16], sequence: Int) -> Bool {
        let bytes = samples.count * 2
        guard bytes <= Self.slotBytes else { return false }
        samples.withUnsafeBytes { base.advanced(by: slot(sequence)).copyMemory(from: $0.baseAddress!, byteCount: bytes) }
        return true
    }

    /// The `count` samples in the slot of response `sequence`.
    func read(count: Int, sequence: Int) -> [Int16]? {
        guard count >= 0, count * 2 <= Self.slotBytes else { return nil }
        return [Int16](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(start: base.advanced(by: slot(sequence)), count: count * 2))
            initialized = count
        }
    }

    private func slot(_ sequence: Int) -> Int { (sequence % Self.slots) * Self.slotBytes }
}

/// glibc's `int memfd_create(const char *name, unsigned flags)`, which Swift's Glibc module does
/// not export (it is a GNU extension).
@_silgen_name("memfd_create")
private func glibcMemfdCreate(_ name: UnsafePointer<CChar>, _ flags: UInt32) -> Int32
