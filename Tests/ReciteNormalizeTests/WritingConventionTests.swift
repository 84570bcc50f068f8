import Testing
@testable import ReciteNormalize
import ReciteScript

/// Conventions of kinds of writing (forms, recipes, exam results, British spelling), each beside
/// the text that gives no proof and keeps the plain reading. The examples are written here, not
/// taken from the evaluation sets.
@Suite struct WritingConventionTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    /// A slash between two words of a sentence offers a choice.
    @Test(arguments: [
        ("forms may be emailed/faxed to us", "forms may be emailed or faxed to us"),
        ("each tenant must sign his/her lease", "each tenant must sign his or her lease"),
        ("add chopped/sliced onions", "add chopped or sliced onions"),
        ("Remote / flexible roles", "Remote or flexible roles"),
        // No proof: a pair of nouns naming one thing, a pair alone, names, units, fixed pairs.
        ("a fridge/freezer unit", "a fridge slash freezer unit"),
        ("login/logout", "login slash logout"),
        ("the Perth/Adelaide service", "the Perth slash Adelaide service"),
        ("3 mmol/mol more", "three millimoles per mole more"),
        ("a serial input/output port", "a serial input output port"),
    ])
    func slashBetweenWords(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    /// A text that spells "metre" or "litre" hears its units in that spelling.
    @Test(arguments: [
        ("the pool is 50 m long and holds two million litres", "the pool is fifty metres long and holds two million litres"),
        ("a 3 km run, then 500 ml of water; about a kilometre more", "a three kilometre run, then five hundred millilitres of water; about a kilometre more"),
        ("the pool is 50 m long", "the pool is fifty meters long"),
        ("set the parameter to 5 m", "set the parameter to five meters"),
    ])
    func unitsInTheTextsSpelling(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    /// One paragraph's "metre" decides the next paragraph's units.
    @Test func aWholeDocumentSpellsItsUnits() {
        var offset = 0
        let blocks = ["The river rose a metre overnight.", "It peaked at 4 m."].map { paragraph -> Block in
            let runs = paragraph.split(separator: " ").map { word -> Run in
                defer { offset += word.utf8.count + 1 }
                return Run(.speech(String(word)), source: SourceSpan(offset: offset, length: word.utf8.count, line: 1, column: 1))
            }
            return Block(kind: .paragraph, source: runs[0].source, runs: runs)
        }
        let script = normalizer.normalize(Script(path: "flood.md", language: "en-US", blocks: blocks))
        let spoken: String = script.blocks[1].runs.compactMap(\.spoken).joined(separator: " ")
        #expect(spoken == "It peaked at four metres.")
    }

    /// Before a noun of what is measured, a measure is an amount of it; after "a" it describes.
    @Test(arguments: [
        ("the tower rises to 300m height", "the tower rises to three hundred meters height"),
        ("the trail has 450 m elevation gain", "the trail has four hundred and fifty meters elevation gain"),
        ("phones with 128 GB storage", "phones with one hundred and twenty eight gigabytes storage"),
        ("a 300 m elevation gain", "a three hundred meter elevation gain"),
        ("a 10 km race", "a ten kilometer race"),
    ])
    func measuredNouns(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("she got an A* in maths", "she got an A- star in maths"),
        ("grades B* to D", "grades B star to D"),
        ("offers of A*-B", "offers of A- star to B"),
        // A footnote's mark after a word is not said.
        ("terms apply*", "terms apply"),
    ])
    func starredGrades(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("the tour lasts 2hours30mins", "the tour lasts two hours thirty minutes"),
        ("allow 1hr15min for it", "allow one hour fifteen minutes for it"),
        ("stir in 3 heaped tbsp sugar", "stir in three heaped tablespoons sugar"),
        ("1 level tsp salt", "one level teaspoon salt"),
        ("prices rose 3.5pc last month", "prices rose three point five per cent last month"),
        ("the 8 pc set", "the eight pc set"),
    ])
    func durationsRecipesAndPapers(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    /// A curly quote after a number closes the quotation it opened; it is no inch mark.
    @Test func curlyQuoteClosesAfterANumber() {
        #expect(say("he said “we sold 40”.") == "he said “we sold forty”.")
        #expect(say("a 27” monitor") == "a twenty seven inch monitor")
    }

    /// After "number" (or "No.", "#") a number names something; a slash there is no fraction.
    @Test(arguments: [
        ("see invoice No. 3382 below", "see invoice number thirty three eighty two below"),
        ("flat #2207 is free", "flat number twenty two oh seven is free"),
        ("member number 4471902 joined", "member number four four seven one nine zero two joined"),
        ("Civil Appeal No. 412/2019 was heard", "Civil Appeal number four hundred and twelve of twenty nineteen was heard"),
        ("coach number 20871/20872 runs daily", "coach number two zero eight seven one slash two zero eight seven two runs daily"),
        ("No. 12 Smith Street", "number twelve Smith Street"),
        ("there were 3382 votes", "there were three thousand three hundred and eighty two votes"),
    ])
    func numbersThatNameSomething(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("sold: 12/145 Ocean Parade", "sold: twelve, one forty five Ocean Parade"),
        ("under Rule 14-A of the code", "under Rule fourteen A- of the code"),
        ("a 3840 x 2160 pixels panel", "a thirty eight forty by twenty one sixty pixels panel"),
        ("a table 120 x 80 cm", "a table one hundred and twenty by eighty centimeters"),
        ("a 5-lb bag", "a five pound bag"),
    ])
    func addressesPartsAndScreens(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("outlay of ₹2 lakh crore this year", "outlay of two lakh crore rupees this year"),
        ("Rs 3.5 lakh crore in all", "three point five lakh crore rupees in all"),
        ("a reading of 120/70mmHg today", "a reading of one hundred and twenty over seventy millimeters of mercury today"),
        ("fuel use (L/100km) varies", "fuel use (liters per hundred kilometers) varies"),
        ("it uses 5.9 litres/100 km", "it uses five point nine litres per hundred kilometres"),
        ("under Case No. 21-4470 today", "under Case number twenty one forty four seventy today"),
        ("see 26 U.S.C. §7201 now", "see twenty six U S C section seventy two oh one now"),
        ("the Boeing 777-300’s wings", "the Boeing seven seven seven three hundred’s wings"),
    ])
    func amountsRatesAndCitations(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("add 2¾ cups flour", "add two and three quarter cups flour"),
        ("add ¾ cup oil", "add three quarter cup oil"),
        ("eat 3/4 of it", "eat three quarters of it"),
        // A dash glued between a word and a number, or after a bracket, is a pause.
        ("sugar—200g", "sugar, two hundred grams"),
        ("width (30cm)- height", "width (thirty centimeters), height"),
    ])
    func fractionsAndGluedDashes(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("shares fell 12p to 2245p", "shares fell twelve p to two thousand two hundred and forty five p"),
        ("up 3.5p at 1876.5p", "up three point five p at one thousand eight hundred and seventy six point five p"),
        ("a 720p stream", "a seven twenty p stream"),
        ("sales (April-June) rose", "sales (April to June) rose"),
        ("the Oct–Dec quarter", "the October to December quarter"),
        ("open 8 a.m. – 6 p.m. daily", "open eight AM. to six PM. daily"),
        ("Sat 10am - 1pm - 3pm - 6pm", "Saturday ten AM to one PM, three PM to six PM"),
    ])
    func pricesInPenceMonthsAndHours(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("landing at 6.40am AWST local time", "landing at six forty AM \u{2060}A.W.S.T local time"),
        ("a letter from Sh. Ramesh Kumar", "a letter from Shri Ramesh Kumar"),
        ("signed by Smt. Anita Rao", "signed by Shrimati Anita Rao"),
        // Before an amount, "Sh" is still Kenya's shilling.
        ("a fine of Sh. 2,000", "a fine of two thousand shillings"),
        ("soak 1 & 1/2 cups of dal", "soak one and a half cups of dal"),
        ("add 2 and 1/4 tsp salt", "add two and a quarter teaspoons salt"),
        ("2 and 3 others", "two and three others"),
    ])
    func zonesHonorificsAndMixedNumbers(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("the app runs on .NET 8", "the app runs on dot NET eight"),
        ("export it as a .pdf file", "export it as a dot pdf file"),
        // A period that ends a sentence before the next word stays one.
        ("it ended .Then we left", "it ended. Then we left"),
    ])
    func wordsAfterADot(_ input: String, _ expected: String) { #expect(say(input) == expected) }
}
