import Foundation
import ReciteScript
import ReciteTestSupport
import Testing
@testable import ReciteSSML

/// The examples of the W3C SSML 1.1 specification (`Fixtures/w3c`, named by section): each
/// parses, or is refused at a line and column when it is not an SSML document (a fragment, or
/// SSML inside SMIL or VoiceXML); the markup it shows lands in the script.
@Suite struct W3CExamplesTests {
    static let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/ReciteSSMLTests/Fixtures/w3c")
    static let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ssml") }.sorted()) ?? []
    /// The examples that are not stand-alone SSML documents.
    static let refused = ["3.1.3-xml-base.ssml", "E.3-smil.ssml", "E.4-voicexml.ssml"]

    static func parse(_ name: String) throws -> SSMLParser.Result {
        let url = folder.appendingPathComponent(name)
        return try SSMLParser.parse(bytes: [UInt8](Data(contentsOf: url)), path: url.path, inputRoot: folder.path)
    }

    static func runs(_ name: String) throws -> [Run] { try parse(name).script.blocks.flatMap(\.runs) }
    static func words(_ name: String) throws -> [String] { try runs(name).compactMap(\.spoken) }
    static func pauses(_ name: String) throws -> [Double] {
        try runs(name).compactMap { if case .pause(let s) = $0.content { s } else { nil } }
    }

    @Test func theFolderHoldsTheExamples() {
        #expect(Self.files.count >= 30)
        for name in Self.files {
            let text = (try? String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            #expect(text.contains("<!-- SSML 1.1, "), "\(name) names the section it comes from")
        }
    }

    @Test(arguments: files)
    func everyExampleParsesOrIsRefusedAtAPlace(name: String) throws {
        guard !Self.refused.contains(name) else {
            let error = #expect(throws: DocumentError.self) { try Self.parse(name) }
            #expect(error?.location != nil, "\(name): \(String(describing: error))")
            return
        }
        let result = try Self.parse(name)
        for run in result.script.blocks.flatMap(\.runs) {
            #expect(run.source.end <= result.source.bytes.count)
            // No word carries markup into the captions.
            if let spoken = run.spoken { #expect(!result.source.text(of: run.source).contains("</"), "\(name): \(spoken)") }
        }
    }

    /// The line of the first occurrence of `needle` in an example (1-based).
    static func line(of needle: String, in name: String) throws -> Int {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        return try #require(lines.firstIndex { $0.contains(needle) }) + 1
    }

    @Test func refusalsSayWhy() throws {
        let smil = #expect(throws: DocumentError.self) { try Self.parse("E.3-smil.ssml") }
        #expect(smil?.message.contains("<smil>") == true)
        #expect(smil?.location?.line == (try Self.line(of: "<smil xmlns", in: "E.3-smil.ssml")))
        let fragment = #expect(throws: DocumentError.self) { try Self.parse("3.1.3-xml-base.ssml") }
        #expect(fragment?.message.hasPrefix("Malformed SSML") == true)
    }

    @Test func documentFormReadsItsPlaceholder() throws {
        // The body is "... the body ...": its words are "the body", whatever the ellipses become.
        #expect(try Self.words("2.1-document-form.ssml").filter { $0.contains(where: \.isLetter) } == ["the", "body"])
    }

    @Test func languageOfAParagraph() throws {
        let all = try Self.runs("3.1.2-xml-lang.ssml")
        #expect(all.first { $0.spoken == "Japanese." }?.style.language == "en-US")
        #expect(all.first { $0.spoken?.hasPrefix("日本語") == true }?.style.language == "ja")
    }

    @Test func lexiconURLsAreSkippedAndLookupIsRead() throws {
        for name in ["3.1.5.1-lexicon.ssml", "3.1.5.2-lookup.ssml"] {
            let result = try Self.parse(name)
            #expect(result.script.lexicons.isEmpty)
            #expect(result.warnings.filter { $0.message.contains("URL") }.count == 2)
            #expect(!result.warnings.contains { $0.message.contains("<lookup>") })
        }
        #expect(try Self.words("3.1.5.2-lookup.ssml").filter { $0 == "tokens" }.count == 4)
    }

    @Test func metaAndMetadataAreSilent() throws {
        #expect(try Self.words("3.1.6-meta.ssml").isEmpty)
        #expect(try Self.words("3.1.7-metadata.ssml").isEmpty)
    }

    @Test func paragraphsAndSentences() throws {
        let result = try Self.parse("3.1.8.1-p-s.ssml")
        #expect(result.script.blocks.count == 1)
        #expect(result.script.blocks[0].runs.compactMap(\.spoken).last == "sentence.")
    }

    @Test func tokensAndWordsAreWordsOfTheirOwn() throws {
        #expect(try Self.words("3.1.8.2-token-w.ssml") == ["南京市", "长江大桥", "南京市长", "江大桥", "上海是个", "大都会", "上海人", "大都", "会那么说"])
        #expect(try Self.runs("3.1.8.2-token-w.ssml").allSatisfy { $0.style.language == "zh-CN" })
    }

    @Test func sayAs() throws {
        let types = try Self.runs("3.1.9-say-as.ssml").compactMap(\.style.sayAs?.interpretAs)
        #expect(Set(types) == ["date", "cardinal", "ordinal", "characters", "telephone"])
    }

    @Test func phonemeWithCharacterReferences() throws {
        let result = try Self.parse("3.1.10-phoneme.ssml")
        let run = try #require(result.script.blocks.flatMap(\.runs).first)
        #expect(run.spoken == "tomato")
        #expect(run.style.written == WrittenPronunciation(alphabet: .ipa, text: "təmei̥ɾoʊ"))
        #expect(result.source.text(of: run.source) == "tomato")
    }

    @Test func sub() throws {
        #expect(try Self.words("3.1.11-sub.ssml") == ["World", "Wide", "Web", "Consortium", "Ununquadium"])
    }

    @Test func langAndW() throws {
        for name in ["3.1.13-lang.ssml", "3.1.14-onlangfailure.ssml"] {
            let all = try Self.runs(name)
            #expect(all.first { $0.spoken == "chat." }?.style.language == "fr", "\(name)")
            #expect(all.first { $0.spoken == "cat" }?.style.language == "en-US", "\(name)")
        }
        #expect(try Self.runs("3.1.13-lang.ssml").first { $0.spoken == "dente." }?.style.language == "it")
    }

    @Test func voices() throws {
        let all = try Self.runs("3.2.1-voice.ssml")
        #expect(all.first { $0.spoken == "Mary" }?.style.voiceTraits == VoiceTraits(gender: .female))
        #expect(all.first { $0.spoken == "Its" }?.style.voiceTraits == VoiceTraits(gender: .female, variant: 2))
        #expect(all.first { $0.spoken == "Mike." }?.style.voiceName == "Mike")
        let required = try Self.runs("3.2.1-voice-required.ssml")
        #expect(required.first { $0.spoken == "Its" }?.style.voiceTraits == VoiceTraits(gender: .female, age: 6, variant: 2))
    }

    @Test func emphasis() throws {
        let all = try Self.runs("3.2.2-emphasis.ssml")
        #expect(all.first { $0.spoken == "big" }?.style.emphasis == .moderate)
        #expect(all.first { $0.spoken == "huge" }?.style.emphasis == .strong)
    }

    @Test func breaks() throws {
        #expect(try Self.pauses("3.2.3-break.ssml") == [0.4, 3, 0.25])
        #expect(try Self.pauses("E.1-simple.ssml") == [0.4])
    }

    @Test func prosody() throws {
        #expect(try Self.runs("3.2.4-prosody.ssml").first { $0.spoken == "$45" }?.style.prosody.rate == 0.9)
        #expect(try Self.runs("E.1-simple.ssml").first { $0.spoken == "ski" }?.style.prosody.rate == 0.8)
        let contour = try Self.parse("3.2.4.1-prosody-contour.ssml")
        #expect(contour.warnings.contains { $0.message.contains("contour") })
        #expect(contour.script.blocks.flatMap(\.runs).compactMap(\.spoken) == ["good", "morning"])
    }

    @Test func audioFallsBackToItsText() throws {
        let result = try Self.parse("3.3.1-audio.ssml")
        let words = result.script.blocks.flatMap(\.runs).compactMap(\.spoken)
        #expect(words.contains("city") && words.contains("Welcome"))
        #expect(result.warnings.filter { $0.message.hasPrefix("<audio") }.count == 3)
        let clip = try Self.parse("3.3.1-audio-clip.ssml")
        #expect(clip.warnings.contains { $0.message.contains("music.wav") && $0.message.contains("URL") })
        #expect(clip.script.blocks.flatMap(\.runs).compactMap(\.spoken) == ["music"])
    }

    @Test func descriptionsAreNotRead() throws {
        let all = try Self.runs("3.3.3-desc.ssml")
        #expect(!all.contains { $0.spoken == "gaffe" })
        #expect(all.contains { $0.spoken == "Kennedy" })
        #expect(all.first { $0.spoken == "Berliner." }?.style.language == "de-DE")
    }

    @Test func marks() throws {
        let marks = try Self.runs("3.3.2-mark.ssml").compactMap { if case .mark(let n) = $0.content { n } else { nil } }
        #expect(marks == ["here", "there"])
    }

    @Test func voicesAndAURLClip() throws {
        let result = try Self.parse("E.2-music.ssml")
        let all = result.script.blocks.flatMap(\.runs)
        #expect(Set(all.compactMap(\.style.voiceTraits.gender)) == [.male, .female])
        #expect(result.script.blocks.count == 3)
        #expect(result.warnings.contains { $0.message.contains("music.wav") && $0.message.contains("URL") })
    }

    @Test func aTitleInItalian() throws {
        #expect(try Self.words("E.5-mixed-language.ssml").contains("è"))
    }

    /// Declared ISO-8859-1, saved as UTF-8 (as copying it from the page does): read as UTF-8.
    @Test func theTitlePronouncedInIPA() throws {
        let result = try Self.parse("E.6-ipa.ssml")
        #expect(result.warnings.contains { $0.message.contains("ISO-8859-1") })
        let all = result.script.blocks.flatMap(\.runs)
        let title = try #require(all.first { $0.style.written?.text == "ˈlɑ ˈviːɾə ˈʔeɪ ˈbɛlə" })
        #expect(result.source.text(of: title.source).contains("La vita è bella"))
        #expect(all.contains { $0.style.written?.text == "ɹəˈbɛːɹɾoʊ bɛˈniːnji" })
    }
}
