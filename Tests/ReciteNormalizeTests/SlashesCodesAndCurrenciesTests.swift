import Testing
@testable import ReciteNormalize

/// From a fresh batch of real sentences (Eval/en-world-new-dev.tsv): two numbers and a slash that are
/// no fraction, a phone's service codes, days before dates, a model's "Max", and currencies of Ghana,
/// the Philippines, New Zealand and India's "cr".
@Suite struct SlashesCodesAndCurrenciesTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test(arguments: [
        ("24% scored 50% (200/400) and above", "twenty four percent scored fifty percent (two hundred out of four hundred) and above"),
        ("scored 18/20", "scored eighteen out of twenty"),
        ("if the child weighs 35kg: 35/70 = 0.5", "if the child weighs thirty five kilograms: thirty five divided by seventy equals zero point five"),
        ("Our cash spend in 24/25 is high", "Our cash spend in twenty four twenty five is high"),
        ("Pakistan reached 60/2 after 10 overs.", "Pakistan reached sixty for two after ten overs."),
        // Traps: fractions stay fractions.
        ("the 22/3 ratio", "the twenty two thirds ratio"),
        ("31/32", "thirty one thirty seconds"),
        ("12639/12640", "twelve thousand six hundred thirty nine twelve thousand six hundred fortieths"),
        ("only 60/2 of them", "only sixty halves of them"),
    ])
    func slashesThatAreNoFraction(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("by simply dialing *544#.", "by simply dialing star five four four hash."),
        ("dial *170*1# now", "dial star one seven zero star one hash now"),
        ("by dialing 9090.", "by dialing nine zero nine zero."),
        // Trap: a footnote's star before a number is not said.
        ("*10 minutes", "ten minutes"),
    ])
    func phoneCodes(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Tue, Feb 8, 2022 4:00 PM", "Tuesday, February eighth, twenty twenty two four PM"),
        ("Wed, 24 Feb 2021 Source", "Wednesday, the twenty fourth of February twenty twenty one Source"),
        ("a Boeing 737 Max 8 operated", "a Boeing seven three seven Max eight operated"),
        // Traps: a word that is a day's name, and a limit.
        ("Sun, sea and sand", "Sun, sea and sand"),
        ("Max 60 kg", "maximum sixty kilograms"),
    ])
    func daysAndNames(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("It will cost GHc2", "It will cost two Ghana cedis"),
        ("prizes of P3,000 each.", "prizes of three thousand pesos each."),
        ("Life Cover of Rs 1 cr at", "Life Cover of one crore rupees at"),
        ("between $NZ12-$NZ45", "between twelve New Zealand dollars and forty five New Zealand dollars"),
        // Trap: a letter and a small number name a road.
        ("the P2 road", "the P two road"),
    ])
    func currencies(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Kick off: 15h30 SA Time", "Kick off: fifteen thirty S.A Time"),
        ("releases after 3.8.10 were", "releases after three point eight point ten were"),
        ("Gen Sir John Maxwell", "General Sir John Maxwell"),
        ("My right hon. Friend makes", "My right honourable Friend makes"),
        // Traps: a leading zero keeps a dotted date; hours of a race.
        ("on 03.08.10 we", "on the third of August ten we"),
        ("the 4h race", "the four hour race"),
    ])
    func timesVersionsAndTitles(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("(Unit Size 700 sqft - 1700 sqft) from", "(Unit Size seven hundred square feet to seventeen hundred square feet) from"),
        ("between 1 km - 3 km", "between one kilometer and three kilometers"),
        ("placing them in the Miocene Epoch (~23–5 million years ago).", "placing them in the Miocene Epoch (about twenty three to five million years ago)."),
        // Traps: measures in two units, and a dash before words, stay apart.
        ("from 5 kg - 10 lb", "from five kilograms, ten pounds"),
        ("5 km - the best", "five kilometers, the best"),
    ])
    func rangesOfMeasures(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("The S$700-and-under smartphone segment", "The seven hundred Singapore dollar and under smartphone segment"),
        ("a $5-a-day habit", "a five dollar a day habit"),
        ("and 64GBs in internal memory", "and sixty four gigabytes in internal memory"),
        // Trap: a plural of letters is no unit.
        ("the 3 Cs of", "the three Cs of"),
    ])
    func amountsAndUnitsWithWordsGlued(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Tuesday 18 th June 2024", "Tuesday the eighteenth of June twenty twenty four"),
        ("birdied the par three 6 th for a", "birdied the par three sixth for a"),
        ("a standing charge of Ush 3,360.", "a standing charge of three thousand three hundred and sixty Ugandan shillings."),
        ("petrol will sell for ZWL$97.62 and", "petrol will sell for ninety seven Zimbabwe dollars sixty two cents and"),
        ("a plan of N1,000 from 260 MB to 1.5 GB, while also introducing a midnight plan of 500 MB for just N25.",
         "a plan of one thousand naira from two hundred and sixty megabytes to one point five gigabytes, while also introducing a midnight plan of five hundred megabytes for just twenty five naira."),
        // Traps: a letter and a number alone name a road or a grade.
        ("the N7 road", "the N seven road"),
        ("grade R 5 pupils", "grade R five pupils"),
    ])
    func ordinalsApartAndAfricanAmounts(_ input: String, _ expected: String) { #expect(say(input) == expected) }
}
