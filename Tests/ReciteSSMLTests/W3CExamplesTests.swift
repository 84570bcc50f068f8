import Foundation
import ReciteScript
import ReciteTestSupport
import Testing
@testable import ReciteSSML

/// The examples of the W3C SSML 1.1 specification (written out in `Fixtures/w3c`): each parses,
/// and the markup it shows lands in the script.
@Suite struct W3CExamplesTests {
    static let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/ReciteSSMLTests/Fixtures/w3c")
    static let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ssml") }.sorted()) ?? []

    static func parse(_ name: String) throws -> SSMLParser.Result {
        let url = folder.appendingPathComponent(name)
        return try SSMLParser.parse(bytes: [UInt8](Data(contentsOf: url)), path: url.path, inputRoot: folder.path)
    }

    static func runs(_ name: String) throws -> [Run] { try parse(name).script.blocks.flatMap(\.runs) }
    static func words(_ name: String) throws -> [String] { try runs(name).compactMap(\.spoken) }

    @Test(arguments: files)
    func everyExampleParsesAndEveryWordPointsAtItsSource(name: String) throws {
        let result = try Self.parse(name)
        #expect(!result.script.blocks.isEmpty)
        for run in result.script.blocks.flatMap(\.runs) {
            #expect(run.source.end <= result.source.bytes.count)
        }
    }

    @Test func theFolderHoldsTheExamples() {
        #expect(Self.files.count >= 17)
    }

    @Test func documentStructure() throws {
        let all = try Self.runs("01-document-structure.ssml")
        #expect(all.contains { $0.content == .pause(0.4) })
        #expect(all.first { $0.spoken == "ski" }?.style.prosody.rate == 0.8)
        #expect(try Self.words("01-document-structure.ssml").first == "You")
    }

    @Test func lexiconsOnlyLocal() throws {
        let result = try Self.parse("02-lexicon.ssml")
        #expect(result.script.lexicons.isEmpty)  // the local one does not exist; the others are URLs
        #expect(result.warnings.filter { $0.message.contains("URL") }.count == 2)
        #expect(result.warnings.contains { $0.message.contains("local-words.pls") && $0.message.contains("does not exist") })
        #expect(try Self.words("02-lexicon.ssml").contains("tomato"))
    }

    @Test func metadataIsSilent() throws {
        #expect(try Self.words("03-meta-metadata.ssml") == ["To", "vote", "or", "not", "to", "vote,.", "that", "is", "the", "question."])
    }

    @Test func paragraphsAndSentences() throws {
        let result = try Self.parse("04-paragraph-sentence.ssml")
        #expect(result.script.blocks.count == 1)
        #expect(result.script.blocks[0].runs.compactMap(\.spoken).last == "sentence.")
    }

    @Test func languages() throws {
        let all = try Self.runs("05-token-lang.ssml")
        #expect(all.first { $0.spoken?.contains("vita") == true }?.style.language == "it")
        #expect(all.first { $0.spoken?.hasPrefix("chat") == true }?.style.language == "fr")
        #expect(all.first { $0.spoken == "cat" }?.style.language == "en-US")
    }

    @Test func sayAs() throws {
        let types = try Self.runs("06-say-as.ssml").compactMap(\.style.sayAs?.interpretAs)
        #expect(types == ["date", "time", "ordinal", "cardinal", "characters", "telephone"])
    }

    @Test func phonemeWithCharacterReferences() throws {
        let result = try Self.parse("07-phoneme.ssml")
        let run = try #require(result.script.blocks.flatMap(\.runs).first)
        #expect(run.spoken == "tomato")
        #expect(run.style.written == WrittenPronunciation(alphabet: .ipa, text: "təmei̥ɾoʊ"))
        #expect(result.source.text(of: run.source) == "tomato")
    }

    @Test func sub() throws {
        #expect(try Self.words("08-sub.ssml") == ["World", "Wide", "Web", "Consortium", "Ununquadium"])
    }

    @Test func voices() throws {
        let all = try Self.runs("09-voice.ssml")
        #expect(all.first { $0.spoken == "Mary" }?.style.voiceTraits == VoiceTraits(gender: .female))
        #expect(all.first { $0.spoken == "Its" }?.style.voiceTraits == VoiceTraits(gender: .female, variant: 2))
        #expect(all.first { $0.spoken == "Mike." }?.style.voiceName == "Mike")
        #expect(all.first { $0.spoken == "older" }?.style.voiceTraits == VoiceTraits(gender: .male, age: 60))
    }

    @Test func emphasis() throws {
        let all = try Self.runs("10-emphasis.ssml")
        #expect(all.first { $0.spoken == "big" }?.style.emphasis == .moderate)
        #expect(all.first { $0.spoken == "huge" }?.style.emphasis == .strong)
    }

    @Test func breaks() throws {
        let pauses = try Self.runs("11-break.ssml").compactMap { if case .pause(let s) = $0.content { s } else { nil } }
        #expect(pauses == [0.4, 3, 0.25])
    }

    @Test func prosody() throws {
        let result = try Self.parse("12-prosody.ssml")
        let all = result.script.blocks.flatMap(\.runs)
        #expect(all.first { $0.spoken == "$45." }?.style.prosody.rate == 0.9)
        #expect(abs((all.first { $0.spoken == "louder," }?.style.prosody.volume ?? 0) - 1.995) < 0.01)
        #expect(abs((all.first { $0.spoken == "morning" }?.style.prosody.pitch ?? 0) - 1.05) < 1e-9)
        #expect(result.warnings.contains { $0.message.contains("contour") })
        #expect(all.first { $0.spoken == "slow" }?.style.prosody.rate == 0.5)
        #expect(all.first { $0.spoken == "nested" }?.style.prosody == Prosody(rate: 1.3, pitch: 1.5, volume: 1))
    }

    @Test func audioFallsBackToItsText() throws {
        let result = try Self.parse("13-audio.ssml")
        let words = result.script.blocks.flatMap(\.runs).compactMap(\.spoken)
        #expect(words.contains("city") && words.contains("Welcome") && words.contains("[laughter]"))
        #expect(!words.contains("laughter"))  // the <desc> is not read
        #expect(result.warnings.filter { $0.message.hasPrefix("<audio") }.count == 4)
    }

    @Test func marks() throws {
        let marks = try Self.runs("14-mark.ssml").compactMap { if case .mark(let n) = $0.content { n } else { nil } }
        #expect(marks == ["here", "there"])
    }

    @Test func voicesAndAURLClip() throws {
        let result = try Self.parse("15-music-preview.ssml")
        let all = result.script.blocks.flatMap(\.runs)
        #expect(Set(all.compactMap(\.style.voiceTraits.gender)) == [.male, .female])
        #expect(result.warnings.contains { $0.message.contains("music.wav") && $0.message.contains("URL") })
    }

    @Test func multilingual() throws {
        let result = try Self.parse("16-multilingual.ssml")
        let all = result.script.blocks.flatMap(\.runs)
        #expect(all.contains { $0.style.language == "ja" })
        #expect(all.first { $0.spoken == "Guten" }?.style.language == "de-DE")
        #expect(all.first { $0.spoken == "Bonjour." }?.style.language == "fr-FR")
    }

    @Test func xsampaPhonemeInsideLookups() throws {
        let all = try Self.runs("17-phoneme-xsampa-and-lexicon-lookup.ssml")
        #expect(all.first { $0.spoken?.hasPrefix("tomato") == true }?.style.written == WrittenPronunciation(alphabet: .xsampa, text: "t@'meItoU"))
    }
}
