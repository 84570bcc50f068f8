import Foundation
import ReciteScript
import ReciteTestSupport
import Testing
@testable import ReciteMarkdown

@Suite struct MarkdownParserTests {
    static let document = """
    ---
    title: The Title
    lang: en-GB
    ---
    # Heading *one*

    A [linked text](https://example.org/x "t") and ![an image](img.png) here.

    - first item
    - [ ] open task

    | A | B |
    |---|---|
    | c | d |

    > quoted words

    ```swift
    let x = 1
    ```

    Ünïcödé 日本語 😀 end.
    """

    let source = SourceText(path: "doc.md", text: document)

    @Test func blocksComeInReadingOrderWithTheirKinds() {
        let script = MarkdownParser.parse(source)
        #expect(script.language == "en-GB")
        #expect(script.blocks.map(\.kind) == [
            .title, .heading(level: 1), .paragraph, .listItem, .listItem,
            .tableCell, .tableCell, .tableCell, .tableCell, .quote, .code, .paragraph,
        ])
    }

    @Test func linkTextAndAltTextAreReadButNotURLs() {
        let script = MarkdownParser.parse(source)
        let words = script.blocks[2].runs.compactMap(\.spoken)
        #expect(words == ["A", "linked", "text", "and", "an", "image", "here."])
    }

    @Test func everyWordPointsAtItsOwnBytes() {
        let script = MarkdownParser.parse(source)
        for block in script.blocks where block.kind != .code {
            for run in block.runs {
                let spoken = run.spoken!
                #expect(source.text(of: run.source) == wordCore(spoken), "\(spoken) at \(run.source)")
            }
        }
    }

    @Test func columnsCountCodePointsAfterWideCharacters() throws {
        let script = MarkdownParser.parse(source)
        let last = try #require(script.blocks.last?.runs.last)
        #expect(last.spoken == "end.")
        #expect(last.source.column == 15)  // "Ünïcödé 日本語 😀 " is 14 code points
        #expect(last.source.length == 3)
    }

    @Test func frontMatterIsNotReadButItsTitleIsFirst() {
        let script = MarkdownParser.parse(source)
        #expect(script.blocks[0].runs.compactMap(\.spoken) == ["The", "Title"])
        #expect(source.text(of: script.blocks[0].runs[0].source) == "The")
        let all = script.blocks.flatMap(\.runs).compactMap(\.spoken)
        #expect(!all.contains("lang:"))
    }

    @Test func aTitleTheFirstHeadingRepeatsIsReadOnce() throws {
        func kinds(_ text: String) throws -> [Block.Kind] {
            MarkdownParser.parse(try SourceText(path: "t.md", bytes: Array(text.utf8))).blocks.map(\.kind)
        }
        #expect(try kinds("---\ntitle: Studio in town\n---\n\n# Studio in Town\n\nText.\n") == [.heading(level: 1), .paragraph])
        #expect(try kinds("---\ntitle: Another name\n---\n\n# Studio\n\nText.\n") == [.title, .heading(level: 1), .paragraph])
    }

    @Test(arguments: [MarkdownOptions.CodeBlocks.announce, .skip, .read])
    func codeBlocksFollowTheOption(mode: MarkdownOptions.CodeBlocks) {
        let script = MarkdownParser.parse(source, options: MarkdownOptions(codeBlocks: mode, codeAnnouncement: "Code here."))
        let code = script.blocks.first { $0.kind == .code }
        switch mode {
        case .announce: #expect(code?.runs.compactMap(\.spoken) == ["Code", "here."])
        case .skip: #expect(code == nil)
        case .read: #expect(code?.runs.compactMap(\.spoken) == ["let", "x", "=", "1"])
        }
    }

    @Test func emphasisIsCarriedAsStyle() {
        let script = MarkdownParser.parse(source)
        #expect(script.blocks[1].runs[1].style.emphasis == .moderate)
        #expect(script.blocks[1].runs[0].style.emphasis == nil)
    }

    @Test func templateTagsAreNotReadAndPositionsStayTrue() {
        let text = "{% import 'm.html' as m %}\n\nSee {{ m.image('ü.png', caption=\"x\") }} the café.\n"
        let source = SourceText(path: "t.md", text: text)
        let script = MarkdownParser.parse(source)
        let runs = script.blocks.flatMap(\.runs)
        #expect(runs.compactMap(\.spoken) == ["See", "the", "café."])
        #expect(runs.allSatisfy { source.text(of: $0.source) == wordCore($0.spoken!) })
        let kept = MarkdownParser.parse(source, options: MarkdownOptions(skipTemplateTags: false))
        #expect(kept.blocks.flatMap(\.runs).count > runs.count)
    }

    @Test func tomlFrontMatterTitle() {
        let toml = SourceText(path: "t.md", text: "+++\ntitle = \"Rust 1.71\"\n+++\n\nBody text.\n")
        let script = MarkdownParser.parse(toml)
        #expect(script.blocks.first?.kind == .title)
        #expect(script.blocks.first?.runs.compactMap(\.spoken) == ["Rust", "1.71"])
        #expect(script.blocks.last?.runs.first?.source.line == 5)
    }
}

/// Words keep their own bytes in a paragraph written on one line, however long (issue 25).
@Suite struct OneLineParagraphTests {
    /// A bare URL (an autolink) has no `](…)` after it: the cursor stays after it. It once looked
    /// for the next `]` on the line, jumped over everything before "[MP3 SP]", and every word
    /// after took the whole paragraph as its source.
    @Test func aBareLinkDoesNotMoveTheCursorToALaterBracket() throws {
        let text = "See https://en.wikipedia.org/wiki/N%2B1_redundancy. Nothing beats a fan. [MP3 SP] The end."
        let source = SourceText(path: "one.md", text: text)
        let runs = MarkdownParser.parse(source).blocks.flatMap(\.runs)
        for word in ["Nothing", "beats", "fan.", "The", "end."] {
            let run = try #require(runs.first { $0.spoken == word }, "no run \(word)")
            #expect(source.text(of: run.source) == word.trimmingCharacters(in: CharacterSet(charactersIn: ".")),
                    "\(word) points at \(source.text(of: run.source))")
        }
    }

    /// Bracketed links still skip their destinations, with markup before the `]`.
    @Test func aBracketedLinkSkipsItsDestination() throws {
        let text = "Read [the **guide**](https://example.org/guide) and [`code`][ref] today.\n\n[ref]: https://example.org/code"
        let source = SourceText(path: "links.md", text: text)
        let runs = MarkdownParser.parse(source).blocks.flatMap(\.runs)
        let today = try #require(runs.first { $0.spoken == "today." })
        #expect(source.text(of: today.source) == "today")
        let spoken = runs.compactMap(\.spoken)
        #expect(!spoken.contains { $0.contains("example") }, "\(spoken)")
    }
}
