import Testing
@testable import ReciteNormalize

/// Readings of real English for lengths written with marks, surveys and directions, listings,
/// hours, money and versions: each pair is a general behaviour, not one sentence.
@Suite struct MeasureAndPlaceTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test(arguments: [
        ("a 39″ Class TV", "a thirty nine inch Class TV"), ("the 65\" OLED TV", "the sixty five inch OLED TV"),
        ("cut it 78 1/2\" long", "cut it seventy eight and a half inches long"), ("3/4\" plywood", "three quarter inch plywood"),
        ("1/2\" OSB", "half inch O.S.B"), ("5/8\" drywall", "five eighths inch drywall"), ("an 18″ inch pizza", "an eighteen inch pizza"),
        ("these 55”+ monsters", "these fifty five inch plus monsters"), ("a 36\"-wide door", "a thirty six inch wide door"),
        ("twelve 10' 2x4s", "twelve ten foot two by fours"), ("Shed Size: 5’x8’x8’", "Shed Size: five by eight by eight feet"),
        ("a 12' x 16' deck", "a twelve by sixteen foot deck"), ("along that line 70' at which point", "along that line seventy feet at which point"),
        ("space them 16-24\" apart", "space them sixteen to twenty four inches apart"), ("I've 20' and more", "I've twenty' and more"),
    ])
    func marks(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Thence S 03°19'04\" W a distance", "Thence south three degrees nineteen minutes four seconds west a distance"),
        ("N 89 degrees 09'47\"W", "north eighty nine degrees nine minutes forty seven seconds west"),
        ("in the NW1/4 of Section 13", "in the northwest quarter of Section thirteen"), ("the S/2 of the lot", "the south half of the lot"),
        ("Twp. 162 N., Rge. 77 W.;", "Township one hundred and sixty two north, Range seventy seven west.;"),
        ("1 deg E of N", "one degree east of north"), ("high tide, E wind 5 knots", "high tide, east wind five knots"),
        ("Winds:NE 5-15", "Winds: northeast five to fifteen"), ("M 4.2 - 1 km WNW", "M four point two, one kilometer west northwest"),
        ("the 101 freeway", "the one oh one freeway"), ("N/B lanes", "northbound lanes"), ("Scores: 4 - 2", "Scores: from four to two"),
    ])
    func surveysAndDirections(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Front 3BR/2BA house", "Front three bedroom, two bath house"), ("2 bd/1 ba, 1,117 sq ft", "two bedroom, one bath, one thousand one hundred and seventeen square feet"),
        ("1500 sq foot", "fifteen hundred square foot"), ("$40 per sq ft", "forty dollars per square foot"),
        ("11 am-11 pm Monday-Thursday", "eleven AM to eleven PM Monday to Thursday"), ("9:30a – 4p", "nine thirty AM to four PM"),
        ("Happy hour 4-7 pm", "Happy hour four to seven PM"), ("Monday–Friday", "Monday to Friday"),
        ("The angle is 45° 30' exactly", "The angle is forty five degrees thirty minutes exactly"), ("approximately $200-750", "approximately two hundred to seven hundred and fifty dollars"),
        ("a $4 billion a year operation", "a four billion dollar a year operation"), ("Rs 25 crore", "twenty five crore rupees"),
        ("3-4x a week", "three to four times a week"), ("302°F/150°C", "three hundred and two degrees Fahrenheit or one hundred and fifty degrees Celsius"),
        ("python 3.11 and 3.12", "python three point eleven and three point twelve"), ("Ubuntu 18.04 and 20.04", "Ubuntu eighteen oh four and twenty oh four"),
        ("Kotlin 1.9.20 works", "Kotlin one point nine point twenty works"), ("0.236.x and 1.x.x", "zero point two thirty six point x and one point x point x"),
        ("my pace was 9:02/mile", "my pace was nine oh two per mile"), ("a 5V 5A USB-C power supply", "a five volt five amp U.S.B-C power supply"),
        ("This 12V 7Ah battery", "This twelve volt seven amp hour battery"), ("a 10 km (6 mi) race", "a ten kilometer (six mile) race"), ("It draws 5V 2A max.", "It draws five volts two amps maximum."), ("M4.2 quake", "M four point two quake"),
    ])
    func listingsHoursMoneyAndVersions(_ input: String, _ expected: String) { #expect(say(input) == expected) }
}
