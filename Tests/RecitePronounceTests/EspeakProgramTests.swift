import Foundation
@testable import RecitePronounce
import ReciteScript
import Testing

/// Checks the converter's output against the `espeak-ng` program's own reading of it: the phonemes eSpeak
/// NG reports (`-x`, `--ipa`) for `[[mnemonics]]`. Development checks, so they skip without the program.
@Suite(.enabled(if: EspeakProgram.path != nil, "needs the espeak-ng program (apt-get install espeak-ng)"))
struct EspeakProgramTests {
    /// The brief's words: IPA in, and the IPA eSpeak NG's en-us voice says it reads.
    @Test(arguments: [
        ("lɛd", "lˈɛd"), ("θɔt", "θˈɔːt"), ("tʃɝtʃ", "tʃˈɜːtʃ"), ("dʒʌdʒ", "dʒˈʌdʒ"), ("ˈmɛʒɚ", "mˈɛʒɚ"),
        ("ˈbʌʔn̩", "bˈʌʔn̩"), ("ˈwɔɾɚ", "wˈɔːɾɚ"), ("ˈvɪnəvɚ", "vˈɪnəvɚ"), ("ˌʌndɚˈstænd", "ˌʌndɚstˈænd"),
        ("nɔɹθ", "nˈɔːɹθ"), ("ˈvɛɹi", "vˈɛɹi"), ("ˈfaɪɚ", "fˈaɪɚ"), ("fiɫ", "fˈiːɫ"), ("ˈbɛɾɚ", "bˈɛɾɚ"),
        ("ɡoʊt", "ɡˈoʊt"), ("ˈfeɪs", "fˈeɪs"), ("ʃʊɹ", "ʃˈʊɹ"), ("ˈjʊɹəp", "jˈʊɹəp"), ("ʍɪtʃ", "ʍˈɪtʃ"),
    ])
    func americanVoiceReadsWhatTheIPASays(ipa: String, espeakIPA: String) throws {
        let mnemonics = try PhonemeConverter(language: "en-US").mnemonics(ipa, alphabet: .ipa)
        #expect(try EspeakProgram.run(voice: "en-us", "--ipa", "[[\(mnemonics)]]") == espeakIPA, "\(ipa) → \(mnemonics)")
    }

    /// Every mnemonic a table can emit, placed between two sentinels in a word of its own: eSpeak NG
    /// cuts a word short at a mnemonic it does not know, so the closing sentinel must come back.
    @Test(arguments: [("en-us", EnglishPhonemes.table), ("en-gb", EnglishPhonemes.table),
                      ("fr", FrenchPhonemes.table), ("de", GermanPhonemes.table)])
    func everyMnemonicIsReadBackWhole(voice: String, table: PhonemeTable) throws {
        let mnemonics = table.mnemonics.sorted()
        let words = mnemonics.map { "[[m|\($0)|s]]" }.joined(separator: " ")
        let read = try EspeakProgram.run(voice: voice, "-x", words)
            .split(separator: " ").map { $0.filter { !"',%=".contains($0) } }
        #expect(read.count == mnemonics.count, "\(voice): \(read.count) words for \(mnemonics.count)")
        for (mnemonic, word) in zip(mnemonics, read) {
            #expect(word.hasPrefix("m") && word.hasSuffix("s") && word.count > 2, "\(voice): \(mnemonic) read as \(word)")
        }
    }
}

enum EspeakProgram {
    static let path: String? = ["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs `espeak-ng -q -v VOICE ARGS… TEXT` and returns its standard output, trimmed.
    static func run(voice: String, _ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(path))
        process.arguments = ["-q", "-v", voice] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
