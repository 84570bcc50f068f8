import Foundation

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

    public func prepareForRequests() { inner.prepareForRequests() }

    /// The audio, and how many of the requests the cache answered.
    public func synthesizeCounting(_ requests: [SynthesisRequest]) throws -> (audio: [SynthesizedAudio], hits: Int, keys: [String]) {
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
        return (results.map { $0! }, requests.count - missing.count, keys)
    }
}

/// One document's view of the shared cache: counts the cache hits of its own segments.
/// A document synthesizes its next batch while it writes the last, so two calls may overlap.
public final class DocumentSynthesizer: SegmentSynthesizer, @unchecked Sendable {
    private let shared: CachingSynthesizer
    private let lock = NSLock()
    private var hitCount = 0
    private var seenKeys = Set<String>()
    public var hits: Int { lock.withLock { hitCount } }
    /// The cache keys of every segment this document asked for.
    public var keys: Set<String> { lock.withLock { seenKeys } }
    public var sampleRate: Int { shared.sampleRate }

    public init(_ shared: CachingSynthesizer) { self.shared = shared }

    public func synthesize(_ requests: [SynthesisRequest]) throws -> [SynthesizedAudio] {
        let (audio, hits, keys) = try shared.synthesizeCounting(requests)
        lock.withLock {
            hitCount += hits
            seenKeys.formUnion(keys)
        }
        return audio
    }
}
