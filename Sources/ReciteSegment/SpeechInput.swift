import ReciteScript

/// What a segment says, as a typed value: the seam between segmentation and every engine.
///
/// Each engine builds its own input from it (eSpeak NG its SSML, the neural voices their phoneme
/// strings) and reports what it did by token (`SynthesisEvent`), so no other stage reads an
/// engine's markup, and the cache key is a canonical encoding of this value.
public struct SpeechInput: Sendable, Hashable, Codable {
    /// The pieces said, in order: a written word with the punctuation that touches it.
    public var tokens: [SpeechToken]
    /// The segment was cut out of a block at a sentence or clause end, and is said with a
    /// stand-in for the next sentence's first word after it (`standInWord`). eSpeak NG ends an
    /// utterance with a longer silence than it leaves between two sentences (7 to 80 ms more at
    /// 175 words a minute), so a cut segment is said with one more word, and its audio is cut
    /// where that word starts: the pause after the cut is the one eSpeak NG makes mid-paragraph.
    public var endsWithStandIn: Bool

    public init(tokens: [SpeechToken] = [], endsWithStandIn: Bool = false) {
        self.tokens = tokens
        self.endsWithStandIn = endsWithStandIn
    }

    /// Plain words, said with no prosody, lexicon or spelling (engine probes, tests, samples).
    public init(plain text: String) {
        self.init(tokens: SpeechText.escapeFree(text).split(separator: " ").map { SpeechToken(text: String($0)) })
    }

    public var isEmpty: Bool { tokens.isEmpty }

    /// A short word that starts a sentence after any punctuation (a capital, so that eSpeak NG
    /// takes the full stop before it as a sentence end).
    public static let standInWord = "A"

    /// The token index engines give the stand-in word (one past the last token), if there is one.
    public var standInToken: Int? { endsWithStandIn ? tokens.count : nil }

    /// Whether any token asks for a pitch other than the voice's (to the percent the cache key
    /// keeps): VITS voices cannot follow it.
    public var changesPitch: Bool {
        tokens.contains { SpeechToken.percent($0.prosody.pitch) != 100 }
    }
}

/// One piece of a segment as said: its text with its punctuation, and how to say it.
public struct SpeechToken: Sendable, Hashable, Codable {
    /// The written piece, with the punctuation that touches it ("dog,", "(lead)").
    public var text: String
    /// Phonemes in eSpeak NG mnemonics (a lexicon entry or SSML `<phoneme>`); nil to read `text`.
    public var phonemes: String?
    /// Say the letters one by one (SSML `say-as interpret-as="characters"`).
    public var spellOut: Bool
    /// Rate, pitch and volume as factors of the pipeline's.
    public var prosody: Prosody
    /// Emphasis asked for; nil for none.
    public var emphasis: Emphasis?

    public init(text: String, phonemes: String? = nil, spellOut: Bool = false, prosody: Prosody = Prosody(),
                emphasis: Emphasis? = nil) {
        self.text = text
        self.phonemes = phonemes
        self.spellOut = spellOut
        self.prosody = prosody
        self.emphasis = emphasis
    }

    /// A factor as the whole percent engines are given ("140%"): the cache key holds this, so
    /// the audio must depend on nothing finer.
    public static func percent(_ factor: Double) -> Int {
        Int((factor * 100).rounded())
    }

    // Short keys, and the usual values left out: requests travel to workers as JSON.
    private enum CodingKeys: String, CodingKey {
        case text = "t", phonemes = "ph", spellOut = "sp", prosody = "pr", emphasis = "em"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decode(String.self, forKey: .text)
        phonemes = try c.decodeIfPresent(String.self, forKey: .phonemes)
        spellOut = try c.decodeIfPresent(Bool.self, forKey: .spellOut) ?? false
        prosody = try c.decodeIfPresent(Prosody.self, forKey: .prosody) ?? Prosody()
        emphasis = try c.decodeIfPresent(Emphasis.self, forKey: .emphasis)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try c.encodeIfPresent(phonemes, forKey: .phonemes)
        if spellOut { try c.encode(true, forKey: .spellOut) }
        if !prosody.isNeutral { try c.encode(prosody, forKey: .prosody) }
        try c.encodeIfPresent(emphasis, forKey: .emphasis)
    }
}
