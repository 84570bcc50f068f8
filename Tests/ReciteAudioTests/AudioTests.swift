import ReciteTestSupport
import Foundation
import Testing
@testable import ReciteAudio

@Suite struct AudioTests {
    let folder = Fixtures.scratch("recite-audio-\(UUID().uuidString)").path

    @Test func wavRoundTrip() throws {
        let path = folder + "/a.wav"
        let samples: [Int16] = (0..<22050).map { Int16(truncatingIfNeeded: $0 % 200 - 100) }
        try AtomicOutput.write(to: path) { try SoundFile.writeWAV(samples, sampleRate: 22050, to: $0) }
        let info = try SoundFile.info(of: path)
        #expect(info == SoundFile.Info(frames: 22050, sampleRate: 22050, channels: 1))
        #expect(info.duration == 1.0)
        #expect(try SoundFile.readSamples(path) == samples)
    }

    /// A WAV reserves disk ahead of its writes (64 MB at a time) and gives back what it did not
    /// use when closed: what stays on disk is about its size, and it reads back whole.
    @Test func aClosedWavKeepsNoReservedSpace() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/reserved.wav"
        let writer = try SoundWriter(path: path, sampleRate: 22050)
        let second: [Int16] = (0..<22050).map { Int16(truncatingIfNeeded: $0 * 7) }
        for _ in 0..<3 { try writer.write(second) }
        try writer.writeSilence(11025)
        try writer.close()
        var info = stat()
        try #require(stat(path, &info) == 0)
        #expect(Int(info.st_size) >= (3 * 22050 + 11025) * 2)
        #expect(Int(info.st_blocks) * 512 < Int(info.st_size) + (1 << 20), "\(info.st_blocks * 512) bytes on disk for \(info.st_size)")
        let read = try SoundFile.readSamples(path)
        #expect(read.count == 3 * 22050 + 11025)
        #expect(Array(read[22050..<44100]) == second)
        #expect(read.suffix(11025).allSatisfy { $0 == 0 })
    }

    /// A WAV's sizes are 32-bit: past 4 GB of audio the writer stops with a message that says
    /// what to do, instead of a header that reads back as a shorter file. (The limit is lowered
    /// here; the real one is 4 GB.)
    @Test func aWavLongerThanItsFormatHoldsIsRefusedWithAWayOut() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(SoundWriter.wavFrameLimit * 2 + 4096 <= Int(UInt32.max))
        #expect(SoundWriter.wavFrameLimit / (22050 * 3600) == 27)
        let writer = try SoundWriter(path: folder + "/long.wav", sampleRate: 22050)
        writer.frameLimit = 1000
        try writer.write([Int16](repeating: 1, count: 600))
        do {
            try writer.write([Int16](repeating: 1, count: 600))
            Issue.record("a write past the limit was taken")
        } catch {
            #expect(error.message == "The audio is longer than a WAV file can hold (4 GB, 27 hours at 22050 Hz); "
                    + "write it with --format flac, ogg, opus or mp3, or split the document.")
        }
        #expect(writer.frames == 600)
        // Other formats have no such limit.
        let flac = try SoundWriter(path: folder + "/long.flac", sampleRate: 22050, format: .flac)
        flac.frameLimit = 1000
        try flac.write([Int16](repeating: 1, count: 1200))
        #expect(flac.frames == 1200)
        try flac.close()
    }

    @Test func aFailedWriteKeepsTheEarlierFileAndLeavesNoTemporary() throws {
        let path = folder + "/keep.txt"
        try AtomicOutput.write(Data("good".utf8), to: path)
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try AtomicOutput.write(to: path) { temporary in
                try Data("half".utf8).write(to: URL(fileURLWithPath: temporary))
                throw Boom()
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "good")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["keep.txt"])
    }
}
