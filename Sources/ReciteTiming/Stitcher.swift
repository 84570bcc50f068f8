import ReciteScript
import ReciteSegment
import ReciteSynth

/// Stitch stage: joins a document's segment audio, with the pauses between them, into one
/// sample stream, and builds the timing sidecar with every time shifted by its segment's offset.
public struct Stitcher {
    public struct Output {
        public var samples: [Int16]
        public var sidecar: TimingSidecar
    }

    public let sampleRate: Int

    public init(sampleRate: Int) {
        self.sampleRate = sampleRate
    }

    /// `audio[i]` is the synthesis of `segments[i]` (nil for a segment that is only a pause).
    public func stitch(script: Script, source: SourceText, segments: [Segment], audio: [SynthesizedAudio?],
                       audioName: String) -> Output {
        precondition(segments.count == audio.count, "one audio per segment")
        var samples: [Int16] = []
        var words: [TimingSidecar.Word] = []
        var sentences: [TimingSidecar.Sentence] = []
        var marks: [TimingSidecar.Mark] = []
        var blockRanges: [Int: (first: Int, last: Int, start: Double, end: Double)] = [:]

        for (index, segment) in segments.enumerated() {
            let offset = samples.count
            let segmentAudio = audio[index]
            if let segmentAudio { samples += segmentAudio.samples }
            let segmentLength = samples.count - offset
            let timed = segmentAudio.map { WordTimer.time(segment, audio: $0) } ?? []
            let firstWord = words.count

            for t in timed {
                let word = segment.words[t.word]
                words.append(TimingSidecar.Word(
                    start: seconds(offset + t.start), end: seconds(offset + t.end), spoken: t.spoken,
                    text: source.text(of: word.source), offset: word.source.offset, length: word.source.length,
                    line: word.source.line, column: word.source.column))
            }
            for mark in segment.marks {
                let at = timed.first { $0.word >= mark.beforeWord }?.start ?? segmentLength
                marks.append(TimingSidecar.Mark(name: mark.name, time: seconds(offset + at)))
            }
            if let segmentAudio, !timed.isEmpty {
                sentences += sentenceTimings(segment: segment, audio: segmentAudio, timed: timed,
                                             words: Array(words[firstWord...]), source: source)
            }
            if !timed.isEmpty {
                let range = blockRanges[segment.blockIndex]
                blockRanges[segment.blockIndex] = (range?.first ?? firstWord, words.count - 1,
                                                   range?.start ?? words[firstWord].start, words[words.count - 1].end)
            }
            let isLast = index == segments.count - 1
            if !isLast { samples += [Int16](repeating: 0, count: Int((segment.pauseAfter * Double(sampleRate)).rounded())) }
        }

        let blocks: [TimingSidecar.BlockTiming] = script.blocks.indices.compactMap { b in
            guard let r = blockRanges[b] else { return nil }
            let kind = script.blocks[b].kind
            var level: Int?
            if case .heading(let l) = kind { level = l }
            let (offset, length) = Self.cover(words[r.first...r.last])
            return TimingSidecar.BlockTiming(kind: kind.name, level: level,
                                             text: source.text(of: SourceSpan(offset: offset, length: length, line: 0, column: 0)),
                                             start: r.start, end: r.end, offset: offset, length: length)
        }
        let sidecar = TimingSidecar(source: script.path, audio: audioName, sampleRate: sampleRate,
                                    duration: seconds(samples.count), words: words, sentences: sentences,
                                    blocks: blocks, marks: marks)
        return Output(samples: samples, sidecar: sidecar)
    }

    /// Sentences from eSpeak NG's sentence events: each runs from its first word to the word
    /// before the next sentence's first word. A segment always starts a sentence.
    /// `timed` and `words` are the segment's timed words and their sidecar entries, index for index.
    private func sentenceTimings(segment: Segment, audio: SynthesizedAudio, timed: [WordTimer.Timed],
                                 words: [TimingSidecar.Word], source: SourceText) -> [TimingSidecar.Sentence] {
        var firsts: [Int] = [0]
        for event in audio.events where event.kind == .sentence {
            // The sentence's first word is the first one at or after the event's position.
            guard let token = segment.words.firstIndex(where: { $0.textRange.lowerBound >= event.textPosition }),
                  let first = timed.firstIndex(where: { $0.word >= token }) else { continue }
            if first > firsts.last! { firsts.append(first) }
        }
        return firsts.indices.map { k in
            let lo = firsts[k]
            let hi = k + 1 < firsts.count ? firsts[k + 1] - 1 : words.count - 1
            let (offset, length) = Self.cover(words[lo...hi])
            return TimingSidecar.Sentence(start: words[lo].start, end: words[hi].end,
                                          text: source.text(of: SourceSpan(offset: offset, length: length, line: 0, column: 0)),
                                          offset: offset, length: length)
        }
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
        (Double(samples) / Double(sampleRate) * 100_000).rounded() / 100_000
    }
}
