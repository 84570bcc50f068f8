import Foundation
import Testing
@testable import ReciteNormalize

/// Readings from the development part of the fifth fresh batch (issue 39): the world's currency
/// prefixes, a local telephone number, codes with a letter, lists of amounts apart by slashes,
/// tonnes, a generation, a forecast's day label and cricket's scores in an ODI report.
@Suite struct CodesCurrenciesAndListsTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test(arguments: [
        ("an increase of just over J$760 on his bill", "an increase of just over seven hundred and sixty Jamaican dollars on his bill"),
        ("trading at sh9,000 a kilo", "trading at nine thousand shillings a kilo"),
        ("from RM3 a litre", "from three ringgit a litre"),
        ("costs TT$45 at the door", "costs forty five Trinidad and Tobago dollars at the door"),
    ])
    func currencyPrefixes(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test func localTelephoneNumberAfterACue() {
        #expect(say("contact Cairns Police on 4030 7000.") == "contact Cairns Police on four zero three zero, seven zero zero zero.")
        // Traps: two numbers of a table's row, and years.
        #expect(say("rose from 1500 2000 units") == "rose from fifteen hundred two thousand units")
        #expect(say("on 2019 2020 figures").contains("twenty nineteen"))
    }

    @Test(arguments: [
        ("registration no. KMDJ 075A King-horse", "registration number KMDJ zero seven five \u{2060}A- King-horse"),
        ("a flat in Lorong 1A Toa Payoh", "a flat in Lorong one \u{2060}A- Toa Payoh"),
        // Traps: amps after a number without a leading zero or a word of place.
        ("a 13A plug", "a thirteen amp plug"),
        ("the charger gives 2.4A today", "the charger gives two point four amps today"),
    ])
    func codesWithALetter(_ input: String, _ expected: String) {
        // The letter A of a code is written so that eSpeak NG says the letter; its exact mark is
        // the letter reader's, so compare with the word joiner and hyphen taken out.
        let clean = { (s: String) in s.replacingOccurrences(of: "\u{2060}", with: "").replacingOccurrences(of: "A-", with: "A") }
        #expect(clean(say(input)) == clean(expected))
    }

    @Test(arguments: [
        ("take 80/130/180/230 Magic Damage", "take eighty slash one hundred and thirty slash one hundred and eighty slash two hundred and thirty Magic Damage"),
        ("a 1.25/1.5/1.75/2 second Stun", "a one point two five slash one point five slash one point seven five slash two second Stun"),
    ])
    func amountsApartBySlashes(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test func tonnesAfterAnAmount() {
        #expect(say("rose by 8% to 368 371 t in the first six months").hasSuffix("three hundred and seventy one tonnes in the first six months"))
        // Trap: after a single digit, a lone "t" before a word is left alone.
        #expect(!say("grade 5 t in the list").contains("tonne"))
    }

    @Test(arguments: [
        ("Tickets are only $5 or 3/$10, so", "Tickets are only five dollars or three for ten dollars, so"),
        ("(February 2006– April 2009)", "(February two thousand six April two thousand nine)"),
    ])
    func pricesForACountAndAnOpenDash(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("climbing to R 4,000,000+.", "climbing to four million rand plus."),
        ("That 1.8GB monthly plan now", "That one point eight gigabyte monthly plan now"),
        ("the 15GB weekly data bundle", "the fifteen gigabyte weekly data bundle"),
        ("has a 2017 CV of $6.1 million", "has a twenty seventeen CV of six point one million dollars"),
        // Trap: a period's adjective with no noun after it leaves the measure plural.
        ("uses 5 GB monthly.", "uses five gigabytes monthly."),
    ])
    func openAmountsAndMeasuresBeforeAPeriodsAdjective(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test func generationsAreNoGenerals() {
        #expect(say("comprising 304 Gen Z individuals") == "comprising three hundred and four Gen Z individuals")
        #expect(say("97% of Gen Zs agree") == "ninety seven percent of Gen Zs agree")
        // A general keeps his title, and a Mark its number.
        #expect(say("Gen Smith said") == "General Smith said")
        #expect(say("[StarLite Mk V] Made it") == "[StarLite Mark five] Made it")
    }

    @Test func forecastDayLabels() {
        #expect(say("Sat: Max: 17 Cloudy.") == "Saturday: Max: seventeen Cloudy.")
        // Trap: the sun, with no number after it.
        #expect(say("Sun: the star at the centre") == "Sun: the star at the centre")
    }

    @Test func cricketScoresInAnODIReport() {
        #expect(say("the hosts recovered from 215-6 to top West Indies' 289-7 in which Shai Hope scored his ninth ODI hundred")
                .contains("from two hundred and fifteen for six to top West Indies' two hundred and eighty nine for seven"))
        #expect(say("after Holder broke the first-wicket stand, with Fernando out to Alzarri Joseph (3-42) for 50.")
                .contains("(three for forty two)"))
    }
}
