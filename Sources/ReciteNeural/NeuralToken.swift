import ReciteScript
import ReciteSegment

/// A piece of a segment as a neural voice says it: the typed token and its index, which the
/// events of eSpeak NG's reference rendering carry (the voice's words are timed on it).
struct NeuralToken: Equatable {
    /// Index in the segment's `SpeechInput` (the stand-in word after a cut is one past the last).
    var index: Int
    /// The written text, with its punctuation.
    var text: String
    /// The word is given as phonemes (a lexicon entry or `<phoneme>`).
    var isPhonemeInput: Bool
    var spellOut: Bool
    /// Prosody as factors of the pipeline's, to the percent the cache key keeps.
    var rate: Double
    var volume: Double

    /// The tokens of `speech`, and the stand-in word after a cut as one more.
    static func tokens(of speech: SpeechInput) -> [NeuralToken] {
        var tokens = speech.tokens.enumerated().map { index, token in
            NeuralToken(index: index, text: token.text, isPhonemeInput: token.phonemes != nil, spellOut: token.spellOut,
                        rate: Double(SpeechToken.percent(token.prosody.rate)) / 100,
                        volume: Double(SpeechToken.percent(token.prosody.volume)) / 100)
        }
        if let standIn = speech.standInToken {
            tokens.append(NeuralToken(index: standIn, text: SpeechInput.standInWord,
                                      isPhonemeInput: false, spellOut: false, rate: 1, volume: 1))
        }
        return tokens
    }

    /// Whether clause punctuation ends it: a long sentence is best cut after it.
    var endsClause: Bool {
        text.unicodeScalars.last.map { ",;:—–".unicodeScalars.contains($0) } == true
    }

    /// Whether the voice says something for it (not a lone dash or quote).
    var speaks: Bool {
        isPhonemeInput || text.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }
}
