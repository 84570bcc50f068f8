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
