import Testing
@testable import ReciteNormalize

/// Thousands written with a comma and a space are one number only with a proof; a list of numbers
/// written the same way stays a list.
@Suite struct SpacedThousandsTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test(arguments: [
        ("EE Ltd spent £302, 592, 000 on spectrum", "E.E limited spent three hundred two million five hundred ninety two thousand pounds on spectrum"),
        ("a total of 406, 000 votes", "a total of four hundred six thousand votes"),
        // Traps: a list of numbers, and two groups with no sign and no "000".
        ("Rooms 101, 102, 103 are free", "Rooms one hundred and one, one hundred and two, one hundred and three are free"),
        ("scores of 12, 345 and 678", "scores of twelve, three hundred and forty five and six hundred and seventy eight"),
    ])
    func commaAndSpaceGroups(_ input: String, _ expected: String) { #expect(say(input) == expected) }
}
