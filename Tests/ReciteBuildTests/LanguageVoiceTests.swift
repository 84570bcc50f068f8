import Foundation
import ReciteAudio
import ReciteBuild
import ReciteNeural
import ReciteSynth
import ReciteTestSupport
import ReciteTiming
import Testing

/// The voice of each language through the built `recite`, as a new user meets it: the natural
/// voice of the document's language by default, `voices:` by language, blends, and a voice
/// that cannot read refused before any work. Judged by the manifest, the sidecar and the audio.
@Suite(.serialized) struct LanguageVoiceTests {
    static let installed = ["af_heart", "ef_dora", "em_alex", "af_bella", "af_sky"].allSatisfy { VoiceLookup().findKokoro($0) != nil }
    static let skip = "the Kokoro voices are not installed (.ci/install-neural installs them)"

    static func folder(_ files: [String: String]) throws -> URL {
        let root = EndToEndTests.temporaryFolder("language-voice")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("in"), withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: root.appendingPathComponent("in/\(name)")) }
        return root
    }

    /// The manifest's voices of each document, by its file name.
    static func voices(_ out: URL) throws -> [String: [String]] {
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: out.appendingPathComponent("manifest.json")))
        return Dictionary(uniqueKeysWithValues: manifest.documents.map { (URL(fileURLWithPath: $0.source).lastPathComponent, $0.voices ?? []) })
    }

    /// No voice named anywhere: each document is read by its language's natural voice, which the
    /// manifest and the sidecar name; a language without one is read by eSpeak NG.
    @Test(.enabled(if: installed, "\(skip)"))
    func eachDocumentIsReadByItsLanguagesNaturalVoice() throws {
        let root = try Self.folder([
            "en.md": "# Hello\n\nThe flat costs $3.50 a day.\n",
            "es.md": "---\nlang: es\n---\n# Hola\n\nEl piso cuesta 3,50 € al día.\n",
            "de.md": "---\nlang: de\n---\nDie Wohnung kostet 3,50 € am Tag.\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        // Not through `namingVoice`: the default is what is tested.
        let run = try RunSupport.run(EndToEndTests.executable.path, ["build", root.appendingPathComponent("in").path, "-o", out.path, "--jobs", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        let voices = try Self.voices(out)
        #expect(voices["en.md"] == ["af_heart"])
        #expect(voices["es.md"] == ["ef_dora"])
        #expect(voices["de.md"] == ["espeak-ng:de"])
        let spanish = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: out.appendingPathComponent("es.timing.json")))
        #expect(spanish.voices == ["ef_dora"] && spanish.sampleRate == 24000)
        // Spanish rules: the price is said in Spanish words.
        #expect(spanish.words.map(\.spoken).joined(separator: " ").contains("tres euros"), "\(spanish.words.map(\.spoken))")
        #expect(try SoundFile.info(of: out.appendingPathComponent("es.wav").path).duration > 1.5)
    }

    /// Without ONNX Runtime (as on a machine without the neural wheels), a document that names
    /// no voice is read by eSpeak NG, `recite voices` says what is missing and how to install it,
    /// and a neural voice asked for fails naming the library.
    @Test(.enabled(if: installed, "\(skip)"))
    func withoutTheNeuralRuntimeESpeakNGReads() throws {
        let root = try Self.folder(["en.md": "# Hello\n\nThe flat costs $3.50 a day.\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = ["RECITE_ONNXRUNTIME": root.appendingPathComponent("no-libonnxruntime.so").path]
        let out = root.appendingPathComponent("out")
        let run = try RunSupport.run(EndToEndTests.executable.path, ["build", root.appendingPathComponent("in").path, "-o", out.path],
                                     environment: missing)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.voices(out)["en.md"] == ["espeak-ng:en-us"])
        let listing = try RunSupport.recite(["voices", "--engine", "neural"], environment: missing)
        #expect(listing.stdout.contains("cannot read here") && listing.stdout.contains(".ci/install-neural"), "\(listing.stdout)")
        let asked = try RunSupport.recite(["build", root.appendingPathComponent("in").path, "-o", root.appendingPathComponent("out2").path,
                                           "--voice", "af_heart"], environment: missing)
        #expect(asked.status == 1 && asked.stderr.contains("ONNX Runtime cannot be opened"), "\(asked.stderr)")
    }

    /// `voices:` in a folder's recite.yml picks a language's voice; `--voice` names the voice of
    /// the pipeline's language and leaves the others to theirs; `--voice espeak` reads all with eSpeak NG.
    @Test(.enabled(if: installed, "\(skip)"))
    func aVoicesMapPicksByLanguageAndVoiceStillWins() throws {
        let root = try Self.folder([
            "en.md": "Good morning.\n",
            "es.md": "---\nlang: es\n---\nBuenos días.\n",
            "recite.yml": "voices: {es: em_alex}\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let input = root.appendingPathComponent("in").path
        let mapped = root.appendingPathComponent("mapped")
        #expect(try RunSupport.run(EndToEndTests.executable.path, ["build", input, "-o", mapped.path]).status == 0)
        #expect(try Self.voices(mapped) == ["en.md": ["af_heart"], "es.md": ["em_alex"]])
        let named = root.appendingPathComponent("named")
        #expect(try RunSupport.run(EndToEndTests.executable.path, ["build", input, "-o", named.path, "--voice", "af_bella"]).status == 0)
        #expect(try Self.voices(named) == ["en.md": ["af_bella"], "es.md": ["em_alex"]])
        let espeak = root.appendingPathComponent("espeak")
        #expect(try RunSupport.run(EndToEndTests.executable.path, ["build", input, "-o", espeak.path, "--voice", "espeak"]).status == 0)
        #expect(try Self.voices(espeak) == ["en.md": ["espeak-ng:en-us"], "es.md": ["espeak-ng:es"]])
    }

    /// SSML that changes language mid-document changes voice with it.
    @Test(.enabled(if: installed, "\(skip)"))
    func mixedLanguageSSMLSwitchesVoicePerStretch() throws {
        let root = try Self.folder([
            "mixed.ssml": "<speak xml:lang=\"en-US\"><p>The waiter said:</p><p xml:lang=\"es\">Buenas tardes, ¿qué desean tomar?</p><p>We ordered coffee.</p></speak>",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        let run = try RunSupport.run(EndToEndTests.executable.path, ["build", root.appendingPathComponent("in").path, "-o", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.voices(out)["mixed.ssml"] == ["af_heart", "ef_dora"])
    }

    /// A blend renders, and its audio is neither of its parts'.
    @Test(.enabled(if: installed, "\(skip)"))
    func aBlendDiffersFromBothItsVoices() throws {
        let root = try Self.folder(["a.md": "A quiet morning by the river, with coffee and a book.\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        var audio: [String: [Int16]] = [:]
        for voice in ["af_bella", "af_sky", "af_bella(2)+af_sky(1)"] {
            let out = root.appendingPathComponent("out-\(audio.count)")
            let run = try RunSupport.recite(["build", root.appendingPathComponent("in").path, "-o", out.path, "--voice", voice])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try Self.voices(out)["a.md"] == [voice])
            audio[voice] = try SoundFile.readSamples(out.appendingPathComponent("a.wav").path)
        }
        let blend = try #require(audio["af_bella(2)+af_sky(1)"])
        #expect(blend.count > 24000, "a second of speech or more")
        #expect(blend != audio["af_bella"] && blend != audio["af_sky"])
    }

    /// A voice that cannot read stops the run before any work, with the status of a usage error
    /// and the nearest installed names.
    @Test(.enabled(if: installed, "\(skip)"))
    func aVoiceThatCannotReadIsRefusedBeforeAnyWork() throws {
        let root = try Self.folder(["a.md": "Hello.\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let input = root.appendingPathComponent("in").path, out = root.appendingPathComponent("out")
        for (voice, says) in [("af_haert", "Did you mean af_heart"), ("af_bella+ef_dora", "blend voices of one language"),
                              ("jf_alpha", "Japanese"), ("en-gb+f99", "no variant"), ("zz-nobody", "is not an installed voice")] {
            let run = try RunSupport.recite(["build", input, "-o", out.path, "--voice", voice])
            #expect(run.status == 64, "\(voice): \(run.stderr)")
            #expect(run.stderr.contains(says), "\(voice): \(run.stderr)")
            #expect(run.stderr.contains("recite voices") || voice.contains("+"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path), "nothing was written")
        }
        // In a pipeline, the same is a configuration error.
        let pipeline = root.appendingPathComponent("p.yml")
        try Data("voices: {es: ef_dorra}\n".utf8).write(to: pipeline)
        let run = try RunSupport.recite(["build", input, "-o", out.path, "--pipeline", pipeline.path])
        #expect(run.status == 2 && run.stderr.contains("ef_dora"), "\(run.stderr)")
    }

    /// `recite voices --sample` takes a blend as it takes a voice.
    @Test(.enabled(if: installed, "\(skip)"))
    func aBlendHasASample() throws {
        let folder = EndToEndTests.temporaryFolder("blend-sample")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try RunSupport.recite(["voices", "--sample", folder.path, "--voice", "af_bella+af_sky"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let info = try SoundFile.info(of: folder.appendingPathComponent("af_bella+af_sky.wav").path)
        #expect(info.sampleRate == 24000 && info.duration > 3)
    }

    @Test(.enabled(if: installed, "\(skip)"))
    func voicesListsLanguagesAndFiltersByOne() throws {
        let spanish = try RunSupport.recite(["voices", "--language", "es"])
        #expect(spanish.status == 0, "\(spanish.stderr)")
        #expect(spanish.stdout.contains("ef_dora\tSpanish (es)\tfemale") && spanish.stdout.contains("em_alex\tSpanish (es)\tmale"))
        #expect(!spanish.stdout.contains("af_heart") && !spanish.stdout.contains("en-us"))
        #expect(spanish.stdout.contains("\tes") , "eSpeak NG's Spanish voices too")
        let japanese = try RunSupport.recite(["voices", "--language", "ja"])
        #expect(japanese.stdout.contains("not available: jf_alpha") && japanese.stdout.contains("Python"), "\(japanese.stdout)")
        let british = try RunSupport.recite(["voices", "--language", "en-GB", "--engine", "neural"])
        #expect(british.stdout.contains("bf_emma") && !british.stdout.contains("af_heart"))
    }
}

/// The pieces of the choice that need no voice installed.
@Suite struct VoiceAssignmentTests {
    @Test func nearNamesAreSuggested() {
        #expect(VoiceAssignment.closest(to: "af_haert", among: ["af_heart", "af_alloy", "bf_emma"]) == ["af_heart"])
        #expect(VoiceAssignment.closest(to: "en-uss", among: ["en-us", "en-gb", "es"]).first == "en-us")
        #expect(VoiceAssignment.closest(to: "something", among: ["af_heart"]).isEmpty)
    }

    @Test func theChoiceFollowsTheOrderOfPrecedence() {
        let none = NeuralVoices(lookup: VoiceLookup(folders: []))
        var pipeline = Pipeline.builtIn
        pipeline.voices = ["es": "es-419", "en-GB": "en-gb+f3"]
        pipeline.voice = "en-us+m3"
        let assignment = VoiceAssignment(pipeline: pipeline, neural: none)
        #expect(assignment.choice(for: "en-US") == .espeak("en-us+m3"))
        #expect(assignment.choice(for: "en-GB") == .espeak(nil), "an eSpeak NG voice is one region's: eSpeak NG's en-GB for the other")
        #expect(assignment.choice(for: "es-MX") == .espeak("es-419"))
        #expect(assignment.choice(for: "fr") == .espeak(nil), "no natural voice installed: eSpeak NG by language")
        pipeline.voice = "espeak"
        #expect(VoiceAssignment(pipeline: pipeline, neural: none).choice(for: "es") == .espeak(nil))
        pipeline.voice = nil
        #expect(VoiceAssignment(pipeline: pipeline, neural: none).choice(for: "en-GB") == .espeak("en-gb+f3"))
    }
}
