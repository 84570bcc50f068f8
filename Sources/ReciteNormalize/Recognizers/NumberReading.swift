/// Reads one number-like word with nothing after it: "1,250", "-0.5", "1994", "22nd", "1980s",
/// "12kg", "25d08A". Recognizers that look further ahead build on it.
struct NumberReading {
    let rules: LanguageRules

    /// A number as a year when it looks like one, else as a number.
    func say(_ n: NumberLiteral, allowYear: Bool = true) -> String {
        if allowYear, !n.negative, n.fraction == nil, !n.grouped, n.integer.count == 4, !n.hasLeadingZero,
           let v = n.value, (1000...2099).contains(v) {
            return YearVerbalizer(rules: rules).say(v)
        }
        // "1500 sq ft", "$1100": hundreds written without a comma are said in hundreds, "fifteen hundred".
        if rules.numberWords == nil, rules.spellNumbers, !n.negative, n.fraction == nil, !n.grouped, n.integer.count == 4, !n.hasLeadingZero,
           n.integer.hasSuffix("00"), !n.integer.hasSuffix("000") {
            return sayHouseNumber(n)
        }
        return DecimalVerbalizer(rules: rules).say(n)
    }

    /// A number that counts `noun`, in the form the noun asks for: "un euro", "una tonelada",
    /// "veintiún kilómetros", "un millón de euros" (English numbers do not change).
    func count(_ n: NumberLiteral, noun: String) -> String {
        guard let words = rules.numberWords else { return say(n, allowYear: false) }
        let spoken = n.isInteger && n.groupedOrShort(rules)
            ? (n.negative ? rules.word("minus") + " " : "") + CardinalVerbalizer(rules: rules).say(n.integer, gender: rules.gender(before: noun.split(separator: " ").first))
            : say(n, allowYear: false)
        return words.joining(words.before(noun, spoken))
    }

    /// A version with a pre-release name: "1.0.0-beta.2" → "one point zero point zero beta two".
    func sayPreRelease(_ text: Substring) -> String? {
        guard rules.spellNumbers, rules.numberWords == nil, let dash = text.firstIndex(of: "-") else { return nil }
        let head = text[..<dash], tail = text[text.index(after: dash)...]
        let groups = head.split(separator: ".", omittingEmptySubsequences: false)
        guard groups.count >= 2, groups.allSatisfy({ $0.isAllDigits && !$0.isEmpty && $0.count <= 4 }), tail.first?.isLetter == true else { return nil }
        // "a 1.58-month supply", "a 2.5-inch screen": a decimal before a noun, not a release's name.
        if groups.count == 2, tail.count >= 3, tail.allSatisfy({ $0.isLowercase }), !Self.preReleaseWords.contains(String(tail)) { return nil }
        let cardinal = CardinalVerbalizer(rules: rules)
        let version = ([cardinal.say(groups[0])] + groups.dropFirst().map { sayVersionPart($0) }).joined(separator: " \(rules.word("point")) ")
        let parts = tail.split(separator: ".").map { part in
            part.isAllDigits ? cardinal.say(part) : SerialReading(rules: rules).say(part) ?? String(part)
        }
        return ([version] + parts).joined(separator: " ")
    }

    /// Names a release carries after a dash ("1.0-beta", "2.1-rc").
    static let preReleaseWords: Set<String> = ["alpha", "beta", "rc", "dev", "pre", "preview", "snapshot", "final", "stable", "lts",
                                               "nightly", "canary", "release", "ga", "next", "experimental", "hotfix", "patch"]

    /// A calendar version, whose first part is a year ("v2023.06", "v2023.12.11.10"): the year said
    /// as a year and a month with its zero as "oh" ("twenty twenty three point oh six"); nil for others.
    func sayCalendarVersion(_ parts: [Substring]) -> String? {
        guard rules.spellNumbers, rules.numberWords == nil, parts.count >= 2, parts[0].count == 4, let year = Int(parts[0]),
              (1990...2099).contains(year), parts.allSatisfy({ $0.isAllDigits }) else { return nil }
        let cardinal = CardinalVerbalizer(rules: rules)
        let rest = parts.dropFirst().map { $0.count == 2 && $0.first == "0" ? "oh \(cardinal.say($0.dropFirst()))" : sayVersionPart($0) }
        return ([YearVerbalizer(rules: rules).say(year)] + rest).joined(separator: " \(rules.word("point")) ")
    }

    /// A capital letter said alone ("15A", "Gate 23B", a grade "A*"): "A" is written "A-", since
    /// eSpeak NG reads a lone capital A as the article "uh".
    static func sayLetter(_ letter: Character) -> String {
        letter == "A" ? "A-" : String(letter)
    }

    /// One part of a version: "10" → "ten", "236" → "two thirty six" (in pairs, as a name).
    func sayVersionPart(_ digits: Substring) -> String {
        guard digits.count >= 3, digits.count <= 4, digits.first != "0", let n = NumberLiteral.parse(digits, rules: rules) else {
            return CardinalVerbalizer(rules: rules).say(digits)
        }
        return sayHouseNumber(n)
    }

    /// A house number: "1428" → "fourteen twenty eight", "123" → "one twenty three".
    func sayHouseNumber(_ n: NumberLiteral) -> String {
        guard rules.spellNumbers, rules.numberWords == nil, n.fraction == nil, !n.grouped, let v = n.value, n.integer.count == 3 || n.integer.count == 4,
              !n.hasLeadingZero else { return say(n) }
        let cardinal = CardinalVerbalizer(rules: rules)
        let high = v / 100, low = v % 100
        if low == 0 { return "\(cardinal.say(high)) hundred" }
        return "\(cardinal.say(high)) \(low < 10 ? "oh " : "")\(cardinal.say(low))"
    }

    /// The lines of a video format ("1080p"), said in pairs before their "p".
    static let videoLines: Set<String> = ["240", "360", "480", "576", "720", "1080", "1440", "2160", "4320"]

    /// A whole number that names something after "number" ("No. 4471", "#1105", "prisoner #
    /// 566928"): four digits in pairs, as a house number is said, five or more digit by digit;
    /// nil for a shorter one, which is said as a cardinal ("No. 43").
    func sayIdentifier(_ n: NumberLiteral) -> String? {
        guard rules.spellNumbers, rules.numberWords == nil, n.isInteger, !n.grouped, !n.negative, n.integer.count >= 4 else { return nil }
        return n.integer.count == 4 && !n.hasLeadingZero ? sayHouseNumber(n) : DigitsVerbalizer(rules: rules).say(n.integer)
    }

    /// The unit a mark after a number stands for: inches (", ″) or feet (', ′).
    func markUnit(_ mark: Character) -> Inflected? {
        switch mark {
        case "\"", "″", "”": return rules.units["in"]
        case "'", "′", "’": return rules.units["ft"]
        default: return nil
        }
    }

    /// A number said as a plural noun: "2x4s" → "two by fours", "2x6's" → "two by sixes".
    func plural(_ spoken: String) -> String {
        if spoken.hasSuffix("x") { return spoken + "es" }
        if spoken.hasSuffix("y") { return spoken.dropLast() + "ies" }
        return spoken + "s"
    }

    /// Two measures with a slash: a listing's ("3BR/2BA" → "three bedroom, two bath") or the same
    /// measure in two units ("302°F/150°C" → "... Fahrenheit or ... Celsius"). `describing`: before
    /// the word they describe ("1in/2.54cm-thick"), the units in the singular.
    func sayPair(_ core: Substring, describing: Bool) -> String? {
        guard let slash = core.firstIndex(of: "/"), core[core.index(after: slash)...].first?.isASCIIDigit == true,
              let n = NumberLiteral.parse(core, rules: rules), slash > n.end,
              let left = sayListed(core[..<slash], singular: describing), let right = sayListed(core[core.index(after: slash)...], singular: describing)
        else { return nil }
        // Units on both sides, none a listing's: one measure said twice ("4B/2B" keeps its pause).
        let sides = [core[..<slash], core[core.index(after: slash)...]].map { side in
            NumberLiteral.parse(side, rules: rules).map { side[$0.end...] } ?? side
        }
        let converted = rules.numberWords == nil && sides.allSatisfy { !rules.listedUnits.contains(String($0)) && !rules.letterUnits.contains(String($0))
            && UnitParser(rules: rules).parse($0) != nil }
        // "19th/20th century", "1st/2nd floor": two ordinals are a choice between them.
        let ordinals = sides.allSatisfy { ["st", "nd", "rd", "th"].contains($0.lowercased()) }
        return converted || ordinals ? "\(left) \(rules.word("or")) \(right)" : "\(left), \(right)"
    }

    /// One measure of a pair ("3BR" of "3BR/2BA"): a listing's unit in the singular.
    func sayListed(_ text: Substring, singular: Bool) -> String? {
        guard let n = NumberLiteral.parse(text, rules: rules), singular || rules.listedUnits.contains(String(text[n.end...])),
              rules.isUnitAlone(text[n.end...], after: n), let unit = UnitParser(rules: rules).parse(text[n.end...]) else { return sayWhole(text, allowYear: false) }
        return "\(say(n, allowYear: false)) \(UnitVerbalizer(rules: rules).say(unit, plural: false))"
    }

    /// The whole of `core` when it is a number with an optional suffix, read alone.
    func sayWhole(_ core: Substring, allowYear: Bool = true) -> String? {
        guard let n = NumberLiteral.parse(core, rules: rules) else { return nil }
        let suffix = core[n.end...]
        if suffix.isEmpty { return say(n, allowYear: allowYear) }
        return sayWithSuffix(n, suffix: suffix, core: core)
    }

    /// A number followed by letters or signs in the same word.
    func sayWithSuffix(_ n: NumberLiteral, suffix: Substring, core: Substring) -> String? {
        // "2160p@60fps", "4K@120Hz": a format at a rate, each side read as it would be alone.
        if let at = suffix.firstIndex(of: "@"), suffix[suffix.index(after: at)...].first?.isASCIIDigit == true, rules.numberWords == nil,
           let rate = sayWhole(suffix[suffix.index(after: at)...], allowYear: false) {
            let head = at == suffix.startIndex ? say(n, allowYear: false) : sayWithSuffix(n, suffix: suffix[..<at], core: core[..<at])
            if let head { return "\(head) \(rules.word("at")) \(rate)" }
        }
        let lower = suffix.lowercased()
        // "29th's", "1990's": the possessive after what the rest says.
        if suffix.count > 2, lower.hasSuffix("'s") || lower.hasSuffix("’s"), lower.first != "x",
           let spoken = sayWithSuffix(n, suffix: suffix.dropLast(2), core: core.dropLast(2)) {
            return spoken + suffix.suffix(2)
        }
        // Ordinals: 1st, 22nd, 1,000th (only with the right suffix: "1th" is read as written).
        if n.isInteger, !n.negative, ["st", "nd", "rd", "th"].contains(lower),
           OrdinalVerbalizer.isValidSuffix(lower, for: Substring(n.integer)) {
            return OrdinalVerbalizer(rules: rules).say(n.integer)
        }
        // "11st", "4rd": not an ordinal, not a unit; the number and the letters as written.
        // "111st": three digits or more with the wrong suffix are a code, said digit by digit.
        if n.isInteger, ["st", "nd", "rd", "th"].contains(lower) {
            return "\(n.integer.count >= 3 ? DigitsVerbalizer(rules: rules).say(n.integer) : say(n)) \(suffix)"
        }
        // "2Q22", "3Q2023": a quarter of a year, "the second quarter of twenty two".
        if n.isInteger, n.integer.count == 1, let q = Int(n.integer), (1...4).contains(q), suffix.count == 3 || suffix.count == 5,
           suffix.first == "Q", suffix.dropFirst().isAllDigits, rules.numberWords == nil, rules.spellNumbers, let year = Int(suffix.dropFirst()) {
            let said = suffix.count == 3 ? CardinalVerbalizer(rules: rules).say(year) : YearVerbalizer(rules: rules).say(year)
            return "the \(OrdinalVerbalizer(rules: rules).say(n.integer)) quarter of \(said)"
        }
        // Decades: 1980s, 80s.
        if n.isInteger, !n.grouped, lower == "s", n.integer.last == "0", n.integer.count == 4 || n.integer.count == 2,
           let v = n.value {
            return YearVerbalizer(rules: rules).decade(v, digits: n.integer.count)
        }
        // "3,23€": an amount with its currency after it.
        if let currency = rules.currencies[String(suffix)] {
            return MoneyVerbalizer(rules: rules).say(n, currency: currency, magnitude: nil)
        }
        // Units glued to the number: 12kg, 8m², 5km/h, 21°C, 10%.
        if rules.isUnitAlone(suffix, after: n), let unit = UnitParser(rules: rules).parse(suffix) {
            let name = UnitVerbalizer(rules: rules).say(unit, plural: !n.isOne)
            return "\(count(n, noun: name)) \(name)"
        }
        // "4'": feet.
        if suffix == "'" || suffix == "’" || suffix == "′", let foot = rules.units["ft"] {
            return "\(say(n, allowYear: false)) \(foot.form(plural: !n.isOne))"
        }
        // 6'2": feet and inches.
        if suffix.first == "'" || suffix.first == "’", n.isInteger, suffix.count <= 3, suffix.dropFirst().isAllDigits,
           let foot = rules.units["ft"], let inch = rules.units["in"] {
            let inches = suffix.dropFirst()
            return "\(say(n, allowYear: false)) \(foot.form(plural: !n.isOne)) \(CardinalVerbalizer(rules: rules).say(inches)) \(inch.form(plural: inches != "1"))"
        }
        // "1.5k comments": a magnitude letter in lower case ("4K" stays a letter).
        if lower == suffix || (!n.isInteger && (suffix == "M" || suffix == "B" || suffix == "K")),
           let magnitude = rules.magnitudes[String(suffix)], suffix.count <= 2 || rules.numberWords != nil {
            return rules.numberWords?.times(say(n, allowYear: false), magnitude) ?? "\(say(n, allowYear: false)) \(magnitude)"
        }
        // "36"-wide": a measure with its mark joined to a word describes it, in the singular.
        if suffix.count > 2, let unit = suffix.first.flatMap(markUnit), suffix.dropFirst().first == "-",
           suffix.dropFirst(2).allSatisfy(\.isLetter), rules.numberWords == nil {
            return "\(say(n, allowYear: false)) \(unit.singular) \(suffix.dropFirst(2))"
        }
        // "1527AD", "300BC": a year with its era glued, the era's letters spelled.
        if n.isInteger, !n.grouped, n.integer.count <= 4, ["AD", "BC", "BCE", "CE"].contains(suffix), let v = n.value, rules.numberWords == nil {
            let era = suffix.map(String.init).joined(separator: ".") + "."
            return "\(YearVerbalizer(rules: rules).say(v)) \(era)"
        }
        // "21st-century", "3rd-party", "17th–century": the number with its suffix, then the word.
        if let dash = suffix.firstIndex(where: { $0 == "-" || $0 == "–" }), dash > suffix.startIndex, suffix[suffix.index(after: dash)...].allSatisfy(\.isLetter),
           suffix.index(after: dash) < suffix.endIndex,
           let head = sayWithSuffix(n, suffix: suffix[..<dash], core: core[..<dash]) {
            // "1in/2.54cm-thick": two measures joined to a word describe it.
            if rules.numberWords == nil, let pair = sayPair(core[..<dash], describing: true) {
                return "\(pair) \(suffix[suffix.index(after: dash)...])"
            }
            // "60W-rated": a measure joined to a word describes it, in the singular.
            if rules.numberWords == nil, !OrdinalVerbalizer.isValidSuffix(suffix[..<dash].lowercased(), for: Substring(n.integer)),
               rules.isUnitAlone(suffix[..<dash], after: n), let unit = UnitParser(rules: rules).parse(suffix[..<dash]) {
                return "\(say(n, allowYear: false)) \(UnitVerbalizer(rules: rules).say(unit, plural: false)) \(suffix[suffix.index(after: dash)...])"
            }
            return "\(head) \(suffix[suffix.index(after: dash)...])"
        }
        // "1960's", "80's": a decade.
        if lower == "'s" || lower == "’s", n.isInteger, !n.grouped, n.integer.last == "0", n.integer.count == 4 || n.integer.count == 2,
           let v = n.value {
            return YearVerbalizer(rules: rules).decade(v, digits: n.integer.count)
        }
        // "12's", "1990's": the number, then the suffix as it is.
        if suffix.first == "'" || suffix.first == "’" {
            return say(n) + suffix
        }
        // "2 x 4′s": a prime before the s of a plural.
        if suffix == "′s", rules.numberWords == nil { return plural(say(n, allowYear: false)) }
        // "a 5-lb bag": a measure joined to its noun takes the singular unit.
        // "Section 22-A", "Form 16-B": one capital that is also a unit's symbol ("A") names a part.
        if suffix.count == 2, suffix.first == "-", let letter = suffix.last, letter.isUppercase, rules.ambiguousUnits.contains(String(letter)),
           n.isInteger, rules.numberWords == nil {
            return "\(say(n, allowYear: false)) \(Self.sayLetter(letter))"
        }
        if suffix.first == "-", let unit = UnitParser(rules: rules).parse(suffix.dropFirst()), suffix.count > 1, rules.numberWords == nil {
            return "\(say(n, allowYear: false)) \(UnitVerbalizer(rules: rules).say(unit, plural: false))"
        }
        // "1.x.x": a version series, every part after the first open.
        if lower.count > 2, lower.count % 2 == 0, lower.enumerated().allSatisfy({ $0.offset % 2 == 0 ? $0.element == "." : $0.element == "x" }), n.isInteger {
            return ([say(n, allowYear: false)] + Array(repeating: "x", count: lower.count / 2)).joined(separator: " \(rules.word("point")) ")
        }
        // "Node 20.x", "1.x": a version series.
        if lower == ".x" {
            guard let fraction = n.fraction else { return "\(say(n, allowYear: false)) \(rules.word("point")) x" }
            // "0.236.x": a version's series, each part a number.
            let cardinal = CardinalVerbalizer(rules: rules)
            return [cardinal.say(n.integer.isEmpty ? "0" : n.integer), sayVersionPart(Substring(fraction)), "x"].joined(separator: " \(rules.word("point")) ")
        }
        if let pair = sayPair(core, describing: false) { return pair }
        // "7.2-millimeter", "100-car": the number, then the word.
        if suffix.first == "-", suffix.dropFirst().first?.isLetter == true {
            // "2-by-4-inch": the numbers between the words said as numbers.
            let words = suffix.dropFirst().split(separator: "-").map { part in
                if part.first?.isASCIIDigit == true { return sayWhole(part, allowYear: false) ?? String(part) }
                // "10-Ks": the plural of a letter.
                return part.count == 2 && part.first!.isUppercase && part.last == "s" ? "\(part.first!)'s" : String(part)
            }
            return "\(say(n, allowYear: false)) \(words.joined(separator: " "))"
        }
        // "720p", "1080p": a video's lines, in pairs; "31p", "1423p", "1984.5p": pence, a share's price.
        if lower == "p", rules.numberWords == nil, rules.spellNumbers {
            if n.isInteger, Self.videoLines.contains(n.integer) { return "\(sayHouseNumber(n)) \(suffix)" }
            return "\(say(n, allowYear: false)) \(suffix)"
        }
        // "1080p", "7950X": a model or format number, said in pairs, then its letter.
        if n.isInteger, !n.grouped, n.integer.count == 4, suffix.count == 1, suffix.first?.isLetter == true, lower != "s" {
            return "\(sayHouseNumber(n)) \(suffix)"
        }
        // "4.4x", "10x": said as written.
        if lower == "x" { return "\(say(n, allowYear: false)) x" }
        // "2x8": dimensions.
        if lower.first == "x" || lower.first == "×", suffix.count > 1, let m = NumberLiteral.parse(suffix.dropFirst(), rules: rules) {
            if m.end == suffix.endIndex { return "\(say(n, allowYear: false)) \(rules.word("by")) \(say(m, allowYear: false))" }
            // "2x4s", "2x6's": lumber by its size, the second number as a plural noun.
            if rules.numberWords == nil, ["s", "'s", "’s", "′s"].contains(suffix[m.end...]) {
                return "\(say(n, allowYear: false)) \(rules.word("by")) \(plural(say(m, allowYear: false)))"
            }
            // "2x4'", "10x12ft": dimensions with their unit.
            if let second = sayWhole(suffix.dropFirst(), allowYear: false) { return "\(say(n, allowYear: false)) \(rules.word("by")) \(second)" }
        }
        return SerialReading(rules: rules).say(core)
    }
}

/// Reads a code of letters and digits ("B2A23C", "25d08A", "es3"): letters as written, numbers
/// as numbers when short, digit by digit when long ("ab9453"), signs by name.
struct SerialReading {
    let rules: LanguageRules

    func say(_ core: Substring) -> String? {
        var words: [String] = []
        var run = ""
        var runIsDigits = false
        // "M4.2", "59.84*": one decimal point, its digits said one by one; "HTTP/1.1" and
        // "5.1.1" are versions, each part a number.
        var points = 0
        var afterPoint = false
        if core.utf8.contains(UInt8(ascii: ".")) {
            var k = core.startIndex
            while let dot = core[k...].firstIndex(of: ".") {
                if dot > core.startIndex, core[core.index(before: dot)].isASCIIDigit, core[dot...].dropFirst().first?.isASCIIDigit == true { points += 1 }
                k = core.index(after: dot)
            }
        }
        func flush() {
            guard !run.isEmpty else { return }
            if runIsDigits {
                if afterPoint, points == 1 { words.append(DigitsVerbalizer(rules: rules).say(run)) }
                else if run.count > 1, run.first == "0" { words.append(DigitsVerbalizer(rules: rules).say(run)) }
                else if run.count == 3, !words.isEmpty, !run.hasSuffix("00"), let n = NumberLiteral.parse(Substring(run), rules: rules) {
                    words.append(NumberReading(rules: rules).sayHouseNumber(n))  // "A380", "F150": "A three eighty"
                }
                else if run.count == 4, let v = Int(run), (1900...2099).contains(v), !words.isEmpty {
                    words.append(YearVerbalizer(rules: rules).say(v))  // "FY2022"
                }
                else if run.count <= 3 || run.hasSuffix("000") { words.append(CardinalVerbalizer(rules: rules).say(run)) }
                else { words.append(DigitsVerbalizer(rules: rules).say(run)) }
            } else {
                // "A1C", "A321": the letter A leading a code is written "A-", which eSpeak NG says as the letter, not "uh".
                words.append(run == "A" && words.isEmpty && rules.numberWords == nil && rules.spellNumbers ? "A-" : run)
            }
            run = ""
            afterPoint = false
        }
        for k in core.indices {
            let c = core[k]
            if c.isASCIIDigit || c.isLetter || c == "'" || c == "’" {
                let digit = c.isASCIIDigit
                if !run.isEmpty, digit != runIsDigits { flush() }
                runIsDigits = digit
                run.append(c)
            } else {
                let digitsBefore = runIsDigits && !run.isEmpty
                flush()
                // "M4.2": a decimal point between digits.
                if c == ".", digitsBefore, core[k...].dropFirst().first?.isASCIIDigit == true, rules.numberWords == nil {
                    words.append(rules.word("point"))
                    afterPoint = true
                    continue
                }
                if c == "-" || c == "." { continue }
                if c == "/" { words.append(rules.word("slash")); continue }
                if let s = rules.symbols[String(c)] { words.append(s) }
            }
        }
        flush()
        guard rules.spellNumbers || !core.contains(where: \.isASCIIDigit) else { return String(core) }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
