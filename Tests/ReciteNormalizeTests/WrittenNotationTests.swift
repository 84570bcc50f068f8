import Testing
@testable import ReciteNormalize

/// The kinds of real writing issue 26 found read wrongly: mixed numbers, money with a magnitude or
/// a no-break space, notation (pp, ~, x, ^, 0x), marks that are not said (footnote asterisks,
/// ®), ranks and day ranges, compound units, quantities against adjectives, and postal codes.
/// Each input is shaped like the real sentence it came from (recipes, spec sheets, finance news,
/// fuel-economy tables, listings).
@Suite struct WrittenNotationTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test(arguments: [
        ("Add 1-3/4 cups flour", "Add one and three quarter cups flour"),
        ("cut a 2-1/2 inch circle", "cut a two and a half inch circle"),
        ("1 1/2 tsp salt", "one and a half teaspoons salt"),
        // Not a mixed number: the fraction is improper, so the hyphen is a range.
        ("pages 1-3", "pages one to three"),
    ])
    func mixedNumbers(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("The company raised $2.4 million last year.", "The company raised two point four million dollars last year."),
        ("The company raised $2.4\u{00A0}million last year.", "The company raised two point four million dollars last year."),
        ("Salaries run €8–10k a month.", "Salaries run eight to ten thousand euros a month."),
        ("It was a $5 billion dollar deal.", "It was a five billion dollar deal."),
        ("a $95 billion valuation", "a ninety five billion dollar valuation"),
    ])
    func money(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Support rose 3pp in a week.", "Support rose three percentage points in a week."),
        ("a 320pp hardback", "a three hundred and twenty pp hardback"),
        ("It takes ~5 min to boil.", "It takes about five minutes to boil."),
        ("~40 people", "about forty people"),
        ("The new chip is 3x faster.", "The new chip is three times faster."),
        ("10x more data", "ten times more data"),
        ("That is 10^6 operations.", "That is ten to the power of six operations."),
        ("a 10^-3 tolerance", "a ten to the power of minus three tolerance"),
        ("2^2 is four", "two squared is four"),
        ("Set the mask to 0xFF.", "Set the mask to hex F F."),
        ("address 0x1F", "address hex one F"),
    ])
    func notation(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("*10 minutes of rest is included.", "ten minutes of rest is included."),
        ("From $799 for 12 mo.*", "From seven hundred and ninety nine dollars for twelve months."),
        ("Try Acme® Honey today.", "Try Acme Honey today."),
        ("Windows™ 11", "Windows eleven"),
        ("© 2024 Acme", "copyright twenty twenty four Acme"),
        ("Keep it at min 40° / max 60°.", "Keep it at minimum forty degrees, maximum sixty degrees."),
    ])
    func marksThatAreNotSaid(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Lt Col Smith met the govt minister.", "lieutenant Colonel Smith met the government minister."),
        ("Open Mon – Fri, 9am–5pm.", "Open Monday to Friday, nine AM to five PM."),
        ("Tuesday - Thursday only", "Tuesday to Thursday only"),
        ("open Wednesday thru Friday", "open Wednesday through Friday"),
        // A mountain pass, not a colonel: no capitalized name after it.
        ("the Col is steep", "the Col is steep"),
    ])
    func ranksAndDays(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("It uses 18 kWh/100 km on the highway.", "It uses eighteen kilowatt hours per hundred kilometers on the highway."),
        ("Fuel use is 6.5 L/100 km.", "Fuel use is six point five liters per hundred kilometers."),
        ("It emits 120 g CO2/km.", "It emits one hundred and twenty grams of C O two per kilometer."),
        ("The fridge holds 2.1 cu. ft. of food.", "The fridge holds two point one cubic feet of food."),
    ])
    func compoundUnits(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Melt 2 tbsp butter in a pan.", "Melt two tablespoons butter in a pan."),
        ("Take 500 mg twice daily.", "Take five hundred milligrams twice daily."),
        ("whisk 2 cups milk", "whisk two cups milk"),
        // Measures that describe the noun after them keep the singular.
        ("She ran a 10 km race.", "She ran a ten kilometer race."),
        ("Buy a 65 W charger.", "Buy a sixty five watt charger."),
        ("a 500 mg tablet", "a five hundred milligram tablet"),
        ("2 lb bag of rice", "two pound bag of rice"),
        ("a 531 sq ft home", "a five hundred and thirty one square foot home"),
    ])
    func quantitiesAndAdjectives(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("The ZIP is 10001.", "The ZIP is one zero zero zero one."),
        ("Send it to Springfield, IL 62704.", "Send it to Springfield, I.L six two seven zero four."),
        // A count stays a count.
        ("The crowd was 10001.", "The crowd was ten thousand and one."),
    ])
    func postalCodes(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Take 15-30mg/kg po q24h.", "Take fifteen to thirty milligrams per kilogram by mouth every twenty four hours."),
        ("5,040 mg (2 capsules TID)", "five thousand and forty milligrams (two capsules three times a day)"),
        ("3 to 6 mg/kg/day P.O. in three doses", "three to six milligrams per kilogram per day by mouth in three doses"),
        ("20,000 IU/week", "twenty thousand I U per week"),
        ("cholecalciferol 50 000 IU daily", "cholecalciferol fifty thousand I U daily"),
        ("seeding 1×10^5 cells/mL", "seeding one times ten to the power of five cells per milliliter"),
        // Groups of digits with more digits after them are a telephone number, not a thousand.
        ("Call 555 123 4567", "Call five five five, one two three, four five six seven"),
    ])
    func medicineAndScience(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("1 1/4 c. all-purpose flour", "one and a quarter cups all-purpose flour"),
        ("⅛ tsp. cream of tartar", "one eighth teaspoon cream of tartar"),
        ("Makes about 1-½ pounds.", "Makes about one and a half pounds."),
        ("a $40.00 application fee", "a forty dollar application fee"),
        ("a budget of maximum €420.000.", "a budget of maximum four hundred twenty thousand euros."),
        ("It sold for €1.193 million.", "It sold for one point one nine three million euros."),
        ("It will cost roughly 75m euro", "It will cost roughly seventy five million euro"),
        ("Another 7.449 million euros", "Another seven point four four nine million euros"),
        ("has a 1.58-month supply", "has a one point five eight month supply"),
        ("Rust 1.71 updates musl", "Rust one point seventy one updates musl"),
        ("wind 7 to 12 mph increasing to 18 mph", "wind seven to twelve miles per hour increasing to eighteen miles per hour"),
        ("0.22 μm filtration", "zero point two two micrometer filtration"),
        ("It had 38+/-3 seats", "It had thirty eight plus or minus three seats"),
        ("~30s latency", "about thirty seconds latency"),
        ("14 kWh/100km", "fourteen kilowatt hours per hundred kilometers"),
        ("(17.32″ x 4.13″)", "(seventeen point three two inches by four point one three inches)"),
        ("at 110,000×g for 140 min", "at one hundred ten thousand times g for one hundred and forty minutes"),
        ("(see BNID 103625)", "(see B.N.I.D one zero three six two five)"),
        ("HOA fee: $ 11.00", "H O A- fee: eleven dollars"),
        ("Prices of $5-10 million are common.", "Prices of five to ten million dollars are common."),
        ("Rates rose 25bps to 5.25%.", "Rates rose twenty five basis points to five point two five percent."),
        ("The S&P 500 fell 1.2% y/y.", "The S and P five hundred fell one point two percent year over year."),
        ("The 2023/24 season", "The twenty twenty three to twenty four season"),
        ("the 2019/2020 budget", "the twenty nineteen to twenty twenty budget"),
        ("the 2019–20 budget", "the twenty nineteen to twenty budget"),
        // Years apart are no season: the slash stays.
        ("between 2019/2023 twice", "between twenty nineteen slash twenty twenty three twice"),
        ("Error was 1e-5", "Error was one times ten to the power of minus five"),
        ("Over 10K steps", "Over ten thousand steps"),
        ("a 10K run", "a ten K run"),
        ("at 45°N", "at forty five degrees north"),
        ("Temperatures of -5°C overnight.", "Temperatures of minus five degrees Celsius overnight."),
        ("**5,000 requests per second**", "five thousand requests per second"),
    ])
    func recipesListingsAndFinance(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("notified on 05.12.2019.", "notified on the fifth of December twenty nineteen."),
        ("vacated by 0900 hours on Monday", "vacated by oh nine hundred hours on Monday"),
        ("in 00:13:20", "in thirteen minutes and twenty seconds"),
        ("Circular No. 555 dt. 04.02.2016", "Circular number five hundred and fifty five dated the fourth of February twenty sixteen"),
        ("Brig. Gen. Eugene Ferris", "Brigadier general Eugene Ferris"),
        ("Under Sec. 230 of the Act", "Under section two hundred and thirty of the Act"),
        ("of Regulation (EU) 2016/679", "of Regulation (E.U) twenty sixteen slash six seventy nine"),
        ("Blood pressure was 120/80 mmHg", "Blood pressure was one hundred and twenty over eighty millimeters of mercury"),
        ("threw for 312 yds", "threw for three hundred and twelve yards"),
        ("Cpl. Jeffrey Johanson", "Corporal Jeffrey Johanson"),
    ])
    func governmentAndTimes(_ input: String, _ expected: String) { #expect(say(input) == expected) }
}
