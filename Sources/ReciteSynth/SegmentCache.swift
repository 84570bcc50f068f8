import Foundation

/// Segment audio on disk, addressed by what decides it (DESIGN.md): the engine version and the
/// whole synthesis request. Same key, same samples, byte for byte, since each segment is
/// synthesized from a pristine engine (see `WorkerLoop`).
///
/// An entry is `checksum ‖ length ‖ header ‖ length ‖ samples`, the two frames of a worker
/// response, with a checksum of both frames; an entry whose checksum does not match (a torn or
/// corrupted file) is deleted and synthesized again. The key is a SHA-256; the checksum is a fast
/// 64-bit one, as it guards against damage, not attack.
public final class SegmentCache: @unchecked Sendable {
    public let folder: URL
    private let engineVersion: String
    /// Bumped when the entry format or the meaning of a request changes.
    static let formatVersion = "recite-segment-cache-4"

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
        guard let audio = Self.decode(data) else {
            try? FileManager.default.removeItem(at: url)
            return nil
        }
        return audio
    }

    /// Stores `audio` under `key`, atomically (a reader never sees half an entry). The samples
    /// go from the audio's own memory to the file, not through a copy.
    public func store(_ key: String, _ audio: SynthesizedAudio) throws {
        let header = [UInt8](ResponseHeader.encode(audio))
        try audio.samples.withUnsafeBytes { samples in
            var sum = Self.checksum(header: header, samples: samples).littleEndian
            var headerLength = UInt32(header.count).littleEndian
            var samplesLength = UInt32(samples.count).littleEndian
            let url = url(for: key)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // Unique per call: two documents of one run may store the same segment at once (two
            // W3C examples are both "... the body ..."), and must not rename each other's file away.
            let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(key).\(getpid()).\(UUID().uuidString).partial")
            // No fsync: an entry torn by a crash fails its checksum and is synthesized again, and
            // syncing every segment cost more than writing it.
            let written = withUnsafeBytes(of: &sum) { sum in
                withUnsafeBytes(of: &headerLength) { headerLength in
                    withUnsafeBytes(of: &samplesLength) { samplesLength in
                        header.withUnsafeBytes { header in
                            Self.write([sum, headerLength, header, samplesLength, samples], to: temporary.path)
                        }
                    }
                }
            }
            guard written, rename(temporary.path, url.path) == 0 else {
                try? FileManager.default.removeItem(at: temporary)
                throw SynthesisError("cannot store a cache entry in \(folder.path): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Writes `parts` one after the other into a new file; false on any failure.
    private static func write(_ parts: [UnsafeRawBufferPointer], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        for part in parts where part.count > 0 {
            var offset = 0
            while offset < part.count {
                let n = Glibc.write(fd, part.baseAddress! + offset, part.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    close(fd)
                    return false
                }
                offset += n
            }
        }
        return close(fd) == 0
    }

    /// An entry's audio, or nil if it is torn, damaged or malformed.
    static func decode(_ data: Data) -> SynthesizedAudio? {
        data.withUnsafeBytes { raw -> SynthesizedAudio? in
            guard raw.count >= 16 else { return nil }
            let sum = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
            let headerLength = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self)))
            guard 12 + headerLength + 4 <= raw.count else { return nil }
            let header = UnsafeRawBufferPointer(rebasing: raw[12..<12 + headerLength])
            let samplesLength = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 12 + headerLength, as: UInt32.self)))
            let samplesStart = 16 + headerLength
            guard samplesStart + samplesLength == raw.count, samplesLength % 2 == 0 else { return nil }
            let samples = UnsafeRawBufferPointer(rebasing: raw[samplesStart...])
            guard checksum(header: Array(header), samples: samples) == sum else { return nil }
            let values = [Int16](unsafeUninitializedCapacity: samplesLength / 2) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: samples)
                initialized = samplesLength / 2
            }
            return try? WorkerProtocol.decode(header: Data(header), samples: values)
        }
    }

    /// The checksum of an entry: of its header and of its samples, combined.
    static func checksum(header: [UInt8], samples: UnsafeRawBufferPointer) -> UInt64 {
        let h = checksum(header[...])
        let s = checksum(samples)
        return (h &* 0x9E37_79B9_7F4A_7C15) ^ s
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
        bytes.withUnsafeBytes { checksum($0) }
    }

    static func checksum(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count), 1, 2, 3)
        func mix(_ h: UInt64, _ w: UInt64) -> UInt64 {
            let m = (h ^ w) &* prime
            return (m << 31) | (m >> 33)
        }
        do {
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
