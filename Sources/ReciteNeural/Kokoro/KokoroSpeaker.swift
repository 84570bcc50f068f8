import Foundation
import ReciteSynth

/// A loaded Kokoro voice that turns eSpeak NG's IPA into samples: the phonemes are put in misaki's
/// set, numbered with the model's vocabulary, cut into calls the model accepts, and said.
final class KokoroSpeaker: PhonemeSpeaker {
    private let session: OnnxSession
    private let styles: [Float]
    private let vocabulary: [Unicode.Scalar: Int64]
    let language: KokoroLanguage
    let sampleRate = KokoroVoice.sampleRate
    /// eSpeak NG's IPA must mark the letters of one phoneme with a tie.
    let wantsTies = true
    /// Kokoro pads each call with silence of its own, a quarter to a third of a second at each
    /// end, which made a full stop last 0.9 s: the ends are trimmed (`trimmingSilentEnds`) and
    /// these pauses put between stretches instead. kokoro-onnx's reader, which trims likewise,
    /// leaves 0.33 to 0.38 s between two sentences of a line.
    /// A segment ends on 0.2 s of silence, as eSpeak NG's and Piper's do; without it a document
    /// stopped 40 ms after its last word, and a speech recognizer dropped that last sentence.
    let pauses = ChunkPauses(sentence: 0.35, clause: 0.12, word: 0.03, end: 0.2)
    /// Kokoro says most sentences whole, as kokoro-onnx's reader does. Measured on 400 words of
    /// an article (Benchmarks/asr_decode.py, pocketsphinx): word error rate 28.0% with stretches
    /// of 4.5 s (Piper's limit), 25.9% with 10 s, 26.8% with 20 s; kokoro-onnx 24.2%.
    let maximumChunkSeconds = 10.0

    /// The most phoneme tokens one call takes: a style row is picked by the input's length (row
    /// n - 1 for n tokens, as Kokoro's own pipeline does).
    static let maximumTokens = KokoroVoice.styleRows - 1

    init(_ voice: PreparedVoice, threads: Int) throws(SynthesisError) {
        guard let stylesPath = voice.styles, let vocabularyPath = voice.vocabulary else {
            throw SynthesisError("\(voice.name) is not a Kokoro voice")
        }
        vocabulary = try Self.readVocabulary(vocabularyPath)
        styles = try Self.readStyles(stylesPath)
        language = KokoroLanguage(voiceName: voice.name) ?? .americanEnglish
        session = try OnnxSession(model: voice.model, threads: threads)
    }

    /// Speaks eSpeak NG's IPA (with ties). `speed` > 1 is faster. Samples are in -1…1.
    ///
    /// The style is the one for the whole segment's length (`callLength`), not the stretch's: a
    /// voice's style rows are by input length, and a short row speaks fast. Said each with its
    /// own length, short sentences and list items were rushed (speech 2.5–5% faster than
    /// kokoro-onnx's, which says a paragraph per call), and pocketsphinx missed 666 words of
    /// eight articles' first 3,151 against 632 now (docs/voices.md).
    func speak(phonemes: String, segment: String, speaker: Int, speed: Double) throws(SynthesisError) -> [Float] {
        var samples: [Float] = []
        let styleLength = Self.callLength(segmentTokens: tokens(MisakiPhonemes.convert(segment, language: language)).count)
        for piece in Self.pieces(tokens(MisakiPhonemes.convert(phonemes, language: language)), limit: Self.maximumTokens) where !piece.isEmpty {
            let style = Array(styles[Self.styleRange(tokens: max(piece.count, styleLength))])
            samples += try session.run([
                .int64("tokens", shape: [1, Int64(piece.count + 2)], values: [0] + piece + [0]),
                .float("style", shape: [1, Int64(KokoroVoice.styleWidth)], values: style),
                .float("speed", shape: [1], values: [Float(max(0.25, min(4, speed)))]),
            ], output: "audio")
        }
        return Self.trimmingSilentEnds(samples, rate: sampleRate)
    }

    /// How long a call would be if a segment of `segmentTokens` were said as Kokoro's pipeline
    /// and kokoro-onnx say a paragraph: in as few calls of at most `maximumTokens` as it takes,
    /// of equal length.
    static func callLength(segmentTokens: Int) -> Int {
        let calls = max(1, (segmentTokens + maximumTokens - 1) / maximumTokens)
        return (segmentTokens + calls - 1) / calls
    }

    /// Where the style for `tokens` phoneme tokens lies in a voice's styles: Kokoro's own pipeline
    /// takes row n - 1 for n phonemes (`pack[len(ps) - 1]`), the last row beyond it.
    static func styleRange(tokens: Int) -> Range<Int> {
        let row = max(0, min(tokens, KokoroVoice.styleRows) - 1) * KokoroVoice.styleWidth
        return row..<(row + KokoroVoice.styleWidth)
    }

    /// `samples` without the silence at their ends (10 ms windows quieter than -44 dBFS), less a
    /// margin that keeps a soft onset and a fading final consonant.
    static func trimmingSilentEnds(_ samples: [Float], rate: Int) -> [Float] {
        let window = rate / 100
        guard samples.count > 2 * window else { return samples }
        func loud(_ start: Int) -> Bool {
            let end = min(samples.count, start + window)
            var sum: Float = 0
            for i in start..<end { sum += samples[i] * samples[i] }
            return sum / Float(end - start) > 0.006 * 0.006
        }
        let windows = stride(from: 0, to: samples.count, by: window)
        guard let first = windows.first(where: loud) else { return [] }
        let last = windows.reversed().first(where: loud)! + window
        let lead = rate / 50, trail = rate / 25
        return Array(samples[max(0, first - lead)..<min(samples.count, last + trail)])
    }

    /// misaki's phonemes as the model's token numbers; symbols it does not know are left out.
    func tokens(_ misaki: String) -> [Int64] {
        misaki.unicodeScalars.compactMap { vocabulary[$0] }
    }

    /// `tokens` cut into pieces of at most `limit`: after the last clause punctuation that fits,
    /// else after the last space, else where the limit falls.
    static func pieces(_ tokens: [Int64], limit: Int, breaks: Set<Int64> = clauseTokens, spaces: Set<Int64> = [spaceToken]) -> [[Int64]] {
        var result: [[Int64]] = []
        var rest = tokens[...]
        while rest.count > limit {
            let window = rest.prefix(limit)
            let cut = window.lastIndex { breaks.contains($0) }.map { $0 + 1 }
                ?? window.lastIndex { spaces.contains($0) }.map { $0 + 1 }
                ?? window.endIndex
            result.append(Array(rest[..<cut]))
            rest = rest[cut...].drop { spaces.contains($0) }
        }
        result.append(Array(rest))
        return result
    }

    /// Token numbers of ; : , . ! ? — … and of the space, in Kokoro v1.0's vocabulary.
    static let clauseTokens: Set<Int64> = [1, 2, 3, 4, 5, 6, 9, 10]
    static let spaceToken: Int64 = 16

    private static func readVocabulary(_ path: String) throws(SynthesisError) -> [Unicode.Scalar: Int64] {
        guard let data = FileManager.default.contents(atPath: path),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              case let table = (json["vocab"] as? [String: Any]) ?? json else {
            throw SynthesisError("\(path): not a Kokoro vocabulary (a JSON object \"vocab\" of symbol → number); install it again with .ci/install-neural")
        }
        var result: [Unicode.Scalar: Int64] = [:]
        for (symbol, number) in table {
            guard symbol.unicodeScalars.count == 1, let id = (number as? NSNumber)?.int64Value else { continue }
            result[symbol.unicodeScalars.first!] = id
        }
        guard result.count > 50 else { throw SynthesisError("\(path): only \(result.count) symbols; install it again with .ci/install-neural") }
        return result
    }

    private static func readStyles(_ path: String) throws(SynthesisError) -> [Float] {
        let expected = KokoroVoice.styleRows * KokoroVoice.styleWidth
        guard let data = FileManager.default.contents(atPath: path), data.count == expected * 4 else {
            throw SynthesisError("\(path): a Kokoro voice file must hold \(expected) float32 values (510 × 1 × 256); install it again with .ci/install-neural")
        }
        return data.withUnsafeBytes { raw in (0..<expected).map { Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self))) } }
    }
}
