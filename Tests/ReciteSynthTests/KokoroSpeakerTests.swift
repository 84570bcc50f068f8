import Foundation
import Testing
@testable import ReciteCache
@testable import ReciteEspeak
@testable import ReciteNeural
@testable import ReciteSynth
@testable import ReciteWorkers
import ReciteSegment

/// Kokoro through ONNX Runtime: input cut to what the model takes, and (where .ci/install-neural
/// has installed the model and voices) speech judged by its properties.
@Suite(.serialized) struct KokoroSpeakerTests {
    static let heart = VoiceLookup().findKokoro("af_heart")
    static let installed = heart != nil && FileManager.default.fileExists(atPath: OnnxRuntime.libraryPath())

    @Test func longInputIsCutAtClausePunctuationWithinTheLimit() {
        // Words of 7 tokens and a space; a comma (3) after every fifth word.
        var tokens: [Int64] = []
        for word in 0..<200 {
            tokens += Array(repeating: 50, count: 7)
            tokens.append(word % 5 == 4 ? 3 : 16)
        }
        let pieces = KokoroSpeaker.pieces(tokens, limit: 100)
        #expect(pieces.count > 1)
        #expect(pieces.allSatisfy { $0.count <= 100 })
        #expect(pieces.dropLast().allSatisfy { $0.last == 3 }, "every piece but the last ends at a comma")
        #expect(pieces.joined().filter { $0 == 50 }.count == 1400, "no phoneme is lost")
    }

    @Test func aClauseLongerThanTheLimitIsCutBetweenWords() {
        let tokens = Array(repeating: [Int64](repeating: 50, count: 9) + [16], count: 100).flatMap { $0 }
        let pieces = KokoroSpeaker.pieces(tokens, limit: 95)
        #expect(pieces.allSatisfy { $0.count <= 95 && $0.count >= 9 })
        #expect(pieces.allSatisfy { $0.first == 50 }, "no piece starts with a space")
        #expect(pieces.joined().filter { $0 == 50 }.count == 900)
    }

    /// A call of n tokens takes the style in row n - 1, as Kokoro's own pipeline does.
    @Test func theStyleRowIsOneLessThanTheTokens() {
        #expect(KokoroSpeaker.styleRange(tokens: 1) == 0..<256)
        #expect(KokoroSpeaker.styleRange(tokens: 2) == 256..<512)
        #expect(KokoroSpeaker.styleRange(tokens: KokoroSpeaker.maximumTokens) == 508 * 256..<509 * 256)
        #expect(KokoroSpeaker.styleRange(tokens: 510).upperBound == 510 * 256, "the last row is the voice's last")
    }

    /// A call takes the style row of its own length, as kokoro-onnx's does: the same phonemes
    /// give the same samples whatever stretch they come from, and a short sentence is still
    /// said whole, not clipped.
    @Test(.enabled(if: installed, "Kokoro is not installed (.ci/install-neural installs it)"))
    func aCallTakesTheStyleOfItsOwnLength() throws {
        let folder = NSTemporaryDirectory() + "recite-kokoro-pace-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let prepared = try PreparedVoice.prepare(kokoro: try #require(Self.heart), in: folder)
        let speaker = try KokoroSpeaker(prepared, threads: 1)
        let short = "ˈæd tə bˈo^ʊl."
        let long = [String](repeating: "wˈɪsk təɡˈɛðɚ hˈʌni, ˈɔ^ɪl, tˈuː ˈɛɡz, ænd sˈɔlt.", count: 6).joined(separator: " ")
        func seconds(_ samples: [Float]) -> Double { Double(samples.count) / 24000 }
        let first = try speaker.speak(phonemes: short, speaker: 0, speed: 1)
        _ = try speaker.speak(phonemes: long, speaker: 0, speed: 1)
        #expect(try speaker.speak(phonemes: short, speaker: 0, speed: 1) == first)
        #expect(seconds(first) > 0.4, "\(seconds(first)) s")
        // Row n - 1 for n tokens: a long stretch said with a short stretch's row would be rushed.
        let shortTokens = speaker.tokens(MisakiPhonemes.convert(short, language: .americanEnglish)).count
        #expect(KokoroSpeaker.styleRange(tokens: shortTokens).lowerBound == (shortTokens - 1) * KokoroVoice.styleWidth)
    }

    @Test func theLibraryIsFoundWhereTheEnvironmentSays() {
        let path = OnnxRuntime.libraryPath(environment: ["RECITE_ONNXRUNTIME": "/nonexistent/libonnxruntime.so"])
        #expect(path == "/nonexistent/libonnxruntime.so")
        #expect(OnnxRuntime.libraryPath(environment: [:]).hasSuffix("libonnxruntime.so.\(OnnxRuntime.version)"))
    }

    @Test func voiceNamesSayAccentAndGender() {
        #expect(KokoroVoice.isVoiceName("af_heart") && KokoroVoice.isVoiceName("bm_george"))
        #expect(!KokoroVoice.isVoiceName("en_US-joe-medium") && !KokoroVoice.isVoiceName("cf_x") && !KokoroVoice.isVoiceName("af_"))
        let george = KokoroVoice(name: "bm_george", model: "", styles: "", vocabulary: "")
        #expect(george.accent == .british && george.gender == "male" && george.espeakVoice == "en-gb")
    }

    @Test(.enabled(if: installed, "Kokoro is not installed (.ci/install-neural installs it)"))
    func aSentenceIsSpokenAt24kHzWithTimedWords() throws {
        let voice = try #require(Self.heart)
        let prepared = try PreparedVoice.prepare(kokoro: voice, in: NSTemporaryDirectory() + "recite-kokoro-test-\(getpid())")
        defer { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "recite-kokoro-test-\(getpid())") }
        #expect(prepared.engineName == KokoroVoice.engine && prepared.sampleRate == 24000)
        let speaker = try KokoroSpeaker(prepared, threads: 1)
        let synthesis = NeuralSynthesis(voice: speaker, prepared: prepared, keepsPhonemes: false)
        let request = SynthesisRequest(speech: SpeechInput(plain: "Hello there, said the judge. The church bell rang twice."), language: "en-US", voiceName: "en-us", rate: 175, pitch: 50, volume: 100,
                                       engine: .neural(NeuralSettings(prepared)))
        let audio = try synthesis.render(request)
        #expect(audio.sampleRate == 24000)
        let seconds = Double(audio.samples.count) / 24000
        #expect(seconds > 2 && seconds < 8, "\(seconds) s for ten words")
        let peak = audio.samples.map { abs(Int($0)) }.max() ?? 0
        #expect(peak > 3000, "speech, not silence")
        let words = audio.events.filter { $0.kind == .word }
        #expect(words.count == 10)
        #expect(zip(words, words.dropFirst()).allSatisfy { $0.sample < $1.sample }, "word starts in order")
        #expect(words.last!.sample < audio.samples.count)
    }

    /// The voice's style file is in the cache key: two voices of the one model never share audio.
    @Test(.enabled(if: installed, "Kokoro is not installed (.ci/install-neural installs it)"))
    func eachVoiceHasItsOwnKey() throws {
        let folder = NSTemporaryDirectory() + "recite-kokoro-keys-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let heart = try PreparedVoice.prepare(kokoro: try #require(Self.heart), in: folder)
        let emma = try PreparedVoice.prepare(kokoro: try #require(VoiceLookup().findKokoro("bf_emma")), in: folder)
        #expect(heart.modelSHA256 == emma.modelSHA256)
        #expect(heart.modelSHA256 == "6e742170d309016e5891a994e1ce1559c702a2ccd0075e67ef7157974f6406cb")
        #expect(NeuralSettings(heart) != NeuralSettings(emma))
        #expect(emma.espeakVoice == "en-gb")
    }

    @Test func silentEndsAreTrimmedToAMarginAndSoftSoundsKept() {
        let rate = 24000
        let speech = (0..<4800).map { Float(sin(Double($0) * 0.3)) * 0.3 }
        let soft = [Float](repeating: 0.01, count: 480)   // a fading consonant, -40 dBFS
        let padded = [Float](repeating: 0, count: 7200) + speech + soft + [Float](repeating: 0.0005, count: 7200)
        let trimmed = KokoroSpeaker.trimmingSilentEnds(padded, rate: rate)
        // 20 ms before the sound and 40 ms after its last loud window stay; 0.3 s pads do not.
        #expect(trimmed.count >= speech.count + soft.count && trimmed.count <= speech.count + soft.count + 2 * 240 + 480 + 960,
                "\(trimmed.count)")
        #expect(trimmed.prefix(480).allSatisfy { $0 == 0 })
        #expect(KokoroSpeaker.trimmingSilentEnds([Float](repeating: 0, count: 9600), rate: rate).isEmpty)
    }

    /// Two sentences are parted by about the pause kokoro-onnx's reader leaves (0.33 to 0.38 s),
    /// not by the model's own padding at both ends (0.9 s before it was trimmed).
    @Test(.enabled(if: installed, "Kokoro is not installed (.ci/install-neural installs it)"))
    func aFullStopPausesAboutAThirdOfASecond() throws {
        let voice = try #require(Self.heart)
        let folder = NSTemporaryDirectory() + "recite-kokoro-pause-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let prepared = try PreparedVoice.prepare(kokoro: voice, in: folder)
        let synthesis = NeuralSynthesis(voice: try KokoroSpeaker(prepared, threads: 1), prepared: prepared, keepsPhonemes: false)
        let request = SynthesisRequest(speech: SpeechInput(plain: "The bell rang twice. Then it stopped."), language: "en-US",
                                       voiceName: "en-us", rate: 175, pitch: 50, volume: 100, engine: .neural(NeuralSettings(prepared)))
        let audio = try synthesis.render(request)
        // The longest run of quiet 10 ms windows between the two sentences' words.
        let words = audio.events.filter { $0.kind == .word }.map(\.sample)
        #expect(words.count == 7)
        let window = 240
        var longest = 0, run = 0
        for start in stride(from: words[3], to: words[4], by: window) {
            let part = audio.samples[start..<min(start + window, audio.samples.count)]
            let level = (part.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(part.count)).squareRoot()
            run = level < 200 ? run + 1 : 0
            longest = max(longest, run)
        }
        let pause = Double(longest * window) / 24000
        #expect(pause > 0.2 && pause < 0.6, "\(pause) s between the sentences")
        // The segment starts with speech, not with the model's padding.
        let onset = audio.samples.firstIndex { abs(Int($0)) > 1000 } ?? audio.samples.count
        #expect(Double(onset) / 24000 < 0.15, "\(Double(onset) / 24000) s before the first sound")
    }
}
