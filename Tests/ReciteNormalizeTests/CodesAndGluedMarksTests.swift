import Testing
@testable import ReciteNormalize

/// Codes that look like amounts and marks typed without their space, from real text: ZIP codes
/// after a state, a unit number with a leading zero, a country code in brackets, an operator, an
/// abbreviation's period before a number, East Africa's "/=" before a word, a grade after a slash.
@Suite struct CodesAndGluedMarksTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test(arguments: [
        ("Washington, D. C. 20543, of any errors", "Washington, D. C. two zero five four three, of any errors"),
        ("Washington, D.C. 20543", "Washington, D.C. two zero five four three"),
        ("Austin, TX 78701-1234", "Austin, TX seven eight seven zero one one two three four"),
        // Traps: no state before it, a range and an amount.
        ("from 10000-2000 people", "from ten thousand to two thousand people"),
        ("in D.C. 20 people", "in D.C. twenty people"),
    ])
    func zipCodesAfterAState(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Block 21 Ghim Moh Road (01-213)", "Block twenty one Ghim Moh Road (zero one two one three)"),
        ("unit 03-15", "unit zero three one five"),
        // Trap: without a leading zero, a range.
        ("3-15 people", "three to fifteen people"),
    ])
    func aLeadingZeroMakesACode(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Call 1300 303 181", "Call thirteen hundred, three zero three, one eight one"),
        // Trap: four digits last, an American number, said digit by digit.
        ("call 1800 555 1234", "call one eight zero zero, five five five, one two three four"),
    ])
    func australianLocalRateNumbers(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test func countryCodeInBrackets() {
        #expect(say("T(+65) 6466 8078") == "T (plus six five, six four six six, eight zero seven eight")
    }

    @Test(arguments: [
        ("KOReader != app x", "KOReader is not equal to app x"),
        ("if a !== b then", "if a is not equal to b then"),
        // Trap: an exclamation mark stays one.
        ("Wow! It works", "Wow! It works"),
    ])
    func notEqualOperator(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("reducing approx.10k", "reducing approximately ten K"),
        ("see Fig.2 for details", "see figure two for details"),
        ("No.5 in the list", "number five in the list"),
        // Traps: a host name and a version keep their periods.
        ("ns1.example.com", "ns one dot example dot com"),
        ("Python3.12", "Python three point one two"),
    ])
    func abbreviationPeriodBeforeANumber(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("biogenic methane[1] (Methane) are", "biogenic methane (Methane) are"),
        ("as shown[12], the", "as shown, the"),
    ])
    func footnoteNumbersGluedToAWord(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    /// Trap: a short name's index is no footnote; its number is still said.
    @Test func anIndexIsSaid() { #expect(say("the array a[1] holds").contains("one")) }

    @Test func amountMarkBeforeAWord() {
        #expect(say("bond of Ksh.200,000/=plus one surety") == "bond of two hundred thousand shillings plus one surety")
    }

    @Test(arguments: [
        ("21.4% of pupils achieved a grade 7/A.", "twenty one point four percent of pupils achieved a grade seven slash A."),
        // Traps: real rates keep "per".
        ("10/s", "ten per second"),
        ("2/L of water", "two per liter of water"),
    ])
    func aLetterAfterASlashIsNoRate(_ input: String, _ expected: String) { #expect(say(input) == expected) }
}
