import Testing
@testable import ReciteNormalize

/// What lines of English text become, class by class (`normalize(line:language:)`).
@Suite struct EnglishReadingTests {
    let normalizer = Normalizer()
    func say(_ text: String, _ lang: String = "en-US") -> String { normalizer.normalize(line: text, language: lang) }

    @Test(arguments: [
        ("8 m²", "eight square meters"), ("1 m²", "one square meter"), ("8m²", "eight square meters"),
        ("5km", "five kilometers"), ("5 km/h", "five kilometers per hour"), ("9.8 m/s²", "nine point eight meters per second squared"),
        ("5 kWh", "five kilowatt hours"), ("3 GHz", "three gigahertz"), ("512 MB", "five hundred and twelve megabytes"),
        ("2 GiB", "two gibibytes"), ("40 MB/s", "forty megabytes per second"), ("21 °C", "twenty one degrees Celsius"),
        ("1°C", "one degree Celsius"), ("60 mph", "sixty miles per hour"), ("100 mg/dL", "one hundred milligrams per deciliter"),
        ("12KG", "twelve kilograms"), ("5 µs", "five microseconds"), ("2 bd.", "two bedrooms."), ("1 bd. flat", "one bedroom flat"),
        ("41,459.00 km³", "forty one thousand four hundred and fifty nine point zero zero cubic kilometers"),
    ])
    func units(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test func unitSymbolsThatAreWordsStayWords() {
        #expect(say("5 in the box") == "five in the box")
        #expect(say("a 5 in. screen") == "a five inch screen")
        #expect(say("I am here") == "I am here")
    }

    @Test(arguments: [
        ("$3.50", "three dollars fifty cents"), ("$1", "one dollar"), ("$0.02", "two cents"),
        ("$4.5M", "four point five million dollars"), ("€12k", "twelve thousand euros"), ("£1.20", "one pound twenty pence"),
        ("¥30 billion", "thirty billion yen"), ("USD 20", "twenty US dollars"), ("$20/mo", "twenty dollars per month"),
        ("$250-$300", "two hundred and fifty dollars to three hundred dollars"),
    ])
    func money(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("123", "one hundred and twenty three"), ("1,250.25", "one thousand two hundred and fifty point two five"),
        ("-2", "minus two"), ("10%", "ten percent"), ("1st", "first"), ("22nd", "twenty second"), ("111th", "one hundred eleventh"),
        ("½", "one half"), ("3/4", "three quarters"), ("2 1/2", "two and a half"), ("± 3", "plus or minus three"),
        ("±3", "plus or minus three"), ("004", "zero zero four"), ("1994", "nineteen ninety four"), ("2006", "two thousand six"),
        ("1980s", "nineteen eighties"), ("'80s", "eighties"),
    ])
    func numbers(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("1 - 2 bedrooms", "from one to two bedrooms"), ("2010–2015", "twenty ten to twenty fifteen"),
        ("08:00 - 09:00", "eight o'clock to nine o'clock"), ("pages 10-12", "pages ten to twelve"),
        ("between 3 - 4", "between three and four"), ("-5 degrees", "minus five degrees"), ("mother-in-law", "mother-in-law"),
        ("1-2=5", "one minus two equals five"),
    ])
    func ranges(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("12/05/2020", "December fifth twenty twenty"), ("2020-05-12", "May twelfth twenty twenty"),
        ("July 25, 2012", "July twenty fifth, twenty twelve"), ("25 July 2012", "the twenty fifth of July twenty twelve"),
        ("18:45", "eighteen forty five"), ("6:30 pm", "six thirty PM"), ("5pm", "five PM"), ("08:00", "eight o'clock"),
        ("1:01:01", "one hour one minute and one second"),
    ])
    func datesAndTimes(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test func britishDatesPutTheDayFirst() {
        #expect(say("12/05/2020", "en-GB") == "the twelfth of May twenty twenty")
    }

    @Test(arguments: [
        ("n°5", "number five"), ("#5", "number five"), ("first • second", "first, second"), ("salt & pepper", "salt and pepper"),
        ("x ≈ 3", "x approximately three"), ("§ 4", "section four"), ("© 2020", "copyright twenty twenty"), ("a ≤ b", "a less than or equal to b"),
        ("wait… go", "wait… go"), ("done ✅ next", "done next"),
    ])
    func symbols(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Dr. Evil", "doctor Evil"), ("e.g. this", "for example this"), ("St. Paul", "Saint Paul"),
        ("1428 Elm St.", "fourteen twenty eight Elm Street."), ("CO₂ emissions", "C O two emissions"),
        ("v2.3.1", "version two point three point one"), ("Henry VIII", "Henry the eighth"), ("Chapter IV", "Chapter four"),
        ("Sam and I", "Sam and I"), ("covid-19", "covid nineteen"), ("B2A23C", "B two A twenty three C"),
    ])
    func wordsAndAbbreviations(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("123-123-5678", "one two three, one two three, five six seven eight"),
        ("+1 (123) 123-5678", "plus one, one two three, one two three, five six seven eight"),
        ("a.bc@gmail.com", "a dot bc at gmail dot com"),
        ("https://www.example.de/a-b", "https colon slash slash www dot example dot D E slash a dash b"),
        ("123.123.0.40", "one two three dot one two three dot zero dot four zero"),
    ])
    func telephonesAndAddresses(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test func oneLineOutForEveryLineIn() {
        #expect(say("") == "")
        #expect(say("   ") == "")
    }
}

/// French and German: units, symbols, separators and abbreviations; numbers stay digits.
@Suite struct OtherLanguageTests {
    let normalizer = Normalizer()
    func say(_ text: String, _ lang: String) -> String { normalizer.normalize(line: text, language: lang) }

    @Test(arguments: [
        ("8 m²", "8 mètres carrés"), ("5 km/h", "5 kilomètres heure"), ("1 250,25 €", "1250,25 euros"),
        ("21 °C", "21 degrés Celsius"), ("n°5", "numéro 5"), ("sel & poivre", "sel et poivre"), ("12/05/2020", "12 mai 2020"),
        ("M. Dupont", "monsieur Dupont"), ("10 %", "10 pour cent"),
    ])
    func french(_ input: String, _ expected: String) { #expect(say(input, "fr-FR") == expected) }

    @Test(arguments: [
        ("8 m²", "8 Quadratmeter"), ("1.250,25 €", "1250,25 Euro"), ("5 km/h", "5 Kilometer pro Stunde"),
        ("z.B. heute", "zum Beispiel heute"), ("12.05.2020", "12. Mai 2020"), ("21 °C", "21 Grad Celsius"),
        ("Salz & Pfeffer", "Salz und Pfeffer"),
    ])
    func german(_ input: String, _ expected: String) { #expect(say(input, "de-DE") == expected) }
}
