import Foundation
import ReciteTestSupport
import Testing
@testable import ReciteAudio
@testable import ReciteSystem

/// Appends past the page cache come back byte for byte, whatever their sizes: the file holds each
/// append when it returns (its last block padded with zeros) and is exact after `finish`; on a
/// file system that refuses O_DIRECT the same holds through plain writes.
@Suite struct DirectAppenderTests {
    static func folders() -> [String] {
        var folders = [Fixtures.scratch("direct-\(UUID().uuidString)").path]
        // tmpfs: O_DIRECT is refused by older kernels, which exercises the plain writes.
        if FileManager.default.fileExists(atPath: "/dev/shm") { folders.append("/dev/shm/recite-direct-\(getpid())-\(UUID().uuidString)") }
        return folders
    }

    /// Random bytes, eight at a time (a byte at a time is slow in a debug build).
    static func randomBytes(_ count: Int) -> [UInt8] {
        var random = SystemRandomNumberGenerator()
        var bytes = [UInt8](repeating: 0, count: (count + 7) / 8 * 8)
        bytes.withUnsafeMutableBytes { raw in
            for k in stride(from: 0, to: raw.count, by: 8) { raw.storeBytes(of: random.next(), toByteOffset: k, as: UInt64.self) }
        }
        return Array(bytes.prefix(count))
    }

    @Test(arguments: [true, false])
    func appendedBytesComeBackWhole(writesEachAppend: Bool) throws {
        for folder in Self.folders() {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/file"
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            try #require(fd >= 0)
            defer { close(fd) }
            let appender = DirectAppender(fd: fd, writesEachAppend: writesEachAppend)
            var expected: [UInt8] = []
            // Small, odd and large pieces: some cross the flush size, one outgrows the buffer.
            for size in [1, 72, 4095, 4097, 300_000, 1 << 20, 3, 5_000_000, 12_345] {
                let piece = Self.randomBytes(size)
                let head: [UInt8] = [0xAB, 0xCD]
                #expect(head.withUnsafeBytes { h in piece.withUnsafeBytes { appender.append([h, $0]) } })
                expected += head + piece
                if writesEachAppend {
                    // Readable up to here, the rest of the last block zeros.
                    let read = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
                    #expect(read.count >= expected.count)
                    #expect(Array(read.prefix(expected.count)) == expected)
                    #expect(read.dropFirst(expected.count).allSatisfy { $0 == 0 })
                }
            }
            #expect(appender.size == expected.count)
            // Without a write per append, full buffers after the first went out on their own thread.
            #expect(writesEachAppend || !appender.isDirect || appender.backgroundWrites >= 4)
            #expect(appender.finish())
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == expected, "in \(folder), direct: \(appender.isDirect)")
        }
    }
}

/// Each fallback forced (`DirectAppender.Faults`), whatever this machine's file systems accept:
/// the bytes come back the same, and the route says which path ran.
@Suite struct DirectAppenderFallbackTests {
    static let cases: [(faults: DirectAppender.Faults, writesEachAppend: Bool)] = [
        (.refuseDirectFlag, true), (.refuseDirectFlag, false), (.refuseDirectWrites, true), (.refuseDirectWrites, false),
    ]

    @Test(arguments: 0..<cases.count)
    func aForcedFallbackKeepsEveryByteAndSaysWhichPathRan(index: Int) throws {
        let (faults, writesEachAppend) = Self.cases[index]
        let folder = Fixtures.scratch("direct-fallback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("file").path
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        // Whether this file system takes O_DIRECT at all decides the route of a refused write.
        let probe = DirectAppender(fd: fd)
        let acceptsDirect = probe.isDirect
        _ = probe.switchToPlainWrites()

        let appender = DirectAppender(fd: fd, writesEachAppend: writesEachAppend, faults: faults)
        var expected: [UInt8] = []
        for size in [1, 4095, 300_000, 1 << 20, 3, 2_000_000, 12_345] {
            let piece = DirectAppenderTests.randomBytes(size)
            #expect(piece.withUnsafeBytes { appender.append([$0]) })
            expected += piece
            if writesEachAppend {
                let read = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
                #expect(Array(read.prefix(expected.count)) == expected)
            }
        }
        #expect(appender.finish())
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == expected)
        #expect(!appender.isDirect)
        switch faults {
        case .refuseDirectFlag:
            #expect(appender.route == .plainFromTheStart)
        default:
            #expect(appender.route == (acceptsDirect ? .switchedAfterARefusedWrite : .plainFromTheStart), "O_DIRECT accepted here: \(acceptsDirect)")
        }
    }

    /// Without faults, on a file system that takes O_DIRECT, no fallback runs.
    @Test func withoutFaultsTheWritesStayDirectWhereTheFileSystemTakesThem() throws {
        let folder = Fixtures.scratch("direct-nofault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fd = open(folder.appendingPathComponent("file").path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        let appender = DirectAppender(fd: fd)
        let piece = DirectAppenderTests.randomBytes(3 << 20)
        #expect(piece.withUnsafeBytes { appender.append([$0]) })
        #expect(appender.finish())
        #expect(appender.route == (appender.isDirect ? .direct : .plainFromTheStart))
    }
}

/// The file behind libsndfile's WAV writes: the header block is written last, the audio past
/// the page cache; any order of writes, even one that rewrites audio already written, leaves
/// the file as plain positioned writes would.
@Suite struct DirectSoundSinkTests {
    /// Writes random bytes (none zero) at each (offset, length) of `plan`, checking each seek,
    /// write and the sink's length; returns the file plain positioned writes would leave.
    static func write(_ plan: [(Int, Int)], to sink: DirectSoundSink) -> [UInt8] {
        var expected: [UInt8] = []
        for (offset, length) in plan {
            let bytes = DirectAppenderTests.randomBytes(length).map { $0 | 1 }
            #expect(sink.seek(offset, whence: SEEK_SET) == offset)
            #expect(bytes.withUnsafeBytes { sink.write($0.baseAddress!, count: length) } == length)
            if expected.count < offset + length { expected += [UInt8](repeating: 0, count: offset + length - expected.count) }
            expected.replaceSubrange(offset..<offset + length, with: bytes)
            #expect(sink.length == expected.count)
        }
        return expected
    }

    @Test func anyWritesLeaveTheFileAsPlainWritesWould() throws {
        for folder in DirectAppenderTests.folders() {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // (offset, length): a header, audio appended past the head block, a header
            // rewritten at the end; then a short file; then a rewrite inside the audio.
            let plans: [[(Int, Int)]] = [
                [(0, 44), (44, 200_000), (200_044, 3_000_000), (3_200_044, 5), (0, 44)],
                [(0, 44), (44, 1000), (4, 4)],
                [(0, 44), (44, 300_000), (100_000, 5000), (300_044, 70_000), (0, 44)],
                [(0, 44), (90_000, 10)],
            ]
            for (n, plan) in plans.enumerated() {
                let path = folder + "/sink-\(n)"
                let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o644)
                try #require(fd >= 0)
                let sink = DirectSoundSink(fd: fd)
                let expected = Self.write(plan, to: sink)
                #expect(sink.close())
                close(fd)
                #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == expected, "plan \(n) in \(folder)")
            }
        }
    }

    /// The same plans with each fallback forced: the bytes are the same, and the route says
    /// the audio went by plain writes (from the start, or after a refused direct write).
    @Test(arguments: [DirectAppender.Faults.refuseDirectFlag, .refuseDirectWrites].map(\.rawValue))
    func aForcedFallbackLeavesTheSameFile(fault: Int) throws {
        let faults = DirectAppender.Faults(rawValue: fault)
        let folder = Fixtures.scratch("sink-fallback-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let plans: [[(Int, Int)]] = [
            [(0, 44), (44, 200_000), (200_044, 3_000_000), (3_200_044, 5), (0, 44)],
            [(0, 44), (44, 1000), (4, 4)],
            [(0, 44), (44, 300_000), (100_000, 5000), (300_044, 70_000), (0, 44)],
        ]
        for (n, plan) in plans.enumerated() {
            let path = folder + "/sink-\(n)"
            let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o644)
            try #require(fd >= 0)
            let sink = DirectSoundSink(fd: fd, faults: faults)
            let expected = Self.write(plan, to: sink)
            #expect(sink.close())
            close(fd)
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == expected, "plan \(n), faults \(fault)")
            #expect(sink.route != .direct, "plan \(n): the forced fallback did not run")
            if faults == .refuseDirectFlag { #expect(sink.route == .plainFromTheStart) }
        }
    }

    /// A WAV longer than the head block, with a title and cue points, reads back whole.
    @Test func aLongWavWithTitleAndCuesReadsBack() throws {
        let folder = Fixtures.scratch("sink-wav-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/long.wav"
        let writer = try SoundWriter(path: path, sampleRate: 22050, metadata: AudioMetadata(title: String(repeating: "Title ", count: 50)))
        let samples: [Int16] = (0..<200_000).map { Int16(truncatingIfNeeded: $0 &* 31) }
        try writer.setCues([CuePoint(frame: 0, label: "One"), CuePoint(frame: 100_000, label: "Two")])
        try writer.write(samples)
        try writer.close()
        #expect(try SoundFile.readSamples(path) == samples)
        #expect(SoundFile.title(of: path)?.hasPrefix("Title Title") == true)
    }
}

/// Disk reservation and its fallback (a file system that cannot reserve: forced here), each
/// checked by what it leaves on disk.
@Suite struct DiskReservationTests {
    @Test(arguments: [false, true])
    func aReservationOrItsRefusalLeavesTheFileExact(refused: Bool) throws {
        let folder = Fixtures.scratch("reserve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("file").path
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        var reservation = DiskReservation(fd: fd, step: 1 << 20, refusingReservations: refused)
        let bytes = DirectAppenderTests.randomBytes(3_000_001)
        var written = 0
        for size in [1, 500_000, 1_500_000, 999_999, 1] {
            reservation.ensure(upTo: written + size)
            _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + written, size, off_t(written)) }
            written += size
        }
        var status = stat()
        fstat(fd, &status)
        if refused {
            #expect(reservation.gaveUp, "the refusal was not taken")
            // Nothing was reserved past the end: only the bytes written take blocks.
            #expect(Int(status.st_blocks) * 512 < written + (1 << 20))
        } else if !reservation.gaveUp {
            // Reserved ahead: blocks past the bytes written, the size unchanged.
            #expect(Int(status.st_size) == written)
        }
        reservation.release(keeping: written)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
    }
}
