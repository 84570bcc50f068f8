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

    /// The most phoneme tokens the model takes in one call: a style row is picked by the input's
    /// length (row n - 1 for n tokens, as Kokoro's own pipeline does). Recite says less at once
    /// (`callTokens`).
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
    /// Each call takes the style row of its own length, as Kokoro's pipeline and kokoro-onnx
    /// do. The row of the whole segment's length (which Recite took before, for the pace
    /// pocketsphinx preferred) made Kokoro speak 4–5% longer than the same phonemes need, and
    /// so compute 4–5% more, while Whisper heard its readings no better: Spanish 8.1% of words
    /// wrong with the segment's row, 7.8% with the call's (docs/voices.md, "Speed and memory").
    func speak(phonemes: String, speaker: Int, speed: Double) throws(SynthesisError) -> [Float] {
        var samples: [Float] = []
        for piece in Self.pieces(tokens(MisakiPhonemes.convert(phonemes, language: language)), limit: Self.callTokens) where !piece.isEmpty {
            let style = Array(styles[Self.styleRange(tokens: piece.count)])
            let said = try session.run([
                .int64("tokens", shape: [1, Int64(piece.count + 2)], values: [0] + piece + [0]),
                .float("style", shape: [1, Int64(KokoroVoice.styleWidth)], values: style),
                .float("speed", shape: [1], values: [Float(max(0.25, min(4, speed)))]),
            ], output: "audio")
            // Pieces of one stretch meet at clause punctuation: the pause of a clause cut, not
            // the two ends of silence each call makes.
            if !samples.isEmpty { samples += repeatElement(0, count: ChunkPauses.samples(pauses.clause, speed: speed, rate: sampleRate)) }
            samples += Self.trimmingSilentEnds(said, rate: sampleRate)
        }
        return samples
    }

    /// The most phoneme tokens said in one call. ONNX Runtime's working memory grows with a
    /// call's length, and two calls run at once (`--jobs 2`): French stretches of up to 210
    /// tokens made a Spanish-sized passage peak at 865 MB (Pss) against 620 MB with at most
    /// 150, in the same wall time (a longer call costs more per second of audio, as its
    /// buffers outgrow the caches). A longer stretch is cut at its clause punctuation.
    static let callTokens = 150

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
