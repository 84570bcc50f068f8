import ReciteCmarkGFM
@testable import ReciteMarkdown
import ReciteScript
import Testing

/// HTML5's character references through cmark-gfm's table, and the words aligned on them.
@Suite struct CharacterReferenceTests {
    @Test func html5NamesNumbersAndWhatIsNoReference() {
        let html5 = CharacterReferences.html5
        #expect(html5.decode("caf&eacute; &hellip; &frac12; &Aring;ngstr&ouml;m") == "café … ½ Ångström")
        // Two code points for one name; names that stand for ASCII; numbers; an invalid number.
        #expect(html5.decode("&NotEqualTilde;") == "\u{2242}\u{338}")
        #expect(html5.decode("&excl;&num;&lpar;&#65;&#x42;&#0;") == "!#(AB\u{FFFD}")
        // Not references: an unknown name, no semicolon, a lone ampersand.
        #expect(html5.decode("&nosuchname; &eacute AT&T &") == "&nosuchname; &eacute AT&T &")
        // XML knows only its five.
        #expect(CharacterReferences.xml.decode("&amp;&lt;&eacute;&#233;") == "&<&eacute;é")
    }

    @Test func aReferenceInTheMiddleOfScalars() throws {
        let scalars = Array("x&CounterClockwiseContourIntegral;y".unicodeScalars)
        let found = try #require(CharacterReferences.html5.reference(in: scalars, at: 1, end: scalars.count))
        #expect(found.scalars == ["\u{2233}"] && found.length == 33)
        #expect(CharacterReferences.html5.reference(in: scalars, at: 0, end: scalars.count) == nil)
    }

    @Test func wordsPointAtTheReferencesTheyWereWrittenWith() {
        let text = "Caf&eacute; &Aring;ngstr&ouml;m &NotEqualTilde; a&num;b\n"
        let source = SourceText(path: "r.md", text: text)
        let script = MarkdownParser.parse(source)
        let words = script.blocks.flatMap(\.runs).filter { $0.spoken != nil }
        #expect(words.map { $0.spoken! } == ["Café", "Ångström", "\u{2242}\u{338}", "a#b"])
        #expect(words.map { source.text(of: $0.source) } == ["Caf&eacute;", "&Aring;ngstr&ouml;m", "&NotEqualTilde;", "a&num;b"])
    }
}
