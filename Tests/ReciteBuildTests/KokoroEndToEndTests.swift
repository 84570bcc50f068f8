import Foundation
import ReciteAudio
import ReciteNeural
import ReciteSynth
import ReciteTestSupport
import ReciteTiming
import Testing

/// Kokoro voices through the built `recite`, as a user meets them: listed, said with `--voice`,
/// in SSML and in `recite.yml`, timed, cached. Judged by properties of the audio and sidecar.
@Suite(.serialized) struct KokoroEndToEndTests {
    static let installed = VoiceLookup().findKokoro("af_heart") != nil && VoiceLookup().findKokoro("bf_emma") != nil
    static let skip = "Kokoro is not installed (.ci/install-neural installs it)"

    static func sidecar(_ url: URL) throws -> TimingSidecar {
        try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: url))
    }

    @Test(.enabled(if: installed, "\(skip)"))
    func voicesListsTheTwentyEightKokoroVoicesWithAccentGenderAndLicense() throws {
        let listed = try RunSupport.recite(["voices", "--engine", "neural"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let rows = listed.stdout.split(separator: "\n").filter { KokoroVoice.isVoiceName(String($0.split(separator: "\t").first ?? "")) }
        #expect(rows.count >= 28, "\(listed.stdout)")
        #expect(listed.stdout.contains("af_heart\tAmerican English (en-US)\tfemale\tKokoro-82M v1.0\tApache-2.0"))
        #expect(listed.stdout.contains("bm_george\tBritish English (en-GB)\tmale"))
    }

    @Test(.enabled(if: installed, "\(skip)"))
    func aDocumentIsSaidAt24kHzWithEveryWordTimedAndAnUnchangedRerunSaysNothing() throws {
        let input = EndToEndTests.temporaryFolder("kokoro-in"), out = EndToEndTests.temporaryFolder("kokoro-out")
        defer { try? FileManager.default.removeItem(at: input); try? FileManager.default.removeItem(at: out) }
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let document = input.appendingPathComponent("flat.md")
        try Data("# A Flat\n\nThe flat has 8 m² of storage, and the lead pipes were replaced. It costs $3.50 a day to heat!\n".utf8).write(to: document)
        let lexicon = input.appendingPathComponent("metal.tsv")
        try Data("lead\tipa\tlɛd\n".utf8).write(to: lexicon)
        let arguments = ["build", document.path, "-o", out.path, "--voice", "af_heart", "--lexicon", lexicon.path, "--phonemes", "--jobs", "2"]
        let first = try EndToEndTests.recite(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        let audio = out.appendingPathComponent("flat.wav")
        try EndToEndTests.checkOutputs(source: document, audio: audio, timing: out.appendingPathComponent("flat.timing.json"))
        let said = try Self.sidecar(out.appendingPathComponent("flat.timing.json"))
        #expect(said.sampleRate == 24000)
        #expect(said.words.map(\.spoken).joined(separator: " ").contains("eight square meters"))
        #expect(said.words.first { $0.spoken == "lead" }?.phonemes == "lɛd")
        let samples = try SoundFile.readSamples(audio.path)
        var voiced = 0
        for word in said.words {
            let range = Int(word.start * 24000)..<min(samples.count, Int(word.end * 24000))
            let part = samples[max(0, range.lowerBound)..<max(range.lowerBound, range.upperBound)]
            let level = part.isEmpty ? 0 : (part.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(part.count)).squareRoot()
            if level > 300 { voiced += 1 }
        }
        #expect(voiced >= said.words.count * 9 / 10, "\(voiced) of \(said.words.count) words have speech under them")

        let before = try Data(contentsOf: audio)
        try FileManager.default.removeItem(at: audio)
        let again = try EndToEndTests.recite(arguments)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains(" 0 segments synthesized"), "\(again.stderr)")
        #expect(try Data(contentsOf: audio) == before)
    }

    @Test(.enabled(if: installed, "\(skip)"))
    func ssmlAndRecitePipelinesNameKokoroVoices() throws {
        let input = EndToEndTests.temporaryFolder("kokoro-ssml-in"), out = EndToEndTests.temporaryFolder("kokoro-ssml-out")
        defer { try? FileManager.default.removeItem(at: input); try? FileManager.default.removeItem(at: out) }
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("""
        <speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="en-US">
        <p>This part is read by George.</p><voice name="bf_emma"><p>And this part by Emma.</p></voice>
        </speak>
        """.utf8).write(to: input.appendingPathComponent("mixed.ssml"))
        try Data("voice: bm_george\n".utf8).write(to: input.appendingPathComponent("recite.yml"))
        try Data("Good morning, everyone.\n".utf8).write(to: input.appendingPathComponent("hello.md"))
        let built = try EndToEndTests.recite(["build", input.path, "-o", out.path])
        #expect(built.status == 0, "\(built.stderr)")
        // recite.yml's Kokoro voice sets the file's rate; the SSML's voice is resampled into it.
        #expect(try Self.sidecar(out.appendingPathComponent("hello.timing.json")).sampleRate == 24000)
        let mixed = try Self.sidecar(out.appendingPathComponent("mixed.timing.json"))
        #expect(mixed.words.map(\.spoken).contains("Emma"))
    }

    @Test(.enabled(if: installed && Fixtures.shared != nil && ForcedAlignmentTests.python != nil,
                   "needs Kokoro, ../shared/tools and the alignment venv (install-deps --test)"))
    func theIndependentAlignerFindsTheWordsWhereTheSidecarSays() throws {
        let input = EndToEndTests.temporaryFolder("kokoro-align-in"), out = EndToEndTests.temporaryFolder("kokoro-align-out")
        defer { try? FileManager.default.removeItem(at: input); try? FileManager.default.removeItem(at: out) }
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let paragraph = """
        Recite reads whole folders of articles aloud. Each document becomes audio with a sidecar that gives every word \
        its start and end, so captions and read-along pages can follow the reader. Long sentences, with commas, pauses \
        and lists of three or four items, are where a poor aligner drifts.
        """
        try Data("# Listening\n\n\(paragraph)\n".utf8).write(to: input.appendingPathComponent("listen.md"))
        let built = try EndToEndTests.recite(["build", input.path, "-o", out.path, "--voice", "af_heart", "--jobs", "2"])
        #expect(built.status == 0, "\(built.stderr)")
        let (status, summary) = try ForcedAlignmentTests.alignCheck(out.appendingPathComponent("listen.timing.json"))
        print(summary)
        #expect(status == 0, "\(summary)")
    }
}
