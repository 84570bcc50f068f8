import Testing
@testable import ReciteNormalize

/// Spanish and Italian are said in their own words: numbers agree with their nouns, dates and
/// times are read the way each language says them, and no English word appears.
@Suite struct SpanishItalianTests {
    let normalizer = Normalizer()
    func es(_ text: String) -> String { normalizer.normalize(line: text, language: "es-ES") }
    func it(_ text: String) -> String { normalizer.normalize(line: text, language: "it-IT") }

    @Test(arguments: [
        ("75 m²", "setenta y cinco metros cuadrados"), ("1.250 €", "mil doscientos cincuenta euros"),
        ("12/05/2020", "doce de mayo de dos mil veinte"), ("1.250,50", "mil doscientos cincuenta coma cincuenta"),
        ("1.250,50 €", "mil doscientos cincuenta euros cincuenta céntimos"), ("3,23€", "tres euros veintitrés céntimos"),
        ("1 000 000", "un millón"), ("1.000.000 €", "un millón de euros"), ("2.000.000.000", "dos mil millones"),
        ("21 personas", "veintiuna personas"), ("21 años", "veintiún años"), ("200 casas", "doscientas casas"),
        ("1 día", "un día"), ("1 t", "una tonelada"), ("21 km", "veintiún kilómetros"), ("25 %", "veinticinco por ciento"),
        ("el 3.º piso", "el tercer piso"), ("la 1.ª planta", "la primera planta"), ("21.º", "vigesimoprimero"),
        ("a las 10:30", "a las diez y media"), ("a las 13.45", "a las trece y cuarenta y cinco"), ("la 1:05", "la una y cinco"),
        ("1 de mayo de 2020", "primero de mayo de dos mil veinte"), ("10 mayo 1990", "diez de mayo de mil novecientos noventa"),
        ("1/2 taza", "media taza"), ("3/4", "tres cuartos"), ("1/11", "un onceavo"), ("2 1/2", "dos y medio"),
        ("3,1415", "tres coma catorce quince"), ("1,05", "uno coma cero cinco"), ("39.4 °C", "treinta y nueve coma cuatro grados centígrados"),
        ("entre 10 y 20", "entre diez y veinte"), ("n.º 5", "número cinco"), ("Sra. García", "señora García"),
        // Currencies: signs, codes in either case, and masculine names in -a.
        ("1 chf", "un franco suizo"), ("20 usd", "veinte dólares estadounidenses"), ("21 nio", "veintiún córdobas"),
        ("1 hnl", "un lempira"), ("7 ₧", "siete pesetas"), ("1.000 ptas", "mil pesetas"), ("3 ₩", "tres wones"),
        ("1 ₡", "un colón"), ("13hkd", "trece dólares de Hong Kong"), ("R$50", "cincuenta reales"), ("MX$100", "cien pesos mexicanos"),
        // Units and prices per unit.
        ("180 psi", "ciento ochenta p s i"), ("20 °K", "veinte grados kelvin"), ("-8 °c", "menos ocho grados centígrados"),
        ("2.500 €/m²", "dos mil quinientos euros por metro cuadrado"), ("el precio del m²", "el precio del metro cuadrado"),
        // Abbreviations.
        ("en EE. UU. hay", "en Estados Unidos hay"), ("el dr. Pérez", "el doctor Pérez"), ("vier. 10 de mayo", "viernes diez de mayo"),
    ])
    func spanish(_ input: String, _ expected: String) { #expect(es(input) == expected) }

    @Test(arguments: [
        ("75 m²", "settantacinque metri quadrati"), ("1.250 €", "milleduecentocinquanta euro"),
        ("12/05/2020", "dodici maggio duemilaventi"), ("1/5/2020", "primo maggio duemilaventi"),
        ("1.250,50", "milleduecentocinquanta virgola cinquanta"), ("1.250,50 €", "milleduecentocinquanta euro cinquanta centesimi"),
        ("23 anni", "ventitré anni"), ("21.700", "ventunmilasettecento"), ("180 gradi", "centottanta gradi"),
        ("1.000.000 €", "un milione di euro"), ("2.500.000", "due milioni cinquecentomila"), ("442mila euro", "quattrocentoquarantaduemila euro"),
        ("1 libro", "un libro"), ("1 casa", "una casa"), ("1 yogurt", "uno yogurt"), ("1 t", "una tonnellata"),
        ("il 3° piano", "il terzo piano"), ("la 37^ giornata", "la trentasettesima giornata"), ("punte di 35° sulla costa", "punte di trentacinque gradi sulla costa"),
        ("11º", "undicesimo"), ("alle 10:30", "alle dieci e mezza"), ("alle 16:00", "alle sedici"), ("alle 9.40", "alle nove e quaranta"),
        ("1/2 cucchiaino", "mezzo cucchiaino"), ("3/4", "tre quarti"), ("25%", "venticinque per cento"),
        ("5,342", "cinque virgola trecentoquarantadue"), ("tra 10 e 20", "tra dieci e venti"),
        // Currencies and prices per square metre.
        ("1 eur", "un euro"), ("20 chf", "venti franchi svizzeri"), ("2,01 ₽", "due rubli un copeco"), ("₤1.000", "mille lire"),
        ("11.341 euro/mq", "undicimilatrecentoquarantuno euro al metro quadro"), ("1169 € al mq", "millecentosessantanove euro al metro quadro"),
        ("4.000 euro a m²", "quattromila euro a metro quadrato"),
        // Abbreviations, with an elided article.
        ("la violazione dell'art. 2", "la violazione dell'articolo due"), ("cfr. fig. 3", "confronta figura tre"),
    ])
    func italian(_ input: String, _ expected: String) { #expect(it(input) == expected) }

    @Test func numberWordsAgreeAcrossTheirRange() {
        let spanish = SpanishNumberWords(), italian = ItalianNumberWords()
        #expect(spanish.cardinal("100", gender: .none) == "cien")
        #expect(spanish.cardinal("101", gender: .feminine) == "ciento una")
        #expect(spanish.cardinal("500", gender: .feminine) == "quinientas")
        #expect(spanish.cardinal("21000", gender: .none) == "veintiún mil")
        #expect(spanish.cardinal("1000000000000", gender: .none) == "un billón")
        #expect(spanish.cardinal("31", gender: .masculine) == "treinta y un")
        #expect(italian.cardinal("1001", gender: .none) == "milleuno")
        #expect(italian.cardinal("108", gender: .none) == "centotto")
        #expect(italian.cardinal("2000000000", gender: .none) == "due miliardi")
        #expect(italian.ordinal("23", gender: .none) == "ventitreesimo")
        #expect(italian.ordinal("2000", gender: .feminine) == "duemillesima")
        #expect(spanish.ordinal("134", gender: .feminine) == "centésima trigésima cuarta")
    }

    /// No English word in a Spanish or Italian reading of text full of numbers and symbols.
    @Test(arguments: [
        ("es-ES", "El piso tiene 75 m², 3 km, 25 °C, 1.250 € y 2 - 3 habitaciones desde el 12/05/2020 a las 14:30, 50 %, 1/2 kg, 1.º"),
        ("it-IT", "La casa ha 75 m², 3 km, 25 °C, 1.250 € e 2 - 3 camere dal 12/05/2020 alle 14:30, 50 %, 1/2 kg, 1º"),
    ])
    func noEnglishWords(language: String, text: String) {
        let read = normalizer.normalize(line: text, language: language)
        let words = Set(OtherLanguagesTests.words(read))
        // "euro" is a Spanish and an Italian word too.
        #expect(words.isDisjoint(with: OtherLanguagesTests.english.subtracting(["euro", "euros"])), "\(language): \(read)")
        let digits = read.filter(\.isASCIIDigit)
        #expect(digits.isEmpty, "every number said: \(read)")
    }
}
