import Foundation

/// Segment audio on disk, addressed by what decides it (DESIGN.md): the engine version and the
/// whole synthesis request. Same key, same samples, byte for byte, since each segment is
/// synthesized from a pristine engine (see `WorkerLoop`).
///
/// An entry is `checksum(payload) ‖ payload`, the payload being a worker response; an entry whose
/// checksum does not match (a torn or corrupted file) is deleted and synthesized again. The key
/// is a SHA-256; the checksum is a fast 64-bit one, as it guards against damage, not attack.
public final class SegmentCache: @unchecked Sendable {
    public let folder: URL
    private let engineVersion: String
    /// Bumped when the entry format or the meaning of a request changes.
    static let formatVersion = "recite-segment-cache-3"

    public init(folder: String, engineVersion: String = EspeakEngine.version) throws {
        self.folder = URL(fileURLWithPath: folder)
        self.engineVersion = engineVersion
        try FileManager.default.createDirectory(at: self.folder, withIntermediateDirectories: true)
    }

    /// The key of a request: hex SHA-256 of the format, the engine version and the request.
    public func key(for request: SynthesisRequest) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let body = (try? encoder.encode(request)) ?? Data()
        return SHA256.hex(Array("\(Self.formatVersion)\n\(engineVersion)\n".utf8) + Array(body))
    }

    private func url(for key: String) -> URL {
        folder.appendingPathComponent(String(key.prefix(2))).appendingPathComponent(key + ".seg")
    }

    /// The cached audio for `key`, or nil (a damaged entry is removed).
    public func load(_ key: String) -> SynthesizedAudio? {
        let url = url(for: key)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        let bytes = [UInt8](data)
        guard bytes.count >= 16, Self.checksum(bytes[8...]) == Self.checksumValue(bytes[..<8]),
              let audio = Self.decode(Array(bytes[8...])) else {
            try? FileManager.default.removeItem(at: url)
            return nil
        }
        return audio
    }

    /// Stores `audio` under `key`, atomically (a reader never sees half an entry).
    public func store(_ key: String, _ audio: SynthesizedAudio) throws {
        let (header, samples) = WorkerProtocol.encode(.success(audio))
        // One buffer, filled once: checksum, then each frame's length and bytes.
        var entry = [UInt8]()
        entry.reserveCapacity(8 + 8 + header.count + samples.count)
        entry += [UInt8](repeating: 0, count: 8)
        for frame in [header, samples] {
            var length = UInt32(frame.count).littleEndian
            withUnsafeBytes(of: &length) { entry += $0 }
            entry += frame
        }
        var sum = Self.checksum(entry[8...]).littleEndian
        withUnsafeBytes(of: &sum) { entry.replaceSubrange(0..<8, with: $0) }
        let url = url(for: key)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Unique per call: two documents of one run may store the same segment at once (two
        // W3C examples are both "... the body ..."), and must not rename each other's file away.
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(key).\(getpid()).\(UUID().uuidString).partial")
        // No fsync: an entry torn by a crash fails its checksum and is synthesized again, and
        // syncing every segment cost more than writing it.
        let written = entry.withUnsafeBytes { Self.write($0, to: temporary.path) }
        guard written, rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw SynthesisError("cannot store a cache entry in \(folder.path): \(String(cString: strerror(errno)))")
        }
    }

    private static func write(_ bytes: UnsafeRawBufferPointer, to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                close(fd)
                return false
            }
            offset += n
        }
        return close(fd) == 0
    }

    /// Removes every entry not in `keep`; returns how many were removed.
    public func prune(keeping keep: Set<String>) throws -> Int {
        var removed = 0
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "seg" || url.lastPathComponent.hasSuffix(".partial") else { continue }
            if !keep.contains(url.deletingPathExtension().lastPathComponent) {
                try FileManager.default.removeItem(at: url)
                removed += 1
            }
        }
        return removed
    }

    /// A 64-bit multiply-rotate checksum over 8-byte words, in four independent lanes so that
    /// the processor overlaps their multiplications (a cache entry is megabytes of audio).
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count), 1, 2, 3)
        func mix(_ h: UInt64, _ w: UInt64) -> UInt64 {
            let m = (h ^ w) &* prime
            return (m << 31) | (m >> 33)
        }
        bytes.withUnsafeBytes { raw in
            let blocks = raw.count / 32
            for i in 0..<blocks {
                let base = i * 32
                lanes.0 = mix(lanes.0, raw.loadUnaligned(fromByteOffset: base, as: UInt64.self))
                lanes.1 = mix(lanes.1, raw.loadUnaligned(fromByteOffset: base + 8, as: UInt64.self))
                lanes.2 = mix(lanes.2, raw.loadUnaligned(fromByteOffset: base + 16, as: UInt64.self))
                lanes.3 = mix(lanes.3, raw.loadUnaligned(fromByteOffset: base + 24, as: UInt64.self))
            }
            for i in (blocks * 32)..<raw.count {
                lanes.0 = mix(lanes.0, UInt64(raw[i]))
            }
        }
        return mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3)
    }

    static func checksumValue(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func decode(_ payload: [UInt8]) -> SynthesizedAudio? {
        var offset = 0
        func frame() -> Data? {
            guard offset + 4 <= payload.count else { return nil }
            let length = Int(UInt32(payload[offset]) | UInt32(payload[offset + 1]) << 8 | UInt32(payload[offset + 2]) << 16 | UInt32(payload[offset + 3]) << 24)
            offset += 4
            guard offset + length <= payload.count else { return nil }
            defer { offset += length }
            return Data(payload[offset..<offset + length])
        }
        guard let header = frame(), let samples = frame() else { return nil }
        return try? WorkerProtocol.decode(header: header, samples: samples)
    }
}

/// A synthesizer that answers from the segment cache and sends only the misses on.
public final class CachingSynthesizer: SegmentSynthesizer, @unchecked Sendable {
    public let inner: any SegmentSynthesizer
    public let cache: SegmentCache
    /// Guards the counters: several documents synthesize at once.
    private let lock = NSLock()
    private var hitCount = 0, missCount = 0
    private var keys = Set<String>()

    public var hits: Int { lock.withLock { hitCount } }
    public var misses: Int { lock.withLock { missCount } }
    /// Every key asked for in this run (what `cache prune` keeps).
    public var keysUsed: Set<String> { lock.withLock { keys } }

    public var sampleRate: Int { inner.sampleRate }

    public init(_ inner: any SegmentSynthesizer, cache: SegmentCache) {
        self.inner = inner
        self.cache = cache
    }

    /// Records requests as in use without synthesizing them (an unchanged document's segments).
    public func noteUsed(_ requests: [SynthesisRequest]) {
        noteUsed(keys: requests.map(cache.key(for:)))
    }

    /// Records cache keys as in use (an unchanged document's, as recorded when it was rendered).
    public func noteUsed(keys used: [String]) {
        lock.withLock { keys.formUnion(used) }
    }

    /// Where the keys of one document's segments are recorded, so that a rerun that finds the
    /// document unchanged can keep its entries from `cache prune` without parsing it again.
    public func documentKeysFile(for output: String) -> String {
        cache.folder.appendingPathComponent("documents").appendingPathComponent(SHA256.hex(Array(output.utf8)) + ".keys").path
    }

    public func synthesize(_ requests: [SynthesisRequest]) throws -> [SynthesizedAudio] {
        try synthesizeCounting(requests).audio
    }

    /// The audio, and how many of the requests the cache answered.
    public func synthesizeCounting(_ requests: [SynthesisRequest]) throws -> (audio: [SynthesizedAudio], hits: Int) {
        let keys = requests.map(cache.key(for:))
        var results = keys.map(cache.load)
        let missing = results.indices.filter { results[$0] == nil }
        lock.withLock {
            self.keys.formUnion(keys)
            hitCount += requests.count - missing.count
            missCount += missing.count
        }
        if !missing.isEmpty {
            let fresh = try inner.synthesize(missing.map { requests[$0] })
            for (index, audio) in zip(missing, fresh) {
                results[index] = audio
                try cache.store(keys[index], audio)
            }
        }
        return (results.map { $0! }, requests.count - missing.count)
    }
}

/// One document's view of the shared cache: counts the cache hits of its own segments.
public final class DocumentSynthesizer: SegmentSynthesizer, @unchecked Sendable {
    private let shared: CachingSynthesizer
    public private(set) var hits = 0
    public var sampleRate: Int { shared.sampleRate }

    public init(_ shared: CachingSynthesizer) { self.shared = shared }

    public func synthesize(_ requests: [SynthesisRequest]) throws -> [SynthesizedAudio] {
        let (audio, hits) = try shared.synthesizeCounting(requests)
        self.hits += hits
        return audio
    }
}
