import Testing
@testable import ReciteNormalize
import ReciteScript

/// Conventions of the world's English that the first rules did not know, each beside the plain
/// text it must leave alone: a reading that needs a proof is not given without one.
@Suite struct WorldConventionTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    /// Kenya's shillings, South Africa's rand, Nigeria's naira, written in letters before the amount.
    @Test(arguments: [
        ("a bond of Sh5 Million", "a bond of five million shillings"),
        ("KSh. 46 billion for counties", "forty six billion shillings for counties"),
        ("bail of Ksh.200,000/= only", "bail of two hundred thousand shillings only"),
        ("a fine of R10 000 or prison", "a fine of ten thousand rand or prison"),
        ("R59 per adult", "fifty nine rand per adult"),
        ("between R50 and R10,000 a month", "between fifty rand and ten thousand rand a month"),
        ("a budget of N25bn", "a budget of twenty five billion naira"),
        ("S$580++ per guest", "five hundred and eighty Singapore dollars plus plus per guest"),
        // No proof: a road, a grade.
        ("take the R2 north", "take the R two north"),
        ("the N7 highway", "the N seven highway"),
    ])
    func lettersThatNameACurrency(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("at 44.14 US dollars", "at forty four point one four US dollars"),
        ("73.6 million GT", "seventy three point six million GT"),
        ("60 of them", "sixty of them"),
        ("temperatures of -3oC or colder", "temperatures of minus three degrees Celsius or colder"),
        ("as low as –50 C", "as low as minus fifty C"),
        ("descended to 118 feet radio height", "descended to one hundred and eighteen feet radio height"),
        ("gusts to 60 to 80 km/h possible", "gusts to sixty to eighty kilometers per hour possible"),
        ("its 5.6m plays this week", "its five point six million plays this week"),
        ("a 100m sprint", "a one hundred meter sprint"),
        ("250gm butter", "two hundred and fifty grams butter"),
        ("on the 15A and 15B routes", "on the fifteen A- and fifteen B routes"),
        ("the southern 27L runway", "the southern twenty seven L runway"),
        ("a 10A fuse", "a ten amp fuse"),
        ("5V and 12V", "five volts and twelve volts"),
    ])
    func unitsThatNeedTheirProof(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Curran took 4-74 and England were 54-2 at stumps", "Curran took four for seventy four and England were fifty four for two at stumps"),
        ("Sam Curran (4/74) bowled well", "Sam Curran (four for seventy four) bowled well"),
        ("they reached 50-0 before the wicket fell", "they reached fifty for nought before the wicket fell"),
        ("India's reply to 287 all out was eventful, but they reached 50-0.", "India's reply to two hundred and eighty seven all out was eventful, but they reached fifty for nought."),
        // Trap: "all out" with no total before it is no innings.
        ("He went all out and won 5-0.", "He went all out and won five zero."),
        // Baseball has innings too, and scores are ranges elsewhere.
        ("Omaha won 5-2 in 8 1/3 innings", "Omaha won five to two in eight and one third innings"),
        ("a 4-74 range", "a four to seventy four range"),
    ])
    func cricketFigures(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("above normal up to 1 – 2°C", "above normal up to one to two degrees Celsius"),
        ("1 - 2 bedrooms", "from one to two bedrooms"),
        ("the toll to 199 - 12 more than last year", "the toll to one hundred and ninety nine, twelve more than last year"),
        ("#1105 — 80 Cumberland", "number eleven oh five, eighty Cumberland"),
        ("by a 52.1-47.9 margin", "by a fifty two point one to forty seven point nine margin"),
        ("restored in 1881-3", "restored in eighteen eighty one to three"),
    ])
    func ranges(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Issued: 0900hrs Sunday", "Issued: oh nine hundred hours Sunday"),
        ("at 1405 UTC", "at fourteen oh five U.T.C."),
        ("at 15:00 IST", "at fifteen hundred I.S.T."),
        ("23:00", "twenty three o'clock"),
        ("CLOSING DATE : 07 February 2025 at 16:00", "CLOSING DATE: the seventh of February twenty twenty five at sixteen hundred"),
        ("at 08:00 today", "at eight o'clock today"),
        ("between 18:33 and 05:17", "between eighteen thirty three and oh five seventeen"),
        ("01:59 p.m.", "one fifty nine PM."),
        ("open 5pm–late", "open five PM to late"),
        ("open 9am-5pm daily", "open nine AM to five PM daily"),
        ("crossed the line in 24m33s", "crossed the line in twenty four minutes thirty three seconds"),
    ])
    func clocksAndDurations(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Heat 1/2 a spoon of oil", "Heat half a spoon of oil"),
        ("less than 1/4 of the pot", "less than a quarter of the pot"),
        ("a Boeing 737-800 landed", "a Boeing seven three seven eight hundred landed"),
        ("the airline's 787-9 Dreamliners", "the airline's seven eight seven nine Dreamliners"),
        ("The 787 people came", "The seven hundred and eighty seven people came"),
        ("1,11,544 candidates", "one lakh eleven thousand five hundred and forty four candidates"),
        ("Rs. 3,00,000.00 in all", "three lakh rupees in all"),
        ("1,250,000 people", "one million two hundred fifty thousand people"),
        ("call 1300 746 754", "call thirteen hundred, seven four six, seven five four"),
        ("+65 6534 8880", "plus six five, six five three four, eight eight eight zero"),
        ("in 2019 2020 2021", "in twenty nineteen twenty twenty twenty twenty one"),
        // A format at a rate: each side read as it is alone.
        ("record 2160p@60fps video", "record twenty one sixty p at sixty frames per second video"),
        ("4K@120Hz", "four K at one hundred and twenty hertz"),
    ])
    func numbersOfTheWorld(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    /// A plus and a country code with only signs after it ("+3----------", found by the fuzzer)
    /// is no telephone number; it crashed the reader.
    @Test func telephoneSignsWithoutDigitsAreNoNumber() {
        #expect(!say("+3----------").isEmpty)
        #expect(say("call +44---- now").hasPrefix("call"))
    }

    @Test(arguments: [
        ("Actual salary is £6,328 pa in all", "Actual salary is six thousand three hundred and twenty eight pounds per annum in all"),
        ("Entry Salary: R125 373 p.a (SR02)", "Entry Salary: one hundred twenty five thousand three hundred and seventy three rand per annum (SR zero two)"),
        ("($750-$950pw)", "(seven hundred and fifty dollars to nine hundred and fifty dollars per week)"),
        ("Senior Engineer : $150,000 - $200,000", "Senior Engineer: one hundred fifty thousand dollars to two hundred thousand dollars"),
        ("the pa system", "the pa system"),
        ("It cost $5 - and more", "It cost five dollars, and more"),
        ("at $731,000 – $81,000 above reserve", "at seven hundred thirty one thousand dollars, eighty one thousand dollars above reserve"),
        // An amount describes a noun after a determiner, a possessive or before a plural; else it counts.
        ("we were £75,000 adrift", "we were seventy five thousand pounds adrift"),
        ("the government’s £3,500 grant", "the government’s three thousand five hundred pound grant"),
        ("then $1000 increments", "then one thousand dollar increments"),
        ("a $40 fee", "a forty dollar fee"),
    ])
    func ratesAndRangesOfMoney(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Yield - 151.6 bu/acre", "Yield, one hundred and fifty one point six bushels per acre"),
        ("13.4Mt of barley", "thirteen point four million tonnes of barley"),
        ("$9.30/kgMS for the season", "nine dollars thirty cents per kilogram of milk solids for the season"),
        ("a <5 chance", "a less than five chance"),
        ("## 3.1.0", "three point one point zero"),
        ("a #5 seed", "a number five seed"),
    ])
    func tradeUnitsAndSigns(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Back to 1527AD", "Back to fifteen twenty seven A.D."),
        ("a 17th–century vicar", "a seventeenth century vicar"),
        ("below 130/80 mmHg today", "below one hundred and thirty over eighty millimeters of mercury today"),
        ("per 1 millilitre of liquid", "per one millilitre of liquid"),
        ("5 metres away", "five metres away"),
        ("5 m away", "five meters away"),
        ("(15 October 1542 – 27 October 1605)", "(the fifteenth of October fifteen forty two to the twenty seventh of October sixteen oh five)"),
        ("Akbar - The Great", "Akbar, The Great"),
        ("October 25, 2019 - 09:56 PM", "October twenty fifth, twenty nineteen, nine fifty six PM"),
        ("indicates 100-250+ mm of rain", "indicates one hundred to two hundred and fifty plus millimeters of rain"),
        ("3-1+2", "three minus one plus two"),
        ("a charge of $30/pet/night", "a charge of thirty dollars per pet per night"),
        ("$85/mth", "eighty five dollars per month"),
        ("At 445am, we left", "At four forty five AM, we left"),
        ("growth in 2Q22", "growth in the second quarter of twenty two"),
        ("111st", "one one one st"),
        ("1-8090", "one eight thousand and ninety"),
        ("1-250 people", "one to two hundred and fifty people"),
    ])
    func yearsAndWrittenUnits(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    /// Paragraphs read as one document: each paragraph a block of one run per word.
    func sayDocument(_ paragraphs: [String]) -> [String] {
        var offset = 0
        let blocks = paragraphs.map { paragraph -> Block in
            let runs = paragraph.split(separator: " ").map { word -> Run in
                defer { offset += word.utf8.count + 1 }
                return Run(.speech(String(word)), source: SourceSpan(offset: offset, length: word.utf8.count, line: 1, column: 1))
            }
            return Block(kind: .paragraph, source: runs[0].source, runs: runs)
        }
        let script = normalizer.normalize(Script(path: "report.md", language: "en-US", blocks: blocks))
        return script.blocks.map { $0.runs.compactMap(\.spoken).joined(separator: " ") }
    }

    /// A paragraph that names no wicket is still cricket in a cricket report; one stray word in an
    /// article about something else proves nothing.
    @Test func aDocumentsSubjectDecidesItsScores() {
        let report = sayDocument(["Anderson bowled well.", "Two wickets fell before lunch.", "India reached 54-2 at tea."])
        #expect(report[2] == "India reached fifty four for two at tea.")
        let other = sayDocument(["The wicket gate was open.", "The vote was 54-2 in favour."])
        #expect(other[1] == "The vote was fifty four to two in favour.")
        let airline = sayDocument(["The airline has new aircraft.", "Its fleet will grow.", "The 787 flies to Houston."])
        #expect(airline[2] == "The seven eight seven flies to Houston.")
    }
}
