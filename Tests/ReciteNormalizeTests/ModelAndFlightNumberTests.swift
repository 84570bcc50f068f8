import Testing
@testable import ReciteNormalize

/// A flight's or a product model's number is said in pairs only with the words that prove it;
/// the same digits elsewhere stay a quantity.
@Suite struct ModelAndFlightNumberTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test(arguments: [
        ("IndiGo Flight 6E 6101 was delayed", "IndiGo Flight six E sixty one oh one was delayed"),
        ("on flight 9W 339 to Delhi", "on flight nine W three thirty nine to Delhi"),
        // Trap: no airline's code between "flight" and the number: a count.
        ("the flight 6E took carried 6101 bags", "the flight six E took carried six thousand one hundred and one bags"),
    ])
    func flightNumbersAfterAnAirlineCode(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("the in-house Exynos 9810 SoC", "the in-house Exynos ninety eight ten S.O.C"),
        ("the same Samsung 7420 chipset", "the same Samsung seventy four twenty chipset"),
        // Traps: a plural may be counted, a month before a year, no name before the number.
        ("Intel 500 chips shipped", "Intel five hundred chips shipped"),
        ("since March 2020 chipset prices rose", "since March twenty twenty chipset prices rose"),
        ("about 7420 chipset orders", "about seven thousand four hundred and twenty chipset orders"),
    ])
    func modelNumbersBeforeAKindOfProduct(_ input: String, _ expected: String) { #expect(say(input) == expected) }
}
