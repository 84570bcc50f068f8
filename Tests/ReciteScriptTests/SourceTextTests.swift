import Foundation
import Testing
@testable import ReciteScript

@Suite struct SourceTextTests {
    @Test func spansCountBytesButColumnsCountCodePoints() {
        // "é" is 2 bytes, "日本" 3 bytes each, "😀" 4 bytes.
        let source = SourceText(path: "t.md", text: "é日本 😀 word\nnext")
        let word = source.span(scalars: 6..<10)
        #expect(source.text(scalars: 6..<10) == "word")
        #expect(word.offset == 2 + 6 + 1 + 4 + 1)
        #expect(word.length == 4)
        #expect(word.line == 1)
        #expect(word.column == 7)
        let next = source.span(scalars: 11..<15)
        #expect(next.line == 2 && next.column == 1)
        #expect(source.text(of: word) == "word")
    }

    @Test func cmarkByteColumnsMapToCodePoints() {
        let source = SourceText(path: "t.md", text: "# 日本\n")
        // cmark reports "日" at byte column 3 of line 1.
        #expect(source.scalarIndex(line: 1, byteColumn: 3) == 2)
        #expect(source.scalarIndex(line: 1, byteColumn: 6) == 3)
    }

    @Test func invalidUTF8IsLocated() {
        #expect(throws: SourceText.DecodingError.self) {
            try SourceText(path: "bad.md", bytes: Array("ok\nab".utf8) + [0xFF])
        }
        do {
            _ = try SourceText(path: "bad.md", bytes: Array("ok\nab".utf8) + [0xC3])
        } catch {
            #expect(error.location == SourceLocation(line: 2, column: 3))
            #expect(error.byteOffset == 5)
        }
    }

    @Test func latin1BytesKeepTheirOffsets() throws {
        let source = try SourceText(path: "l.ssml", bytes: [0x63, 0x61, 0x66, 0xE9, 0x20, 0x78], encoding: .latin1)
        #expect(source.text(scalars: 0..<4) == "café")
        #expect(source.span(scalars: 5..<6).offset == 5)
    }
}

@Suite struct BlockTextBuilderTests {
    @Test func wordsPointAtTheirBytesThroughMarkupAndEntities() {
        let text = "Tom &amp; *Jerry*, (friends)."
        let source = SourceText(path: "t", text: text)
        var builder = BlockTextBuilder(source: source)
        var cursor = 0
        builder.appendAligned("Tom & ", cursor: &cursor, limit: source.scalars.count, style: RunStyle())
        builder.appendAligned("Jerry", cursor: &cursor, limit: source.scalars.count, style: RunStyle(emphasis: .moderate))
        builder.appendAligned(", (friends).", cursor: &cursor, limit: source.scalars.count, style: RunStyle())
        let runs = builder.finish(fallback: 0..<source.scalars.count)
        let pairs = runs.map { ($0.spoken!, source.text(of: $0.source)) }
        #expect(pairs.map(\.0) == ["Tom", "&", "Jerry,", "(friends)."])
        #expect(pairs.map(\.1) == ["Tom", "&amp;", "Jerry", "friends"])
        #expect(runs[2].style.emphasis == .moderate)
    }

    @Test func generatedTextPointsAtItsOrigin() {
        let source = SourceText(path: "t", text: "see W3C now")
        var builder = BlockTextBuilder(source: source)
        builder.appendGenerated("World Wide Web", origin: 4..<7, style: RunStyle())
        builder.appendPause(0.5, at: 7)
        builder.appendMark("m", at: 8)
        let runs = builder.finish(fallback: 0..<11)
        #expect(runs.count == 5)
        #expect(runs[0...2].allSatisfy { source.text(of: $0.source) == "W3C" })
        #expect(runs[3].content == .pause(0.5))
        #expect(runs[4].content == .mark("m"))
    }

    /// Words the parser's text has but the source does not are placed
    /// between their neighbours, never across the whole paragraph.
    @Test func wordsNotInTheSourceStayBetweenTheirNeighbours() throws {
        let source = SourceText(path: "t", text: "alpha beta gamma delta")
        var builder = BlockTextBuilder(source: source)
        var cursor = 0
        builder.appendAligned("alpha beta", cursor: &cursor, limit: 10, style: RunStyle())
        builder.appendSpace()
        builder.appendAligned("zzz qqq", cursor: &cursor, limit: 16, style: RunStyle())
        builder.appendSpace()
        cursor = 17
        builder.appendAligned("delta", cursor: &cursor, limit: source.scalars.count, style: RunStyle())
        let runs = builder.finish(fallback: 0..<source.scalars.count)
        #expect(runs.compactMap(\.spoken) == ["alpha", "beta", "zzz", "qqq", "delta"])
        // Between "beta" (ends at byte 10) and "delta" (starts at 17), in order, without overlap.
        let placed = runs[2...3].map(\.source)
        #expect(placed[0].offset == 10 && placed[1].end == 17)
        #expect(placed[0].end == placed[1].offset)
    }

    @Test func endSentenceAddsAFullStopOnlyWhenMissing() {
        let source = SourceText(path: "t", text: "a b")
        var builder = BlockTextBuilder(source: source)
        var c = 0
        builder.appendAligned("a", cursor: &c, limit: 3, style: RunStyle())
        builder.endSentence()
        builder.appendAligned(" b.", cursor: &c, limit: 3, style: RunStyle())
        builder.endSentence()
        #expect(builder.finish(fallback: 0..<3).map(\.spoken) == ["a.", "b."])
    }
}

/// A long block is cut into runs as it grows (a pasted book is one paragraph): the runs are the
/// same as when it is cut once at the end.
@Suite struct BlockTextCompactionTests {
    func runs(compactingEvery threshold: Int) -> [Run] {
        let text = (0..<400).map { i in i % 7 == 0 ? "&amp; word\(i)." : "w\(i),x" }.joined(separator: " ")
        let source = SourceText(path: "t", text: text)
        var builder = BlockTextBuilder(source: source)
        builder.compactionThreshold = threshold
        var cursor = 0
        let decoded = text.replacingOccurrences(of: "&amp;", with: "&")
        for (k, piece) in decoded.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if k > 0 { builder.appendSpace() }
            builder.appendAligned(String(piece), cursor: &cursor, limit: source.scalars.count,
                                  style: RunStyle(emphasis: k % 3 == 0 ? .strong : nil))
            if k % 50 == 0 { builder.appendMark("m\(k)", at: cursor) }
            if k % 90 == 0 { builder.endSentence() }
        }
        // A word not in the source takes the fallback span, compacted or not.
        builder.appendGenerated(" zzz", origin: 0..<0, style: RunStyle())
        return builder.finish(fallback: 3..<8)
    }

    @Test func compactingAsItGrowsGivesTheSameRuns() {
        let once = runs(compactingEvery: 1 << 30)
        #expect(once.count > 400)
        for threshold in [1, 7, 64, 1000] {
            #expect(runs(compactingEvery: threshold) == once, "compacting every \(threshold) items")
        }
    }
}
