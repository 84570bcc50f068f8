import ReciteSegment
import ReciteSynth

/// Turns one segment's eSpeak NG events into a start and an end sample for each of its words.
///
/// eSpeak NG reports word starts only, sometimes several for one token ("$3.50") and sometimes
/// none (a token it merged into the one before). Each word gets the first event inside its text
/// range; a word without one shares the time of its neighbours; an end is the next word's start,
/// pulled back over trailing silence so captions do not linger through pauses.
struct WordTimer {
    /// Samples below this amplitude count as silence when trimming word ends.
    static let silenceThreshold: Int16 = 400
    /// The shortest word, in samples at 22.05 kHz (about 20 ms).
    static let minimumWordSamples = 441

    struct Timed {
        var start: Int
        var end: Int
    }

    static func time(words: [SegmentWord], audio: SynthesizedAudio) -> [Timed] {
        guard !words.isEmpty else { return [] }
        let total = audio.samples.count
        var starts = [Int?](repeating: nil, count: words.count)
        for event in audio.events where event.kind == .word {
            guard let w = wordIndex(at: event.textPosition, in: words), starts[w] == nil else { continue }
            starts[w] = min(event.sample, total)
        }
        // Keep only strictly increasing starts; the others are interpolated.
        var last = -1
        for i in starts.indices {
            if let s = starts[i] {
                if s <= last { starts[i] = nil } else { last = s }
            }
        }
        if starts[0] == nil { starts[0] = 0 }
        var i = 0
        while i < words.count {
            guard starts[i] == nil else { i += 1; continue }
            let prev = i - 1
            var next = i
            while next < words.count, starts[next] == nil { next += 1 }
            let from = starts[prev]!
            let to = next < words.count ? starts[next]! : max(from + (next - prev), total)
            let step = Double(to - from) / Double(next - prev)
            for k in i..<next { starts[k] = from + Int(step * Double(k - prev)) }
            i = next
        }
        let fixed = starts.map { $0! }
        return fixed.indices.map { k in
            let start = fixed[k]
            let limit = k + 1 < fixed.count ? fixed[k + 1] : max(total, start + 1)
            return Timed(start: start, end: trimmedEnd(start: start, limit: limit, samples: audio.samples))
        }
    }

    /// The word whose text range holds `position`, or the last word starting before it.
    static func wordIndex(at position: Int, in words: [SegmentWord]) -> Int? {
        var lo = 0, hi = words.count - 1, found: Int?
        while lo <= hi {
            let mid = (lo + hi) / 2
            if words[mid].textRange.lowerBound <= position { found = mid; lo = mid + 1 } else { hi = mid - 1 }
        }
        return found
    }

    /// The end of the sound in `start..<limit`: the limit, pulled back over silence.
    static func trimmedEnd(start: Int, limit: Int, samples: [Int16]) -> Int {
        var end = min(limit, samples.count)
        while end > start + minimumWordSamples, abs(Int(samples[end - 1])) < Int(silenceThreshold) {
            end -= 1
        }
        // A little tail: the decay below the threshold is still the word.
        end = min(limit, max(end + minimumWordSamples / 2, start + minimumWordSamples))
        return max(end, start + 1)
    }
}
