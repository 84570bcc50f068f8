import Foundation
import Testing
@testable import ReciteNormalize

/// Readings from the development part of the sixth fresh batch (issue 39): odds and a match's
/// minute where a racing or football report proves them, cricket proved by two of its words,
/// amounts after a code of letters read in every shape an amount after a sign has, Ireland's
/// counties, the 24-hour clock with its colon, a product worked out, and the letter A after the
/// party it names. Each rule has a trap that keeps the plain reading.
@Suite struct SportsMoneyAndCountiesTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test func oddsWhereRacingIsSpokenOf() {
        #expect(say("Barretstown completed a 33/1 double for the jockey.") == "Barretstown completed a thirty three to one double for the jockey.")
        #expect(say("The favourite was heavily favored at 1/10 and won.") == "The favourite was heavily favored at one to ten and won.")
        // Traps: a length in a race, and the same figures where nobody bets.
        #expect(!say("The favourite won by 1/2 length.").contains("one to two"))
        #expect(say("Mix 3/1 of the flour with water.").contains("three over one") || say("Mix 3/1 of the flour with water.").contains("three firsts"))
    }

    @Test func aMatchMinuteOpeningALine() {
        #expect(say("73′ GOAL! Maart scores for Chiefs.") == "seventy third minute GOAL! Maart scores for Chiefs.")
        #expect(say("25' Maela looks to have pulled a hamstring.") == "twenty fifth minute Maela looks to have pulled a hamstring.")
        // Traps: a height, and a length where no match is spoken of.
        #expect(say("He is 6′ 2″ and plays as a striker.").contains("six feet"))
        #expect(say("12′ Timber boards for the deck.").contains("twelve feet") || say("12′ Timber boards for the deck.").contains("twelve foot"))
    }

    @Test func cricketProvedByTwoOfItsWords() {
        #expect(say("after 21 overs of the Pakistan innings, with the tourists toiling at 60-6").contains("sixty for six"))
        // Trap: baseball has innings and runs, but no overs.
        #expect(say("after nine innings and 12 runs the Mets led 6-2").contains("six to two"))
    }

    @Test(arguments: [
        ("a deposit of KSh 30,000–60,000 today", "a deposit of thirty thousand to sixty thousand shillings today"),
        ("Basic Salary Scale: Kshs. 169,140- 324,430 Per month",
         "Basic Salary Scale: one hundred sixty nine thousand one hundred and forty to three hundred twenty four thousand four hundred and thirty shillings Per month"),
        ("petrol selling at GHS17.99 per liter", "petrol selling at seventeen Ghana cedis ninety nine pesewas per liter"),
        ("as much as USD 1,500/month", "as much as one thousand five hundred US dollars per month"),
    ])
    func amountsAfterACodeOfLetters(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test func irelandsCounties() {
        #expect(say("I'm from Dunshaughlin, Co Meath and Co. Cork.") == "I'm from Dunshaughlin, County Meath and County Cork.")
        // Trap: a company.
        #expect(say("Smith & Co. Ltd. and Co Founder Ann").contains("Co Founder"))
    }

    @Test func theTwentyFourHourClockWithItsColon() {
        #expect(say("used from 00:01 hrs to 18:00 hrs daily") == "used from zero zero zero one hours to eighteen hundred hours daily")
        #expect(say("at 08:00 hours on Tuesday") == "at oh eight hundred hours on Tuesday")
        // Trap: a time without the word.
        #expect(say("at 18:00 on Tuesday") == "at eighteen hundred on Tuesday")
    }

    @Test func aProductWorkedOut() {
        #expect(say("contains 160 mg x 8 = 1,280 mg.").contains("milligrams times eight equals"))
        #expect(say("so 8 x 8 = 64").contains("eight times eight equals"))
        // Trap: dimensions.
        #expect(say("a 2 x 4 board").contains("two by four"))
    }

    @Test func theLetterAAfterTheParty() {
        #expect(say("Customer A has a consumption of 350 kWh.").hasPrefix("Customer A- has"))
        // Trap: the article after a sentence's end.
        #expect(say("Ask the customer. A reply comes.").contains("customer. A reply"))
    }

    @Test func aMeasureBeforeAPrepositionAndAnAdjectiveInS() {
        #expect(say("winds of 140 kph near the center").contains("kilometers per hour near"))
        #expect(say("a 500m continuous walk").contains("five hundred meter"))
        // Trap: a counted plural after "m" is a million.
        #expect(say("10m plays this year").contains("ten million plays"))
    }
}

/// Readings from the development part of the seventh fresh batch (issue 39).
@Suite struct SeventhBatchReadingsTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test func tennisSetsAndATiebreak() {
        #expect(say("Nadal won 6-1, 6-4 at Wimbledon.") == "Nadal won six one, six four at Wimbledon.")
        #expect(say("he won in three sets after the tiebreaker 9-7 went against him").contains("tiebreaker nine seven"))
        // Traps: a vote, and one ordinary word that tennis also uses.
        #expect(say("The vote was 6-4 in favour.").contains("six to four"))
        #expect(say("Open 6-1 on weekdays").contains("six to one"))
    }

    @Test func gramsAndSecondsBeforeAWord() {
        #expect(say("Take 4 g daily.") == "Take four grams daily.")
        #expect(say("He ran 9.69 s in Beijing.") == "He ran nine point six nine seconds in Beijing.")
        // Trap: a decade written apart.
        #expect(say("The 1990 s were fun").contains("nineteen nineties"))
    }

    @Test func codesAndBoxes() {
        #expect(say("Send STOP to 111.") == "Send STOP to one one one.")
        #expect(say("ring 112 now").contains("one one two"))
        #expect(say("Write to P.O. Box 7051.").hasPrefix("Write to P O Box"))
        #expect(say("drawing no. DV/1/05").hasPrefix("drawing number"))
        // Traps: a count after "to", and a prescription's "by mouth".
        #expect(say("Numbers rose to 111 this year.").contains("one hundred and eleven"))
        #expect(say("500 mg P.O. twice a day").contains("by mouth"))
    }

    @Test func saintsGradesAndDoses() {
        #expect(say("St.Ninian and St.Paul's") == "Saint Ninian and Saint Paul's")
        #expect(say("Gr 6 learners").hasPrefix("Grade six"))
        #expect(say("take 8 hrly").contains("eight hourly"))
    }

    @Test func timesAndYears() {
        #expect(say("between 0900 and 0945 hours") == "between oh nine hundred and oh nine forty five hours")
        #expect(say("on 05/27/00 we met").contains("two thousand"))
        #expect(say("on 05/27/05 we met").contains("oh five"))
    }

    @Test func eastAfricasNoCentsMarkAfterACode() {
        #expect(say("Fee UGX 100,000/= only") == "Fee one hundred thousand Ugandan shillings only")
        #expect(say("UGX. 500,000 was paid").hasPrefix("five hundred thousand Ugandan shillings"))
    }
}

/// Readings from the development part of the eighth fresh batch (issue 39).
@Suite struct EighthBatchReadingsTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test func councillorsAgesInchesAndLapTimes() {
        #expect(say("Cllr Smith and Cllr. Jones spoke.") == "Councillor Smith and Councillor Jones spoke.")
        #expect(say("aged 18-29yo").contains("twenty nine years old"))
        #expect(say("a 5yo boy").contains("five year old boy"))
        #expect(say("a pipe 12 ins long").contains("twelve inches long"))
        #expect(say("a lap of 2m03.373s") == "a lap of two minutes three point three seven three seconds")
        // Traps: a word "ins" and outs, and a council without a name.
        #expect(say("the ins and outs").contains("ins and outs"))
        #expect(say("Cllr said no").contains("Cllr"))
    }

    @Test func noBeforeACodeOfCapitalsAndDigits() {
        #expect(say("C of O No KW 4632 issued").contains("number KW"))
        // Trap: "No" before a country.
        #expect(say("No UK visit").hasPrefix("No"))
    }
}
