import Testing
@testable import ReciteNormalize

/// Sections of a law cited as "s179" or "S.243(2)", and the subsections glued after them.
@Suite struct StatuteSectionTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test(arguments: [
        ("It is achieved by s179 of the Act.", "It is achieved by section one hundred and seventy nine of the Act."),
        ("S.243(2) of the Code", "section two hundred and forty three (two) of the Code"),
        ("pursuant to s 477(2B) of the Act", "pursuant to section four hundred and seventy seven (two B) of the Act"),
        ("under section 12(3)(b)", "under section twelve (three) (b)"),
        // Traps: no law named and no subsection, and a plan's letter in brackets.
        ("Figure s3 shows the trend", "Figure s three shows the trend"),
        ("the Galaxy S6 is here", "the Galaxy S six is here"),
        ("the 401(k) plan", "the four oh one k plan"),
    ])
    func sectionsAndSubsections(_ input: String, _ expected: String) { #expect(say(input) == expected) }
}
