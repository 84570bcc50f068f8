import ReciteScript
import Testing
@testable import ReciteNormalize

/// `<say-as>` types, each read by its typed verbalizer in the document's language.
@Suite struct SayAsTests {
    let normalizer = Normalizer()

    func say(_ text: String, _ type: String, format: String? = nil, _ language: String = "en-US") -> String? {
        guard case .words(let words)? = normalizer.verbalize(text, as: SayAs(interpretAs: type, format: format), language: language) else { return nil }
        return words
    }

    @Test(arguments: [
        ("cardinal", "12345", "twelve thousand three hundred and forty five"),
        ("number", "1,250", "one thousand two hundred and fifty"),
        ("cardinal", "-3.5", "minus three point five"),
        ("cardinal", "0042", "forty two"),
        ("cardinal", "XIV", "fourteen"),
        ("ordinal", "1", "first"),
        ("ordinal", "22nd", "twenty second"),
        ("ordinal", "103", "one hundred third"),
        ("digits", "2024", "two zero two four"),
        ("fraction", "3/4", "three quarters"),
        ("fraction", "2 1/2", "two and a half"),
        ("fraction", "2+1/3", "two and one third"),
        ("fraction", "½", "one half"),
        ("unit", "8 m²", "eight square meters"),
        ("unit", "1km/h", "one kilometer per hour"),
        ("unit", "2.5 kg", "two point five kilograms"),
        ("telephone", "+1 (555) 123-4567", "plus one, five five five, one two three, four five six seven"),
        ("telephone", "555-0100", "five five five, zero one zero zero"),
        ("currency", "$42.01", "forty two dollars one cent"),
        ("currency", "42.01 USD", "forty two US dollars one cent"),
        ("currency", "EUR 5", "five euros"),
        ("currency", "£1.5M", "one point five million pounds"),
    ])
    func english(type: String, text: String, expected: String) {
        #expect(say(text, type) == expected)
    }

    @Test(arguments: [
        ("mdy", "12/05/2020", "December fifth twenty twenty"),
        ("dmy", "12/05/2020", "the twelfth of May twenty twenty"),
        ("ymd", "2020-05-12", "May twelfth twenty twenty"),
        ("md", "5/12", "May twelfth"),
        ("dm", "12.5", "the twelfth of May"),
        ("ym", "2020-05", "May twenty twenty"),
        ("my", "05/2020", "May twenty twenty"),
        ("y", "1998", "nineteen ninety eight"),
        ("m", "7", "July"),
        ("d", "5", "the fifth"),
        ("yyyymmdd", "20200512", "May twelfth twenty twenty"),
        ("mdy", "Jan 3, 1999", "January third nineteen ninety nine"),
        ("dmy", "3 janvier 99", nil),
    ] as [(String, String, String?)])
    func datesInEveryFormat(format: String, text: String, expected: String?) {
        #expect(say(text, "date", format: format) == expected)
    }

    @Test func aDateWithoutFormatTakesTheLanguagesOrder() {
        #expect(say("12/05/2020", "date") == "December fifth twenty twenty")
        #expect(say("12/05/2020", "date", "en-GB") == "the twelfth of May twenty twenty")
        #expect(say("2020-05-12", "date") == "May twelfth twenty twenty")
    }

    @Test(arguments: [
        ("hms12", "2:30pm", "two thirty PM"),
        ("hms12", "2:05 p.m.", "two oh five PM"),
        ("hms12", "11:00 AM", "eleven AM"),
        ("hms12", "1:05:30 PM", "one oh five and thirty seconds PM"),
        ("hms24", "14:30", "fourteen thirty"),
        ("hms24", "14:00", "fourteen hundred"),
        ("hms24", "09:07", "nine oh seven"),
    ])
    func times(format: String, text: String, expected: String) {
        #expect(say(text, "time", format: format) == expected)
    }

    @Test func textThatIsNotOfTheTypeIsLeftToTheRecognizers() {
        #expect(say("hello", "cardinal") == nil)
        #expect(say("31/31/2020", "date", format: "dmy") == nil)
        #expect(say("25:99", "time", format: "hms24") == nil)
        #expect(say("call me", "telephone") == nil)
    }

    @Test func frenchAndGermanUseTheirTables() {
        // Their voices read digits themselves: the verbalizers keep digits in the language's form.
        #expect(say("12/05/2020", "date", format: "dmy", "fr-FR") == "12 mai 2020")
        #expect(say("12/05/2020", "date", format: "dmy", "de-DE") == "12. Mai 2020")
        #expect(say("1", "ordinal", "fr-FR") == "1er")
        #expect(say("3", "ordinal", "de-DE") == "3.")
        #expect(say("1 250,5", "cardinal", "fr-FR") == "1250,5")
        #expect(say("3 km", "unit", "fr-FR") == "3 kilomètres")
        #expect(say("5 €", "currency", "de-DE") == "5 Euro")
        #expect(say("14:30", "time", format: "hms24", "fr-FR") == "14 heures 30")
        #expect(say("0612", "digits", "fr-FR") == "0 6 1 2")
    }

    @Test func anExpletiveIsASilenceAsLongAsTheWord() {
        guard case .silence(let short)? = normalizer.verbalize("darn", as: SayAs(interpretAs: "expletive"), language: "en"),
              case .silence(let long)? = normalizer.verbalize("absolutelyterrible", as: SayAs(interpretAs: "expletive"), language: "en") else {
            Issue.record("an expletive is not a silence")
            return
        }
        #expect(short >= 0.3 && long > short)
    }

    /// In a script: the say-as run becomes one run of words with its source and its punctuation,
    /// an expletive a pause, and text that is not of the type is read as usual.
    @Test func sayAsRunsInAScript() {
        let span = SourceSpan(offset: 4, length: 10, line: 1, column: 5)
        func run(_ text: String, _ type: String, format: String? = nil) -> Run {
            Run(.speech(text), source: span, style: RunStyle(sayAs: SayAs(interpretAs: type, format: format)))
        }
        let runs = [Run(.speech("On"), source: SourceSpan(offset: 0, length: 2, line: 1, column: 1)),
                    run("12/05/2020.", "date", format: "dmy"), run("darn", "expletive"), run("12 apples", "cardinal")]
        let script = Script(path: "t", language: "en-US", blocks: [Block(kind: .paragraph, source: span, runs: runs)])
        let out = normalizer.normalize(script).blocks[0].runs
        #expect(out[1].content == .speech("the twelfth of May twenty twenty."))
        #expect(out[1].source == span)
        if case .pause(let seconds) = out[2].content { #expect(seconds > 0) } else { Issue.record("no pause for the expletive") }
        #expect(out.dropFirst(3).compactMap(\.spoken) == ["twelve", "apples"])
    }
}
