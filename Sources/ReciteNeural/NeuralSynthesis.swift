import ReciteAlign
import ReciteEspeak
import ReciteSegment
import ReciteSynth

/// Says one segment with a neural voice, with a start time for every word.
///
/// The segment is first rendered by eSpeak NG as usual (its lexicon phonemes, say-as and prosody
/// applied), which gives exact word events on eSpeak NG's audio. The typed words
/// (`SpeechInput`) are then cut into
/// chunks (a sentence, or a stretch of one prosody within one) and each chunk is said by the
/// neural voice from eSpeak NG's IPA of its words. Finally each event on eSpeak NG's audio of a
/// chunk is carried onto the neural audio of the same chunk by aligning the two
/// (`SpeechAligner`: MFCCs and dynamic time warping): the neural voice reports no times of its own.
public struct NeuralSynthesis {
    let voice: any PhonemeSpeaker
    let prepared: PreparedVoice
    /// Keep phoneme events (`--phonemes`).
    let keepsPhonemes: Bool

    struct Chunk {
        var tokens: [NeuralToken]
        var rate: Double
        var volume: Double
        /// Whether the next chunk starts a new sentence.
        var endsSentence = false
        /// Where the chunk starts in eSpeak NG's audio.
        var referenceStart = 0
    }

    /// What the neural voice will say for `request`: eSpeak NG's rendering, and the chunks with
    /// the IPA each is given.
    static func plan(_ request: SynthesisRequest, ties: Bool = false, chunkSeconds: Double = maximumChunkSeconds) throws -> (espeak: SynthesizedAudio, chunks: [(chunk: Chunk, ipa: String)]) {
        var reference = request
        reference.engine = .espeak
        let espeak = try EspeakEngine.withShared { engine in try engine.synthesize(reference) }
        var chunks = Self.chunks(NeuralToken.tokens(of: request.speech), events: espeak.events)
        // Each chunk's start in eSpeak NG's audio: its first word's event.
        let words = espeak.events.filter { $0.kind == .word }
        for k in chunks.indices {
            let first = chunks[k].tokens.first!.index
            let end = k + 1 < chunks.count ? chunks[k + 1].tokens.first!.index : Int.max
            chunks[k].referenceStart = k == 0 ? 0 : (words.first { $0.token >= first && $0.token < end }?.sample ?? chunks[k - 1].referenceStart)
        }
        // A long sentence is said in parts, cut at its clause punctuation: the voice needs memory
        // in proportion to what it says at once.
        let limit = Int(chunkSeconds * Double(espeak.sampleRate))
        chunks = chunks.indices.flatMap { k in
            splitLong(chunks[k], end: k + 1 < chunks.count ? chunks[k + 1].referenceStart : espeak.samples.count, words: words, limit: limit)
        }
        return (espeak, try chunks.indices.map { k in
            let ipa = try ipa(of: chunks[k], request: reference, events: espeak.events, ties: ties)
            let endsSentence = chunks[k].endsSentence || k == chunks.count - 1
            return (chunks[k], endsSentence && ipa.contains(" ") ? endingSentence(ipa) : ipa)
        })
    }

    /// `ipa` ending on a full stop unless it already ends a sentence. eSpeak NG ends a heading, a
    /// list item or a "Field: value" line as a sentence, but its IPA has no stop there, and a
    /// neural voice given none says the last word as if more followed: Kokoro's reading of
    /// "SSWG Annual Update" was heard as "assess the breed she can you update". A lone word (a
    /// table's cell) is left as it is: Kokoro drew "one." out into "wines".
    static func endingSentence(_ ipa: String) -> String {
        let body = ipa.unicodeScalars.reversed().drop { $0 == " " }
        guard let last = body.first else { return ipa }
        if sentenceMarks.contains(last) { return ipa }
        let kept = clauseMarks.contains(last) ? body.dropFirst() : body[...]
        return String(String.UnicodeScalarView(kept.reversed())) + "."
    }

    private static let sentenceMarks: Set<Unicode.Scalar> = [".", "!", "?", "…"]
    private static let clauseMarks: Set<Unicode.Scalar> = [",", ";", ":"]

    /// The voice `prepared` loaded on ONNX Runtime, with `threads` threads.
    public static func load(_ prepared: PreparedVoice, threads: Int, keepsPhonemes: Bool) throws -> NeuralSynthesis {
        let voice: any PhonemeSpeaker = switch prepared.kind {
        case .kokoro: try KokoroSpeaker(prepared, threads: threads)
        case .piper: try PiperSpeaker(prepared, threads: threads)
        }
        return NeuralSynthesis(voice: voice, prepared: prepared, keepsPhonemes: keepsPhonemes)
    }

    /// The rate of the audio the voice says.
    public var sampleRate: Int { voice.sampleRate }

    public func render(_ request: SynthesisRequest) throws -> SynthesizedAudio {
        let (espeak, planned) = try Self.plan(request, ties: voice.wantsTies, chunkSeconds: voice.maximumChunkSeconds)
        let chunks = planned.map(\.chunk)
        guard !chunks.isEmpty else {
            return SynthesizedAudio(sampleRate: voice.sampleRate, samples: [], events: [SynthesisEvent(kind: .end, token: request.speech.tokens.count, sample: 0)])
        }

        let rateFactor = Double(max(1, request.rate)) / 175
        let gain = Double(request.volume) / 100
        var samples: [Int16] = []
        var chunkOffsets: [Int] = []
        var chunkAudio: [Range<Int>] = []
        for (k, chunk) in chunks.enumerated() {
            let phonemes = planned[k].ipa
            let speed = rateFactor * chunk.rate
            // The stand-in word after a cut, alone in its sentence, is not said: the audio is cut
            // where it starts, after the pause that ends the sentence before it.
            let isLookahead = k > 0 && chunks[k - 1].endsSentence && request.speech.standInToken.map { chunk.tokens[0].index >= $0 } == true
            let spoken = phonemes.isEmpty || isLookahead ? [] : try voice.speak(phonemes: phonemes, speaker: prepared.speaker, speed: speed)
            chunkOffsets.append(samples.count)
            let level = gain * chunk.volume * 32767
            samples.reserveCapacity(samples.count + spoken.count)
            for value in spoken { samples.append(Int16(clamping: Int((Double(value) * level).rounded()))) }
            chunkAudio.append(chunkOffsets[k]..<samples.count)
            if k + 1 < chunks.count {
                let pause = chunk.endsSentence ? voice.pauses.sentence
                    : chunk.tokens.last!.endsClause ? voice.pauses.clause : voice.pauses.word
                samples.append(contentsOf: repeatElement(0, count: ChunkPauses.samples(pause, speed: speed, rate: voice.sampleRate)))
            }
        }

        samples.append(contentsOf: repeatElement(0, count: ChunkPauses.samples(voice.pauses.end, speed: rateFactor, rate: voice.sampleRate)))

        // Every event of eSpeak NG's audio, carried to the neural audio of its chunk; the phonemes
        // of an elision ("l'avait") too, which time its second word (`WordTimer`).
        let elided = Set(request.speech.tokens.indices.filter { Elision(request.speech.tokens[$0].text, language: request.language) != nil })
        var events: [SynthesisEvent] = []
        for k in chunks.indices {
            let referenceRange = chunks[k].referenceStart..<(k + 1 < chunks.count ? chunks[k + 1].referenceStart : espeak.samples.count)
            let inChunk = espeak.events.filter { event in
                guard event.kind != .end, referenceRange.contains(event.sample) || (k == chunks.count - 1 && event.sample >= referenceRange.upperBound) else { return false }
                if case .phoneme = event.kind { return keepsPhonemes || elided.contains(event.token) }
                return true
            }
            guard !inChunk.isEmpty else { continue }
            let referenceSlice = Array(espeak.samples[min(referenceRange.lowerBound, espeak.samples.count)..<referenceRange.upperBound])
            let target = Array(samples[chunkAudio[k]])
            let mapped = SpeechAligner.map(inChunk.map { max(0, $0.sample - referenceRange.lowerBound) },
                                          reference: referenceSlice, referenceRate: espeak.sampleRate,
                                          target: target, targetRate: voice.sampleRate)
            for (event, position) in zip(inChunk, mapped) {
                var moved = event
                moved.sample = chunkAudio[k].lowerBound + min(position, target.count)
                events.append(moved)
            }
        }
        events.append(SynthesisEvent(kind: .end, token: request.speech.tokens.count, sample: samples.count))
        return SynthesizedAudio(sampleRate: voice.sampleRate, samples: samples, events: events)
    }

    /// The longest stretch the voice says at once, as eSpeak NG says it: ONNX Runtime keeps about
    /// 20 MB per second of audio while it makes it, and keeps what it took.
    static let maximumChunkSeconds = 4.5

    /// `chunk` cut in two, again and again, while a part lasts longer than `limit` samples in
    /// eSpeak NG's audio: after the clause punctuation (a comma, a semicolon, a colon, a dash)
    /// nearest its middle, or, in a clause that long, at the word nearest its middle.
    static func splitLong(_ chunk: Chunk, end: Int, words: [SynthesisEvent], limit: Int) -> [Chunk] {
        guard end - chunk.referenceStart > limit, chunk.tokens.count > 1 else { return [chunk] }
        func start(_ token: NeuralToken) -> Int? {
            words.first { $0.token == token.index }?.sample
        }
        let starts = chunk.tokens.map(start)
        let cuts = (1..<chunk.tokens.count).filter { starts[$0] != nil && starts[$0]! > chunk.referenceStart }
        let clauses = cuts.filter { chunk.tokens[$0 - 1].endsClause }
        let middle = (chunk.referenceStart + end) / 2
        guard let cut = (clauses.isEmpty ? cuts : clauses).min(by: { abs(starts[$0]! - middle) < abs(starts[$1]! - middle) }) else {
            return [chunk]
        }
        var first = chunk, second = chunk
        first.tokens = Array(chunk.tokens[..<cut])
        first.endsSentence = false
        second.tokens = Array(chunk.tokens[cut...])
        second.referenceStart = starts[cut]!
        return splitLong(first, end: second.referenceStart, words: words, limit: limit) + splitLong(second, end: end, words: words, limit: limit)
    }

    /// The words cut where eSpeak NG starts a sentence and where prosody changes. A token with
    /// no letter or digit (a lone dash, a quote) stays with the chunk before it.
    private static func chunks(_ tokens: [NeuralToken], events: [SynthesisEvent]) -> [Chunk] {
        let sentenceStarts = events.compactMap { $0.kind == .sentence ? $0.token : nil }
        var chunks: [Chunk] = []
        var nextSentence = 0
        for token in tokens {
            var startsSentence = false
            while nextSentence < sentenceStarts.count, sentenceStarts[nextSentence] <= token.index {
                startsSentence = true
                nextSentence += 1
            }
            if var last = chunks.last, !token.speaks || (!startsSentence && last.rate == token.rate && last.volume == token.volume) {
                last.tokens.append(token)
                chunks[chunks.count - 1] = last
                continue
            }
            if !chunks.isEmpty { chunks[chunks.count - 1].endsSentence = startsSentence }
            chunks.append(Chunk(tokens: [token], rate: token.rate, volume: token.volume))
        }
        return chunks
    }

    /// A phoneme event's IPA with its letters tied ("oʊ" → "o^ʊ"), stress and length marks apart.
    static func tied(_ name: String) -> String {
        let marks: Set<Unicode.Scalar> = ["ˈ", "ˌ", "ː", "\u{329}"]
        var out = String.UnicodeScalarView()
        var previousIsLetter = false
        for scalar in name.unicodeScalars {
            let isLetter = !marks.contains(scalar)
            if isLetter && previousIsLetter { out.append("^") }
            out.append(scalar)
            previousIsLetter = isLetter
        }
        return String(out)
    }

    /// eSpeak NG's IPA of a chunk: its text through eSpeak NG's phonemizer, and for a word given
    /// as phoneme mnemonics, the phonemes eSpeak NG spoke for it.
    private static func ipa(of chunk: Chunk, request: SynthesisRequest, events: [SynthesisEvent], ties: Bool) throws -> String {
        var pieces: [String] = []
        var text: [String] = []
        func flushText() throws {
            guard !text.isEmpty else { return }
            let ipa = try EspeakEngine.withShared { engine in try engine.ipa(of: text.joined(separator: " "), voiceOf: request, ties: ties) }
            if !ipa.isEmpty { pieces.append(ipa) }
            text.removeAll()
        }
        for token in chunk.tokens {
            if token.isPhonemeInput {
                // The phonemes eSpeak NG spoke for the word; its punctuation is read as text,
                // so that "(lead)," still ends a clause.
                let (lead, trail) = SpeechText.edgePunctuation(token.text)
                if !lead.isEmpty { text.append(lead) }
                try flushText()
                let spoken = events.compactMap { event -> String? in
                    guard case .phoneme(let name) = event.kind, event.token == token.index else { return nil }
                    return ties ? Self.tied(name) : name
                }.joined()
                if !spoken.isEmpty { pieces.append(spoken) }
                if !trail.isEmpty { text.append(trail) }
            } else if token.spellOut && token.text.unicodeScalars.contains(where: { $0.properties.isLowercase }) {
                // Letters apart ("s s m l"), the punctuation after them kept as it is.
                let cut = SpeechText.trailingPunctuationStart(token.text[...]) ?? token.text.endIndex
                text.append(token.text[..<cut].map(String.init).joined(separator: " ") + token.text[cut...])
            } else {
                text.append(token.text)
            }
        }
        try flushText()
        return pieces.joined(separator: " ")
    }
}
