import Foundation
/// Everything the normalization stage knows about one language (or one regional variant of it):
/// the tables of `Pipelines/rules/LANG.*.yml`, parsed once.
///
/// Recognizers look things up here; verbalizers say what was found. Nothing in this type is
/// grammar: a user who adds a unit or an abbreviation to the YAML files changes only this value.
///
/// A class, because every recognizer and verbalizer holds it and a struct of forty tables would be
/// copied (forty reference counts) each time one is made. It is written only while `RuleBook`
/// loads it and read-only once shared, hence `@unchecked Sendable`.
final class LanguageRules: @unchecked Sendable {
    /// "en", "en-gb", "fr" …: the name of the files these rules came from.
    var language: String = "en"
    /// False for a language without rule files: its text is kept as written (no recognizer
    /// runs), so that no English word is put in it; eSpeak NG reads its digits and symbols.
    var verbalizes = true

    // MARK: - Units (LANG.units.yml)

    var unitPrefixes: [String: String] = [:]
    var prefixableUnits: [String: Inflected] = [:]
    var units: [String: Inflected] = [:]
    /// Unit symbols that are also words of the language.
    var ambiguousUnits: Set<String> = []
    /// Words in capitals that are not the unit their lower case spells ("US" is no microsecond).
    var unfoldedCapitals: Set<String> = []
    /// Unit symbols read as letters when they stand alone after a number ("0.1 K").
    var letterUnits: Set<String> = []
    /// Units a listing pairs and says in the singular: "3BR/2BA" → "three bedroom, two bath".
    var listedUnits: Set<String> = []
    /// Units (by their singular reading) that count a substance: "2 tbsp butter" keeps the plural.
    var quantityUnits: Set<String> = []
    /// Unit symbols that are units alone only after a number with decimals ("2.5 s", not "4s").
    var decimalOnlyUnits: Set<String> = []
    /// Power digit ("2") → reading before (`singular`) or after (`plural`) a unit.
    var powers: [String: Inflected] = [:]
    /// French says "mètres carrés": the power word follows the unit.
    var powerAfter = false
    /// German says "Quadratmeter": the power word is joined to the unit.
    var powerJoined = false
    var per = "per"
    /// Every unit symbol, prefixed ones included (built by `derive()`).
    var allUnits: [String: Inflected] = [:]
    /// `allUnits` by lowercased symbol, for units written in capitals ("12KG").
    var foldedUnits: [String: Inflected] = [:]
    /// First words of abbreviations written as two words ("p." of "p. ej.", "EE." of "EE. UU.").
    var abbreviationHeads: Set<String> = []
    /// The one-character signs of `symbols`, to tell in one pass whether a word holds any.
    var symbolScalars: Set<Unicode.Scalar> = []

    // MARK: - Money (LANG.money.yml)

    var currencies: [String: Currency] = [:]
    /// Currencies written in letters glued before an amount ("Sh5", "R10 000", "N25bn").
    var letterCurrencies: [String: Currency] = [:]
    /// Abbreviations of a rate after an amount ("£6,328 pa", "$950pw").
    var moneyRates: [String: String] = [:]
    var currencyWords: Set<String> = []
    var magnitudes: [String: String] = [:]

    // MARK: - Abbreviations (LANG.abbreviations.yml)

    var abbreviations: [String: String] = [:]
    var beforeName: [String: String] = [:]
    var streets: [String: String] = [:]
    /// Read so only right before a number ("No 2", "s 477"), or right after one ("£6,328 pa").
    var beforeNumber: [String: String] = [:]
    var afterNumber: [String: String] = [:]
    /// Read so after "per" ("per pax" → "per person").
    var afterPer: [String: String] = [:]
    /// Lowercased words after which a capital "A" is the letter ("Plan A is").
    var beforeLetter: Set<String> = []
    /// "Co" read "County" before one of `counties` ("Co Meath").
    var beforeCounty: [String: String] = [:]
    var counties: Set<String> = []
    /// Short day names ("Sat") in full, said so beside another day or a time.
    var days: [String: String] = [:]
    /// Names a Roman numeral after which is a monarch's ordinal ("Henry V", "Mary I"), and titles
    /// before such a name ("Queen").
    var regnalNames: Set<String> = []
    var regnalTitles: Set<String> = []
    /// Street words abbreviated or written out ("Ave", "Avenue"): the keys and readings of `streets`.
    var streetWords: Set<String> = []
    var regions: [String: String] = [:]
    /// Compass points by abbreviation: "NW" → "northwest".
    var compass: [String: String] = [:]
    /// Lowercased words after which a Roman numeral is a cardinal ("chapter IV").
    var numberedBy: Set<String> = []

    // MARK: - Words in capitals (LANG.initialisms.yml)

    /// Acronyms said as words ("NASA"), with their reading ("FTSE" → "Footsie").
    var saidAsWords: [String: String] = [:]
    /// Dictionary words that in capitals are initialisms ("CIS", "WHO").
    var spelledWords: Set<String> = []
    /// Two capitals that are a word ("IS", "NO").
    var capitalPairs: Set<String> = []
    /// Lowercased dictionary words and names of three to five letters; empty when the language
    /// spells no initialisms.
    var dictionaryWords: Set<String> = []
    var dictionaryNames: Set<String> = []

    // MARK: - Symbols (LANG.symbols.yml)

    var symbols: [String: String] = [:]
    var symbolsBeforeNumber: [String: String] = [:]
    var pauses: Set<String> = []
    /// Grammar words ("from", "to", "point" …) with their plural when they have one.
    var words: [String: Inflected] = [:]

    // MARK: - Numbers, dates, times (LANG.numbers.yml)

    var decimalSeparator: Character = "."
    var groupSeparators: Set<Character> = [","]
    var dateOrder: DateOrder = .monthDayYear
    var dateStyle: DateStyle = .monthFirst
    var hundredAnd = true
    var maxCardinalDigits = 9
    var spellNumbers = true
    /// Lowercased month name or abbreviation (without its dot) → 1…12.
    var months: [String: Int] = [:]
    /// The full name of each month, January first.
    var monthNames: [String] = []
    var meridiems: [String: String] = [:]
    /// `meridiems`, the longest key first ("p.m." before "pm"), built once by `derive()`.
    var meridiemsLongestFirst: [(key: String, value: String)] = []
    var timeZones: Set<String> = []
    /// Lowercased words (or two-word phrases) after which a number is a code read digit by digit.
    var codeWords: Set<String> = []
    /// Lowercased words after which "4/15" is a date rather than a fraction.
    var dateWords: Set<String> = []
    /// Lowercased words after which a three- or four-digit number is said in pairs.
    var pairedAfter: Set<String> = []
    /// Words before which a number of three digits is said in pairs: "the 101 freeway".
    var pairedBefore: Set<String> = []
    /// Words that prove a bare "C" glued to a number is degrees Celsius ("32C today").
    var temperatureWords: Set<String> = []
    /// The end of a unit's singular reading → what it measures ("meter": "length").
    var measureKinds: [String: String] = [:]
    /// Kinds of product before which a named model's number is said in pairs ("Exynos 9810 SoC").
    var modelNouns: Set<String> = []
    /// Lowercased names of software after which a decimal is a version even in lower case ("python 3.12").
    var versionNames: Set<String> = []
    /// How numbers are spelled when not in English (`numberWords: es`); nil for English.
    var numberWords: (any NumberWords)?
    /// Marks that make a number an ordinal ("3.º", "1.ª", "3°") and the gender they give it.
    var ordinalMarks: [String: NumberGender] = [:]
    /// Whether the first day of a month is an ordinal ("primo maggio") rather than a number.
    var firstDayOrdinal = false

    // MARK: - Agreement (numbers.yml `agreement:`), for languages whose numbers agree with nouns

    /// Lowercased nouns (singular and plural) that are feminine: "hora", "tonelada", "libra".
    var feminineNouns: Set<String> = []
    /// Lowercased nouns that end like feminine ones but are masculine: "día", "problema".
    var masculineNouns: Set<String> = []
    /// Endings that make an unknown noun feminine ("a", "as").
    var feminineEndings: [String] = []
    /// Lowercased words after a number that are not nouns it counts: "de", "y", "por".
    var notNouns: Set<String> = []

    init() {}

    /// A copy to which a region's files are applied ("en-GB" starts from "en").
    func copy() -> LanguageRules {
        let c = LanguageRules()
        c.language = language
        c.unitPrefixes = unitPrefixes; c.prefixableUnits = prefixableUnits; c.units = units
        c.ambiguousUnits = ambiguousUnits; c.unfoldedCapitals = unfoldedCapitals; c.letterUnits = letterUnits; c.listedUnits = listedUnits; c.quantityUnits = quantityUnits; c.decimalOnlyUnits = decimalOnlyUnits; c.powers = powers; c.powerAfter = powerAfter
        c.powerJoined = powerJoined; c.per = per
        c.currencies = currencies; c.letterCurrencies = letterCurrencies; c.moneyRates = moneyRates; c.currencyWords = currencyWords; c.magnitudes = magnitudes
        c.abbreviations = abbreviations; c.beforeName = beforeName; c.streets = streets
        c.beforeNumber = beforeNumber; c.afterNumber = afterNumber; c.afterPer = afterPer; c.beforeLetter = beforeLetter; c.beforeCounty = beforeCounty; c.counties = counties; c.days = days; c.regnalNames = regnalNames; c.regnalTitles = regnalTitles
        c.regions = regions; c.numberedBy = numberedBy; c.compass = compass
        c.saidAsWords = saidAsWords; c.spelledWords = spelledWords; c.capitalPairs = capitalPairs
        c.dictionaryWords = dictionaryWords; c.dictionaryNames = dictionaryNames
        c.symbols = symbols; c.symbolsBeforeNumber = symbolsBeforeNumber; c.pauses = pauses; c.words = words
        c.decimalSeparator = decimalSeparator; c.groupSeparators = groupSeparators; c.dateOrder = dateOrder
        c.dateStyle = dateStyle; c.hundredAnd = hundredAnd; c.maxCardinalDigits = maxCardinalDigits
        c.spellNumbers = spellNumbers; c.months = months; c.monthNames = monthNames
        c.meridiems = meridiems; c.timeZones = timeZones; c.codeWords = codeWords; c.dateWords = dateWords; c.pairedAfter = pairedAfter
        c.pairedBefore = pairedBefore; c.modelNouns = modelNouns; c.measureKinds = measureKinds; c.temperatureWords = temperatureWords; c.versionNames = versionNames
        c.numberWords = numberWords; c.ordinalMarks = ordinalMarks; c.firstDayOrdinal = firstDayOrdinal
        c.feminineNouns = feminineNouns; c.masculineNouns = masculineNouns; c.feminineEndings = feminineEndings; c.notNouns = notNouns
        return c
    }

    /// Whether `symbol`, standing alone after `number`, is read as a unit.
    func isUnitAlone<S: StringProtocol>(_ symbol: S, after number: NumberLiteral) -> Bool {
        let key = String(symbol)
        if letterUnits.contains(key) { return false }
        if decimalOnlyUnits.contains(key), number.isInteger { return false }
        return true
    }

    /// The form a number takes before `word`: none when it is not a noun the number counts, else
    /// the noun's gender (from the tables, else from its ending). English numbers never agree.
    func gender<S: StringProtocol>(before word: S?) -> NumberGender {
        guard numberWords != nil, let word, let first = word.first, first.isLetter else { return .none }
        let lower = word.lowercased()
        if notNouns.contains(lower) || lower.contains("'") || lower.contains("’") { return .none }
        if feminineNouns.contains(lower) { return .feminine }
        if masculineNouns.contains(lower) { return .masculine }
        return feminineEndings.contains(where: { lower.hasSuffix($0) }) ? .feminine : .masculine
    }

    /// A grammar word, singular.
    func word(_ key: String) -> String { words[key]?.singular ?? key }

    /// A unit written out ("litres", "kilometer"), in either spelling of metre and litre; nil for
    /// any other word. Slow (a search of every unit): only for a word already beside a rate's slash.
    func writtenUnit<S: StringProtocol>(_ word: S) -> UnitExpression? {
        guard word.count > 2, word.allSatisfy(\.isLowercase) else { return nil }
        let american = word.replacingOccurrences(of: "tre", with: "ter")
        guard let reading = allUnits[american] ?? allUnits.values.first(where: { $0.singular == american || $0.plural == american }) else { return nil }
        return UnitExpression(numerator: [UnitTerm(reading: reading, power: nil)])
    }

    /// A grammar word agreeing with its number ("hour" or "hours").
    func word(_ key: String, plural: Bool) -> String {
        guard let w = words[key] else { return key }
        return plural ? w.plural : w.singular
    }
}

// MARK: - Derived tables

extension LanguageRules {
    /// Builds the lookup tables derived from the loaded ones: every prefixed unit ("km", "GHz")
    /// and a case-folded index for units written in capitals ("12KG").
    func derive() {
        var all: [String: Inflected] = [:]
        var folded: [String: Inflected] = [:]
        // Larger prefixes first, so that "mb" folds to megabyte rather than millibyte.
        let prefixes = unitPrefixes.sorted { lhs, rhs in
            let l = lhs.key.first?.isUppercase == true || lhs.key == "k", r = rhs.key.first?.isUppercase == true || rhs.key == "k"
            return l != r ? l : lhs.key < rhs.key
        }
        let bases = prefixableUnits.sorted { $0.key < $1.key }
        for (prefix, word) in prefixes {
            for (base, reading) in bases {
                all[prefix + base] = Self.prefixed(word, reading)
            }
        }
        for (symbol, reading) in prefixableUnits { all[symbol] = reading }
        for (symbol, reading) in units { all[symbol] = reading }
        for (symbol, reading) in units where symbol.count > 1 { folded[symbol.lowercased()] = reading }
        for (symbol, reading) in bases where symbol.count > 1 && folded[symbol.lowercased()] == nil {
            folded[symbol.lowercased()] = reading
        }
        for (prefix, word) in prefixes {
            for (base, reading) in bases {
                let key = (prefix + base).lowercased()
                if folded[key] == nil {
                    folded[key] = Self.prefixed(word, reading)
                }
            }
        }
        allUnits = all
        foldedUnits = folded
        abbreviationHeads = Set(abbreviations.keys.compactMap { key in
            key.contains(" ") ? key.split(separator: " ").first.map(String.init) : nil
        })
        streetWords = Set(streets.keys).union(streets.values)
        meridiemsLongestFirst = meridiems.sorted { $0.key.count != $1.key.count ? $0.key.count > $1.key.count : $0.key < $1.key }
        symbolScalars = Set(symbols.keys.compactMap { $0.unicodeScalars.count == 1 ? $0.unicodeScalars.first : nil })
    }

    /// A prefixed unit's reading, one word: "kilo" + "meters"; in German, whose nouns take a
    /// capital, "Kilo" + "Meter" makes "Kilometer", not "KiloMeter".
    static func prefixed(_ prefix: String, _ unit: Inflected) -> Inflected {
        func join(_ word: String) -> String {
            guard let last = prefix.last, last.isLowercase, let first = word.first, first.isUppercase else { return prefix + word }
            return prefix + first.lowercased() + word.dropFirst()
        }
        return Inflected(singular: join(unit.singular), plural: join(unit.plural))
    }
}

/// A reading with its singular and plural forms: "meter | meters".
struct Inflected: Sendable, Equatable {
    var singular: String
    var plural: String

    /// Parses "singular | plural" (or a single form used for both).
    init(_ text: String) {
        let parts = text.split(separator: "|", maxSplits: 1).map { $0.trimmingSpaces() }
        singular = parts.first ?? ""
        plural = parts.count > 1 ? parts[1] : singular
    }

    init(singular: String, plural: String) {
        self.singular = singular
        self.plural = plural
    }

    func form(plural isPlural: Bool) -> String { isPlural ? plural : singular }
}

/// A currency's major and minor unit names.
struct Currency: Sendable, Equatable {
    var major: Inflected
    var minor: Inflected

    /// Parses "dollar | dollars | cent | cents".
    init(_ text: String) {
        let p = text.split(separator: "|").map { $0.trimmingSpaces() }
        func at(_ i: Int, _ fallback: Int) -> String { p.count > i ? p[i] : (p.count > fallback ? p[fallback] : "") }
        major = Inflected(singular: at(0, 0), plural: at(1, 0))
        minor = Inflected(singular: at(2, 2), plural: at(3, 2))
    }
}

/// The order of the fields of a numeric date.
enum DateOrder: String, Sendable {
    case monthDayYear = "MDY"
    case dayMonthYear = "DMY"
}

/// How a date is said: "December fifth", "the fifth of December", or with the day's number
/// ("doce de mayo de dos mil veinte", "dodici maggio duemilaventi": the word `dateOf` joins).
enum DateStyle: String, Sendable {
    case monthFirst
    case dayFirst
    case dayNumber
}

extension Substring {
    func trimmingSpaces() -> String {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
