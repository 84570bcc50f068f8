import Foundation
import ReciteSynth

/// A loaded Piper voice (VITS) that turns eSpeak NG's IPA into samples through ONNX Runtime,
/// given as Piper gives it: each symbol numbered by the voice's phoneme table, the pad symbol
/// after each, between the begin and end symbols; the noise and length scales from the voice's
/// JSON. The same runtime as Kokoro's, so a process holds one ONNX Runtime.
///
/// A neural worker holds one for its life (loading takes about half a second); the children it
/// forks, one per segment, share it.
final class PiperSpeaker: PhonemeSpeaker {
    private let session: OnnxSession
    /// The voice's phoneme table: a symbol's numbers.
    private let table: [Unicode.Scalar: [Int64]]
    private let pad: [Int64], begin: [Int64], end: [Int64]
    private let scales: (noise: Float, length: Float, noiseWidth: Float)
    private let isMultiSpeaker: Bool
    let sampleRate: Int
    let wantsTies = false
    let pauses = ChunkPauses.piper
    let maximumChunkSeconds = NeuralSynthesis.maximumChunkSeconds

    /// Loads `voice` with `threads` intra-op threads. Fails with the model's name if ONNX
    /// Runtime cannot load it.
    init(_ voice: PreparedVoice, threads: Int) throws(SynthesisError) {
        table = try Self.readTable(voice.tokens)
        pad = table["_"] ?? [0]
        begin = table["^"] ?? [1]
        end = table["$"] ?? [2]
        scales = (Float(voice.noiseScale), Float(voice.lengthScale), Float(voice.noiseWidth))
        isMultiSpeaker = voice.speakers > 1
        sampleRate = voice.sampleRate
        do {
            session = try OnnxSession(model: voice.model, threads: threads)
        } catch {
            throw SynthesisError("the voice \(voice.name) (\(voice.sourceModel)) cannot be loaded: \(error); install it again")
        }
    }

    /// The numbers the model is given for `phonemes`, as Piper numbers them: begin, pad, then
    /// each symbol and a pad, then end. Symbols the voice does not know are left out.
    func ids(_ phonemes: String) -> [Int64] {
        var ids = begin + pad
        for symbol in phonemes.unicodeScalars {
            guard let numbers = table[symbol] else { continue }
            ids += numbers + pad
        }
        return ids + end
    }

    /// Speaks one sentence of IPA (eSpeak NG's, with its punctuation). `speed` > 1 is faster.
    /// Samples are in -1…1.
    func speak(phonemes: String, speaker: Int, speed: Double) throws(SynthesisError) -> [Float] {
        guard !phonemes.unicodeScalars.isEmpty else { return [] }
        let input = ids(phonemes)
        var inputs: [OnnxSession.Input] = [
            .int64("input", shape: [1, Int64(input.count)], values: input),
            .int64("input_lengths", shape: [1], values: [Int64(input.count)]),
            .float("scales", shape: [3], values: [scales.noise, scales.length / Float(max(0.25, min(4, speed))), scales.noiseWidth]),
        ]
        if isMultiSpeaker { inputs.append(.int64("sid", shape: [1], values: [Int64(speaker)])) }
        return try session.run(inputs, output: "output")
    }

    /// The `tokens.txt` `PreparedVoice` writes from the voice's JSON: "SYMBOL NUMBER" lines, the
    /// symbol itself possibly a space.
    private static func readTable(_ path: String) throws(SynthesisError) -> [Unicode.Scalar: [Int64]] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw SynthesisError("\(path): the voice's phoneme table cannot be read; it is made again on the next run")
        }
        var table: [Unicode.Scalar: [Int64]] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let space = line.lastIndex(of: " "), let id = Int64(line[line.index(after: space)...]) else { continue }
            let symbol = line[..<space].unicodeScalars
            guard symbol.count == 1 else { continue }
            table[symbol.first!, default: []].append(id)
        }
        guard !table.isEmpty else { throw SynthesisError("\(path): the voice's phoneme table is empty; install the voice again") }
        return table
    }
}
