import Foundation
import Testing
@testable import ReciteCache
@testable import ReciteEspeak
@testable import ReciteNeural
@testable import ReciteSynth
@testable import ReciteWorkers
import ReciteSegment

/// Kokoro's other languages: which voice a name and a document tag mean, misaki's table for
/// eSpeak NG's IPA outside English, and blends.
@Suite(.serialized) struct KokoroLanguageTests {
    @Test func aNameSaysItsLanguageAndADocumentTagItsVoices() {
        #expect(KokoroLanguage(voiceName: "ef_dora") == .spanish)
        #expect(KokoroLanguage(voiceName: "pm_santa") == .brazilianPortuguese)
        #expect(KokoroLanguage(voiceName: "zf_xiaoxiao")?.unavailableReason != nil)
        #expect(KokoroLanguage(voiceName: "qf_nobody") == nil)
        #expect(KokoroVoice.isVoiceName("hm_omega") && KokoroVoice.isVoiceName("jf_gongitsune"))
        #expect(!KokoroVoice.isVoiceName("en-gb") && !KokoroVoice.isVoiceName("xf_dora"))
        #expect(KokoroLanguage.forDocument("en") == .americanEnglish)
        #expect(KokoroLanguage.forDocument("en-AU") == .britishEnglish)
        #expect(KokoroLanguage.forDocument("EN_gb") == .britishEnglish)
        #expect(KokoroLanguage.forDocument("es-419") == .spanish)
        #expect(KokoroLanguage.forDocument("pt") == .brazilianPortuguese)
        #expect(KokoroLanguage.forDocument("pt-PT") == nil)
        #expect(KokoroLanguage.forDocument("de") == nil)
        #expect(KokoroLanguage.allCases.filter { $0.unavailableReason == nil }.allSatisfy { $0.defaultVoice != nil })
    }

    /// misaki's `EspeakG2P` table: tied pairs to one symbol, other ties and hyphens gone,
    /// nasal tildes kept.
    @Test(arguments: [
        ("ˈo^ʊ", "ˈO"), ("t^ʃˈiko", "ʧˈiko"), ("d^ʒˈiro", "ʤˈiro"), ("pit^sa", "piʦa"), ("d^zˈɛta", "ʣˈɛta"),
        ("ʃɑ̃t", "ʃɑ̃t"), ("bõ^j", "bõj"), ("bjɛ̃-ɛtʁ", "bjɛ̃ɛtʁ"), ("ˈa^ɪ ˈa^ʊ", "ˈI ˈW"), ("bˈɔ^ɪ", "bˈY"),
    ])
    func otherLanguagesUseMisakisTable(ipa: String, misaki: String) {
        #expect(MisakiPhonemes.convert(ipa, language: .french) == misaki)
    }

    /// Real eSpeak NG output in each language maps into Kokoro's vocabulary but for symbols the
    /// model never learned, which are dropped.
    @Test(arguments: [("es", "El niño comió chocolate y jamón a las tres."), ("fr-fr", "Un bon vin blanc, bien frais, coûte huit euros."),
                      ("it", "Gli gnocchi della zia costano ventitré euro."), ("pt-br", "O pão de São João não é ruim."),
                      ("hi", "मैं आज बाज़ार जा रही हूँ।")])
    func eSpeakNGOutputOfEachLanguageKeepsItsSounds(voice: String, text: String) throws {
        let request = SynthesisRequest(speech: SpeechInput(), language: voice, voiceName: voice, rate: 175, pitch: 50, volume: 100)
        let ipa = try EspeakEngine.withShared { try $0.ipa(of: text, voiceOf: request, ties: true) }
        let language = try #require(KokoroLanguage.allCases.first { $0.espeakVoice == voice })
        let misaki = MisakiPhonemes.convert(ipa, language: language)
        #expect(!misaki.contains("^") && !misaki.contains("-"), "\(misaki)")
        let known = misaki.unicodeScalars.filter { MisakiPhonemesTests.vocabulary.contains($0) }.count
        #expect(known * 100 >= misaki.unicodeScalars.count * 97, "most of \(misaki) is in the vocabulary")
        #expect(misaki.unicodeScalars.count >= text.count / 2, "\(misaki) says the sentence")
    }

    @Test func blendsAreReadWithTheirWeights() throws {
        let equal = try #require(try KokoroBlend.parse("af_bella+af_sky"))
        #expect(equal.parts.map(\.name) == ["af_bella", "af_sky"] && equal.parts.allSatisfy { $0.weight == 1 })
        #expect(equal.name == "af_bella+af_sky")
        let weighted = try #require(try KokoroBlend.parse("af_bella(2) + af_sky(1)"))
        #expect(weighted.name == "af_bella(2)+af_sky(1)")
        #expect(try KokoroBlend.parse("en-gb+f3") == nil)
        #expect(try KokoroBlend.parse("af_heart") == nil)
        #expect(throws: VoiceError.self) { try KokoroBlend.parse("af_bella+sky") }
        #expect(throws: VoiceError.self) { try KokoroBlend.parse("af_bella(x)+af_sky") }
        #expect(throws: VoiceError.self) { try KokoroBlend.parse("af_bella(0)+af_sky") }
    }

    @Test func aBlendIsTheWeightedMeanOfItsStyles() throws {
        let count = KokoroVoice.styleRows * KokoroVoice.styleWidth
        func data(_ value: (Int) -> Float) -> Data {
            var out = Data()
            for i in 0..<count { withUnsafeBytes(of: value(i).bitPattern.littleEndian) { out.append(contentsOf: $0) } }
            return out
        }
        let blend = try #require(try KokoroBlend.parse("af_bella(3)+af_sky(1)"))
        let mixed = blend.mix([data { Float($0 % 7) }, data { _ in 4 }])
        #expect(mixed.count == count * 4)
        mixed.withUnsafeBytes { raw in
            for i in [0, 1, 6, 300, count - 1] {
                let value = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)))
                #expect(abs(value - (Float(i % 7) * 3 + 4) / 4) < 1e-5)
            }
        }
    }
}
