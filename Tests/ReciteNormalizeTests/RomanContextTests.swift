import Testing
@testable import ReciteNormalize

/// Roman numerals are numbers or a monarch's ordinal only with a word, a number, an initialism or
/// brackets to say so; the pronoun "I" and letters stay.
@Suite struct RomanContextTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test(arguments: [
        ("became Queen Elizabeth I.", "became Queen Elizabeth the first."), ("Queen Mary I)", "Queen Mary the first)"),
        ("King Henry VIII’s six wives", "King Henry the eighth’s six wives"), ("Louis XIV and Henry V", "Louis the fourteenth and Henry the fifth"),
        ("(i) whether", "(one) whether"), ("(ii) and (vi)", "(two) and (six)"), ("Issue (iv): the", "Issue (four): the"),
        ("Certificate III in Engineering", "Certificate three in Engineering"), ("[Byte Mk II] Add", "[Byte Mark two] Add"),
        ("CBSE Class XII and X exams", "C.B.S.E Class twelve and ten exams"), ("Grand Theft Auto V sold", "Grand Theft Auto five sold"),
        ("GTA V and", "G.T.A five and"), ("The Bose QC 35 II offered", "The Bose QC thirty five two offered"),
        ("four AC-II tier coaches", "four \u{2060}A.C two tier coaches"), ("the BS-VI norms", "the BS six norms"),
        // In brackets, not the number of the word before: letters.
        ("Mountain Division (LI)", "Mountain Division (L.I)"),
    ])
    func read(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        "I went home", "Then John I went", "the part I liked", "Vitamin C", "Plan B", "grade A", "Type C", "Xbox Series X",
        "(I) am",
    ])
    func kept(_ input: String) { #expect(say(input) == input) }
}
