import ReciteScript
import ReciteSegment
import ReciteSynth

/// eSpeak NG's input for a segment: the SSML it reads, built from the typed `SpeechInput`, and
/// where each token sits in it, counted in code points as eSpeak NG's events count them (markup
/// included). Only the eSpeak NG engine sees it: `locate` turns the positions of its events
/// back into tokens, the coordinates every engine reports in.
struct EspeakMarkup: Sendable {
    private(set) var text = "<speak>"
    /// Each token's whole extent in `text`, its punctuation included.
    private(set) var tokenRanges: [Range<Int>] = []
    /// The part of each token eSpeak NG reports as its word: the text, the `[[…]]` of phonemes,
    /// or the letters of a spelled word without the punctuation after them.
    private(set) var wordRanges: [Range<Int>] = []
    /// Where the stand-in word after a cut starts (`SpeechInput.endsWithStandIn`).
    private(set) var standIn: Int?
    /// `text`'s length in code points.
    private(set) var length = 7

    private var openStyle: Wrapper?

    /// The part of a token's style written as markup around it.
    private struct Wrapper: Equatable {
        var prosody: Prosody
        var emphasis: Emphasis?
        var spellOut: Bool
    }

    init(_ input: SpeechInput) {
        for token in input.tokens { add(token) }
        closeWrapper()
        if input.endsWithStandIn {
            append(" ")
            standIn = length
            append(SpeechInput.standInWord)
        }
        append("</speak>")
    }

    /// Where an event eSpeak NG reported at code point `position` of `text` falls among the
    /// tokens (`SynthesisEvent`), or nil for one that belongs to none. A word event belongs to
    /// the token whose word holds it; a sentence event to the token whose extent holds it (its
    /// offset past the word's start, 0 before it) or, between tokens, to the next one; a phoneme
    /// or mark to the last token whose word started before it. From the stand-in word on,
    /// everything belongs to the stand-in (one past the last token).
    func locate(_ kind: SynthesisEvent.Kind, at position: Int) -> (token: Int, offset: Int)? {
        let count = wordRanges.count
        if case .end = kind { return (count, 0) }
        if let standIn, position >= standIn { return (count, kind == .word ? position - standIn : 0) }
        if kind == .sentence {
            guard let t = tokenRanges.firstIndex(where: { $0.upperBound > position }) else { return (count, 0) }
            return (t, max(0, position - wordRanges[t].lowerBound))
        }
        // The last token whose word starts at or before `position`.
        var lo = 0, hi = count - 1, found: Int?
        while lo <= hi {
            let mid = (lo + hi) / 2
            if wordRanges[mid].lowerBound <= position { found = mid; lo = mid + 1 } else { hi = mid - 1 }
        }
        guard let t = found else { return nil }
        if kind == .word {
            return position < wordRanges[t].upperBound ? (t, position - wordRanges[t].lowerBound) : nil
        }
        return (t, 0)
    }

    private mutating func add(_ token: SpeechToken) {
        let wrapper = Self.wrapper(of: token)
        if wrapper != openStyle {
            closeWrapper()
            if !tokenRanges.isEmpty { append(" ") }
            openWrapper(wrapper)
        } else if !tokenRanges.isEmpty {
            append(" ")
        }
        let start = length
        if let phonemes = token.phonemes {
            // eSpeak NG reads [[…]] as its own phoneme mnemonics (espeakPHONEMES is set). The
            // word's punctuation stays outside, as text, so that "lead," still pauses. eSpeak NG
            // 1.51 mis-reads what touches the brackets (tested: "([[" drops the phonemes, "]]."
            // says "dot", "]]</speak>" says "slash speak"): a space before and a line break after
            // the punctuation keep them apart.
            let (lead, trail) = SpeechText.edgePunctuation(token.text)
            if !lead.isEmpty { append(lead + " ") }
            let word = length
            append("[[\(phonemes)]]")
            wordRanges.append(word..<length)
            append(trail)
            tokenRanges.append(start..<length)
            append("\n")
        } else if token.spellOut, let cut = SpeechText.trailingPunctuationStart(token.text[...]) {
            // Spelled out, "SSML." would end in "dot": the punctuation goes after the markup.
            append(String(token.text[..<cut]))
            wordRanges.append(start..<length)
            closeWrapper()
            append(String(token.text[cut...]))
            tokenRanges.append(start..<length)
        } else {
            append(token.text)
            wordRanges.append(start..<length)
            tokenRanges.append(start..<length)
        }
    }

    private static func wrapper(of token: SpeechToken) -> Wrapper? {
        let emphasis = token.emphasis == Emphasis.none ? nil : token.emphasis
        let wrapper = Wrapper(prosody: token.prosody, emphasis: emphasis, spellOut: token.spellOut)
        return wrapper == Wrapper(prosody: Prosody(), emphasis: nil, spellOut: false) ? nil : wrapper
    }

    private mutating func openWrapper(_ wrapper: Wrapper?) {
        openStyle = wrapper
        guard let wrapper else { return }
        if !wrapper.prosody.isNeutral {
            let p = wrapper.prosody
            append("<prosody rate=\"\(SpeechToken.percent(p.rate))%\" pitch=\"\(SpeechToken.percent(p.pitch))%\" volume=\"\(SpeechToken.percent(p.volume))%\">")
        }
        if let emphasis = wrapper.emphasis { append("<emphasis level=\"\(emphasis.rawValue)\">") }
        if wrapper.spellOut { append("<say-as interpret-as=\"characters\">") }
    }

    private mutating func closeWrapper() {
        guard let wrapper = openStyle else { return }
        if wrapper.spellOut { append("</say-as>") }
        if wrapper.emphasis != nil { append("</emphasis>") }
        if !wrapper.prosody.isNeutral { append("</prosody>") }
        openStyle = nil
    }

    private mutating func append(_ s: String) {
        text += s
        length += s.unicodeScalars.count
    }
}
