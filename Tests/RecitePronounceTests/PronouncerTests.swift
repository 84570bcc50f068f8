import Foundation
@testable import RecitePronounce
import ReciteScript
import Testing

@Suite struct PronouncerTests {
    /// A one-block script whose runs are the words of `text` (split at spaces and line breaks),
    /// each with its own byte span, as the parsers make them.
    static func script(_ text: String, language: String = "en-US") -> Script {
        var runs: [Run] = []
        var offset = 0
        for piece in text.split(separator: " ", omittingEmptySubsequences: false) {
            for (k, word) in piece.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if k > 0 { offset += 1 }
                if !word.isEmpty {
                    // As the parsers do, the span leaves out the punctuation around the word.
                    let core = word.drop { "(".contains($0) }.reversed().drop { ",.)".contains($0) }
                    let lead = word.count - word.drop { "(".contains($0) }.count
                    runs.append(Run(.speech(String(word)), source: SourceSpan(offset: offset + lead, length: String(core).utf8.count, line: 1, column: offset + lead + 1)))
                }
                offset += word.utf8.count
            }
            offset += 1
        }
        let block = Block(kind: .paragraph, source: SourceSpan(offset: 0, length: text.utf8.count, line: 1, column: 1), runs: runs)
        return Script(path: "doc.md", language: language, blocks: [block])
    }

    static func lexicon(_ entries: [LexiconEntry], language: String? = "en") -> Lexicon {
        Lexicon(path: "test.yml", language: language, entries: entries)
    }

    static func ipa(_ word: String, _ text: String, caseSensitive: Bool = false) -> LexiconEntry {
        LexiconEntry(graphemes: [word], pronunciation: .phonemes(WrittenPronunciation(alphabet: .ipa, text: text)), caseSensitive: caseSensitive)
    }

    /// (spoken, phonemes) of every run.
    static func said(_ script: Script) -> [String] {
        script.blocks[0].runs.map { run in run.style.phonemes.map { "\(run.spoken!)=[\($0)]" } ?? run.spoken! }
    }

    @Test func wholeWordsOnlyEveryOccurrenceAnyCase() throws {
        let pronouncer = Pronouncer(lexicons: [Self.lexicon([Self.ipa("lead", "lɛd")])])
        let result = try pronouncer.pronounce(Self.script("lead Leads leadership unleaded lead's LEAD."))
        // eSpeak NG's English phoneme for ɛ is E (phsource/ph_english): /lɛd/ is [[lEd]].
        let lead = "lEd", leads = "lEdz"
        #expect(Self.said(result) == ["lead=[\(lead)]", "Leads=[\(leads)]", "leadership", "unleaded",
                                      "lead's=[\(leads)]", "LEAD.=[\(lead)]"])
        // The text keeps its case and its spans.
        #expect(result.blocks[0].runs.map(\.source) == Self.script("lead Leads leadership unleaded lead's LEAD.").blocks[0].runs.map(\.source))
    }

    @Test func caseSensitiveEntriesMatchTheirCaseOnly() throws {
        let us = LexiconEntry(graphemes: ["US"], pronunciation: .alias("United States"), caseSensitive: true)
        let result = try Pronouncer(lexicons: [Self.lexicon([us])]).pronounce(Self.script("the US and us"))
        #expect(Self.said(result) == ["the", "United States", "and", "us"])
    }

    @Test func multiWordEntriesMatchAcrossRunsAndLineBreaksAndCoverTheirSpan() throws {
        let gambit = LexiconEntry(graphemes: ["Albin counter gambit"], pronunciation: .alias("Albin counter-gambit"))
        let text = "the Albin\ncounter gambit, then Albin counter, gambit"
        let result = try Pronouncer(lexicons: [Self.lexicon([gambit])]).pronounce(Self.script(text))
        #expect(Self.said(result) == ["the", "Albin counter-gambit,", "then", "Albin", "counter,", "gambit"])
        let merged = result.blocks[0].runs[1].source
        #expect(merged.offset == 4 && merged.length == "Albin\ncounter gambit".utf8.count)
    }

    @Test func aMatchInsideARunSplitsItAndKeepsPunctuation() throws {
        let pronouncer = Pronouncer(lexicons: [Self.lexicon([LexiconEntry(graphemes: ["lead"], pronunciation: .alias("led"))])])
        let result = try pronouncer.pronounce(Self.script("(lead), lead/gold gold/lead"))
        #expect(Self.said(result) == ["(led),", "led", "/gold", "gold/", "led"])
    }

    @Test func laterLexiconsOverrideAndListedFormsBeatDerivedOnes() throws {
        let first = Self.lexicon([LexiconEntry(graphemes: ["lead"], pronunciation: .alias("first")),
                                  LexiconEntry(graphemes: ["leads"], pronunciation: .alias("listed"))])
        let second = Self.lexicon([LexiconEntry(graphemes: ["lead"], pronunciation: .alias("second"))])
        let result = try Pronouncer(lexicons: [first, second]).pronounce(Self.script("lead leads lead's"))
        #expect(Self.said(result) == ["second", "listed", "second's"])
    }

    @Test func theDocumentLanguagePicksTheLexicons() throws {
        let english = Self.lexicon([LexiconEntry(graphemes: ["chat"], pronunciation: .alias("talk"))], language: "en")
        let british = Self.lexicon([LexiconEntry(graphemes: ["chat"], pronunciation: .alias("natter"))], language: "en-GB")
        let pronouncer = Pronouncer(lexicons: [english, british])
        #expect(Self.said(try pronouncer.pronounce(Self.script("chat", language: "en-US"))) == ["talk"])
        #expect(Self.said(try pronouncer.pronounce(Self.script("chat", language: "en-GB"))) == ["natter"])
        #expect(Self.said(try pronouncer.pronounce(Self.script("chat", language: "fr"))) == ["chat"])
    }

    @Test func inflectionsFollowTheLastSound() {
        func inflected(_ text: String, _ alphabet: PhoneticAlphabet = .ipa) -> String {
            Inflections.inflect(WrittenPronunciation(alphabet: alphabet, text: text)).text
        }
        #expect(inflected("lɛd") == "lɛdz")
        #expect(inflected("ˈbʊk") == "ˈbʊks")
        #expect(inflected("tʃɝtʃ") == "tʃɝtʃɪz")
        #expect(inflected("tS3`tS", .xsampa) == "tS3`tSIz")
        #expect(Inflections.forms(of: "church") == ["churches", "church's"])
        #expect(Inflections.forms(of: "city") == ["cities", "city's"])
        #expect(Inflections.forms(of: "NATO") == ["NATOS", "NATO's"])
    }

    @Test func anUnknownSymbolIsAnErrorNamingTheFileTheEntryAndTheSymbol() {
        let bad = Lexicon(path: "names.yml", language: "en", entries: [LexiconEntry(graphemes: ["click"], pronunciation: .phonemes(WrittenPronunciation(alphabet: .ipa, text: "ʘa")), line: 7)])
        do {
            _ = try LexiconIndex(lexicons: [bad], language: "en-US")
            Issue.record("the lexicon was accepted")
        } catch {
            #expect(error.path == "names.yml" && error.line == 7)
            #expect(error.message.contains("click") && error.message.contains("ʘ"))
        }
    }

    @Test func ssmlPronunciationsAreConvertedAndBadOnesAreErrorsAtTheirPlace() throws {
        var script = Self.script("the lead")
        script.blocks[0].runs[1].style.written = WrittenPronunciation(alphabet: .ipa, text: "lɛd")
        let converted = try Pronouncer().pronounce(script)
        #expect(converted.blocks[0].runs[1].style.phonemes == "lEd")
        script.blocks[0].runs[1].style.written = WrittenPronunciation(alphabet: .ipa, text: "ʘ")
        #expect(throws: DocumentError.self) { try Pronouncer().pronounce(script) }
    }

    @Test func lookupCostDoesNotDependOnTheLexiconSize() throws {
        // Candidates for a word come from one dictionary lookup: a big lexicon offers the same few.
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        func name(_ n: Int) -> String { "w" + String((0..<4).map { letters[(n / Int(pow(26.0, Double($0)))) % 26] }) }
        var entries = (0..<50_000).map { LexiconEntry(graphemes: [name($0)], pronunciation: .alias("w")) }
        entries.append(Self.ipa("lead", "lɛd"))
        let index = try LexiconIndex(lexicons: [Self.lexicon(entries)], language: "en-US")
        #expect(index.candidates(forFolded: "lead").count == 1)
        #expect(index.formCount == 50_001 * 3)
    }
}
