import Foundation
import ReciteSynth

/// A synthesizer that answers from the segment cache and sends only the misses on.
public final class CachingSynthesizer: SegmentSynthesizer, @unchecked Sendable {
    public let inner: any SegmentSynthesizer
    public let cache: SegmentCache
    /// Guards the counters: several documents synthesize at once.
    private let lock = NSLock()
    private var hitCount = 0, missCount = 0
    private var keys = Set<String>()
    /// Segments being synthesized now, by key, and those synthesized and stored in this run.
    private var inFlight: [String: PendingSynthesis] = [:]
    private var synthesized = Set<String>()

    public var hits: Int { lock.withLock { hitCount } }
    public var misses: Int { lock.withLock { missCount } }
    /// Every key asked for in this run (what `cache prune` keeps).
    public var keysUsed: Set<String> { lock.withLock { keys } }

    public var sampleRate: Int { inner.sampleRate }

    /// Told when the cache cannot take a segment (a full disk, a folder not writable): the
    /// segment's audio still goes to its document, since the cache only saves work.
    private let storeFailed: @Sendable (any Error) -> Void

    public init(_ inner: any SegmentSynthesizer, cache: SegmentCache,
                storeFailed: @escaping @Sendable (any Error) -> Void = { _ in }) {
        self.inner = inner
        self.cache = cache
        self.storeFailed = storeFailed
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

    public func synthesize(_ requests: [SynthesisRequest], priority: Int) throws -> [SynthesizedAudio] {
        try synthesizeCounting(requests, priority: priority).audio
    }

    public func prepareForRequests() { inner.prepareForRequests() }

    /// The audio, and how many of the requests the cache answered.
    ///
    /// A segment is synthesized once per run, whatever `--jobs`: a request whose key another
    /// call (or an earlier request of this one) is synthesizing waits for that audio instead of
    /// asking a worker again, and counts as a cache hit. A call synthesizes what it owns before it
    /// waits for others, so two calls never wait on each other.
    public func synthesizeCounting(_ requests: [SynthesisRequest], priority: Int = 0) throws
        -> (audio: [SynthesizedAudio], hits: Int, keys: [String]) {
        let keys = requests.map(cache.key(for:))
        var results = keys.map(cache.load)
        var owned: [(index: Int, pending: PendingSynthesis)] = []
        var waiting: [(index: Int, pending: PendingSynthesis?)] = []
        lock.withLock {
            self.keys.formUnion(keys)
            for index in results.indices where results[index] == nil {
                if let pending = inFlight[keys[index]] {
                    waiting.append((index, pending))
                } else if synthesized.contains(keys[index]) {
                    waiting.append((index, nil))  // done since the cache was read: it is there now
                } else {
                    let pending = PendingSynthesis()
                    inFlight[keys[index]] = pending
                    owned.append((index, pending))
                }
            }
            hitCount += requests.count - owned.count
            missCount += owned.count
        }
        if !owned.isEmpty {
            let outcome = Result { try inner.synthesize(owned.map { requests[$0.index] }, priority: priority) }
            var stored = false
            if case .success(let fresh) = outcome {
                for ((index, _), audio) in zip(owned, fresh) { results[index] = audio }
                do {
                    try cache.store(zip(owned, fresh).map { (keys[$0.0.index], $0.1) })
                    stored = true
                } catch {
                    storeFailed(error)
                }
            }
            lock.withLock {
                for (index, _) in owned {
                    inFlight[keys[index]] = nil
                    if stored { synthesized.insert(keys[index]) }
                }
            }
            for (k, (_, pending)) in owned.enumerated() {
                pending.fulfil(outcome.map { $0[k] })
            }
            _ = try outcome.get()
        }
        for (index, pending) in waiting {
            if let pending {
                results[index] = try pending.wait()
            } else if let audio = cache.load(keys[index]) {
                results[index] = audio
            } else {
                results[index] = try inner.synthesize([requests[index]], priority: priority)[0]
            }
        }
        return (results.map { $0! }, requests.count - owned.count, keys)
    }
}

/// The audio of a segment one call is synthesizing, which other calls wait for.
final class PendingSynthesis: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<SynthesizedAudio, any Error>?

    func fulfil(_ result: Result<SynthesizedAudio, any Error>) {
        condition.withLock {
            self.result = result
            condition.broadcast()
        }
    }

    func wait() throws -> SynthesizedAudio {
        try condition.withLock {
            while result == nil { condition.wait() }
            return result!
        }.get()
    }
}

/// One document's view of the shared cache: counts the cache hits of its own segments.
/// A document synthesizes its next batch while it writes the last, so two calls may overlap.
public final class DocumentSynthesizer: SegmentSynthesizer, @unchecked Sendable {
    private let shared: CachingSynthesizer
    /// The document's place in the run (`SegmentSynthesizer.synthesize(_:priority:)`).
    private let priority: Int
    private let lock = NSLock()
    private var hitCount = 0
    private var seenKeys = Set<String>()
    public var hits: Int { lock.withLock { hitCount } }
    /// The cache keys of every segment this document asked for.
    public var keys: Set<String> { lock.withLock { seenKeys } }
    public var sampleRate: Int { shared.sampleRate }

    public init(_ shared: CachingSynthesizer, priority: Int = 0) {
        self.shared = shared
        self.priority = priority
    }

    /// Asks with the document's own priority, whatever the caller's.
    public func synthesize(_ requests: [SynthesisRequest], priority _: Int) throws -> [SynthesizedAudio] {
        let (audio, hits, keys) = try shared.synthesizeCounting(requests, priority: priority)
        lock.withLock {
            hitCount += hits
            seenKeys.formUnion(keys)
        }
        return audio
    }
}
