import Foundation
import ReciteScript
import ReciteSegment
import ReciteSynth
import ReciteSystem

/// Segment audio on disk, addressed by what decides it (DESIGN.md): the engine version and the
/// whole synthesis request. Same key, same samples, byte for byte, since every segment starts
/// from the same engine state (see `WorkerLoop`).
///
/// Entries (`CacheEntry`) live in packs (`SegmentPack`): each run appends what it synthesizes to
/// a pack of its own, so runs and shards that share the folder never write the same file. The
/// index of every pack is read on the first lookup. A damaged entry is skipped (the segment is
/// synthesized and stored again) and dropped by the next `prune`.
public final class SegmentCache: @unchecked Sendable {
    public let folder: URL
    private let engineVersion: String
    /// Bumped when the entry format or the meaning of a request changes.
    static let formatVersion = "recite-segment-cache-7"

    private let lock = NSLock()
    /// Guarded by `lock`: where each key's entries are (several after a damaged one was redone).
    private var index: [String: [PackRecord]]?
    private var writer: SegmentPack.Writer?
    /// Guarded by `lock`: why the cache stopped taking entries in this run (a full disk, a
    /// folder it may not write), so that later stores fail at once without touching the disk.
    private var storeFailure: (any Error)?

    /// A cache in `folder`, created if missing. One that cannot be created still answers: it
    /// finds nothing, and `store` says why it stores nothing.
    /// `engineVersion` identifies eSpeak NG in every key (`CacheKey`); `recite cache`, which
    /// only counts and prunes entries, needs none.
    public init(folder: String, engineVersion: String = "") {
        self.folder = URL(fileURLWithPath: folder)
        self.engineVersion = engineVersion
        do {
            try FileManager.default.createDirectory(at: packs, withIntermediateDirectories: true)
        } catch {
            storeFailure = SynthesisError(FileSystemError("create the cache folder", path: packs.path, error: error).description)
        }
    }

    private var packs: URL { folder.appendingPathComponent("packs") }

    /// The key of a request: hex SHA-256 of its canonical encoding (`CacheKey`), with the cache
    /// format and the engine version.
    public func key(for request: SynthesisRequest) -> String {
        CacheKey(request, format: Self.formatVersion, espeak: engineVersion).hex
    }

    /// The cached audio for `key`, or nil. A damaged entry is forgotten for this run.
    public func load(_ key: String) -> SynthesizedAudio? {
        let candidates = lock.withLock { () -> [PackRecord] in
            if index == nil { index = readIndex() }
            return index![key] ?? []
        }
        for record in candidates {
            if let audio = SegmentPack.withEntry(record, CacheEntry.decode) { return audio }
            lock.withLock { index![key]?.removeAll { $0 == record } }
        }
        return nil
    }

    /// Stores `audio` under `key`, in this process's pack. The samples go from the audio's own
    /// memory to the file, not through a copy. No fsync: an entry torn by a crash fails its
    /// checksum and is synthesized again.
    public func store(_ key: String, _ audio: SynthesizedAudio) throws {
        try store([(key, audio)])
    }

    /// Stores several entries, which reach the file together, in one write.
    /// After a failure the cache takes nothing more in this run (what it holds stays whole).
    public func store(_ entries: [(key: String, audio: SynthesizedAudio)]) throws {
        try lock.withLock {
            if let storeFailure { throw storeFailure }
            do {
                if writer == nil { writer = try SegmentPack.Writer(folder: packs) }
                let writer = writer!
                for (k, (key, audio)) in entries.enumerated() {
                    let record = try CacheEntry.withParts(of: audio) { parts in
                        Result { () throws(SynthesisError) in try writer.append(key: key, parts: parts, more: k + 1 < entries.count) }
                    }.get()
                    index?[key, default: []].append(record)
                }
            } catch {
                storeFailure = error
                throw error
            }
        }
    }

    /// Every record of every pack, by key.
    private func readIndex() -> [String: [PackRecord]] {
        var index: [String: [PackRecord]] = [:]
        for pack in packFiles() {
            for (key, record) in SegmentPack.records(in: pack) { index[key, default: []].append(record) }
        }
        return index
    }

    private func packFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packs.path)) ?? []
        return names.filter { $0.hasSuffix("." + SegmentPack.fileExtension) }.sorted().map { packs.appendingPathComponent($0).path }
    }

    // MARK: - Maintenance

    /// What the cache holds: whole entries, damaged ones, and bytes on disk.
    public struct Statistics: Sendable, Equatable {
        public var entries = 0
        public var damaged = 0
        public var bytes = 0
    }

    public func statistics() -> Statistics {
        var result = Statistics()
        for pack in packFiles() {
            result.bytes += ((try? FileManager.default.attributesOfItem(atPath: pack)[.size]) as? Int) ?? 0
            for (_, record) in SegmentPack.records(in: pack) {
                if SegmentPack.withEntry(record, CacheEntry.decode) != nil { result.entries += 1 } else { result.damaged += 1 }
            }
        }
        return result
    }

    /// Keeps one whole entry of each key in `keep` and removes everything else (other keys,
    /// damaged entries, duplicates, and the one-file-per-segment entries of earlier versions);
    /// returns how many entries were removed. Packs that a running build is writing are left as
    /// they are.
    public func prune(keeping keep: Set<String>) throws -> Int {
        var removed = 0
        var idle: [(path: String, fd: Int32)] = []
        for pack in packFiles() {
            let fd = open(pack, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { idle.append((pack, fd)) } else { close(fd) }
        }
        defer { for (_, fd) in idle { close(fd) } }
        var kept = Set<String>()
        var compacted: SegmentPack.Writer?
        do {
            for (pack, _) in idle {
                for (key, record) in SegmentPack.records(in: pack) {
                    guard keep.contains(key), !kept.contains(key),
                          let audio = SegmentPack.withEntry(record, CacheEntry.decode) else {
                        removed += 1
                        continue
                    }
                    if compacted == nil { compacted = try SegmentPack.Writer(folder: packs) }
                    _ = try CacheEntry.withParts(of: audio) { parts in
                        Result { () throws(SynthesisError) in try compacted!.append(key: key, parts: parts) }
                    }.get()
                    kept.insert(key)
                }
            }
            // Whole on disk before the packs it replaces go.
            try compacted?.finish()
        } catch {
            // The old packs stay, the cache as it was; the half-written new one goes.
            if let compacted { unlink(compacted.path) }
            throw error
        }
        KillPoint.reach("prune")
        for (pack, _) in idle { unlink(pack) }
        removed += try removeLegacyEntries()
        lock.withLock { index = nil }
        return removed
    }

    /// Removes what earlier versions left: one `.seg` file per segment in folders `00`…`ff`.
    private func removeLegacyEntries() throws -> Int {
        var removed = 0
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.count == 2 && name.allSatisfy(\.isHexDigit) {
            let sub = folder.appendingPathComponent(name)
            for file in (try? FileManager.default.contentsOfDirectory(atPath: sub.path)) ?? [] where file.hasSuffix(".seg") || file.hasSuffix(".partial") {
                try FileManager.default.removeItem(at: sub.appendingPathComponent(file))
                if file.hasSuffix(".seg") { removed += 1 }
            }
            if (try? FileManager.default.contentsOfDirectory(atPath: sub.path))?.isEmpty == true {
                try? FileManager.default.removeItem(at: sub)
            }
        }
        return removed
    }
}
