import Testing
@testable import ReciteNormalize

/// Abbreviations that are also words or letters are expanded only with proof beside them: a
/// number, two names, another day or a time, a name before or after.
@Suite struct ProvenAbbreviationTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test(arguments: [
        ("Lawrence v Kent County Council", "Lawrence versus Kent County Council"),
        ("Ingots Ltd. v. Pennar Securities", "Ingots limited versus Pennar Securities"),
        ("pursuant to s 47 of the Act", "pursuant to section forty seven of the Act"),
        ("under s. 13 and Ss. 4 and 10", "under section thirteen and sections four and ten"),
        ("the Rules (Cth) r 9.2", "the Rules (Commonwealth) rule nine point two"),
        ("Resolution No 2 of", "Resolution number two of"), ("Tel No: 020", "Tel number: zero two zero"),
        ("earns 30 p.a now", "earns thirty per annum now"),
        ("costs 20 pax", "costs twenty people"), ("20 per pax", "twenty per person"),
        ("Sat & Sun only", "Saturday and Sunday only"), ("Opening Times: Tue-Sun.", "Opening Times: Tuesday to Sunday."),
        ("Mon – Sun. The Sun rose.", "Monday to Sunday. The Sun rose."), ("Mon 9am", "Monday nine AM"),
        ("A St John spokeswoman", "A Saint John spokeswoman"), ("Acland St Cantina", "Acland Street Cantina"),
        ("Mount St Helens", "Mount Saint Helens"), ("Collins St, Melbourne", "Collins Street, Melbourne"),
        ("Warner Bros. Pictures", "Warner brothers Pictures"), ("fun. feat. Janelle", "fun. featuring Janelle"),
        ("Engr. Musa", "Engineer Musa"), ("Ms Smith said", "miz Smith said"), ("Mt Kenya", "Mount Kenya"), ("(eg cleaner)", "(for example cleaner)"), ("Plan A is", "Plan A- is"),
        ("the Act S. 13 applies", "the Act section thirteen applies"), ("CIRCULAR NO. 5", "CIRCULAR number five"),
        ("under 42 U. S. C. and", "under forty two U. S. C. and"), ("Washington, D. C. is", "Washington, D. C. is"),
    ])
    func read(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        "He said no.", "He said no. Then we left.", "No, I went.", "I sat down.", "The Sun rose.", "my pa said", "v for victory",
        "grade A", "Plan B",
    ])
    func kept(_ input: String) { #expect(say(input) == input) }
}
