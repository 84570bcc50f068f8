import ReciteScript
import ReciteSegment
import ReciteSynth

/// Turns one segment's engine events into timed words; events come by token (`SynthesisEvent`).
///
/// Engines report word starts only. Several events may fall on one token: at one offset
/// ("$3.50", read as several words that it reports once) they count once; at different offsets
/// ("macros.image_nothumb", "x/y") the token was read as several words, and each part becomes a
/// word of its own, so the sidecar says what was said. A French or Italian elision ("l'avait")
/// is two words, the second timed from the phonemes (`Elision`). A token without an event shares the time
/// of its neighbours; an end is the next word's start pulled back over trailing silence, so
/// captions do not linger through pauses.
struct WordTimer {
    /// Samples below this amplitude count as silence when trimming word ends.
    static let silenceThreshold = 400
    /// The shortest word, in samples (20 ms at 22.05 kHz).
    static let minimumWordSamples = 441

    struct Timed: Equatable {
        /// Index of the segment word (token) this part of speech belongs to.
        var word: Int
        var spoken: String
        var start: Int
        var end: Int
        /// The IPA phonemes reported for this word (eSpeak NG's phoneme events).
        var phonemes = ""
    }

    static func time(_ segment: Segment, audio: SynthesizedAudio) -> [Timed] {
        let words = segment.words
        guard !words.isEmpty else { return [] }
        let total = audio.samples.count
        let tokens = segment.speech.tokens

        // Distinct event offsets inside each word's token, with the first sample reported there.
        var positions = [[(offset: Int, sample: Int)]](repeating: [], count: words.count)
        for event in audio.events where event.kind == .word {
            guard let w = wordIndex(ofToken: event.token, in: words), words[w].token == event.token,
                  !positions[w].contains(where: { $0.offset == event.offset }) else { continue }
            positions[w].append((event.offset, min(event.sample, total)))
        }

        // One unit per spoken part: the whole token, or its parts between event offsets.
        var units: [(word: Int, spoken: String, start: Int?)] = []
        for (w, word) in words.enumerated() {
            let found = positions[w].sorted { $0.offset < $1.offset }
            guard found.count > 1 else {
                if let elision = Elision(word.spoken, language: segment.language) {
                    let start = found.first?.sample
                    let second = start.flatMap { phonemeStart(elision.cliticPhonemes, of: word.token, after: $0, in: audio.events) }
                    units.append((w, elision.clitic, start))
                    units.append((w, elision.word, second))
                } else {
                    units.append((w, word.spoken, found.first?.sample))
                }
                continue
            }
            let token = tokens[word.token]
            // A phrase given as phonemes ("[[lA vi:*@]]"): the engine's offsets fall in the
            // phonemes, which mean nothing to a reader. Its written words take the events in
            // order when they match them one for one; otherwise the phrase stays one unit.
            if token.phonemes != nil {
                let written = word.spoken.split(separator: " ")
                if written.count == found.count {
                    for (k, part) in written.enumerated() { units.append((w, String(part), found[k].sample)) }
                } else {
                    units.append((w, word.spoken, found[0].sample))
                }
                continue
            }
            // Parts are cut only between words of letters at a separator ("macros.image_nothumb");
            // eSpeak NG's events inside numbers ("27.98", "12:00") and inside dictionary phrases
            // ("w|ear and tear") do not fall where its words do.
            let text = Array(token.text.unicodeScalars)
            var parts: [(lo: Int, hi: Int, sample: Int)] = []
            for (k, p) in found.enumerated() {
                var lo = k == 0 ? 0 : p.offset
                // A separator belongs to the part it introduces: eSpeak NG says "slash marytts",
                // "dot x m l", and the word's text should say so too.
                while k > 0, lo - 1 > found[k - 1].offset, !isWordCharacter(text[lo - 1]) { lo -= 1 }
                let hi = k + 1 < found.count ? found[k + 1].offset : text.count
                let atSeparator = lo < p.offset || (lo > 0 && !isWordCharacter(text[lo - 1]))
                if let last = parts.last,
                   !(atSeparator && hasLetter(text[last.lo..<last.hi]) && hasLetter(text[lo..<hi])) {
                    parts[parts.count - 1].hi = hi
                } else {
                    if !parts.isEmpty { parts[parts.count - 1].hi = lo }
                    parts.append((lo, hi, p.sample))
                }
            }
            if parts.count == 1 {
                units.append((w, word.spoken, parts[0].sample))
                continue
            }
            for (k, part) in parts.enumerated() {
                let raw = String(String.UnicodeScalarView(text[part.lo..<part.hi]))
                var piece = Substring(raw).unicodeScalars
                // Only the token's own edges lose their punctuation; inner separators stay spoken.
                if k == 0 { while let f = piece.first, wordEdgePunctuation.contains(f) { piece.removeFirst() } }
                if k == parts.count - 1 { while let l = piece.last, wordEdgePunctuation.contains(l) { piece.removeLast() } }
                let text = String(piece)
                units.append((w, text.isEmpty ? raw : text, part.sample))
            }
        }

        // Keep only strictly increasing starts; interpolate the others between their neighbours.
        var starts = units.map(\.start)
        var last = -1
        for i in starts.indices {
            if let s = starts[i] {
                if s <= last { starts[i] = nil } else { last = s }
            }
        }
        if starts[0] == nil { starts[0] = 0 }
        // Words after the last event share the time up to the end of the sound, not of the silence.
        let soundEnd = audio.samples.withUnsafeBufferPointer { samples in
            var end = total
            while end > 0, isSilent(samples[end - 1]) { end -= 1 }
            return end
        }
        var i = 0
        while i < starts.count {
            guard starts[i] == nil else { i += 1; continue }
            let prev = i - 1
            var next = i
            while next < starts.count, starts[next] == nil { next += 1 }
            let from = starts[prev]!
            let to = next < starts.count ? starts[next]! : max(from + (next - prev), soundEnd)
            // Shared in proportion to the words' lengths: "a" takes less time than "monde".
            let weights = (prev..<next).map { Double(max(1, units[$0].spoken.unicodeScalars.count)) }
            let perWeight = Double(to - from) / weights.reduce(0, +)
            var at = Double(from)
            for k in i..<next {
                at += weights[k - 1 - prev] * perWeight
                starts[k] = max(starts[k - 1]! + 1, Int(at))
            }
            i = next
        }
        let fixed = starts.map { $0! }
        var timed = audio.samples.withUnsafeBufferPointer { samples in
            units.indices.map { k in
                let start = fixed[k]
                let limit = k + 1 < fixed.count ? fixed[k + 1] : max(total, start + 1)
                return Timed(word: units[k].word, spoken: units[k].spoken, start: start,
                             end: trimmedEnd(start: start, limit: limit, samples: samples))
            }
        }
        assignPhonemes(audio.events, to: &timed, words: words)
        return timed
    }

    /// The sample where phoneme number `index` (0-based) of `token` starts, counting the phonemes
    /// reported from `start` on; nil when the engine reported too few (eSpeak NG reports phonemes
    /// only when asked), so that the word's time is shared out by length instead.
    static func phonemeStart(_ index: Int, of token: Int, after start: Int, in events: [SynthesisEvent]) -> Int? {
        var seen = 0
        for event in events {
            guard case .phoneme = event.kind, event.token == token, event.sample >= start else { continue }
            if seen == index { return event.sample > start ? event.sample : nil }
            seen += 1
        }
        return nil
    }

    /// Phoneme events carry their word's token: each goes to that word (or the word before a
    /// token that is none), and within a token read as several parts, to the last part that
    /// started before it.
    static func assignPhonemes(_ events: [SynthesisEvent], to timed: inout [Timed], words: [SegmentWord]) {
        guard events.contains(where: { if case .phoneme = $0.kind { true } else { false } }) else { return }
        var firstUnit = [Int: Int]()
        for (k, t) in timed.enumerated() where firstUnit[t.word] == nil { firstUnit[t.word] = k }
        for event in events {
            guard case .phoneme(let name) = event.kind,
                  let w = wordIndex(ofToken: event.token, in: words), var k = firstUnit[w] else { continue }
            while k + 1 < timed.count, timed[k + 1].word == w, timed[k + 1].start <= event.sample { k += 1 }
            timed[k].phonemes += name
        }
    }

    /// Letters and digits (ASCII answered without Unicode's property tables, asked per scalar).
    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIILetter(scalar) || (0x30...0x39).contains(scalar.value) }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    static func hasLetter(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        scalars.contains { $0.isASCII ? isASCIILetter($0) : $0.properties.isAlphabetic }
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
    }

    /// Whether a sample is below the silence threshold, either way (one comparison: this runs
    /// over every sample of the pauses inside segments).
    @inline(__always)
    static func isSilent(_ sample: Int16) -> Bool {
        UInt16(bitPattern: sample &+ Int16(silenceThreshold - 1)) <= UInt16(2 * (silenceThreshold - 1))
    }

    /// The word whose token is `token`, or the last word before it (a token that is no word:
    /// a lone dash).
    static func wordIndex(ofToken token: Int, in words: [SegmentWord]) -> Int? {
        var lo = 0, hi = words.count - 1, found: Int?
        while lo <= hi {
            let mid = (lo + hi) / 2
            if words[mid].token <= token { found = mid; lo = mid + 1 } else { hi = mid - 1 }
        }
        return found
    }

    /// The end of the sound in `start..<limit`: the limit, pulled back over silence.
    static func trimmedEnd(start: Int, limit: Int, samples: UnsafeBufferPointer<Int16>) -> Int {
        var end = min(limit, samples.count)
        while end > start + minimumWordSamples, isSilent(samples[end - 1]) {
            end -= 1
        }
        // A little tail: the decay below the threshold is still the word.
        end = min(limit, max(end + minimumWordSamples / 2, start + minimumWordSamples))
        return max(end, start + 1)
    }
}
