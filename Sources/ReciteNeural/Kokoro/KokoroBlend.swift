import Foundation
import ReciteAudio
import ReciteSynth
import ReciteSystem

/// Kokoro voices mixed, as Kokoro's users write them elsewhere: `af_bella+af_sky` (equal parts)
/// or `af_bella(2)+af_sky(1)` (weights). The mix's style vectors are the weighted mean of its
/// voices' (Kokoro's own pipeline takes the plain mean of `af_bella,af_sky`). Voices of one
/// language only: the mix is said from that language's phonemes.
public struct KokoroBlend: Sendable, Equatable {
    public struct Part: Sendable, Equatable {
        public var name: String
        public var weight: Double
    }

    public var parts: [Part]

    /// The blend `spec` names, or nil when it is no blend of Kokoro voices: a single name, or an
    /// eSpeak NG voice with its variant (`en-gb+f3`, whose first part is no Kokoro name). A spec
    /// that starts as a blend but is not a well-formed one is an error saying how to write it.
    public static func parse(_ spec: String) throws(VoiceError) -> KokoroBlend? {
        guard spec.contains("+") || spec.contains("(") else { return nil }
        let pieces = spec.split(separator: "+", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = pieces.first, KokoroVoice.isVoiceName(Self.nameOf(first)) else { return nil }
        var parts: [Part] = []
        for piece in pieces {
            let name = Self.nameOf(piece)
            guard KokoroVoice.isVoiceName(name) else {
                throw VoiceError("\(spec): \"\(piece)\" is not a Kokoro voice; a blend names Kokoro voices, as af_bella+af_sky or af_bella(2)+af_sky(1)")
            }
            var weight = 1.0
            if name != piece {
                let inside = piece.dropFirst(name.count)
                guard inside.hasPrefix("("), inside.hasSuffix(")"), let value = Double(inside.dropFirst().dropLast()),
                      value.isFinite, value > 0, value <= 1000 else {
                    throw VoiceError("\(spec): \"\(piece)\" has no weight Recite can read; write a positive number in parentheses, as af_bella(2)")
                }
                weight = value
            }
            if let same = parts.firstIndex(where: { $0.name == name }) {
                parts[same].weight += weight
            } else {
                parts.append(Part(name: name, weight: weight))
            }
        }
        return KokoroBlend(parts: parts)
    }

    /// The voice name before any `(weight)`.
    private static func nameOf(_ piece: String) -> String {
        String(piece.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
    }

    /// How the blend is named in messages, sidecars and cache keys: equal parts without weights
    /// (`af_bella+af_sky`), others with theirs as written (`af_bella(2)+af_sky(1)`).
    public var name: String {
        let equal = parts.allSatisfy { $0.weight == parts[0].weight }
        return parts.map { equal ? $0.name : "\($0.name)(\(Self.text($0.weight)))" }.joined(separator: "+")
    }

    private static func text(_ weight: Double) -> String {
        weight == weight.rounded() ? String(Int(weight)) : String(weight)
    }

    /// The weighted mean of `styles` (each a voice's 510 × 256 float32 values, little-endian),
    /// in the same layout.
    public func mix(_ styles: [Data]) -> Data {
        let count = KokoroVoice.styleRows * KokoroVoice.styleWidth
        let total = parts.reduce(0) { $0 + $1.weight }
        var sum = [Double](repeating: 0, count: count)
        for (part, data) in zip(parts, styles) {
            data.withUnsafeBytes { raw in
                for i in 0..<count {
                    let value = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)))
                    sum[i] += Double(value) * part.weight
                }
            }
        }
        var out = Data(capacity: count * 4)
        for value in sum {
            withUnsafeBytes(of: Float(value / total).bitPattern.littleEndian) { out.append(contentsOf: $0) }
        }
        return out
    }
}

extension PreparedVoice {
    /// A blend made ready for a neural worker: its mixed style vectors are written once into
    /// `folder/blends/` (named by what decides them), and the voice is the first one's otherwise.
    public static func prepare(blend: KokoroBlend, voices: [KokoroVoice], in folder: String = defaultFolder()) throws(VoiceError) -> PreparedVoice {
        var styles: [Data] = []
        for voice in voices {
            guard let data = FileManager.default.contents(atPath: voice.styles),
                  data.count == KokoroVoice.styleRows * KokoroVoice.styleWidth * 4 else {
                throw VoiceError("\(voice.styles): not a Kokoro voice file of 510 × 256 float32 values; install it again with .ci/install-neural")
            }
            styles.append(data)
        }
        let mixed = blend.mix(styles)
        let digest = SHA256.hex(mixed)
        let path = "\(folder)/blends/\(digest).bin"
        if !FileManager.default.fileExists(atPath: path) {
            do {
                try FileManager.default.createDirectory(atPath: "\(folder)/blends", withIntermediateDirectories: true)
                try AtomicOutput.write(mixed, to: path)
            } catch {
                throw VoiceError("cannot write the blend \(blend.name) into \(folder)/blends: \(FileSystemError.readable(error))")
            }
        }
        var first = voices[0]
        first.name = blend.name
        first.styles = path
        return try prepare(kokoro: first, in: folder)
    }
}
