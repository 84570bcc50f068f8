import Testing
@testable import ReciteNormalize

/// A number's plural ("3s and 4s") and a choice between two ordinals ("19th/20th"), each beside
/// the form that keeps its plain reading.
@Suite struct NumberPluralAndChoiceTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test(arguments: [
        ("There are often magnitude 3s and 4s here", "There are often magnitude threes and fours here"),
        ("across five No. 1s this year", "across five number ones this year"),
        // Trap: a number with "s" alone may be seconds or a name: its letter is kept.
        ("He ran it in 4s flat", "He ran it in four s flat"),
    ])
    func pluralsOfNumbers(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("much 19th/20th century graffiti", "much nineteenth or twentieth century graffiti"),
        ("the 1st/2nd floor", "the first or second floor"),
        // Trap: a listing's two measures keep their pause.
        ("a 3BR/2BA home", "a three bedroom, two bath home"),
    ])
    func ordinalsWithASlash(_ input: String, _ expected: String) { #expect(say(input) == expected) }
}
