import ReciteScript
import Testing
@testable import ReciteCache
@testable import ReciteEspeak
@testable import ReciteNeural
@testable import ReciteSynth
@testable import ReciteWorkers
import ReciteSegment

/// SSML `<voice>` traits choose among the installed eSpeak NG voices, the same way every time.
@Suite(.serialized) struct VoiceSelectionTests {
    func request(_ language: String = "en-US", name: String? = nil, traits: VoiceTraits? = nil) -> SynthesisRequest {
        SynthesisRequest(speech: SpeechInput(plain: "Hello there."), language: language, voiceName: name, voiceTraits: traits,
                         rate: 175, pitch: 50, volume: 100)
    }

    func voice(_ r: SynthesisRequest) throws -> String { try EspeakEngine.withShared { try $0.voiceIdentifier(for: r) } }
    func audio(_ r: SynthesisRequest) throws -> [Int16] { try EspeakEngine.withShared { try $0.synthesize(r) }.samples }

    @Test func genderPicksAFemaleOrMaleVoice() throws {
        let female = try voice(request(traits: VoiceTraits(gender: .female)))
        let male = try voice(request(traits: VoiceTraits(gender: .male)))
        print("female: \(female) / male: \(male)")
        #expect(female.contains("+f"), "\(female)")
        #expect(female != male)
        #expect(try audio(request(traits: VoiceTraits(gender: .female))) != audio(request(traits: VoiceTraits(gender: .male))))
    }

    @Test func variantsGiveDifferentVoicesDeterministically() throws {
        let first = try voice(request(traits: VoiceTraits(gender: .female, variant: 1)))
        let second = try voice(request(traits: VoiceTraits(gender: .female, variant: 2)))
        print("variant 1: \(first) / variant 2: \(second)")
        #expect(first != second)
        // Asking again, after other voices, gives the same choice. (Same samples too, but only from a
        // pristine engine, as the workers' forked children are: that is tested end to end.)
        _ = try voice(request("de-DE"))
        #expect(try voice(request(traits: VoiceTraits(gender: .female, variant: 2))) == second)
    }

    @Test func aNameEspeakKnowsWinsAndACloudNameFallsBackToTheLanguage() throws {
        #expect(try voice(request(name: "English (Great Britain)")).hasPrefix("gmw/en "))
        let cloud = try voice(request("de-DE", name: "de-DE-KatjaNeural"))
        #expect(cloud.contains("de"), "\(cloud)")
    }

    /// "Mike" is an eSpeak NG variant: set alone it has no phoneme table and synthesis crashed
    /// (the W3C `<voice name="Mike">` example). A variant name falls back to the language's voice.
    @Test func aVariantNameAloneIsNotAVoice() throws {
        #expect(try voice(request(name: "Mike")).hasPrefix("gmw/en-US "))
        #expect(try !audio(request(name: "Mike")).isEmpty)
        #expect(try voice(request(name: "en-us+f3")).hasPrefix("gmw/en-US+f3"))
    }

    @Test func traitsAreInTheRequestSoTheCacheKeySeesThem() throws {
        let plain = request(), female = request(traits: VoiceTraits(gender: .female))
        #expect(plain != female)
        // An empty set of traits is no traits: ordinary segments keep their keys.
        #expect(request(traits: VoiceTraits()) == plain)
    }
}
