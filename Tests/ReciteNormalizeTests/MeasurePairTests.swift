import Testing
@testable import ReciteNormalize

/// Two measures written as one: a size with "x", the same amount in two units with a slash, an
/// oven's temperature and its gas mark, and a conversion in brackets.
@Suite struct MeasurePairTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test(arguments: [
        ("a worktop with a 60cm x 60cm opening", "a worktop with a sixty centimeter by sixty centimeter opening"),
        ("cut it 10cm x 5cm", "cut it ten centimeters by five centimeters"),
        // Trap: a glued measure, then "x" and a bare count.
        ("lift 10kg x 3 times", "lift ten kilograms x three times"),
    ])
    func gluedSizes(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("carrying 912,000 liters/240,000 gallons of fuel", "carrying nine hundred twelve thousand liters or two hundred forty thousand gallons of fuel"),
        ("5 kg/11 lb of flour", "five kilograms or eleven pounds of flour"),
        ("at most 2.1 meters/seven feet deep", "at most two point one meters or seven feet deep"),
        // Traps: units of different kinds are a rate, not the same amount twice.
        ("a dose of 25 mg/5 ml syrup", "a dose of twenty five milligrams per five milliliters syrup"),
        ("It uses 4.2 litres/100 km on average.", "It uses four point two litres per hundred kilometres on average."),
    ])
    func sameAmountInTwoUnits(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Preheat the oven to 180°C/gas mark 4, and grease.", "Preheat the oven to one hundred and eighty degrees Celsius, gas mark four, and grease."),
        ("125g (4oz) butter", "one hundred and twenty five grams (four ounces) butter"),
        // Traps: a row of ratings before a noun keeps the singular.
        ("a 12V 7Ah battery", "a twelve volt seven amp hour battery"),
    ])
    func ovenMarksAndConversions(_ input: String, _ expected: String) { #expect(say(input) == expected) }
}
