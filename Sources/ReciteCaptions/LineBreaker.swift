/// Lays out a run of shown words on at most `maxLines` lines of at most `maxLineLength`
/// characters, breaking only between words, preferring punctuation, then phrase boundaries,
/// then lines of even length.
struct LineBreaker {
    let layout: CaptionLayout
    let words: [ShownWord]
    /// `prefix[k]` is the length of words `0..<k` joined (with a space before each unglued word but the first).
    private let prefix: [Int]
    /// `letters[k]` is the characters of words `0..<k`, without the spaces between them.
    private let letters: [Int]

    init(layout: CaptionLayout, words: [ShownWord]) {
        self.layout = layout
        self.words = words
        var prefix = [0], letters = [0]
        prefix.reserveCapacity(words.count + 1)
        letters.reserveCapacity(words.count + 1)
        for (k, word) in words.enumerated() {
            let count = word.text.count
            prefix.append(prefix[k] + count + (k > 0 && !word.gluedToPrevious ? 1 : 0))
            letters.append(letters[k] + count)
        }
        self.prefix = prefix
        self.letters = letters
    }

    /// The characters of words `range`, spaces not counted.
    func characters(_ range: Range<Int>) -> Int {
        letters[range.upperBound] - letters[range.lowerBound]
    }

    /// The characters of words `range` on one line.
    func length(_ range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        let lead = range.lowerBound > 0 && !words[range.lowerBound].gluedToPrevious ? 1 : 0
        return prefix[range.upperBound] - prefix[range.lowerBound] - lead
    }

    /// Words `range` joined as one line.
    func line(_ range: Range<Int>) -> String {
        var out = ""
        for k in range {
            if k > range.lowerBound && !words[k].gluedToPrevious { out += " " }
            out += words[k].text
        }
        return out
    }

    /// What a line break after word `k` costs: nothing after punctuation, more inside a phrase.
    static func cost(of strength: BreakStrength) -> Double {
        switch strength {
        case .sentence, .clause: 0
        case .phrase: 2
        case .none: 6
        case .weak: 10
        case .never: .infinity
        }
    }

    /// The best lines for words `range`, with their cost, or nil if they do not fit.
    /// A range that is one written word (every word glued to the one before) always fits, on one
    /// line however long, because it cannot be broken.
    func lines(_ range: Range<Int>) -> (lines: [String], cost: Double)? {
        breaks(range).map { (lines(range, endingAt: $0.ends), $0.cost) }
    }

    /// The lines of words `range` that end at `ends` (each line's upper bound).
    func lines(_ range: Range<Int>, endingAt ends: [Int]) -> [String] {
        var start = range.lowerBound
        return ends.map { end in
            defer { start = end }
            return line(start..<end)
        }
    }

    /// Where the best lines for words `range` end, with their cost: `lines` without building
    /// the text of every candidate.
    func breaks(_ range: Range<Int>) -> (ends: [Int], cost: Double)? {
        var maxLines = max(1, layout.maxLines)
        guard let whole = firstLine(range, maxLines: maxLines) else { return nil }
        // The best layout's first line, then the best layout of the rest, line by line: the
        // cost is a sum, so the rest of the best layout is the best layout of the rest.
        var ends = [whole.end]
        var rest = whole.end..<range.upperBound
        while !rest.isEmpty, maxLines > 1, let next = firstLine(rest, maxLines: maxLines - 1) {
            ends.append(next.end)
            rest = next.end..<range.upperBound
            maxLines -= 1
        }
        return (ends, whole.cost)
    }

    /// The cost of the best lines for words `range`, or nil if they do not fit; computed without
    /// building anything (the cue builder asks this of many candidates).
    func cost(_ range: Range<Int>) -> Double? {
        firstLine(range, maxLines: max(1, layout.maxLines))?.cost
    }

    /// Where the first line of the best layout of `range` ends, and the layout's whole cost.
    private func firstLine(_ range: Range<Int>, maxLines: Int) -> (end: Int, cost: Double)? {
        if length(range) <= layout.maxLineLength { return (range.upperBound, 0) }
        if range.dropFirst().allSatisfy({ words[$0].gluedToPrevious }) { return (range.upperBound, 0) }
        guard maxLines > 1 else { return nil }
        let even = Double(length(range)) / Double(maxLines)
        var best: (end: Int, cost: Double)?
        for k in range.dropLast() where words[k].breakAfter != .never {
            let first = range.lowerBound..<(k + 1)
            let firstLength = length(first)
            guard firstLength <= layout.maxLineLength || first.count == 1 else { break }
            guard let rest = firstLine((k + 1)..<range.upperBound, maxLines: maxLines - 1) else { continue }
            let cost = Self.cost(of: words[k].breakAfter) + abs(Double(firstLength) - even) / 4 + rest.cost
            if cost < best?.cost ?? .infinity { best = (k + 1, cost) }
        }
        return best
    }
}
