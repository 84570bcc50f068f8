/// A piece of a block: a word (or a few words after normalization), a pause, or a named mark.
public struct Run: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        /// Text to speak. May hold several words once normalization has expanded it
        /// ("8 m²" → "eight square meters"); all of them point back to `source`.
        case speech(String)
        /// Silence of this many seconds (SSML `<break>`).
        case pause(Double)
        /// A named point in time (SSML `<mark>`), reported in the sidecar's `marks`.
        case mark(String)
        /// A recorded sound spliced into the output (SSML `<audio src>`): the path of a WAV or FLAC
        /// file, already checked to lie inside the input folder and to be readable.
        case audio(path: String)
    }

    public var content: Content
    /// The source bytes this run stands for (for a word: the word without surrounding punctuation).
    public var source: SourceSpan
    public var style: RunStyle

    public init(_ content: Content, source: SourceSpan, style: RunStyle = RunStyle()) {
        self.content = content
        self.source = source
        self.style = style
    }

    /// The text to speak, or nil for a pause or a mark.
    public var spoken: String? {
        if case .speech(let text) = content { return text }
        return nil
    }
}

/// How a run is said: inherited from the markup around it.
public struct RunStyle: Sendable, Hashable {
    /// Language of the run (BCP 47); nil means the document's language.
    public var language: String?
    /// An eSpeak NG voice name asked for by the markup (`<voice name>`); nil for the language's voice.
    public var voiceName: String?
    /// What else the markup asked of the voice (`<voice gender age variant>`); the synthesis stage
    /// picks the closest installed voice.
    public var voiceTraits: VoiceTraits
    public var prosody: Prosody
    public var emphasis: Emphasis?
    /// Spell the text out letter by letter (SSML `say-as interpret-as="characters"`).
    public var spellOut: Bool
    /// How the markup asked for the text to be read (SSML `<say-as>`): the normalization stage
    /// verbalizes it with the typed verbalizer instead of guessing.
    public var sayAs: SayAs?
    /// Phonemes in eSpeak NG mnemonics, from a lexicon or SSML `<phoneme>`; nil to read the text.
    public var phonemes: String?
    /// A pronunciation as the markup wrote it (SSML `<phoneme alphabet ph>`), not yet converted:
    /// the pronunciation stage turns it into `phonemes` or reports it as an error.
    public var written: WrittenPronunciation?

    public init(language: String? = nil, voiceName: String? = nil, voiceTraits: VoiceTraits = VoiceTraits(),
                prosody: Prosody = Prosody(), emphasis: Emphasis? = nil, spellOut: Bool = false,
                sayAs: SayAs? = nil, phonemes: String? = nil, written: WrittenPronunciation? = nil) {
        self.language = language
        self.voiceName = voiceName
        self.voiceTraits = voiceTraits
        self.prosody = prosody
        self.emphasis = emphasis
        self.spellOut = spellOut
        self.sayAs = sayAs
        self.phonemes = phonemes
        self.written = written
    }
}

/// Rate, pitch and volume as multipliers of the pipeline's own settings (1 = unchanged).
public struct Prosody: Sendable, Hashable, Codable {
    public var rate: Double
    public var pitch: Double
    public var volume: Double

    public init(rate: Double = 1, pitch: Double = 1, volume: Double = 1) {
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
    }

    public var isNeutral: Bool { rate == 1 && pitch == 1 && volume == 1 }

    /// How far a factor may go: beyond, no voice can follow, and 199 nested `rate="fast"`
    /// multiplied to infinity, which crashed the markup writer.
    public static let rateAndPitchLimits = 0.1...10.0
    public static let volumeLimits = 0.0...10.0

    /// This prosody applied inside `outer` (SSML nesting multiplies), within the limits.
    public func nested(in outer: Prosody) -> Prosody {
        func limit(_ value: Double, _ limits: ClosedRange<Double>) -> Double {
            value.isNaN ? 1 : min(max(value, limits.lowerBound), limits.upperBound)
        }
        return Prosody(rate: limit(rate * outer.rate, Self.rateAndPitchLimits),
                       pitch: limit(pitch * outer.pitch, Self.rateAndPitchLimits),
                       volume: limit(volume * outer.volume, Self.volumeLimits))
    }
}

/// SSML emphasis levels, also used for Markdown `*em*` and `**strong**`.
public enum Emphasis: String, Sendable, Hashable, CaseIterable, Codable {
    case reduced, none, moderate, strong
}

/// The phonetic alphabets a lexicon or SSML may write a pronunciation in.
public enum PhoneticAlphabet: String, Sendable, Hashable, CaseIterable, Codable {
    case ipa
    case xsampa = "x-sampa"
    /// eSpeak NG's own phoneme mnemonics, passed through after validation.
    case espeak
}

/// A pronunciation in a phonetic alphabet, before conversion to eSpeak NG mnemonics.
public struct WrittenPronunciation: Sendable, Hashable {
    public var alphabet: PhoneticAlphabet
    public var text: String

    public init(alphabet: PhoneticAlphabet, text: String) {
        self.alphabet = alphabet
        self.text = text
    }
}
