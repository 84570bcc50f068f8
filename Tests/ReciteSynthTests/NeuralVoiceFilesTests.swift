import Foundation
import ReciteTestSupport
import Testing
@testable import ReciteCache
@testable import ReciteEspeak
@testable import ReciteNeural
@testable import ReciteSynth
@testable import ReciteWorkers

/// Piper voice files: the settings Recite reads, how names and paths find a voice, and the ONNX
/// file checks and metadata it adds. These need no real voice: the files are made here.
@Suite struct NeuralVoiceFilesTests {
    static let settings = """
    {"audio": {"sample_rate": 16000, "quality": "low"}, "espeak": {"voice": "de"},
     "inference": {"noise_scale": 0.5, "length_scale": 1.1, "noise_w": 0.7},
     "phoneme_type": "espeak", "num_speakers": 2, "speaker_id_map": {"anna": 0, "bert": 1},
     "language": {"code": "de_DE"}, "dataset": "test",
     "phoneme_id_map": {"_": [0], "^": [1], "$": [2], " ": [3], "a": [14]}}
    """

    /// A minimal ONNX model: ir_version (field 1) and a graph (field 7) holding one byte string.
    static let model: [UInt8] = [0x08, 0x07, 0x3A, 0x03, 0x0A, 0x01, 0x78]

    /// A voice folder with `name.onnx` and its JSON.
    static func folder(_ tag: String, name: String = "de_DE-test-low", model: [UInt8] = model, settings: String = settings) throws -> URL {
        let folder = Fixtures.scratch("voices-\(tag)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(model).write(to: folder.appendingPathComponent("\(name).onnx"))
        try Data(settings.utf8).write(to: folder.appendingPathComponent("\(name).onnx.json"))
        return folder
    }

    @Test func theSettingsAreReadFromTheJSON() throws {
        let folder = try Self.folder("read")
        try Data("# card\n* License: CC0\n".utf8).write(to: folder.appendingPathComponent("de_DE-test-low.MODEL_CARD"))
        let voice = try PiperVoice(modelPath: folder.appendingPathComponent("de_DE-test-low.onnx").path)
        #expect(voice.name == "de_DE-test-low")
        #expect(voice.sampleRate == 16000 && voice.quality == "low" && voice.espeakVoice == "de" && voice.language == "de-DE")
        #expect(voice.noiseScale == 0.5 && voice.lengthScale == 1.1 && voice.noiseWidth == 0.7)
        #expect(voice.phonemeIDs.map(\.symbol) == ["_", "^", "$", " ", "a"] && voice.phonemeIDs.map(\.id) == [0, 1, 2, 3, 14])
        #expect(voice.license == "CC0")
        #expect(try voice.speakerID("bert") == 1 && voice.speakerID("1") == 1 && voice.speakerID(nil) == 0)
        #expect(throws: VoiceError.self) { try voice.speakerID("carl") }
        #expect(throws: VoiceError.self) { try voice.speakerID("2") }
    }

    @Test func aBrokenSettingsFileIsRefusedNamingTheFileAndTheField() throws {
        let noRate = Self.settings.replacingOccurrences(of: "\"sample_rate\": 16000, ", with: "")
        let folder = try Self.folder("broken", settings: noRate)
        let path = folder.appendingPathComponent("de_DE-test-low.onnx").path
        let error = try #require(throws: VoiceError.self) { try PiperVoice(modelPath: path) }
        #expect(error.message.contains("de_DE-test-low.onnx.json") && error.message.contains("audio.sample_rate"), "\(error)")

        let text = try Self.folder("text", settings: Self.settings.replacingOccurrences(of: "\"phoneme_type\": \"espeak\"", with: "\"phoneme_type\": \"text\""))
        let refused = try #require(throws: VoiceError.self) { try PiperVoice(modelPath: text.appendingPathComponent("de_DE-test-low.onnx").path) }
        #expect(refused.message.contains("phoneme_type \"text\""), "\(refused)")

        let missing = try #require(throws: VoiceError.self) { try PiperVoice(modelPath: folder.appendingPathComponent("nope.onnx").path) }
        #expect(missing.message.contains("nope.onnx"), "\(missing)")
    }

    @Test func namesAreFoundInTheFoldersInOrderAndPathsTakeAnyVoice() throws {
        let first = try Self.folder("first"), second = try Self.folder("second")
        try Data(Self.model).write(to: second.appendingPathComponent("only-here.onnx"))
        try Data(Self.settings.utf8).write(to: second.appendingPathComponent("only-here.onnx.json"))
        let lookup = VoiceLookup(environment: ["RECITE_VOICES": "\(first.path):\(second.path)", "HOME": "/nonexistent"])
        #expect(lookup.folders.prefix(2) == [first.path, second.path])
        #expect(try lookup.resolve("de_DE-test-low")?.voice.modelPath == first.appendingPathComponent("de_DE-test-low.onnx").path)
        #expect(try lookup.resolve("only-here#bert")?.speaker == 1)
        #expect(try lookup.resolve("en-gb+f3") == nil, "an eSpeak NG voice name is no neural voice")
        let byPath = try lookup.resolve(second.appendingPathComponent("only-here.onnx").path + "#1")
        #expect(byPath?.voice.name == "only-here" && byPath?.speaker == 1)
        #expect(throws: VoiceError.self) { try lookup.resolve(first.appendingPathComponent("absent.onnx").path) }
        #expect(VoiceLookup(folders: [first.path, second.path]).installed().voices.map(\.name) == ["de_DE-test-low", "only-here"])
    }

    /// The model is loaded where it is; its phoneme table is written once beside the cache.
    @Test func aModelIsCheckedAndItsPhonemeTableWrittenOnce() throws {
        let folder = try Self.folder("meta")
        let choice = try #require(try VoiceLookup(folders: [folder.path]).resolve("de_DE-test-low#bert"))
        let cache = Fixtures.scratch("prepared-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let prepared = try PreparedVoice.prepare(choice, in: cache)
        #expect(prepared.modelSHA256 == SHA256.hex(Self.model))
        #expect(prepared.speaker == 1 && prepared.speakers == 2 && prepared.sampleRate == 16000 && prepared.espeakVoice == "de")
        #expect(prepared.model == choice.voice.modelPath && prepared.kind == .piper)
        #expect(try String(contentsOfFile: prepared.tokens, encoding: .utf8) == "_ 0\n^ 1\n$ 2\n  3\na 14\n")
        let written = try FileManager.default.attributesOfItem(atPath: prepared.tokens)[.modificationDate] as? Date
        // Prepared again: the same voice, the table not written again.
        let again = try PreparedVoice.prepare(choice, in: cache)
        #expect(again == prepared)
        #expect(try FileManager.default.attributesOfItem(atPath: again.tokens)[.modificationDate] as? Date == written)
    }

    @Test func aTruncatedOrForeignModelIsRefusedNamingTheFile() throws {
        for (tag, bytes) in [("cut", Array(Self.model.dropLast(2))), ("foreign", Array("<html>not a model</html>".utf8)), ("nograph", [0x08, 0x07])] {
            let folder = try Self.folder(tag, model: bytes)
            let choice = try #require(try VoiceLookup(folders: [folder.path]).resolve("de_DE-test-low"))
            let error = try #require(throws: VoiceError.self) { try PreparedVoice.prepare(choice, in: Fixtures.scratch("prep-\(tag)").path) }
            #expect(error.message.contains("de_DE-test-low.onnx") && error.message.contains("ONNX"), "\(tag): \(error)")
        }
    }

    @Test func resamplingKeepsTheDurationAndMovesTheEvents() {
        let tone = (0..<22050).map { Int16(8000 * sin(Double($0) * 2 * .pi * 440 / 22050)) }
        let events = [SynthesisEvent(kind: .word, token: 7, offset: 3, sample: 11025),
                      SynthesisEvent(kind: .end, token: 10, offset: 0, sample: 22050)]
        let audio = SynthesizedAudio(sampleRate: 22050, samples: tone, events: events).resampled(to: 16000)
        #expect(audio.sampleRate == 16000 && audio.samples.count == 16000)
        #expect(audio.events.map(\.sample) == [8000, 16000])
        #expect(audio.events.map(\.token) == [7, 10])
        // Still the tone: as loud in the middle.
        let peak = audio.samples[4000..<12000].map { abs(Int($0)) }.max() ?? 0
        #expect((7600...8400).contains(peak), "\(peak)")
    }
}
