import Foundation
@testable import ReciteSSML
import ReciteScript
import Testing

/// One test (or a few) per SSML element and attribute: what each one leaves in the script.
@Suite struct SSMLElementTests {
    func parse(_ body: String, lang: String = "en-US") throws -> SSMLParser.Result {
        let text = "<speak version=\"1.1\" xmlns=\"http://www.w3.org/2001/10/synthesis\" xml:lang=\"\(lang)\">\(body)</speak>"
        return try SSMLParser.parse(bytes: Array(text.utf8), path: "e.ssml")
    }

    func runs(_ body: String) throws -> [Run] { try parse(body).script.blocks.flatMap(\.runs) }

    func error(_ body: String) -> DocumentError? {
        do {
            _ = try parse(body)
            return nil
        } catch {
            return error as? DocumentError
        }
    }

    /// The error for `body` is located at the element that carries the bad value (line 1, its
    /// `<` counted in code points after the `<speak …>` this suite wraps around it) and quotes it.
    func expectRefused(_ body: String, at element: String, quoting value: String,
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let speak = "<speak version=\"1.1\" xmlns=\"http://www.w3.org/2001/10/synthesis\" xml:lang=\"en-US\">"
        let offset = body.range(of: "<" + element).map { body.unicodeScalars.distance(from: body.startIndex, to: $0.lowerBound) }
        guard let e = error(body), let offset else {
            Issue.record("\(body) was not refused", sourceLocation: sourceLocation)
            return
        }
        #expect(e.description.hasPrefix("e.ssml:1:\(speak.unicodeScalars.count + offset + 1): error: "), "\(e)", sourceLocation: sourceLocation)
        #expect(e.message.contains("\"\(value)\""), "\(e.message)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [("none", 0.0), ("x-weak", 0.1), ("weak", 0.25), ("medium", 0.4), ("strong", 0.75), ("x-strong", 1.2)])
    func breakStrengths(strength: String, seconds: Double) throws {
        #expect(try runs("a <break strength=\"\(strength)\"/> b").contains { $0.content == .pause(seconds) })
    }

    @Test func breakTimesAndTheirBounds() throws {
        #expect(try runs("a <break time=\"1.5s\"/> b <break time=\"300ms\"/> c <break/> d").compactMap {
            if case .pause(let s) = $0.content { s } else { nil }
        } == [1.5, 0.3, 0.4])
        // time wins over strength.
        #expect(try runs("a <break time=\"2s\" strength=\"weak\"/> b").contains { $0.content == .pause(2) })
        #expect(error("a <break time=\"9000s\"/>")?.message.contains("at most") == true)
        expectRefused("a <break time=\"fast\"/>", at: "break", quoting: "fast")
        expectRefused("a <break strength=\"huge\"/>", at: "break", quoting: "huge")
    }

    @Test(arguments: [
        ("rate", "x-slow", 0.5), ("rate", "SLOW", 0.75), ("rate", "150%", 1.5), ("rate", "+10%", 1.1), ("rate", "-20%", 0.8),
        ("rate", "1.25", 1.25),
        ("pitch", "x-high", 1.5), ("pitch", "+10%", 1.1), ("pitch", "-12st", 0.5), ("pitch", "+12st", 2.0),
        ("pitch", "+12Hz", 1.1), ("pitch", "240Hz", 2.0),
        ("volume", "silent", 0.0), ("volume", "loud", 1.4), ("volume", "+6dB", 1.9952623149688795), ("volume", "-6dB", 0.5011872336272722),
        ("volume", "50%", 0.5), ("volume", "+10", 1.1), ("volume", "80", 0.8),
    ])
    func prosodyValues(attribute: String, value: String, expected: Double) throws {
        let run = try #require(try runs("<prosody \(attribute)=\"\(value)\">word</prosody>").first)
        let p = run.style.prosody
        let got = attribute == "rate" ? p.rate : attribute == "pitch" ? p.pitch : p.volume
        #expect(abs(got - expected) < 1e-9, "\(attribute)=\(value) gave \(got)")
    }

    @Test func nestedProsodyMultiplies() throws {
        let all = try runs("<prosody rate=\"200%\" volume=\"loud\">a <prosody rate=\"50%\" pitch=\"high\">b</prosody></prosody> c")
        #expect(all[0].style.prosody == Prosody(rate: 2, pitch: 1, volume: 1.4))
        #expect(all[1].style.prosody == Prosody(rate: 1, pitch: 1.25, volume: 1.4))
        #expect(all[2].style.prosody.isNeutral)
    }

    @Test func badProsodyIsLocated() {
        let e = error("\n\n  <prosody pitch=\"very\">x</prosody>")
        #expect(e?.location == SourceLocation(line: 3, column: 3))
        #expect(e?.description.hasPrefix("e.ssml:3:3: error: <prosody pitch=\"very\">") == true)
    }

    @Test(arguments: Emphasis.allCases)
    func emphasisLevels(level: Emphasis) throws {
        #expect(try runs("<emphasis level=\"\(level.rawValue)\">word</emphasis>").first?.style.emphasis == level)
    }

    @Test func emphasisWithoutLevelIsModerateAndABadLevelIsAnError() throws {
        #expect(try runs("<emphasis>word</emphasis>").first?.style.emphasis == .moderate)
        expectRefused("<emphasis level=\"loud\">x</emphasis>", at: "emphasis", quoting: "loud")
    }

    @Test func subSaysItsAlias() throws {
        let result = try parse("The <sub alias=\"World Wide Web Consortium\">W3C</sub>.")
        let all = result.script.blocks[0].runs
        #expect(all.compactMap(\.spoken) == ["The", "World", "Wide", "Web", "Consortium."])
        #expect(result.source.text(of: all[1].source) == "W3C")
    }

    @Test func descMetaAndMetadataAreSilent() throws {
        let body = """
        <meta name="seeAlso" content="x"/><metadata><rdf:RDF xmlns:rdf="r"><rdf:Description>No</rdf:Description></rdf:RDF></metadata>\
        <audio src="missing.wav"><desc>Not this</desc>but this</audio> said
        """
        let result = try parse(body)
        #expect(result.script.blocks.flatMap(\.runs).compactMap(\.spoken) == ["but", "this", "said"])
        // Later words still point at their own bytes.
        let said = try #require(result.script.blocks.flatMap(\.runs).last)
        #expect(result.source.text(of: said.source) == "said")
    }

    // MARK: - say-as

    @Test func sayAsBecomesOneRunWithTheRequest() throws {
        let result = try parse("Born <say-as interpret-as=\"date\" format=\"dmy\">12/05/2020</say-as>. Next")
        let all = result.script.blocks[0].runs
        #expect(all.compactMap(\.spoken) == ["Born", "12/05/2020.", "Next"])
        #expect(all[1].style.sayAs == SayAs(interpretAs: "date", format: "dmy"))
        #expect(result.source.text(of: all[1].source) == "12/05/2020")
        #expect(all[2].style.sayAs == nil)
    }

    @Test func sayAsKeepsTheSpacesInsideOneRun() throws {
        let all = try runs("<say-as interpret-as=\"telephone\">+1 (555)  123-4567</say-as>")
        #expect(all.compactMap(\.spoken) == ["+1 (555) 123-4567"])
    }

    @Test(arguments: ["characters", "spell-out", "verbatim"])
    func spelledTypesKeepTheSpellOutPath(type: String) throws {
        let all = try runs("<say-as interpret-as=\"\(type)\">abc def</say-as>")
        #expect(all.count == 2 && all.allSatisfy { $0.style.spellOut && $0.style.sayAs?.interpretAs == type })
    }

    @Test func everyListedTypeIsRecorded() throws {
        for type in ["cardinal", "number", "ordinal", "digits", "fraction", "unit", "date", "time", "telephone", "currency", "expletive"] {
            let run = try #require(try runs("<say-as interpret-as=\"\(type)\">12</say-as>").first)
            #expect(run.style.sayAs?.interpretAs == type)
        }
    }

    @Test func anUnknownTypeIsReadAsTextWithAWarning() throws {
        let result = try parse("<say-as interpret-as=\"address\">12 Main St</say-as>")
        #expect(result.script.blocks[0].runs.compactMap(\.spoken) == ["12", "Main", "St"])
        #expect(result.warnings.contains { $0.message.contains("interpret-as=\"address\"") })
    }

    @Test func dateAndTimeFormatsAreChecked() throws {
        for format in ["mdy", "dmy", "ymd", "md", "dm", "ym", "my", "y", "m", "d", "yyyy-mm-dd"] {
            #expect(throws: Never.self) { try parse("<say-as interpret-as=\"date\" format=\"\(format)\">1</say-as>") }
        }
        #expect(error("<say-as interpret-as=\"date\" format=\"qrs\">1</say-as>")?.message.contains("format=\"qrs\"") == true)
        expectRefused("<say-as interpret-as=\"time\" format=\"hms48\">1</say-as>", at: "say-as", quoting: "hms48")
        #expect(try runs("<say-as interpret-as=\"time\" format=\"hms24\">14:30</say-as>").first?.style.sayAs?.format == "hms24")
    }

    // MARK: - phoneme

    @Test func phonemeRecordsTheWrittenPronunciation() throws {
        let result = try parse("You say <phoneme alphabet=\"ipa\" ph=\"təˈmɑːtəʊ\">tomato</phoneme>, <phoneme alphabet=\"x-sampa\" ph='t@\"meItoU'>tomato</phoneme>.")
        let all = result.script.blocks[0].runs
        #expect(all[2].style.written == WrittenPronunciation(alphabet: .ipa, text: "təˈmɑːtəʊ"))
        #expect(all[3].style.written == WrittenPronunciation(alphabet: .xsampa, text: "t@\"meItoU"))
        #expect(all[2].spoken == "tomato,")
        #expect(result.source.text(of: all[3].source) == "tomato")
    }

    @Test func aVendorAlphabetIsReadAsTextWithALocatedWarning() throws {
        let result = try parse("\n<phoneme alphabet=\"x-amazon-pinyin\" ph=\"bo2\">薄</phoneme> word")
        #expect(result.script.blocks[0].runs.allSatisfy { $0.style.written == nil })
        #expect(result.script.blocks[0].runs.compactMap(\.spoken).joined(separator: " ").contains("薄"))
        let warning = result.warnings.first { $0.message.contains("x-amazon-pinyin") }
        #expect(warning?.location == SourceLocation(line: 2, column: 1))
        #expect(error("<phoneme alphabet=\"ipa\">word</phoneme>")?.message.contains("ph") == true)
    }

    @Test func anInlineLexiconIsSkippedAndLaterWordsKeepTheirBytes() throws {
        let result = try parse("""
        <lexicon alphabet="ipa"><lexeme><grapheme>tomato</grapheme><phoneme><!-- a comment -->təˈmɑtoʊ</phoneme></lexeme></lexicon>
        <w>tomato</w> and <w>potato</w>
        """)
        let words = result.script.blocks.flatMap(\.runs).filter { $0.spoken != nil }
        #expect(words.map { result.source.text(of: $0.source) } == ["tomato", "and", "potato"])
        #expect(words[0].source.line == 2)
        #expect(result.warnings.contains { $0.message.contains("inline lexicons are not read") })
    }

    // MARK: - voice and lang

    @Test func voiceAttributesAreRecorded() throws {
        let all = try runs("""
        <voice gender="female" age="30" variant="2">one</voice> <voice name="en-gb" xml:lang="en-GB">two</voice> \
        <voice name="de-DE-KatjaNeural">drei</voice> <lang xml:lang="fr-FR">quatre</lang> <voice languages="es-ES en-US">cinco</voice>
        """)
        #expect(all[0].style.voiceTraits == VoiceTraits(gender: .female, age: 30, variant: 2))
        #expect(all[1].style.voiceName == "en-gb" && all[1].style.language == "en-GB")
        #expect(all[2].style.voiceName == "de-DE-KatjaNeural" && all[2].style.language == "de-DE")
        #expect(all[3].style.language == "fr-FR" && all[3].style.voiceTraits.isEmpty)
        #expect(all[4].style.language == "es-ES")
    }

    @Test func badVoiceAttributesAreErrors() {
        #expect(error("<voice gender=\"robot\">x</voice>")?.message.contains("male, female or neutral") == true)
        expectRefused("<voice age=\"old\">x</voice>", at: "voice", quoting: "old")
        expectRefused("<voice variant=\"0\">x</voice>", at: "voice", quoting: "0")
    }

    @Test func vendorElementsAreReadAndNamed() throws {
        let result = try parse("<amazon:effect name=\"whispered\">quiet</amazon:effect> <mstts:express-as style=\"cheerful\">happy</mstts:express-as>")
        #expect(result.script.blocks[0].runs.compactMap(\.spoken) == ["quiet", "happy"])
        #expect(result.warnings.map(\.message).filter { $0.contains("amazon:effect") || $0.contains("mstts:express-as") }.count == 2)
    }

    @Test func marksLandInTheScript() throws {
        let all = try runs("<mark name=\"start\"/>Hello <mark name=\"middle\"/>world<mark name=\"end\"/>")
        #expect(all.map(\.content) == [.mark("start"), .speech("Hello"), .mark("middle"), .speech("world"), .mark("end")])
    }
}
