import ReciteSegment

/// A piece of a segment as a neural voice says it: the typed token, and where eSpeak NG's
/// rendering holds it (`EspeakMarkup`), since the voice's words are timed on that rendering.
struct NeuralToken: Equatable {
    /// Code-point range in eSpeak NG's input: where its events for this piece point.
    var range: Range<Int>
    /// The written text, with its punctuation.
    var text: String
    /// The word is given as phonemes (a lexicon entry or `<phoneme>`).
    var isPhonemeInput: Bool
    var spellOut: Bool
    /// Prosody as factors of the pipeline's, to the percent the cache key keeps.
    var rate: Double
    var volume: Double

    /// The tokens of `speech`, and the stand-in word after a cut as one more.
    static func tokens(of speech: SpeechInput, in rendering: EspeakMarkup) -> [NeuralToken] {
        var tokens = zip(speech.tokens, rendering.tokenRanges).map { token, range in
            NeuralToken(range: range, text: token.text, isPhonemeInput: token.phonemes != nil, spellOut: token.spellOut,
                        rate: Double(SpeechToken.percent(token.prosody.rate)) / 100,
                        volume: Double(SpeechToken.percent(token.prosody.volume)) / 100)
        }
        if let start = rendering.standIn {
            let word = EspeakMarkup.standInWord
            tokens.append(NeuralToken(range: start..<(start + word.unicodeScalars.count), text: word,
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
