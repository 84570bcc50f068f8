/// Collects the text of one block as parsers find it, with where each code point came from, then
/// cuts it into word runs whose source spans are exact.
///
/// Parsers get text from their C libraries with markup and escapes removed ("AT&amp;T" arrives as
/// "AT&T"). `appendAligned` finds each code point again in the source, scanning forward from a
/// cursor, so a word's span covers the bytes the reader sees, whatever markup sat around it.
public struct BlockTextBuilder {
    private struct Piece {
        var scalar: Unicode.Scalar
        /// Code-point range in the source this character stands for; nil if not found there.
        var origin: Range<Int>?
        /// Index of the character's style in `styles`: a style is kept once per call that adds
        /// text, not copied into every character (copying it per character cost more than the
        /// rest of parsing).
        var style: Int32
        /// A space inside one word (`appendUnit`): it does not end the word.
        var glued = false
    }

    private enum Item {
        case char(Piece)
        case pause(Double, at: Int)
        case mark(String, at: Int)
        case audio(String, origin: Range<Int>)
    }

    public let source: SourceText
    private var items: [Item] = []
    private var styles: [RunStyle] = []
    /// Runs of the words already cut off `items` (see `compact`).
    private var done: [Run] = []
    /// Indices in `done` of words none of whose characters were found in the source: they are
    /// placed between their neighbours by `finish` (see `placeUnplaced`).
    private var unplaced: [Int] = []
    /// Characters from which `items` is cut into runs as it grows: a paragraph of a megabyte
    /// (a book pasted without blank lines) would otherwise hold some 40 bytes per character.
    public var compactionThreshold = 8192 {
        didSet { compactAt = compactionThreshold }
    }
    /// Item count at which to compact next (later after a compaction that found no word to cut).
    private var compactAt = 8192

    /// The index of `style` in `styles`, added unless it is the last one there.
    private mutating func index(of style: RunStyle) -> Int32 {
        if let last = styles.last, last == style { return Int32(styles.count - 1) }
        styles.append(style)
        return Int32(styles.count - 1)
    }

    /// How far ahead of the cursor a character is looked for before it is taken as not in the source.
    public var searchWindow = 400
    /// Code points the parser's library never saw (blanked before parsing): not matched to text.
    public var hidden: [Bool]?
    /// The references the source's language knows: a reference is matched to what it stands for.
    public var references = CharacterReferences.xml
    /// A reference that stands for several code points, and those of them still to be matched.
    private var partialReference: (origin: Range<Int>, rest: ArraySlice<Unicode.Scalar>)?

    public init(source: SourceText) {
        self.source = source
    }

    public var isEmpty: Bool { items.isEmpty && done.isEmpty }

    /// Adds `text`, matching each code point in the source from `cursor` (advanced past each match)
    /// up to `limit`.
    public mutating func appendAligned(_ text: String, cursor: inout Int, limit: Int, style: RunStyle) {
        let style = index(of: style)
        let end = min(limit, source.scalars.count)
        for scalar in text.unicodeScalars {
            if scalar.isWhiteSpace {
                items.append(.char(Piece(scalar: " ", origin: nil, style: style)))
                continue
            }
            var found: Range<Int>?
            if let (origin, rest) = partialReference, rest.first == scalar {
                // The next code point of a reference that stands for several (`&NotEqualTilde;`).
                found = origin
                partialReference = rest.count > 1 ? (origin, rest.dropFirst()) : nil
            } else {
                partialReference = nil
                var j = cursor
                let stop = min(end, cursor + searchWindow)
                while j < stop {
                    if let hidden, hidden[j] { j += 1; continue }
                    if source.scalars[j] == "&", let (decoded, length) = references.reference(in: source.scalars, at: j, end: end) {
                        // A character reference stands for the code points it decodes to.
                        if decoded.first == scalar {
                            found = j..<j + length
                            if decoded.count > 1 { partialReference = (j..<j + length, decoded.dropFirst()) }
                            break
                        }
                        j += length
                        continue
                    }
                    if source.scalars[j] == scalar { found = j..<j + 1; break }
                    j += 1
                }
            }
            if let found {
                items.append(.char(Piece(scalar: scalar, origin: found, style: style)))
                cursor = found.upperBound
            } else {
                items.append(.char(Piece(scalar: scalar, origin: nil, style: style)))
            }
            if items.count >= compactAt {
                compact()
                compactAt = items.count + compactionThreshold
            }
        }
    }

    /// Adds text that is not in the source as such (a title announcement, an SSML `<sub alias>`):
    /// every word of it points at `origin`.
    public mutating func appendGenerated(_ text: String, origin: Range<Int>, style: RunStyle) {
        let style = index(of: style)
        for scalar in text.unicodeScalars {
            let isSpace = scalar.isWhiteSpace
            items.append(.char(Piece(scalar: isSpace ? " " : scalar, origin: isSpace ? nil : origin, style: style)))
        }
    }

    /// Adds text that is read as one unit (an SSML `<say-as>`: "12 May 2020" is one date): a single
    /// run, its inner white space kept as single spaces, pointing at `origin`.
    public mutating func appendUnit(_ text: String, origin: Range<Int>, style: RunStyle) {
        let style = index(of: style)
        let words = text.split(whereSeparator: { $0.isWhitespace })
        for (k, word) in words.enumerated() {
            if k > 0 { items.append(.char(Piece(scalar: " ", origin: nil, style: style, glued: true))) }
            for scalar in word.unicodeScalars {
                items.append(.char(Piece(scalar: scalar, origin: origin, style: style)))
            }
        }
    }

    /// Adds a recorded sound (SSML `<audio>`) standing for the source code points `origin`.
    public mutating func appendAudio(_ path: String, origin: Range<Int>) {
        items.append(.audio(path, origin: origin))
    }

    /// Adds a word separator that stands for no source text (a soft line break, a cell border).
    public mutating func appendSpace() {
        items.append(.char(Piece(scalar: " ", origin: nil, style: index(of: RunStyle()))))
    }

    /// Adds a silence at source position `at` (a code-point index).
    public mutating func appendPause(_ seconds: Double, at: Int) {
        items.append(.pause(seconds, at: at))
    }

    /// Adds a named mark at source position `at`.
    public mutating func appendMark(_ name: String, at: Int) {
        items.append(.mark(name, at: at))
    }

    /// Ends the sentence so far: the last word gets a full stop if it has no closing punctuation
    /// (SSML `<s>` without one), so the synthesizer ends the sentence there.
    public mutating func endSentence() {
        guard let last = items.lastIndex(where: {
            if case .char(let p) = $0 { return !p.scalar.isWhiteSpace }
            return false
        }), case .char(let piece) = items[last] else { return }
        if !".!?;:".unicodeScalars.contains(piece.scalar) {
            items.insert(.char(Piece(scalar: ".", origin: nil, style: piece.style)), at: last + 1)
        }
    }

    /// The runs collected so far, one per word, pause or mark; the builder is emptied.
    /// `fallback` is the block's code points: words none of whose characters were found in the
    /// source are placed inside it.
    public mutating func finish(fallback: Range<Int>) -> [Run] {
        cut(items.count)
        placeUnplaced(within: fallback)
        defer {
            done = []
            unplaced = []
            compactAt = compactionThreshold
            items.removeAll()
            styles.removeAll()
        }
        return done
    }

    /// Gives each word found nowhere in the source a share of the source between the runs
    /// around it (within `block`), in proportion to its length. Every such word once took the
    /// whole block: in a paragraph of a megabyte whose text drifted from the source, thousands of
    /// words each copied a megabyte into the sidecar, quadratic in time and memory.
    private mutating func placeUnplaced(within block: Range<Int>) {
        var k = 0
        while k < unplaced.count {
            var j = k
            while j + 1 < unplaced.count, unplaced[j + 1] == unplaced[j] + 1 { j += 1 }
            let first = unplaced[k], last = unplaced[j]
            var lo = block.lowerBound, hi = block.upperBound
            if first > 0 { lo = max(lo, source.scalarIndex(atByte: done[first - 1].source.end)) }
            if last + 1 < done.count { hi = min(hi, source.scalarIndex(atByte: done[last + 1].source.offset)) }
            hi = max(lo, hi)
            let weights = unplaced[k...j].map { max(1, done[$0].spoken?.unicodeScalars.count ?? 1) }
            let total = weights.reduce(0, +)
            var sum = 0
            for (n, index) in unplaced[k...j].enumerated() {
                let start = lo + (hi - lo) * sum / total
                sum += weights[n]
                done[index].source = source.span(scalars: start..<(lo + (hi - lo) * sum / total))
            }
            k = j + 1
        }
    }

    /// Cuts the items before the last word into runs, keeping that word (and what follows it)
    /// as items: `endSentence` may still change it.
    private mutating func compact() {
        guard let last = items.lastIndex(where: { if case .char(let p) = $0 { return !p.scalar.isWhiteSpace }; return true }),
              let boundary = items[..<last].lastIndex(where: { if case .char(let p) = $0 { return p.scalar == " " && !p.glued }; return true })
        else { return }
        cut(boundary)
    }

    /// Turns `items[..<end]` into runs appended to `done`; `end` is a word boundary (or the end).
    private mutating func cut(_ end: Int) {
        var word: [Piece] = []

        func flushWord() {
            defer { word.removeAll(keepingCapacity: true) }
            guard !word.isEmpty else { return }
            var text = String.UnicodeScalarView()
            for piece in word { text.append(piece.scalar) }
            // The core is the word without the punctuation around it: its span is what the word stands for.
            var lo = 0, hi = word.count
            while lo < hi, wordEdgePunctuation.contains(word[lo].scalar) { lo += 1 }
            while hi > lo, wordEdgePunctuation.contains(word[hi - 1].scalar) { hi -= 1 }
            let core = lo < hi ? lo..<hi : 0..<word.count
            var first = Int.max, last = Int.min
            for k in core {
                guard let origin = word[k].origin else { continue }
                first = min(first, origin.lowerBound)
                last = max(last, origin.upperBound)
            }
            if first > last { unplaced.append(done.count) }
            let range = first <= last ? first..<last : 0..<0
            done.append(Run(.speech(String(text)), source: source.span(scalars: range), style: styles[Int(word[core.lowerBound].style)]))
        }

        for item in items[..<end] {
            switch item {
            case .char(let piece):
                if piece.scalar == " " && !piece.glued { flushWord() } else { word.append(piece) }
            case .pause(let seconds, let at):
                flushWord()
                done.append(Run(.pause(seconds), source: source.span(scalars: at..<at)))
            case .mark(let name, let at):
                flushWord()
                done.append(Run(.mark(name), source: source.span(scalars: at..<at)))
            case .audio(let path, let origin):
                flushWord()
                done.append(Run(.audio(path: path), source: source.span(scalars: origin)))
            }
        }
        flushWord()
        items.removeSubrange(..<end)
    }

}
