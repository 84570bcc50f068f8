import Foundation
import ReciteAudio
import ReciteNeural
import ReciteSynth
import ReciteTestSupport
import ReciteTiming
import Testing

/// The neural voice (Piper's en_US-joe-medium, which the set-up command installs) through the
/// built `recite`: judged by properties of its audio and sidecar (its samples differ run to run),
/// and by eSpeak NG's rendering of the same document, which says the same words.
@Suite(.serialized) struct NeuralVoiceEndToEndTests {
    static let voice = "en_US-joe-medium"
    /// Where the set-up command installs the voice; the tests say they are skipped without it.
    static let installed = VoiceLookup().find(voice) != nil

    static let text = """
    # A Flat in Town

    The flat has 8 m² of storage, and the lead pipes were replaced on 12/05/2020. It costs $3.50 a day to heat!

    Visitors come from 1 - 2 streets away. Is it quiet? Mostly, yes.
    """

    static func sidecar(_ folder: URL, _ name: String) throws -> TimingSidecar {
        try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: folder.appendingPathComponent(name + ".timing.json")))
    }

    /// A folder with the voice `name`: the installed model under another name, with its settings
    /// changed by `edits` (each text must be there). The voice says what its settings say.
    static func variant(named name: String, _ edits: [String: String]) throws -> URL {
        let folder = EndToEndTests.temporaryFolder("neural-voice-\(name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let model = try #require(VoiceLookup().find(voice))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("\(name).onnx").path, withDestinationPath: model)
        var settings = try String(contentsOfFile: model + ".json", encoding: .utf8)
        for (old, new) in edits {
            try #require(settings.contains(old), "\(old) is not in the voice's settings")
            settings = settings.replacingOccurrences(of: old, with: new)
        }
        try Data(settings.utf8).write(to: folder.appendingPathComponent("\(name).onnx.json"))
        return folder
    }

    /// Root-mean-square level of `samples[range]`.
    static func level(_ samples: [Int16], _ range: Range<Int>) -> Double {
        let part = samples[max(0, range.lowerBound)..<min(samples.count, max(range.lowerBound, range.upperBound))]
        guard !part.isEmpty else { return 0 }
        return (part.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(part.count)).squareRoot()
    }

    @Test(.enabled(if: installed, "the voice en_US-joe-medium is not installed (.ci/install-neural installs it)"))
    func everyWordOfTheNeuralVoiceIsTimedOnItsOwnAudioAndTheLexiconIsSaid() throws {
        let input = EndToEndTests.temporaryFolder("neural-in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let document = input.appendingPathComponent("flat.md")
        try Data(Self.text.utf8).write(to: document)
        let lexicon = input.appendingPathComponent("metal.tsv")
        try Data("lead\tipa\tlɛd\n".utf8).write(to: lexicon)
        let neural = EndToEndTests.temporaryFolder("neural-out"), formant = EndToEndTests.temporaryFolder("formant-out")

        let first = try EndToEndTests.recite(["build", document.path, "-o", neural.path, "--voice", Self.voice, "--phonemes", "--lexicon", lexicon.path, "--jobs", "2"])
        #expect(first.status == 0, "\(first.stderr)")
        let plain = try EndToEndTests.recite(["build", document.path, "-o", formant.path, "--phonemes", "--lexicon", lexicon.path])
        #expect(plain.status == 0, "\(plain.stderr)")
        let audio = neural.appendingPathComponent("flat.wav")
        try EndToEndTests.checkOutputs(source: document, audio: audio, timing: neural.appendingPathComponent("flat.timing.json"))

        let said = try Self.sidecar(neural, "flat"), reference = try Self.sidecar(formant, "flat")
        // The same words, normalized the same way ("eight square meters", the date, the range).
        #expect(said.words.map(\.spoken) == reference.words.map(\.spoken))
        #expect(said.words.map(\.spoken).joined(separator: " ").contains("eight square meters"))
        // The lexicon's phonemes, given to the neural voice as they were to eSpeak NG.
        let lead = try #require(said.words.first { $0.spoken == "lead" })
        #expect(lead.phonemes == "lɛd", "\(String(describing: lead.phonemes))")
        #expect(said.sampleRate == 22050)

        // Times: in order, inside the audio, each word with a length; and the audio is the neural
        // voice's (not eSpeak NG's with its times), speech where the words are said.
        let samples = try SoundFile.readSamples(audio.path)
        #expect(abs(said.duration - reference.duration) > 0.5, "neural \(said.duration) s, eSpeak NG \(reference.duration) s")
        var previous = -1.0
        var voiced = 0
        for word in said.words {
            #expect(word.start >= previous && word.end > word.start && word.end <= said.duration + 0.001, "\(word.spoken) \(word.start)…\(word.end)")
            previous = word.start
            let range = Int(word.start * 22050)..<Int(word.end * 22050)
            if Self.level(samples, range) > 300 { voiced += 1 }
        }
        #expect(voiced >= said.words.count * 9 / 10, "\(voiced) of \(said.words.count) words have speech under them")

        // Unchanged: nothing is synthesized again, and the audio is the same bytes.
        let before = try Data(contentsOf: audio)
        try? FileManager.default.removeItem(at: audio)
        let again = try EndToEndTests.recite(["build", document.path, "-o", neural.path, "--voice", Self.voice, "--phonemes", "--lexicon", lexicon.path, "--jobs", "2"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains(" 0 segments synthesized"), "\(again.stderr)")
        #expect(try Data(contentsOf: audio) == before)
    }

    @Test(.enabled(if: installed && Fixtures.shared != nil && ForcedAlignmentTests.python != nil,
                   "needs the voice, ../shared/tools and the alignment venv (install-deps --test)"))
    func theIndependentAlignerFindsTheWordsWhereTheSidecarSays() throws {
        let input = EndToEndTests.temporaryFolder("neural-align-in"), out = EndToEndTests.temporaryFolder("neural-align-out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let paragraph = """
        Recite reads whole folders of articles aloud. Each document becomes audio with a sidecar that gives every word \
        its start and end, so captions and read-along pages can follow the reader. The neural voice sounds natural, \
        and its timings come from aligning its audio with a formant rendering of the same sentence, word for word. \
        Long sentences, with commas, pauses and lists of three or four items, are where a poor aligner drifts.
        """
        try Data("# Listening\n\n\(paragraph)\n\n\(paragraph)\n".utf8).write(to: input.appendingPathComponent("listen.md"))
        let built = try EndToEndTests.recite(["build", input.path, "-o", out.path, "--voice", Self.voice, "--jobs", "2"])
        #expect(built.status == 0, "\(built.stderr)")
        let (status, summary) = try ForcedAlignmentTests.alignCheck(out.appendingPathComponent("listen.timing.json"))
        print(summary)
        #expect(status == 0, "\(summary)")
    }

    @Test(.enabled(if: installed, "the voice en_US-joe-medium is not installed"))
    func aMissingOrDamagedVoiceFileStopsTheRunBeforeAnyWorkNamingTheFile() throws {
        let input = EndToEndTests.temporaryFolder("neural-bad-in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("Hello there.\n".utf8).write(to: input.appendingPathComponent("hello.md"))
        let model = try #require(VoiceLookup().find(Self.voice))
        // A copy cut short, as an interrupted download leaves it.
        let damaged = input.appendingPathComponent("cut.onnx")
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: model))
        try handle.read(upToCount: 200_000)!.write(to: damaged)
        try FileManager.default.copyItem(atPath: model + ".json", toPath: damaged.path + ".json")
        for voice in [input.appendingPathComponent("absent.onnx").path, damaged.path] {
            let out = EndToEndTests.temporaryFolder("neural-bad-out")
            let outcome = try EndToEndTests.recite(["build", input.path, "-o", out.path, "--voice", voice])
            #expect(outcome.status == 2, "\(outcome.stderr)")
            #expect(outcome.stderr.contains(URL(fileURLWithPath: voice).lastPathComponent), "\(outcome.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("hello.wav").path))
        }
    }

    @Test(.enabled(if: installed, "the voice en_US-joe-medium is not installed"))
    func ssmlSwitchesEnginesMidDocumentAndAnotherRateIsResampledToTheFiles() throws {
        // A voice that says it runs at 16 kHz (the same model with its settings changed): the
        // file is written at 16 kHz, and eSpeak NG's 22,050 Hz audio is resampled into it.
        let voices = try Self.variant(named: "slow-16k", ["\"sample_rate\": 22050": "\"sample_rate\": 16000"])

        let input = EndToEndTests.temporaryFolder("neural-ssml-in"), out = EndToEndTests.temporaryFolder("neural-ssml-out"),
            formant = EndToEndTests.temporaryFolder("neural-ssml-formant")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let document = input.appendingPathComponent("mixed.ssml")
        try Data("""
        <speak version="1.1" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="en-US">
          <p>The neural voice starts the story.</p>
          <voice name="en-us"><p>Then the formant voice reads a line.</p></voice>
          <voice name="en_US-joe-medium"><p>And another neural voice ends it.</p></voice>
        </speak>
        """.utf8).write(to: document)
        let built = try EndToEndTests.recite(["build", document.path, "-o", out.path, "--voice", voices.appendingPathComponent("slow-16k.onnx").path])
        #expect(built.status == 0, "\(built.stderr)")
        let sidecar = try Self.sidecar(out, "mixed")
        #expect(sidecar.sampleRate == 16000)
        #expect(try SoundFile.info(of: out.appendingPathComponent("mixed.wav").path).sampleRate == 16000)
        #expect(sidecar.words.count == 19, "\(sidecar.words.map(\.spoken))")

        // eSpeak NG's line lasts as long in the 16 kHz file as in eSpeak NG's own 22,050 Hz file.
        let plain = try EndToEndTests.recite(["build", document.path, "-o", formant.path, "--voice", "en-us"])
        #expect(plain.status == 0, "\(plain.stderr)")
        func span(_ s: TimingSidecar) -> Double {
            let words = s.words.filter { ["Then", "line"].contains($0.spoken) }
            return words.count == 2 ? words[1].end - words[0].start : -1
        }
        let resampled = span(sidecar), original = span(try Self.sidecar(formant, "mixed"))
        #expect(abs(resampled - original) < 0.05, "\(resampled) s against \(original) s")
    }

    @Test(.enabled(if: installed, "the voice en_US-joe-medium is not installed"))
    func voicesListsTheNeuralVoiceAndAPitchIsIgnoredWithOneWarning() throws {
        let listing = Process()
        listing.executableURL = Fixtures.reciteExecutable
        listing.arguments = ["voices"]
        let output = Pipe()
        listing.standardOutput = output
        try listing.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        listing.waitUntilExit()
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("en_US-joe-medium\t") }, "\(text)")
        #expect(line.contains("en-US") && line.contains("medium") && line.contains("22050 Hz") && line.contains("CC0"), "\(line)")
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("English (America)\t") || $0.contains("\ten-us") }, "eSpeak NG's voices too")

        let input = EndToEndTests.temporaryFolder("neural-pitch-in"), out = EndToEndTests.temporaryFolder("neural-pitch-out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("One line. Two lines.\n".utf8).write(to: input.appendingPathComponent("a.md"))
        try Data("Three lines.\n".utf8).write(to: input.appendingPathComponent("b.md"))
        try Data("voice: en_US-joe-medium\npitch: 80\n".utf8).write(to: input.appendingPathComponent("high.yml"))
        let outcome = try EndToEndTests.recite(["build", input.path, "-o", out.path, "--pipeline", input.appendingPathComponent("high.yml").path, "--log-format", "json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let warnings = outcome.stderr.split(separator: "\n").filter { $0.contains("\"warning\"") && $0.contains("pitch") }
        #expect(warnings.count == 1, "\(outcome.stderr)")

        // SSML's <prosody pitch>, in two documents: one warning too, naming the first document.
        let ssml = EndToEndTests.temporaryFolder("neural-pitch-ssml"), ssmlOut = EndToEndTests.temporaryFolder("neural-pitch-ssml-out")
        try FileManager.default.createDirectory(at: ssml, withIntermediateDirectories: true)
        for name in ["one", "two"] {
            try Data("""
            <speak version="1.1" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="en-US">
              <p>Plain words, then <prosody pitch="+30%">higher ones</prosody> in \(name).</p>
            </speak>
            """.utf8).write(to: ssml.appendingPathComponent("\(name).ssml"))
        }
        let spoken = try EndToEndTests.recite(["build", ssml.path, "-o", ssmlOut.path, "--voice", Self.voice, "--log-format", "json"])
        #expect(spoken.status == 0, "\(spoken.stderr)")
        let ssmlWarnings = spoken.stderr.split(separator: "\n").filter { $0.contains("\"warning\"") && $0.contains("pitch") }
        #expect(ssmlWarnings.count == 1 && ssmlWarnings[0].contains(".ssml"), "\(spoken.stderr)")
        // eSpeak NG can change pitch: no warning without the neural voice.
        let formant = try EndToEndTests.recite(["build", ssml.path, "-o", EndToEndTests.temporaryFolder("neural-pitch-formant").path, "--log-format", "json"])
        #expect(!formant.stderr.split(separator: "\n").contains { $0.contains("\"warning\"") && $0.contains("cannot change its pitch") }, "\(formant.stderr)")
    }

    @Test(.enabled(if: installed, "the voice en_US-joe-medium is not installed"))
    func aSegmentThatCrashesTheVoiceTwiceFailsItsDocumentOnly() throws {
        let input = EndToEndTests.temporaryFolder("neural-crash-in"), out = EndToEndTests.temporaryFolder("neural-crash-out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("The zebra crossing is closed today.\n".utf8).write(to: input.appendingPathComponent("zebra.md"))
        try Data("The bridge is open as usual.\n".utf8).write(to: input.appendingPathComponent("bridge.md"))
        let outcome = try EndToEndTests.recite(["build", input.path, "-o", out.path, "--voice", Self.voice, "--jobs", "2"],
                                               environment: ["RECITE_TEST_CRASH_SAYING": "zebra"])
        let stderr = outcome.stderr
        // Tried twice (a crash is worth one more try), then the document fails; the other renders.
        #expect(outcome.status == 1, "\(stderr)")
        #expect(stderr.contains("zebra.md") && stderr.contains("the neural voice crashed (signal 11, segmentation fault) while saying this segment, twice"), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("zebra.wav").path))
        let bridge = try Self.sidecar(out, "bridge")
        #expect(bridge.words.map(\.spoken) == ["The", "bridge", "is", "open", "as", "usual"])
    }

    /// A segment the neural voice never finishes: its child is killed at the time limit, tried
    /// once more, then its document alone fails; no hung child outlives the build.
    @Test(.enabled(if: installed, "the voice en_US-joe-medium is not installed"), .timeLimit(.minutes(2)))
    func aSegmentThatHangsTheVoiceIsStoppedAtTheTimeLimit() throws {
        let input = EndToEndTests.temporaryFolder("neural-hang-in"), out = EndToEndTests.temporaryFolder("neural-hang-out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("The zebra crossing is closed today.\n".utf8).write(to: input.appendingPathComponent("zebra.md"))
        try Data("The bridge is open as usual.\n".utf8).write(to: input.appendingPathComponent("bridge.md"))
        // Under the address sanitizer the voice says a good segment in more than 2 s.
        let limit = Fixtures.underAddressSanitizer ? 15 : 2
        let started = Date()
        let outcome = try EndToEndTests.recite(["build", input.path, "-o", out.path, "--voice", Self.voice, "--jobs", "2"],
                                               environment: ["RECITE_TEST_HANG_SAYING": "zebra", "RECITE_SEGMENT_TIME_LIMIT": String(limit)])
        let elapsed = Date().timeIntervalSince(started)
        let stderr = outcome.stderr
        #expect(outcome.status == 1, "\(stderr)")
        #expect(stderr.contains("zebra.md") && stderr.contains("the neural voice did not finish this segment within \(limit) s (RECITE_SEGMENT_TIME_LIMIT), twice"), "\(stderr)")
        #expect(Double(elapsed) >= Double(2 * limit) && elapsed < Double(2 * limit) + 88, "the build took \(elapsed) s")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("zebra.wav").path))
        #expect(try Self.sidecar(out, "bridge").words.map(\.spoken) == ["The", "bridge", "is", "open", "as", "usual"])
        let ours = EndToEndTests.executable.resolvingSymlinksInPath().path
        let hung = try WorkerFailureTests.processes(named: "recite-worker").filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\($0)/exe")) == ours
                && WorkerFailureTests.environment(of: $0).contains("RECITE_TEST_HANG_SAYING=zebra")
        }
        #expect(hung.isEmpty, "neural children still running: \(hung)")
    }

    @Test(.enabled(if: installed, "the voice en_US-joe-medium is not installed"))
    func aVoiceOfAnotherLanguageReadsDocumentsInItsLanguage() throws {
        // A German voice (the same model, its settings saying German): documents that name no
        // language are read as German, so no English number words are said.
        let voices = try Self.variant(named: "de_DE-test-medium", ["\"voice\": \"en-us\"": "\"voice\": \"de\"", "\"code\": \"en_US\"": "\"code\": \"de_DE\""])
        let input = EndToEndTests.temporaryFolder("neural-de-in"), out = EndToEndTests.temporaryFolder("neural-de-out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("Die Wohnung hat 75 m² und kostet 1250 €.\n".utf8).write(to: input.appendingPathComponent("wohnung.md"))
        let built = try EndToEndTests.recite(["build", input.path, "-o", out.path, "--voice", voices.appendingPathComponent("de_DE-test-medium.onnx").path])
        #expect(built.status == 0, "\(built.stderr)")
        let spoken = try Self.sidecar(out, "wohnung").words.map(\.spoken)
        #expect(spoken.contains("Quadratmeter"), "\(spoken)")
        #expect(!spoken.contains { ["seventy", "five", "square", "meters", "thousand", "euros"].contains($0.lowercased()) }, "\(spoken)")
    }
}
