import Testing
@testable import ReciteNormalize

/// Words typed without the space between them: a sentence's end before a capital, a label's colon
/// before a number. Names and addresses with the same marks stay whole.
@Suite struct GluedTextTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test(arguments: [
        ("Wait for 3-4 whistles.Then off the flame.", "Wait for three to four whistles. Then off the flame."),
        ("Event Time:2000-04-28 at noon", "Event Time: April twenty eighth two thousand at noon"),
        // Traps: a name with a dot, an address, a clock time, an abbreviation with periods.
        ("built on Node.js and www.Google.com", "built on Node dot J S and www dot Google dot com"),
        ("It opens at 10:30 in the U.S.A.", "It opens at ten thirty in the USA."),
    ])
    func gluedWords(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    /// Calendar versions: a year, then a month with its zero.
    @Test(arguments: [
        ("Most likely v2023.06 will be the last", "Most likely version twenty twenty three point oh six will be the last"),
        ("the version is v2023.12.11.10", "the version is version twenty twenty three point twelve point eleven point ten"),
        // Trap: a version that starts with no year.
        ("update to v2.3.1 now", "update to version two point three point one now"),
    ])
    func calendarVersions(_ input: String, _ expected: String) { #expect(say(input) == expected) }
}
