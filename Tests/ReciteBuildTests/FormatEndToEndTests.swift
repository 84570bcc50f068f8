import Foundation
import ReciteAudio
import ReciteTestSupport
import ReciteTiming
import Testing

/// `--format`: the same sidecars whatever the audio format, files that decode to the sidecar's
/// length, tags that carry the document's title, and reruns that see their outputs in place.
@Suite(.serialized) struct FormatEndToEndTests {
    @Test(arguments: ["flac", "ogg", "opus", "mp3"])
    func sidecarsAreTheSameWhateverTheFormat(_ format: String) throws {
        let input = EndToEndTests.temporaryFolder("format-in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("# A short title\n\nThe river ran past 8 m² of garden.\n".utf8).write(to: input.appendingPathComponent("doc.md"))
        let wav = EndToEndTests.temporaryFolder("format-wav"), other = EndToEndTests.temporaryFolder("format-\(format)")
        #expect(try EndToEndTests.recite(["build", input.path, "-o", wav.path]).status == 0)
        let run = try EndToEndTests.recite(["build", input.path, "-o", other.path, "--format", format])
        #expect(run.status == 0, "\(run.stderr)")
        let reference = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: wav.appendingPathComponent("doc.timing.json")))
        var sidecar = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: other.appendingPathComponent("doc.timing.json")))
        #expect(sidecar.audio == "doc.\(format)")
        sidecar.audio = reference.audio
        #expect(sidecar == reference)
        let audio = other.appendingPathComponent("doc.\(format)").path
        #expect(abs(try SoundFile.info(of: audio).duration - sidecar.duration) < 0.1)
        #expect(SoundFile.title(of: audio) == "A short title")
        let again = try EndToEndTests.recite(["build", input.path, "-o", other.path, "--format", format])
        #expect(again.stderr.contains("1 unchanged"), "\(again.stderr)")
    }
}
