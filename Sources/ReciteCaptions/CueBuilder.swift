import ReciteScript
import ReciteTiming

/// Builds caption cues from a timing sidecar: cues follow sentences; a sentence too long for one
/// cue is split where it reads best (after punctuation, then at a phrase boundary), never inside
/// a word, so that every cue fits the layout's lines and lasts about its duration at most.
public struct CueBuilder: Sendable {
    public var layout: CaptionLayout

    public init(layout: CaptionLayout = CaptionLayout()) {
        self.layout = layout
    }

    /// The cues of `sidecar`, in time order and never overlapping. `source` is the document's text,
    /// for the punctuation around words; without it cues show the sidecar's word texts only.
    public func cues(for sidecar: TimingSidecar, source: SourceText?) -> [Cue] {
        cues(forShownWords: ShownText.shownWords(of: sidecar, source: source))
    }

    /// The cues of a document's shown words (`ShownText.shownWords`).
    public func cues(forShownWords shownWords: [ShownWord]) -> [Cue] {
        var cues: [Cue] = []
        for sentence in ShownText.sentences(of: shownWords) {
            cues += self.cues(for: sentence)
        }
        // Rounding is monotonic and words never overlap, but a clamp keeps the promise explicit.
        for k in cues.indices.dropLast() where cues[k].end > cues[k + 1].start {
            cues[k].end = max(cues[k].start, cues[k + 1].start)
        }
        return cues
    }

    /// The cues of one sentence: the split into consecutive runs of words with the least cost
    /// (a dynamic program over the places a cue may end).
    func cues(for sentence: [ShownWord]) -> [Cue] {
        let n = sentence.count
        guard n > 0 else { return [] }
        let lines = LineBreaker(layout: layout, words: sentence)
        // best[j]: the cheapest split of words 0..<j; from[j]: where its last cue starts.
        var best = [Double](repeating: .infinity, count: n + 1)
        var from = [Int](repeating: 0, count: n + 1)
        best[0] = 0
        for j in 1...n {
            for i in stride(from: j - 1, through: 0, by: -1) {
                let single = i == j - 1
                let duration = sentence[j - 1].end - sentence[i].start
                guard single || duration <= layout.maxDuration,
                      lines.length(i..<j) <= layout.maxLines * (layout.maxLineLength + 1) || single else { break }
                guard best[i] < .infinity, let layoutCost = lines.cost(i..<j) else { continue }
                let cost = best[i] + cueCost(sentence, i..<j, isWhole: i == 0 && j == n, lines: lines) + layoutCost
                if cost < best[j] {
                    best[j] = cost
                    from[j] = i
                }
            }
        }
        var cues: [Cue] = []
        var j = n
        while j > 0 {
            let i = from[j]
            let first = sentence[i], last = sentence[j - 1]
            let start = Self.milliseconds(first.start)
            cues.append(Cue(start: start, end: max(start, Self.milliseconds(last.end)), lines: lines.lines(i..<j, endingAt: lines.breaks(i..<j)?.ends ?? [j]),
                            words: first.words.lowerBound...last.words.upperBound))
            j = i
        }
        return cues.reversed()
    }

    /// What one cue of words `range` costs: a constant (fewer cues read better), its last word's
    /// break (a cue ending mid-phrase is hard to follow) and shortness (a flash of one word).
    private func cueCost(_ sentence: [ShownWord], _ range: Range<Int>, isWhole: Bool, lines: LineBreaker) -> Double {
        var cost = 10.0
        let last = sentence[range.upperBound - 1]
        if range.upperBound < sentence.count {
            // A cut inside a written word is possible only when a single word is too long for a cue.
            cost += last.breakAfter == .never ? 1000 : 3 * LineBreaker.cost(of: last.breakAfter)
        }
        if !isWhole {
            if lines.characters(range) < 12 || last.end - sentence[range.lowerBound].start < 1.0 { cost += 8 }
        }
        return cost
    }

    static func milliseconds(_ seconds: Double) -> Int {
        Int((seconds * 1000).rounded())
    }
}
