import ReciteScript
import ReciteSegment

/// What to synthesize, and how: everything that decides the audio of one segment. The words come
/// typed (`SpeechInput`); each engine builds its own input from them.
public struct SynthesisRequest: Sendable, Hashable, Codable {
    /// What is said.
    public var speech: SpeechInput
    /// BCP 47 language; picks the eSpeak NG voice unless `voiceName` is given.
    public var language: String
    /// An eSpeak NG voice name (`en-us`, `en-gb+f3`); nil to choose by language.
    public var voiceName: String?
    /// Gender, age and variant asked by SSML `<voice>`; nil when none (so the cache keys of
    /// ordinary segments do not change with the field's arrival).
    public var voiceTraits: VoiceTraits?
    /// Words per minute (eSpeak NG: 80…450, default 175).
    public var rate: Int
    /// Base pitch, 0…100 (default 50).
    public var pitch: Int
    /// Volume, 0…200 (default 100).
    public var volume: Int
    /// The engine that says it. For a neural voice, the eSpeak NG voice above gives the phonemes.
    public var engine: SynthesisEngine

    public init(speech: SpeechInput, language: String, voiceName: String?, voiceTraits: VoiceTraits? = nil,
                rate: Int, pitch: Int, volume: Int, engine: SynthesisEngine = .espeak) {
        self.speech = speech
        self.language = language
        self.voiceName = voiceName
        self.voiceTraits = voiceTraits.flatMap { $0.isEmpty ? nil : $0 }
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
        self.engine = engine
    }
}

/// Which engine says a segment: eSpeak NG (embedded), or a neural voice on ONNX Runtime.
public enum SynthesisEngine: Sendable, Hashable, Codable {
    case espeak
    case neural(NeuralSettings)
}

/// Which neural voice says a segment: what its cache key must hold besides the text and prosody.
public struct NeuralSettings: Sendable, Hashable, Codable {
    /// The engine and its version (`PreparedVoice.engine`).
    public var engine: String
    public var voice: String
    /// SHA-256 of the voice's model file and settings file: a new model is a new voice,
    /// whatever its name.
    public var modelSHA256: String
    public var settingsSHA256: String
    public var speaker: Int

    public init(engine: String, voice: String, modelSHA256: String, settingsSHA256: String = "", speaker: Int) {
        self.engine = engine
        self.voice = voice
        self.modelSHA256 = modelSHA256
        self.settingsSHA256 = settingsSHA256
        self.speaker = speaker
    }
}

/// The audio of one segment and what the engine reported while making it.
public struct SynthesizedAudio: Sendable, Equatable {
    public var sampleRate: Int
    /// 16-bit mono PCM.
    public var samples: [Int16]
    public var events: [SynthesisEvent]

    public init(sampleRate: Int, samples: [Int16], events: [SynthesisEvent]) {
        self.sampleRate = sampleRate
        self.samples = samples
        self.events = events
    }
}

/// Something an engine reported while saying a segment, placed on the segment's words: every
/// engine gives its events in the coordinates of `SpeechInput`, whatever its own input was.
public struct SynthesisEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A word starts (at `token`, `offset` code points into its text when the engine read the
        /// token as several words: "macros.image_nothumb").
        case word
        /// A sentence starts at `token` (past its word's start when `offset` is not 0: at the word
        /// after it, for the timing; in that token's stretch, for a neural voice's chunks).
        case sentence
        case mark(String)
        /// A phoneme spoken for `token`, in IPA.
        case phoneme(String)
        /// The end of the segment (`token` is the number of tokens).
        case end
    }

    public var kind: Kind
    /// Index of the token in the segment's `SpeechInput`; the number of tokens stands for the
    /// stand-in word after a cut (`SpeechInput.standInToken`) and for the end.
    public var token: Int
    /// Code points into the token's text (0 for all but some word events).
    public var offset: Int
    /// Sample index in the segment's audio.
    public var sample: Int

    public init(kind: Kind, token: Int, offset: Int = 0, sample: Int) {
        self.kind = kind
        self.token = token
        self.offset = offset
        self.sample = sample
    }
}

/// Synthesis failed.
public struct SynthesisError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The synthesis process crashed or hung (not a refusal such as an unknown voice): worth one
    /// more try.
    public var isCrash = false
    public init(_ message: String, isCrash: Bool = false) {
        self.message = message
        self.isCrash = isCrash
    }
    public var description: String { message }
}
