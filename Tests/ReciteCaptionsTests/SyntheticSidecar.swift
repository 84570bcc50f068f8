import Foundation
import ReciteScript
@testable import ReciteTiming

/// Timing sidecars made up for a source text, shaped like the stitcher's: one word per written
/// word (its span without the punctuation and markup around it), sentences ended by `.`, `!`
/// or `?`, blocks separated by blank lines (`# ` a heading, each `- ` line a list item). Times are steady:
/// `secondsPerWord` per word, a small gap between words, longer ones after sentences and blocks.
/// Tests control the timings exactly, with no synthesizer involved.
struct SyntheticSidecar {
    var secondsPerWord = 0.3
    var gap = 0.02
    var sentencePause = 0.4
    var blockPause = 0.8

    /// Characters stripped from the ends of a written word to find its spoken span.
    static let around: Set<Character> = ["*", "_", "[", "]", "(", ")", "#", ",", ".", ";", ":", "!", "?", "\"", "“", "”", "-"]

    func make(_ text: String, path: String = "doc.md", audio: String = "doc.wav") -> (SourceText, TimingSidecar) {
        let source = SourceText(path: path, text: text)
        let bytes = Array(text.utf8)
        var words: [TimingSidecar.Word] = []
        var sentences: [TimingSidecar.Sentence] = []
        var blocks: [TimingSidecar.BlockTiming] = []
        var time = 0.0
        var sentenceFirst: Int?
        var blockFirst: Int?
        var blockKind = ("paragraph", Int?.none)

        func closeSentence() {
            guard let first = sentenceFirst, first < words.count else { return }
            let last = words[words.count - 1]
            let offset = words[first].offset
            sentences.append(.init(start: words[first].start, end: last.end, text: "", offset: offset,
                                   length: last.offset + last.length - offset))
            sentenceFirst = nil
            time += sentencePause
        }
        func closeBlock() {
            closeSentence()
            guard let first = blockFirst, first < words.count else { blockFirst = nil; return }
            let last = words[words.count - 1]
            let offset = words[first].offset
            let length = last.offset + last.length - offset
            blocks.append(.init(kind: blockKind.0, level: blockKind.1,
                                text: String(decoding: bytes[offset..<offset + length], as: UTF8.self),
                                start: words[first].start, end: last.end, offset: offset, length: length))
            blockFirst = nil
            time += blockPause
        }

        var offset = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            defer { offset += line.utf8.count + 1 }
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("- ") { closeBlock() }
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            if blockFirst == nil {
                blockFirst = words.count
                if line.hasPrefix("#") { blockKind = ("heading", line.prefix { $0 == "#" }.count) }
                else if line.hasPrefix("- ") { blockKind = ("listItem", nil) }
                else { blockKind = ("paragraph", nil) }
            }
            var tokenStart = offset
            for token in line.split(separator: " ", omittingEmptySubsequences: false) {
                defer { tokenStart += token.utf8.count + 1 }
                let lead = token.prefix { Self.around.contains($0) }
                var core = Substring(token.dropFirst(lead.count))
                if let link = core.range(of: "](") { core = core[..<link.lowerBound] }
                core = Substring(core.reversed().drop { Self.around.contains($0) }.reversed())
                guard !core.isEmpty else { continue }
                let wordOffset = tokenStart + lead.utf8.count
                let written = String(core)
                if sentenceFirst == nil { sentenceFirst = words.count }
                words.append(.init(start: time, end: time + secondsPerWord, spoken: written, text: written,
                                   offset: wordOffset, length: written.utf8.count, line: 0, column: 0))
                time += secondsPerWord + gap
                if let end = token.last(where: { !"*_)]\"”".contains($0) }), ".!?".contains(end) { closeSentence() }
            }
        }
        closeBlock()
        let duration = (words.last?.end ?? 0) + 0.5
        return (source, TimingSidecar(source: path, audio: audio, sampleRate: 22050, duration: duration,
                                      words: words, sentences: sentences, blocks: blocks, marks: []))
    }
}

/// A hand-made word for sidecars that need expansions ("8 m²" said as three words).
func word(_ spoken: String, _ text: String, at offset: Int, _ start: Double, _ end: Double) -> TimingSidecar.Word {
    TimingSidecar.Word(start: start, end: end, spoken: spoken, text: text, offset: offset,
                       length: text.utf8.count, line: 1, column: offset + 1)
}

/// A sidecar of one sentence and one paragraph block around `words`.
func oneSentence(_ words: [TimingSidecar.Word], source: String) -> TimingSidecar {
    let end = words.last!.end
    return TimingSidecar(source: "doc.md", audio: "doc.wav", sampleRate: 22050, duration: end + 0.5, words: words,
                         sentences: [.init(start: words[0].start, end: end, text: source, offset: 0, length: source.utf8.count)],
                         blocks: [.init(kind: "paragraph", level: nil, text: source, start: words[0].start, end: end,
                                        offset: 0, length: source.utf8.count)],
                         marks: [])
}
