import ReciteScript
import ReciteSegment
import ReciteSynth

/// The canonical encoding of a synthesis request that the cache hashes: every field that decides
/// the audio, each written as a tag and a length-prefixed value, in a fixed order, so that two
/// requests share a key exactly when they are equal (`SpeechInput` and the engine's identity).
/// No engine's markup goes in: a key does not change when an engine changes how it writes its
/// input, only when the input or the engine does (its version is part of the key).
struct CacheKey {
    private(set) var bytes: [UInt8] = []

    /// `espeak` identifies eSpeak NG (its version, and the workers' identity): it says the
    /// segment, or gives a neural voice its phonemes, so it counts for every engine.
    init(_ request: SynthesisRequest, format: String, espeak: String) {
        field("format", format)
        field("espeak", espeak)
        switch request.engine {
        case .espeak:
            field("engine", "espeak")
        case .neural(let neural):
            field("engine", neural.engine)
            field("voice", neural.voice)
            field("model", neural.modelSHA256)
            field("settings", neural.settingsSHA256)
            field("speaker", neural.speaker)
        }
        field("language", request.language)
        field("voiceName", request.voiceName)
        field("gender", request.voiceTraits?.gender?.rawValue)
        field("age", request.voiceTraits?.age)
        field("variant", request.voiceTraits?.variant)
        field("rate", request.rate)
        field("pitch", request.pitch)
        field("volume", request.volume)
        field("tokens", request.speech.tokens.count)
        for token in request.speech.tokens {
            field("text", token.text)
            field("phonemes", token.phonemes)
            field("spellOut", token.spellOut ? 1 : 0)
            // Exact factors: eSpeak NG's markup groups tokens by their prosody, so two factors
            // that round to one percent can still say different audio.
            field("prosody", [token.prosody.rate, token.prosody.pitch, token.prosody.volume]
                .map { String($0.bitPattern, radix: 16) }.joined(separator: " "))
            field("emphasis", token.emphasis == Emphasis.none ? nil : token.emphasis?.rawValue)
        }
        field("standIn", request.speech.endsWithStandIn ? 1 : 0)
    }

    /// The key: hex SHA-256 of the encoding.
    var hex: String { SHA256.hex(bytes) }

    private mutating func field(_ tag: String, _ value: String?) {
        append(tag)
        if let value {
            bytes.append(1)
            append(value)
        } else {
            bytes.append(0)
        }
    }

    private mutating func field(_ tag: String, _ value: Int?) {
        field(tag, value.map(String.init))
    }

    private mutating func append(_ string: String) {
        let utf8 = Array(string.utf8)
        withUnsafeBytes(of: UInt32(utf8.count).littleEndian) { bytes += $0 }
        bytes += utf8
    }
}
