import Testing
@testable import ReciteNormalize

/// A "k" after a number is a thousand only before a counted noun; else it is the letter a reader says.
@Suite struct LetterKTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test(arguments: [
        ("to beat my 5k personal best", "to beat my five K personal best"),
        ("Support larger Lua memory, default 92k", "Support larger Lua memory, default ninety two K"),
        // Traps: a counted noun after it makes it a thousand.
        ("10K steps and 50k followers", "ten thousand steps and fifty thousand followers"),
        ("a crowd of 20k people", "a crowd of twenty thousand people"),
    ])
    func kAfterANumber(_ input: String, _ expected: String) { #expect(say(input) == expected) }
}
