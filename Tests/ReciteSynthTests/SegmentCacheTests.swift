import Foundation
import ReciteTestSupport
import Testing
@testable import ReciteCache
@testable import ReciteEspeak
@testable import ReciteNeural
@testable import ReciteSynth
@testable import ReciteWorkers

/// The cache's packs: what a killed run, a damaged entry and a running build leave for the next.
@Suite struct SegmentCacheTests {
    static func audio(_ seed: Int16) -> SynthesizedAudio {
        SynthesizedAudio(sampleRate: 22050, samples: (0..<3000).map { Int16(truncatingIfNeeded: Int($0) &* Int(seed)) },
                         events: [SynthesisEvent(kind: .word, token: Int(seed), offset: 3, sample: 10)])
    }

    /// Equal audio, compared without printing thousands of samples when it is not.
    static func same(_ a: SynthesizedAudio?, _ b: SynthesizedAudio) -> Bool { a == b }

    static func folder(_ name: String) -> String {
        Fixtures.scratch("cache-\(name)-\(UUID().uuidString)").path
    }

    static func onlyPack(in folder: String) throws -> String {
        let packs = URL(fileURLWithPath: folder).appendingPathComponent("packs")
        let names = try FileManager.default.contentsOfDirectory(atPath: packs.path).filter { $0.hasSuffix(".pack") }
        try #require(names.count == 1)
        return packs.appendingPathComponent(names[0]).path
    }

    @Test func entriesComeBackInANewRun() throws {
        let folder = Self.folder("round-trip")
        let cache = SegmentCache(folder: folder)
        try cache.store("a", Self.audio(3))
        try cache.store("b", Self.audio(5))
        #expect(Self.same(cache.load("a"), Self.audio(3)))
        let later = SegmentCache(folder: folder)
        #expect(Self.same(later.load("b"), Self.audio(5)))
        #expect(later.load("c") == nil)
    }

    /// A run killed while writing leaves a torn last record: the ones before it still load.
    @Test func aTornLastRecordLosesOnlyThatEntry() throws {
        let folder = Self.folder("torn")
        let cache = SegmentCache(folder: folder)
        for (key, seed) in [("a", 3), ("b", 5), ("c", 7)] { try cache.store(key, Self.audio(Int16(seed))) }
        let pack = try Self.onlyPack(in: folder)
        // Cut into the last record (the file of a running build ends with its last block's padding).
        let last = try #require(SegmentPack.records(in: pack).last?.record)
        #expect(truncate(pack, off_t(last.offset + last.length - 100)) == 0)
        let later = SegmentCache(folder: folder)
        #expect(Self.same(later.load("a"), Self.audio(3)))
        #expect(Self.same(later.load("b"), Self.audio(5)))
        #expect(later.load("c") == nil)
    }

    /// A damaged entry is not returned; the segment stored again is found, and prune keeps only it.
    @Test func aDamagedEntryIsSkippedAndItsReplacementFound() throws {
        let folder = Self.folder("damaged")
        try SegmentCache(folder: folder).store("a", Self.audio(3))
        let pack = try Self.onlyPack(in: folder)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: pack))
        bytes[bytes.count / 2] ^= 0x40
        try bytes.write(to: URL(fileURLWithPath: pack))

        let cache = SegmentCache(folder: folder)
        #expect(cache.load("a") == nil)
        try cache.store("a", Self.audio(3))
        #expect(Self.same(cache.load("a"), Self.audio(3)))
        #expect(Self.same(SegmentCache(folder: folder).load("a"), Self.audio(3)))
        #expect(cache.statistics().entries == 1)
        #expect(cache.statistics().damaged == 1)
    }

    /// Prune keeps one whole entry per kept key, and leaves alone the pack a running build writes.
    @Test func pruneKeepsWhatIsUsedAndSkipsAPackInUse() throws {
        let folder = Self.folder("prune")
        do {
            let finished = SegmentCache(folder: folder)
            for (key, seed) in [("a", 3), ("b", 5), ("c", 7)] { try finished.store(key, Self.audio(Int16(seed))) }
            try finished.store("a", Self.audio(3))
        }
        let running = SegmentCache(folder: folder)
        try running.store("d", Self.audio(9))

        let removed = try SegmentCache(folder: folder).prune(keeping: ["a", "c"])
        #expect(removed == 2)  // b, and a's duplicate
        let after = SegmentCache(folder: folder)
        #expect(after.statistics() .entries == 3)  // a, c, and the running build's d
        #expect(Self.same(after.load("a"), Self.audio(3)))
        #expect(after.load("b") == nil)
        #expect(Self.same(after.load("d"), Self.audio(9)))
    }

    /// A pack reserves disk ahead of its writes, and gives back what it did not use when the run
    /// ends: what stays on disk is about what was written.
    @Test func aFinishedPackKeepsNoReservedSpace() throws {
        let folder = Self.folder("reserve")
        do {
            let cache = SegmentCache(folder: folder)
            for key in ["a", "b", "c"] { try cache.store(key, Self.audio(3)) }
        }
        let pack = try Self.onlyPack(in: folder)
        var info = stat()
        try #require(stat(pack, &info) == 0)
        let onDisk = Int(info.st_blocks) * 512
        #expect(Int(info.st_size) > 3 * 6000)
        #expect(onDisk < Int(info.st_size) + (1 << 20), "\(onDisk) bytes on disk for \(info.st_size)")
    }

    /// The entry checksum changes with any damage a file meets: one flipped bit anywhere, two
    /// words swapped, a zeroed tail, a byte cut off; and not without it.
    @Test func theChecksumSeesFlippedBitsSwapsZeroedTailsAndCuts() {
        var random = SystemRandomNumberGenerator()
        let data = (0..<20_003).map { _ in UInt8.random(in: 0...255, using: &random) }
        let sum = { (bytes: [UInt8]) in bytes.withUnsafeBytes { CacheEntry.checksum($0) } }
        let original = sum(data)
        #expect(sum(data) == original)
        for position in stride(from: 0, to: data.count, by: 997) {
            var flipped = data
            flipped[position] ^= 1 << UInt8(position % 8)
            #expect(sum(flipped) != original, "bit at \(position)")
        }
        // A change in the last bytes moves a lane's two sums alike; it must still show, at any
        // length (the end in the 32-byte blocks or in the bytes after them).
        for length in [64, 96, 100, 20_000, 20_003] {
            let prefix = Array(data.prefix(length))
            for back in 1...9 {
                for pattern: UInt8 in [0xFF, 0x80, 0x01] {
                    var damaged = prefix
                    damaged[length - back] ^= pattern
                    #expect(sum(damaged) != sum(prefix), "length \(length), byte -\(back), ^\(pattern)")
                }
            }
            var zeros = [UInt8](repeating: 0, count: length)
            let clean = sum(zeros)
            zeros[length - 1] = 0xFF
            #expect(sum(zeros) != clean, "silence ending in 0xFF, length \(length)")
        }
        var swapped = data
        swapped.withUnsafeMutableBytes { raw in
            let first = raw.loadUnaligned(fromByteOffset: 800, as: UInt64.self)
            raw.storeBytes(of: raw.loadUnaligned(fromByteOffset: 808, as: UInt64.self), toByteOffset: 800, as: UInt64.self)
            raw.storeBytes(of: first, toByteOffset: 808, as: UInt64.self)
        }
        #expect(swapped != data && sum(swapped) != original)
        var zeroed = data
        for i in 15_000..<zeroed.count { zeroed[i] = 0 }
        #expect(sum(zeroed) != original)
        #expect(sum(Array(data.dropLast())) != original)
        #expect(sum(data + [0]) != original)
    }
}
