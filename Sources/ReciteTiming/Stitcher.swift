import ReciteScript
import ReciteSegment
import ReciteSynth

/// Stitch stage: joins a document's segments, with the pauses between them, into one sample
/// stream, and builds the timing sidecar with every time shifted by its segment's offset.
///
/// It is incremental: each `append` returns the samples to write now, and keeps only counters
/// and timings, so a long document is written as it is synthesized and memory does not grow with
/// its length. The pause after the last segment is never written.
public struct Stitcher {
    public let sampleRate: Int
    let script: Script
    let source: SourceText
    let audioName: String

    /// Samples handed out so far.
    private var written = 0
    /// Silence owed before the next segment.
    private var pendingPause = 0
    private var words: [TimingSidecar.Word] = []
    private var sentences: [TimingSidecar.Sentence] = []
    private var marks: [TimingSidecar.Mark] = []
    private var blockRanges: [Int: (first: Int, last: Int, start: Double, end: Double)] = [:]
    /// Recorded sounds spliced in, as blocks of kind `audio`.
    private var clips: [TimingSidecar.BlockTiming] = []

    /// Give each word the phonemes eSpeak NG reported for it.
    public var includesPhonemes = false
    /// The references of the source's language: the sidecar's text shows the characters
    /// (`café`), not the references (`caf&eacute;`).
    public var references = CharacterReferences.xml

    public init(sampleRate: Int, script: Script, source: SourceText, audioName: String) {
        self.sampleRate = sampleRate
        self.script = script
        self.source = source
        self.audioName = audioName
    }

    /// Adds the next segment and its audio (nil for a segment that is only a pause); returns the
    /// samples to append to the output.
    /// Makes room for a document's words at once: a book's sidecar grown by doubling held its
    /// old and new arrays together, megabytes each.
    public mutating func reserve(words count: Int) {
        words.reserveCapacity(count)
    }

    public mutating func append(_ segment: Segment, audio: SynthesizedAudio?) -> StitchedPiece {
        var audio = audio
        if let standIn = segment.speech.standInToken, let whole = audio {
            audio = Self.cuttingStandIn(whole, at: standIn)
        }
        let out = StitchedPiece(silence: audio == nil ? 0 : pendingPause, samples: audio?.samples ?? [])
        if audio != nil {
            written += pendingPause
            pendingPause = 0
        }
        let offset = written
        let timed = audio.map { WordTimer.time(segment, audio: $0) } ?? []
        if let audio {
            written += audio.samples.count
        }
        if segment.clip != nil, let audio, let span = segment.clipSource {
            clips.append(TimingSidecar.BlockTiming(kind: "audio", level: nil, text: source.text(of: span),
                                                   start: seconds(offset), end: seconds(offset + audio.samples.count),
                                                   offset: span.offset, length: span.length))
        }
        let firstWord = words.count
        for t in timed {
            let word = segment.words[t.word]
            words.append(TimingSidecar.Word(
                start: seconds(offset + t.start), end: seconds(offset + t.end), spoken: Self.shown(t.spoken),
                text: references.decode(source.text(of: word.source)), offset: word.source.offset, length: word.source.length,
                line: word.source.line, column: word.source.column,
                phonemes: includesPhonemes ? t.phonemes : nil))
        }
        for mark in segment.marks {
            let at = timed.first { $0.word >= mark.beforeWord }?.start ?? (written - offset)
            marks.append(TimingSidecar.Mark(name: mark.name, time: seconds(offset + at)))
        }
        if let audio, !timed.isEmpty {
            sentences += sentenceTimings(segment: segment, audio: audio, timed: timed, words: Array(words[firstWord...]))
            let range = blockRanges[segment.blockIndex]
            blockRanges[segment.blockIndex] = (range?.first ?? firstWord, words.count - 1,
                                               range?.start ?? words[firstWord].start, words[words.count - 1].end)
        }
        pendingPause += Int((segment.pauseAfter * Double(sampleRate)).rounded())
        return out
    }

    /// The audio up to where the stand-in word after a cut starts (`SpeechInput.endsWithStandIn`):
    /// the sentence and the pause eSpeak NG makes after it mid-paragraph, without the word.
    static func cuttingStandIn(_ audio: SynthesizedAudio, at standIn: Int) -> SynthesizedAudio {
        guard let start = audio.events.first(where: { $0.kind == .word && $0.token >= standIn }) else {
            return audio
        }
        let end = min(start.sample, audio.samples.count)
        var cut = audio
        cut.samples.removeSubrange(end...)
        cut.events.removeAll { $0.token >= standIn || $0.sample > end }
        return cut
    }

    /// The sidecar of everything appended; the last pause is not part of the audio.
    public func finish() -> TimingSidecar {
        let spoken: [TimingSidecar.BlockTiming] = script.blocks.indices.compactMap { b in
            guard let r = blockRanges[b] else { return nil }
            let kind = script.blocks[b].kind
            var level: Int?
            if case .heading(let l) = kind { level = l }
            let (offset, length) = Self.cover(words[r.first...r.last])
            return TimingSidecar.BlockTiming(kind: kind.name, level: level, text: text(offset, length),
                                             start: r.start, end: r.end, offset: offset, length: length)
        }
        // Clips take their place in time among the blocks (a clip inside a paragraph follows it).
        let blocks = (spoken.map { (0, $0) } + clips.map { (1, $0) })
            .sorted { ($0.1.start, $0.0) < ($1.1.start, $1.0) }.map(\.1)
        return TimingSidecar(source: script.path, audio: audioName, sampleRate: sampleRate,
                             duration: seconds(written), words: words, sentences: sentences,
                             blocks: blocks, marks: marks)
    }

    /// Sentences from the engine's sentence events: each runs from its first word to the word
    /// before the next sentence's first word. A segment always starts a sentence.
    /// `timed` and `words` are the segment's timed words and their sidecar entries, index for index.
    private func sentenceTimings(segment: Segment, audio: SynthesizedAudio, timed: [WordTimer.Timed],
                                 words: [TimingSidecar.Word]) -> [TimingSidecar.Sentence] {
        var firsts: [Int] = [0]
        for event in audio.events where event.kind == .sentence {
            // The sentence's first word is the first one that starts at or after the event: its
            // token's, or, when the event falls past that word's start, the next one.
            guard let word = segment.words.firstIndex(where: { $0.token > event.token || ($0.token == event.token && event.offset == 0) }),
                  let first = timed.firstIndex(where: { $0.word >= word }) else { continue }
            if first > firsts.last! { firsts.append(first) }
        }
        return firsts.indices.map { k in
            let lo = firsts[k]
            let hi = k + 1 < firsts.count ? firsts[k + 1] - 1 : words.count - 1
            let (offset, length) = Self.cover(words[lo...hi])
            return TimingSidecar.Sentence(start: words[lo].start, end: words[hi].end, text: text(offset, length),
                                          offset: offset, length: length)
        }
    }

    private func text(_ offset: Int, _ length: Int) -> String {
        references.decode(source.text(of: SourceSpan(offset: offset, length: length, line: 0, column: 0)))
    }

    /// The byte range from the first word's source to the furthest end among `words`.
    static func cover(_ words: ArraySlice<TimingSidecar.Word>) -> (Int, Int) {
        let lo = words.map(\.offset).min() ?? 0
        let hi = words.map { $0.offset + $0.length }.max() ?? lo
        return (lo, hi - lo)
    }

    /// Seconds at 10 µs resolution: short JSON, and still finer than one sample at 48 kHz, so
    /// distinct samples stay distinct times.
    func seconds(_ samples: Int) -> Double {
        TimingSidecar.rounded(Double(samples) / Double(sampleRate))
    }
}

extension Stitcher {
    /// The spoken form as a caption shows it: without the word joiners (U+2060) the normalizer puts
    /// before an initialism for eSpeak NG's sake ("\u{2060}A.F.L"), which no reader needs.
    static func shown(_ spoken: String) -> String {
        spoken.unicodeScalars.contains("\u{2060}") ? String(String.UnicodeScalarView(spoken.unicodeScalars.filter { $0 != "\u{2060}" })) : spoken
    }

    /// Stitches a whole document at once (tests, and callers that hold every segment's audio).
    public static func stitch(script: Script, source: SourceText, segments: [Segment], audio: [SynthesizedAudio?],
                              sampleRate: Int, audioName: String) -> (samples: [Int16], sidecar: TimingSidecar) {
        precondition(segments.count == audio.count, "one audio per segment")
        var stitcher = Stitcher(sampleRate: sampleRate, script: script, source: source, audioName: audioName)
        var samples: [Int16] = []
        for (segment, a) in zip(segments, audio) { samples += stitcher.append(segment, audio: a).joined }
        return (samples, stitcher.finish())
    }
}

/// What one segment adds to a document's audio: the pause before it, as a count of silent
/// samples, then its own samples (shared with the synthesized audio, not copied).
public struct StitchedPiece: Sendable {
    public var silence: Int
    public var samples: [Int16]

    public var joined: [Int16] { Array(repeating: 0, count: silence) + samples }
}
