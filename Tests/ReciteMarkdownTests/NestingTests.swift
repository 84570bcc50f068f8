import Foundation
import ReciteScript
import Testing
@testable import ReciteMarkdown

/// Markdown nested to any depth is read whole, the levels past Recite's bounds flattened, with
/// one warning; nothing recurses on the depth. Each parse runs on a thread with a 512 KB stack
/// (half of what the build's threads have), so recursion on the input's depth would crash it.
@Suite struct NestingTests {
    func read(_ text: String) -> (words: [String], warnings: [Warning]) {
        final class Box: @unchecked Sendable { var value: (script: Script, warnings: [Warning])? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = MarkdownParser.read(SourceText(path: "deep.md", text: text))
            done.signal()
        }
        thread.stackSize = 512 << 10
        thread.start()
        done.wait()
        let (script, warnings) = box.value!
        return (script.blocks.flatMap(\.runs).compactMap(\.spoken), warnings)
    }

    static let flattened = "Quotes, lists, emphasis or links are nested deeper than Recite keeps (32 levels of blocks, "
        + "32 of inlines); the deeper levels are read as plain text of the level above."

    @Test func fiftyThousandNestedQuotes() {
        let (words, warnings) = read(String(repeating: ">", count: 50_000) + " deep quote words\n")
        #expect(words == ["deep", "quote", "words"])
        // The 33rd quote is the first one not kept: it starts at the 33rd character.
        #expect(warnings.map(\.description) == ["deep.md:1:33: warning: " + Self.flattened])
    }

    @Test func twentyThousandNestedListsOnOneLine() {
        let (words, warnings) = read(String(repeating: "- ", count: 20_000) + "x deep list\n")
        #expect(words == ["x", "deep", "list"])
        // A list and its item are two levels: the 17th list, at character 33, is the first not kept.
        #expect(warnings.map(\.description) == ["deep.md:1:33: warning: " + Self.flattened])
    }

    @Test func twentyThousandNestedEmphases() {
        let text = String(repeating: "*", count: 20_000) + "emphasis words" + String(repeating: "*", count: 20_000) + "\n"
        let (words, warnings) = read(text)
        #expect(words == ["emphasis", "words"])
        #expect(warnings.count == 1)
        #expect(warnings.first?.location == SourceLocation(line: 1, column: 1))
    }

    @Test func twentyThousandNestedLinksAndBrackets() {
        // Links inside link text are not links in CommonMark, but images are: ![![![…](u)](u)](u).
        let images = String(repeating: "![", count: 20_000) + "alt words" + String(repeating: "](u)", count: 20_000) + "\n"
        let (imageWords, imageWarnings) = read(images)
        #expect(imageWords == ["alt", "words"])
        #expect(imageWarnings.count == 1)
        let brackets = String(repeating: "[", count: 20_000) + "link words" + String(repeating: "]", count: 20_000) + "\n"
        let (bracketWords, _) = read(brackets)
        #expect(bracketWords.count == 2)
        #expect(bracketWords.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) } == ["link", "words"])
    }

    @Test func nestingWithinTheBoundsIsKeptAndNotWarnedAbout() {
        let (words, warnings) = read(String(repeating: ">", count: 32) + " kept\n")
        #expect(words == ["kept"])
        #expect(warnings.isEmpty)
        let (_, over) = read(String(repeating: ">", count: 33) + " flattened\n")
        #expect(over.count == 1)
    }

    @Test func deepFrontMatterIsIgnoredWithAWarningAndTheDocumentRead() {
        let text = "---\ntitle: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
            + "\n---\n\nThe body is read.\n"
        let (words, warnings) = read(text)
        #expect(words == ["The", "body", "is", "read."])
        // The mapping is one level; its 64th bracket (after "title: ", 7 characters) is the 65th.
        #expect(warnings.map(\.description) == ["deep.md:2:71: warning: The front matter is nested more than 64 levels deep: "
                                                 + "it is ignored (its title and language too), and the document is read."])
    }

    /// Found by the fuzzer: Yams put a key that is a mapping (`? content: …`) in a dictionary and
    /// stopped the process; the front matter is now refused with its place and the document read.
    @Test(arguments: ["---\nlayout: default\nquote:\n ?  content: Si tu veux\n    author: Proverbe\n---\n\nThe body is read.\n",
                      "---\n[a, b]: c\n---\n\nThe body is read.\n",
                      "---\nx: &m {a: 1}\n? *m\n: y\n---\n\nThe body is read.\n"])
    func frontMatterWithAKeyThatIsNoWordIsRefused(_ text: String) {
        let (words, warnings) = read(text)
        #expect(words == ["The", "body", "is", "read."])
        #expect(warnings.count == 1)
        #expect(warnings.first?.description.contains("has a key that is a mapping or a list") == true)
    }
}
