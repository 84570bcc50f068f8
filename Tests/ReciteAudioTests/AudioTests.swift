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
