import Foundation
import ReciteAudio
import ReciteNeural
import ReciteSynth
import ReciteTestSupport
import Testing

/// `recite voices --sample DIR --voice …`: a sample per chosen voice, written whole, at the voice's
/// rate and with speech in it; the work folder of a killed run is cleared away.
@Suite(.serialized) struct VoiceSamplesTests {
    static let installed = VoiceLookup().findKokoro("af_heart") != nil && VoiceLookup().find("en_US-joe-medium") != nil

    @Test(.enabled(if: installed, "Kokoro or joe is not installed (.ci/install-neural installs them)"))
    func theChosenVoicesGetOneSampleEachAndAKilledRunsWorkIsRemoved() throws {
        let folder = EndToEndTests.temporaryFolder("voice-samples")
        defer { try? FileManager.default.removeItem(at: folder) }
        // What a killed run left: its process is gone (pid_max is below 2^22 on Linux).
        let abandoned = folder.appendingPathComponent(".recite-samples-4194305")
        try FileManager.default.createDirectory(at: abandoned, withIntermediateDirectories: true)

        let run = try RunSupport.recite(["voices", "--sample", folder.path, "--voice", "af_heart,en_US-joe-medium"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("2 samples written"), "\(run.stdout)")
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(entries == ["af_heart.wav", "en_US-joe-medium.wav"], "no other sample, no work folder left: \(entries)")

        for (name, rate) in [("af_heart", 24000), ("en_US-joe-medium", 22050)] {
            let path = folder.appendingPathComponent("\(name).wav").path
            let info = try SoundFile.info(of: path)
            #expect(info.sampleRate == rate && info.channels == 1)
            #expect(info.duration > 4 && info.duration < 30, "\(name): \(info.duration) s for two sentences")
            let samples = try SoundFile.readSamples(path)
            let loud = samples.filter { abs(Int($0)) > 1000 }.count
            #expect(Double(loud) > 0.1 * Double(samples.count), "\(name): speech, not silence")
        }
    }

    @Test func aVoiceThatIsNotInstalledIsRefusedByName() throws {
        let folder = EndToEndTests.temporaryFolder("voice-samples-unknown")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try RunSupport.recite(["voices", "--sample", folder.path, "--voice", "zz_nobody"])
        #expect(run.status != 0)
        #expect(run.stdout.contains("zz_nobody is not an installed neural voice") || run.stdout.contains("no neural voice is installed"),
                "\(run.stdout)")
    }
}
