import Testing
@testable import ReciteNormalize

/// Initialisms in capitals that eSpeak NG would read as a word are written dotted, which it
/// spells; acronyms said as words, dictionary words in capitals and headlines stay.
@Suite struct InitialismTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test(arguments: [
        ("at 8:15 pm AEDT and", "at eight fifteen PM A.E.D.T. and"), ("ICICI Bank and HDFC Bank", "I.C.I.C.I Bank and HDFC Bank"),
        ("31.6 million TEUs posted", "thirty one point six million T.E.U.'s posted"), ("of GCSEs were", "of G.C.S.E.'s were"),
        ("the (AAIB).", "the (\u{2060}A.A.I.B)."), ("air traffic control (ATC)", "air traffic control (\u{2060}A.T.C)"),
        ("the EE network", "the E.E network"), ("EA FC 25", "E.A FC twenty five"), ("the ACPI tables", "the \u{2060}A.C.P.I tables"),
        ("ANA's flight", "\u{2060}A.N.A.'s flight"), ("told MPs Tuesday", "told M.P.'s Tuesday"), ("AMG-specific", "\u{2060}A.M.G-specific"),
        ("the SoC and FiT", "the S.O.C and F.I.T"), ("with the SEC", "with the S.E.C"),
        // A word of the dictionary stays; an initialism eSpeak NG spells anyway is dotted all the same.
        ("the US and the UK", "the US and the U.K"),
    ])
    func spelled(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        "NASA and NATO", "the ISRO launch", "the INEC vote", "their ATAR", "a MOBA game", "I do NOT agree", "it was SO good",
        "DEPARTMENT OF EDUCATION IS HIRING", "NEWS FROM KENYA", "AL ASAD AIR BASE", "OPEN TIL LATE", "the BHP shares",
        "use JSON", "the RAM", "the WHO IS HIRING",
    ])
    func kept(_ input: String) { #expect(say(input) == input) }

    @Test func footsieIsSaidAsAWord() { #expect(say("The FTSE 100 rose") == "The Footsie one hundred rose") }

    @Test func syllablesAreEnglishOrNot() {
        for word in ["nasa", "isro", "nafta", "osha", "ikea", "sarao", "trai", "til", "seoul", "noobs", "banff"] { #expect(InitialismReading.makesSyllables(word), "\(word)") }
        for word in ["aedt", "gcse", "acpi", "sres", "eacc", "elrc", "lasg", "aaib", "elrc"] { #expect(!InitialismReading.makesSyllables(word), "\(word)") }
    }
}
