import Testing
@testable import ReciteNormalize

/// Readings from the development parts of the fresh batches (issue 39): days of one month in a
/// range or a list, a law report's page, a bowler's figures, units named without a number in
/// digits, and a label glued to a phone code.
@Suite struct DaysCitationsAndUnitWordsTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test(arguments: [
        ("active from Aug. 3 to 25, with peak", "active from August third to twenty fifth, with peak"),
        ("Sunday, December 11, 12, and 13, where", "Sunday, December eleventh, twelfth, and thirteenth, where"),
        ("from 4 to 7 May at", "from the fourth to the seventh of May at"),
        ("Next weekend, 1st and 2nd August, there", "Next weekend, the first and the second of August, there"),
        // Traps: a count after the second number, and numbers that are no days.
        ("from Aug. 3 to 25 people", "from August third to twenty five people"),
        ("from 4 to 7 people", "from four to seven people"),
        ("from 40 to 70 May", "from forty to seventy May"),
    ])
    func daysOfOneMonth(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("[2019] 4 All ER 289", "[twenty nineteen] four All E.R two hundred and eighty nine"),
        ("(2014) 99 ACSR 247", "(twenty fourteen) ninety nine \u{2060}A.C.S.R two hundred and forty seven"),
        // Trap: a model's number after capitals, without a year in brackets, is said in pairs.
        ("the RTX 4090 card", "the RTX forty ninety card"),
    ])
    func lawReportPages(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test func bowlersFigures() {
        #expect(say("early in his innings, with Sam Curran (4/74) and James Anderson (2/41)")
                == "early in his innings, with Sam Curran (four for seventy four) and James Anderson (two for forty one)")
        // Trap: with no word of cricket near, a fraction.
        #expect(say("a ratio of (3/16) was") == "a ratio of (three sixteenths) was")
    }

    @Test(arguments: [
        ("Divide the weight (in kg) by 70", "Divide the weight (in kilograms) by seventy"),
        ("preferably expressed in mL.", "preferably expressed in milliliters."),
        ("One GW is equal to 1000 MW", "One gigawatt is equal to one thousand megawatts"),
        ("just two km away", "just two kilometers away"),
        ("‘Quantity per 100 g’ with", "‘Quantity per one hundred grams’ with"),
        ("(Rs. Three Lakhs only)", "(rupees Three Lakhs only)"),
        // Traps: a symbol that is a word, one that goes on, and a number word before a word.
        ("in Pa.", "in Pa."),
        ("in cm and inches", "in cm and inches"),
        ("one in five", "one in five"),
        ("the top 5 in the class", "the top five in the class"),
        // "g" is no word: grams after a number even when the sentence goes on.
        ("per 100 g with", "per one hundred grams with"),
    ])
    func unitsWithoutDigitsBeforeThem(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test func leadingZeroBeforeAUnitIsAnAmount() {
        #expect(say("a wind speed of up to 08-12 kmph during") == "a wind speed of up to eight to twelve kilometers per hour during")
    }

    @Test func labelGluedToAPhoneCode() {
        #expect(say("via the following channels:*138#, *170#") == "via the following channels: star one three eight hash, star one seven zero hash")
    }

    @Test(arguments: [
        ("(Virat Kohli 57, Rishabh Pant 39; Shaheen Afridi 3/31) vs Pakistan in 20 overs",
         "(Virat Kohli fifty seven, Rishabh Pant thirty nine; Shaheen Afridi three for thirty one) versus Pakistan in twenty overs"),
        // Trap: with no word of cricket near, a date.
        ("meet on 3/31 at", "meet on March thirty first at"),
    ])
    func bowlersFiguresBeforeADate(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("plus an additional 7.37c/kWh to cater", "plus an additional seven point three seven cents per kilowatt hour to cater"),
        ("at a rate of 11.2p/min for", "at a rate of eleven point two pence per minute for"),
        ("at a price of 130 USD/night for a single", "at a price of one hundred and thirty US dollars per night for a single"),
        ("thereafter you pay R129 p/m now", "thereafter you pay one hundred and twenty nine rand per month now"),
        // Trap: a single letter before a small amount with no rate stays a name's letter.
        ("the R129 road", "the R one twenty nine road"),
    ])
    func pricesPerUnit(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("the 1-bedroom 60sqm, and", "the one bedroom sixty square meters, and"),
        ("sits on 1487sqm next to", "sits on one thousand four hundred and eighty seven square meters next to"),
        ("zones the 2428sq m property as", "zones the two thousand four hundred and twenty eight square meter property as"),
    ])
    func squareMetresGlued(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("to Decies Rd. to Islandbridge", "to Decies Road to Islandbridge"),
        ("along Hepburn Av.", "along Hepburn Avenue."),
        // Trap: no name before it.
        ("The Rd. is", "The Rd. is"),
    ])
    func streetAfterAName(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("The 3.5L V6 petrol engine", "The three point five liters V six petrol engine"),
        ("the Indica V2", "the Indica V two"),
        // Versions keep their word.
        ("firmware v6 is out", "firmware version six is out"),
        ("V2.1", "version two point one"),
    ])
    func capitalVBeforeANumber(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("at 2.2 m TEUs a year", "at two point two million T.E.U.'s a year"),
        ("about 1.5 m people live", "about one point five million people live"),
        ("10 m people", "ten million people"),
        // Traps: lengths.
        ("10 m sprints", "ten meter sprints"),
        ("5 m tall", "five meters tall"),
    ])
    func aLoneMBeforeACountedPlural(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test func tablespoonsWrittenTbs() {
        #expect(say("2 tbs Margarine") == "two tablespoons Margarine")
    }

    @Test(arguments: [
        ("open 1030 am to 930 pm", "open ten thirty AM to nine thirty PM"),
        ("terminate at New Delhi at 400 am.", "terminate at New Delhi at four AM."),
        // Trap: no hour in the first digits.
        ("in 2000 am", "in two thousand am"),
    ])
    func hoursAndMinutesWithoutTheirColon(_ input: String, _ expected: String) { #expect(say(input) == expected) }
}
