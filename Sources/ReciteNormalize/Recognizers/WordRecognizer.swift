/// Recognizes words that start with a letter and are not read as written: abbreviations
/// (Dr., e.g., St.), street and state names in addresses, dates led by a month name, Roman
/// numerals, URLs and e-mail addresses, chemical formulas (CO₂), versions (v2.3.1), codes of
/// letters and digits (B2A23C, covid-19), "n°5", "a/b".
struct WordRecognizer {
    let rules: LanguageRules

    func recognize(at i: Int, in context: Context) -> Match? {
        // A word in lower case with no period after it, no number before it and none after it
        // ("the", "garden", "don’t"): only an abbreviation table can read it ("approx", "vs").
        let bytes = context.pieces[i].core.utf8
        // "per sq ft": a unit after "per", in the singular.
        if bytes.count == 3, bytes.first == UInt8(ascii: "p"), rules.numberWords == nil, context.pieces[i].core == rules.per, context.joins(i),
           let next = context.core(i + 1), next.first?.isLetter == true, case let key = String(next), !rules.ambiguousUnits.contains(key),
           rules.allUnits[key] != nil || key == "sq" || next.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }),
           let unit = NumberRecognizer(rules: rules).unitAfter(i + 1, in: context) {
            return Match(1 + unit.count, "\(rules.per) \(UnitVerbalizer(rules: rules).say(unit.expression, plural: false))").droppingDot(context.pieces[i + unit.count])
        }
        // "(in kg)", "expressed in mL.": a unit symbol after "in", closing its phrase, is the unit's name.
        if bytes.count == 2, bytes.first == UInt8(ascii: "i"), rules.numberWords == nil, rules.spellNumbers, context.pieces[i].core == "in", context.joins(i),
           let m = unitNamed(at: i + 1, in: context) {
            return Match(1 + m.count, "in \(m.spoken)").droppingDot(context.pieces[i + m.count])
        }
        // "One GW", "two km away": a number in words before a unit symbol (the next word's length first:
        // this runs for every word).
        if (3...8).contains(bytes.count), i + 1 < context.pieces.count, (2...4).contains(context.pieces[i + 1].core.utf8.count),
           let m = unitAfterNumberWord(at: i, in: context) { return m }
        // "(Rs. Three Lakhs only)": a currency's abbreviation before an amount in words.
        if bytes.count == 2, bytes.first == UInt8(ascii: "R"), context.pieces[i].core == "Rs", rules.numberWords == nil, context.joins(i) || context.pieces[i].trail == ".",
           let next = context.core(i + 1), Self.numberWords.contains(next.lowercased()) {
            return Match(1, "rupees").droppingDot(context.pieces[i])
        }
        // "min 40°", "Max 60 kg": a limit before a number (not a model's name after one: "Boeing 737 Max 8").
        if bytes.count == 3, rules.numberWords == nil, rules.spellNumbers, context.joins(i), context.core(i + 1)?.first?.isASCIIDigit == true,
           !(i > 0 && context.joins(i - 1) && context.pieces[i - 1].core.first?.isASCIIDigit == true && bytes.first == UInt8(ascii: "M")),
           let limit = Self.limits[context.pieces[i].core.lowercased()], context.pieces[i].trail.isEmpty {
            return Match(1, limit)
        }
        if let m = proven(at: i, in: context) { return m }
        if let first = bytes.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"),
           context.pieces[i].trail.utf8.first != UInt8(ascii: "."), i - context.lastNumberIndex > 8,
           !(i + 1 < context.pieces.count && context.pieces[i + 1].core.utf8.first.map { $0 >= 0x30 && $0 <= 0x39 } == true),
           WordShape.isPlain(context.pieces[i].core) {
            return rules.abbreviations[String(context.pieces[i].core)].map { Match(1, $0) }
        }
        let piece = context.pieces[i]
        let core = piece.core
        let key = String(core)
        if core.utf8.first.map({ $0 >= UInt8(ascii: "F") && $0 <= UInt8(ascii: "W") }) == true, let m = dayRange(at: i, in: context) { return m }
        // Abbreviations, with their dot when they have one.
        if let dotted = context.coreWithDot(i) {
            // "p. ej.", "a. C.", "EE. UU.": an abbreviation written as two words.
            if rules.abbreviationHeads.contains(dotted), piece.trail == ".", let second = context.coreWithDot(i + 1),
               let reading = rules.abbreviations["\(dotted) \(second)"] {
                return Match(2, reading).droppingDot(context.pieces[i + 1])
            }
            if let reading = rules.abbreviations[dotted] {
                // "604 W. Huntington Dr.": a street word before the same abbreviation's other reading.
                if let street = rules.streets[dotted], isStreet(at: i, in: context) {
                    return context.core(i + 1)?.first?.isUppercase == true ? Match(1, street) : Match(1, street).droppingDot(piece)
                }
                return Match(1, reading).droppingDot(piece)
            }
            // "Approx." at the start of a sentence: the abbreviation written with a capital.
            if let f = dotted.first, f.isUppercase, dotted.dropFirst().allSatisfy({ !$0.isUppercase }),
               let reading = rules.abbreviations[f.lowercased() + dotted.dropFirst()] {
                return Match(1, reading).droppingDot(piece)
            }
            // "in Nov.": a month's abbreviation with its dot.
            if let f = dotted.first, f.isUppercase, dotted.count >= 4, dotted.dropFirst().dropLast().allSatisfy(\.isLowercase),
               context.core(i + 1)?.first?.isASCIIDigit != true, let m = rules.months[dotted.dropLast().lowercased()],
               rules.monthNames.indices.contains(m - 1), !rules.monthNames.contains(dotted.dropLast().lowercased()) {
                return Match(1, rules.monthNames[m - 1].capitalizedFirst(if: true)).droppingDot(piece)
            }
            // "1428 Elm St. It was": after a house number and a name, a street word even before a capital.
            // "Springfield, Ill.": a state's abbreviation after a place name and a comma.
            if let region = rules.regions[dotted], i > 0, context.pieces[i - 1].trail == ",",
               context.pieces[i - 1].core.first?.isUppercase == true {
                return Match(1, region).droppingDot(piece)
            }
            if let street = rules.streets[dotted], isStreet(at: i, in: context) {
                // The period still ends the sentence when a capital follows ("Elm St. It was").
                return context.core(i + 1)?.first?.isUppercase == true ? Match(1, street) : Match(1, street).droppingDot(piece)
            }
            if let reading = rules.beforeName[dotted], context.joins(i) || piece.trail == ".",
               let next = context.core(i + 1), let f = next.first, f.isUppercase || f.isASCIIDigit {
                return Match(1, reading).droppingDot(piece)
            }
            if let street = rules.streets[dotted], isStreet(at: i, in: context) { return Match(1, street).droppingDot(piece) }
        }
        if let reading = rules.abbreviations[key] { return Match(1, reading) }
        // "Lt Col Smith": a title written without its period, before a name; "Gen Z" is a generation.
        if let reading = rules.beforeName[key], context.joins(i), let next = context.core(i + 1), next.first?.isUppercase == true,
           !(key == "Gen" && Self.generations.contains(String(next))) {
            return Match(1, reading)
        }
        if i - context.lastNumberIndex <= 4, let street = rules.streets[key], isStreet(at: i, in: context) { return Match(1, street) }
        if i - context.lastNumberIndex < 8, let region = rules.regions[key], i > 0, context.pieces[i - 1].trail.hasSuffix(","),
           context.lastNumberIndex >= 0, i - context.lastNumberIndex < 8 {
            return Match(1, region)
        }
        if let direction = compass(at: i, in: context) { return direction }
        if let m = DateRecognizer(rules: rules).monthFirst(at: i, in: context) { return m }
        if let first = core.utf8.first, first >= UInt8(ascii: "C"), first <= UInt8(ascii: "X"), let m = roman(at: i, in: context) { return m }
        // "Monday-Thursday", "Monday–Friday": a range of days (a hyphen, or an en dash: E2 80 93);
        // "July-September", "Jan–Mar": a range of months.
        if let f = core.utf8.first, f >= UInt8(ascii: "A"), f <= UInt8(ascii: "Z"), core.utf8.contains(where: { $0 == UInt8(ascii: "-") || $0 == 0x93 }),
           case let days = core.split(whereSeparator: { $0 == "-" || $0 == "–" }), days.count == 2, days.allSatisfy({ $0.count > 2 && $0.first!.isUppercase }) {
            if days.allSatisfy({ rules.dateWords.contains($0.lowercased()) || rules.days[String($0)] != nil }) {
                // "Tue-Sun": short names in full.
                let full = days.map { rules.days[String($0)] ?? String($0) }
                return Match(1, "\(full[0]) \(rules.word("to")) \(full[1])")
            }
            let dates = DateRecognizer(rules: rules)
            if case let months = days.compactMap({ dates.month($0) }), months.count == 2, months.allSatisfy({ rules.monthNames.indices.contains($0 - 1) }) {
                let names = months.map { rules.monthNames[$0 - 1].prefix(1).uppercased() + rules.monthNames[$0 - 1].dropFirst() }
                return Match(1, "\(names[0]) \(rules.word("to")) \(names[1])")
            }
        }
        // "AEDT", "TEUs", "SoC": two capitals first or last of three (answered from the bytes), perhaps an initialism.
        if bytes.count >= 2, let b = bytes.first, b >= UInt8(ascii: "A"), b <= UInt8(ascii: "Z"),
           case let c = bytes[bytes.index(after: bytes.startIndex)], c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")
            || bytes.count == 3 && bytes.last.map({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) == true,
           let spelled = InitialismReading(rules: rules).read(at: i, in: context) {
            return Match(1, spelled)
        }
        // Plain words ("don’t", "well-known"): nothing else to do (the common case, kept cheap).
        if WordShape.isPlain(core) { return nil }
        if core.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "’" }) { return nil }
        if isElectronic(core) { return Match(1, ElectronicVerbalizer(rules: rules).say(core)) }
        // "US$76.3", "C$20": a currency symbol that starts with letters.
        if core.contains(where: { !$0.isLetter && !$0.isNumber }), let m = MoneyRecognizer(rules: rules).recognize(at: i, in: context) { return m }
        if let spoken = symbolBeforeNumber(core) { return Match(1, spoken) }
        if let spoken = chemical(core) { return Match(1, spoken) }
        if let spoken = version(core) { return Match(1, spoken) }
        if core.contains("=" as Character), core.count > 2 { return NumberRecognizer(rules: rules).math(core).map { Match(1, $0) } }
        if let spoken = dosingInterval(core) { return Match(1, spoken) }
        if core.utf8.contains(UInt8(ascii: "/")), let m = perHundred(at: i, in: context) { return m }
        if core.contains(where: \.isASCIIDigit) { return compound(core).map { Match(1, $0) } }
        // "w/basement", "w/ garage": "with".
        if core.count > 2, core.first == "w" || core.first == "W", core.dropFirst().first == "/", let with = rules.words["with"],
           core.dropFirst(2).allSatisfy(\.isLetter) {
            return Match(1, "\(with.singular) \(core.dropFirst(2))")
        }
        // "cells/mL", "IU/week", "mg/kg/day": per a unit, or per a span of time.
        if core.contains("/" as Character), let spoken = perUnit(core) { return Match(1, spoken) }
        if core.contains("/" as Character), let slash = rules.word("slash") as String?,
           core.split(separator: "/").allSatisfy({ $0.allSatisfy(\.isLetter) }) {
            if let either = pairOfWords(core, at: i, in: context) { return Match(1, either) }
            return Match(1, core.split(separator: "/").joined(separator: " \(slash) "))
        }
        return symbolsInside(core).map { Match(1, $0) }
    }

    // MARK: - Kinds of words

    /// "L/100km", "litres/100 km", "kWh/100Km": what a car uses per hundred kilometres (or miles).
    func perHundred(at i: Int, in context: Context) -> Match? {
        let core = context.pieces[i].core
        guard rules.numberWords == nil, rules.spellNumbers, let slash = core.firstIndex(of: "/") else { return nil }
        let top = core[..<slash], bottom = core[core.index(after: slash)...]
        guard bottom.hasPrefix("100"), !top.isEmpty else { return nil }
        var below = bottom.dropFirst(3)
        var count = 1
        if below.isEmpty, context.joins(i), let next = context.core(i + 1) {
            below = next
            count = 2
        }
        let parser = UnitParser(rules: rules)
        guard !below.isEmpty, let perUnit = parser.parse(below) ?? parser.parse(Substring(below.lowercased())),
              let unit = parser.parse(top) ?? rules.writtenUnit(top) else { return nil }
        let units = UnitVerbalizer(rules: rules)
        return Match(count, "\(units.say(unit, plural: true)) \(rules.per) hundred \(units.say(perUnit, plural: true))")
    }

    /// `alternatives` for a word written "a/b" at piece `i`.
    func pairOfWords(_ core: Substring, at i: Int, in context: Context) -> String? {
        let parts = core.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let before = i > 0 && !context.pieces[i - 1].endsClause ? context.pieces[i - 1].core : nil
        let after = context.joins(i) ? context.core(i + 1) : nil
        return alternatives(parts[0], parts[1], before: before, after: after)
    }

    /// "delivered/posted to", "boiled/canned chickpeas", "his/her": two words with a slash between
    /// them in a sentence are a choice, said "or", when the pair ends its clause or comes before a
    /// word of grammar, or a word of them is an adjective or a participle by its ending, or both are
    /// pronouns. Two nouns before a noun name one thing ("a washer/dryer hook-up") and keep the
    /// slash, as a pair standing alone does ("upgrade/update"), and so do names ("Sydney/Melbourne"),
    /// capitals ("AC/DC") and units ("mmol/mol"). `before` and `after` are the words beside the pair
    /// in its clause.
    func alternatives(_ a: Substring, _ b: Substring, before: Substring?, after: Substring?) -> String? {
        guard rules.numberWords == nil, rules.spellNumbers, before != nil || after != nil, let or = rules.words["or"]?.singular,
              a.count >= 3 || Self.pronouns.contains(a.lowercased()), b.count >= 3 || Self.pronouns.contains(b.lowercased()),
              a.allSatisfy(\.isLetter), b.allSatisfy(\.isLetter),
              a.dropFirst().allSatisfy(\.isLowercase), b.dropFirst().allSatisfy(\.isLowercase),
              a.first?.isLowercase == true || b.first?.isLowercase == true,
              UnitParser(rules: rules).parse(a) == nil, UnitParser(rules: rules).parse(b) == nil else { return nil }
        let pair = [a.lowercased(), b.lowercased()]
        let grammarAfter = after.map { NumberRecognizer.notNounsAfterMeasure.contains($0.lowercased()) } ?? true
        let modifier = pair.contains { w in Self.modifierEndings.contains { w.hasSuffix($0) && w.count > $0.count + 2 } }
        guard grammarAfter || modifier || pair.allSatisfy(Self.pronouns.contains) else { return nil }
        return "\(a) \(or) \(b)"
    }

    /// Endings of adjectives and participles ("boiled", "professional", "active").
    static let modifierEndings = ["ed", "ing", "al", "ive", "ous", "ful", "able", "ible", "ic", "less"]
    static let pronouns: Set<String> = ["he", "she", "him", "her", "his", "hers", "they", "them", "their"]

    static let limits: [String: String] = ["min": "minimum", "max": "maximum"]

    /// English numbers in words that a unit symbol may follow ("One GW", "ten km").
    static let numberWords: Set<String> = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                                           "eleven", "twelve", "fifteen", "twenty", "thirty", "forty", "fifty", "hundred",
                                           "thousand", "lakh", "lakhs", "crore", "crores", "million", "billion", "few", "several"]

    /// The first letters of `numberWords`, as lower-case bytes.
    static let numberWordStarts: Set<UInt8> = Set("otfsenhlcmb".utf8)

    /// Lower-case unit symbols of three letters or more that are no English words.
    static let shortUnits: Set<String> = ["kms", "kgs", "lbs", "hrs", "mins", "secs", "mph", "kph", "kmh", "rpm", "bpm"]

    /// The unit symbol at piece `j` said in words (plural), when it is a symbol of two letters or more
    /// that starts in lower case ("kg", "mL", "km", "kWh"), is no word of its own and ends its phrase:
    /// a bracket, a quote or clause punctuation after it, or the end.
    private func unitNamed(at j: Int, in context: Context) -> Match? {
        guard let core = context.core(j), core.count >= 2, core.count <= 4, core.first?.isLowercase == true,
              core.allSatisfy(\.isLetter), case let key = String(core), !rules.ambiguousUnits.contains(key),
              rules.abbreviations[key] == nil, rules.allUnits[key] != nil,
              j + 1 == context.pieces.count || context.pieces[j].endsClause || context.pieces[j].trail.first.map({ ")]’”\"'".contains($0) }) == true,
              let unit = NumberRecognizer(rules: rules).unitAfter(j, in: context), unit.count == 1 else { return nil }
        return Match(1, UnitVerbalizer(rules: rules).say(unit.expression, plural: true))
    }

    /// "One GW is equal to 1000 MW", "two km away": a number in words, then a unit symbol of two
    /// letters or more that is no word of its own; said as the unit's name.
    private func unitAfterNumberWord(at i: Int, in context: Context) -> Match? {
        let core = context.pieces[i].core
        // Cheap tests first, on bytes: the next word is short and looks like a symbol (two letters, a
        // capital inside, or a short unit), and this one starts as a number's name does.
        let next = context.pieces[i + 1].core
        guard rules.numberWords == nil, rules.spellNumbers, context.joins(i), context.pieces[i + 1].lead.isEmpty,
              next.utf8.first.map({ $0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "z") }) == true,
              next.utf8.count == 2 || next.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) || Self.shortUnits.contains(String(next)),
              let f = core.utf8.first, Self.numberWordStarts.contains(f | 0x20),
              Self.numberWords.contains(core.lowercased()), case let key = String(next),
              !rules.ambiguousUnits.contains(key), rules.abbreviations[key] == nil, rules.allUnits[key] != nil,
              let unit = NumberRecognizer(rules: rules).unitAfter(i + 1, in: context), unit.count == 1 else { return nil }
        let plural = core.lowercased() != "one"
        return Match(2, "\(core) \(UnitVerbalizer(rules: rules).say(unit.expression, plural: plural))").droppingDot(context.pieces[i + 1])
    }

    /// "cells/mL" → "cells per milliliter", "placebo/week", "mg/kg/day": a word or unit, then
    /// units (or a span of time) after slashes. Not "and/or" or "input/output".
    private func perUnit(_ core: Substring) -> String? {
        guard rules.numberWords == nil, rules.spellNumbers else { return nil }
        let parts = core.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.count <= 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isLetter) }) else { return nil }
        let parser = UnitParser(rules: rules)
        var bottoms: [String] = []
        for part in parts.dropFirst() {
            let key = String(part)
            if !rules.ambiguousUnits.contains(key), key.count >= 2 || key == "L" || key == "h" || key == "d", let unit = parser.parse(part) {
                bottoms.append(UnitVerbalizer(rules: rules).say(unit, plural: false))
            } else if Self.spansOfTime.contains(key.lowercased()) {
                bottoms.append(key.lowercased())
            } else {
                return nil
            }
        }
        let head = parts[0]
        let top: String
        if !rules.ambiguousUnits.contains(String(head)), head.count >= 2, let unit = parser.parse(head) {
            top = UnitVerbalizer(rules: rules).say(unit, plural: true)
        } else if head.count >= 3 || head.allSatisfy(\.isUppercase) {
            top = String(head)
        } else {
            return nil
        }
        return ([top] + bottoms).joined(separator: " \(rules.per) ")
    }

    /// "q12h", "q4-6h", "q24h": a dose's interval in a prescription, "every twelve hours".
    private func dosingInterval(_ core: Substring) -> String? {
        guard rules.numberWords == nil, core.count >= 3, core.count <= 8, core.first == "q", core.last == "h" else { return nil }
        let body = core.dropFirst().dropLast()
        let ends = body.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(ends.count), ends.allSatisfy({ $0.isAllDigits && $0.count <= 2 }) else { return nil }
        let cardinal = CardinalVerbalizer(rules: rules)
        let hours = ends.map { cardinal.say(String($0)) }.joined(separator: " \(rules.word("to")) ")
        return "every \(hours) \(rules.word("hour", plural: ends.count > 1 || ends[0] != "1"))"
    }

    static let spansOfTime: Set<String> = ["day", "week", "month", "year", "hour", "night", "minute", "second", "annum",
                                           "person", "capita", "head", "patient", "dose", "serving", "unit", "item"]

    /// "Mon – Fri", "Monday - Friday", "Tue. to Thu.": a range of days written apart.
    func dayRange(at i: Int, in context: Context) -> Match? {
        guard let first = weekday(i, in: context), i + 2 < context.pieces.count, !context.pieces[i + 1].endsClause || context.pieces[i + 1].trail == "." else { return nil }
        let dash = context.pieces[i + 1]
        guard ["-", "–", "—", "to", "thru", "through"].contains(String(dash.core)) || dash.core.isEmpty && ["-", "–", "—"].contains(String(dash.lead + dash.trail)),
              let last = weekday(i + 2, in: context) else { return nil }
        // "through" and "thru" are said as "through"; a dash as "to".
        let joiner = dash.core == "through" || dash.core == "thru" ? "through" : rules.word("to")
        let range = Match(3, "\(first) \(joiner) \(last)")
        return isAbbreviatedDay(i + 2, in: context) ? range.droppingDot(context.pieces[i + 2]) : range
    }

    /// Whether the period after day `k` is its abbreviation's ("Tue. to Thu. only"), not a full stop
    /// ("Mon – Sun. The").
    func isAbbreviatedDay(_ k: Int, in context: Context) -> Bool {
        guard let core = context.core(k), rules.abbreviations[String(core) + "."] != nil else { return false }
        return context.core(k + 1)?.first?.isUppercase != true
    }

    /// The day piece `k` names ("Mon", "Mon.", "Monday"), in full.
    private func weekday(_ k: Int, in context: Context) -> String? {
        guard let core = context.core(k), core.count >= 3, core.first?.isUppercase == true else { return nil }
        if rules.dateWords.contains(core.lowercased()), core.count > 4 { return String(core) }
        if let day = rules.days[String(core)] { return day }
        guard let reading = rules.abbreviations[String(core) + "."], rules.dateWords.contains(reading.lowercased()) else { return nil }
        return reading
    }

    /// Words a single compass letter comes before: "E wind", "S. end".
    static let directionNouns: Set<String> = ["wind", "winds", "side", "end", "coast", "corner", "bound", "entrance", "exit",
                                              "wall", "shore", "bank", "slope", "face", "wing", "gate", "lane", "lanes"]

    /// A compass point: "the NW corner", "5 mi SW of", "N.E."; a single letter only beside a
    /// number ("Highway 101 N", "45° N", "N 45° E"). Not after a name ("iPhone SE") or a comma
    /// ("Lincoln, NE", a state).
    private func compass(at i: Int, in context: Context) -> Match? {
        // Most words start with another letter: answered from the first byte.
        let piece = context.pieces[i]
        guard !rules.compass.isEmpty, let f = piece.core.utf8.first, f == UInt8(ascii: "N") || f == UInt8(ascii: "S")
            || f == UInt8(ascii: "E") || f == UInt8(ascii: "W"), piece.core.utf8.count <= 6 else { return nil }
        // "NW/4", "NW1/4", "S/2": a quarter or a half of a section, in a survey.
        if piece.core.utf8.contains(UInt8(ascii: "/")), let slash = piece.core.firstIndex(of: "/"), let part = rules.compass[String(piece.core[..<slash].filter { $0 != "1" })] {
            switch piece.core[slash...] {
            case "/4", "1/4": return Match(1, "\(part) \(rules.word("quarter"))")
            case "/2", "1/2": return Match(1, "\(part) \(rules.word("half"))")
            default: return nil
            }
        }
        let dotted = piece.core.contains(".") || piece.trail.hasPrefix(".") && piece.core.count == 1 && context.core(i + 1) == nil
        let key = piece.core.filter { $0 != "." }
        guard (1...3).contains(key.count), key.allSatisfy({ $0.isUppercase }), let direction = rules.compass[key] else { return nil }
        let previous = i > 0 && !context.pieces[i - 1].endsClause ? context.pieces[i - 1] : nil
        // One letter before a word of direction: "E wind", even after a comma.
        let nextWord = context.joins(i) || piece.trail == "." ? context.core(i + 1)?.lowercased() : nil
        let beforeDirectionWord = key.count == 1 && nextWord.map { Self.directionNouns.contains($0) } ?? false
        if !beforeDirectionWord, previous?.trail.hasSuffix(",") == true || (i > 0 && context.pieces[i - 1].trail.hasSuffix(",")) { return nil }
        let afterNumber = previous.map { $0.core.last?.isASCIIDigit == true || $0.core.last == "°" || $0.core.last == "º" } ?? false
        // "N 45° E", "S 89 degrees 09'47"W": a bearing starts with its point.
        let beforeNumber = (context.joins(i) || piece.trail == ".") && context.core(i + 1)?.first?.isASCIIDigit == true
            && (context.core(i + 1)?.contains(where: { $0 == "°" || $0 == "º" }) == true
                || context.joins(i + 1) && context.core(i + 2).map { ["degrees", "deg"].contains($0.lowercased()) } == true)
        if key.count == 1 {
            // "E wind", "S. end", "Winds: W 10-20 mph", "W. Huntington Dr.", "1 deg E of N", "110th Avenue S.".
            let isPoint = { (k: Int) in context.core(k).map { $0.count == 1 && rules.compass[String($0)] != nil } ?? false }
            let pointOfPoint = (nextWord == "of" && isPoint(i + 2)) || (i > 1 && context.pieces[i - 1].core == "of" && isPoint(i - 2))
            let afterStreet = i > 0 && !context.pieces[i - 1].endsClause && context.pieces[i - 1].core.count > 2
                && (context.core(i + 1)?.first.map { !$0.isLowercase } ?? true) && isStreetWord(context.pieces[i - 1].core)
            let afterWinds = i > 0 && (context.pieces[i - 1].core.lowercased().hasPrefix("wind") || context.pieces[i - 1].trail.hasSuffix(":"))
                && context.joins(i) && context.core(i + 1)?.first?.isASCIIDigit == true
            let beforeStreet = dotted && context.core(i + 1)?.first?.isUppercase == true
                && (2...3).contains(where: { context.core(i + $0).map { rules.streets[String($0)] != nil } ?? false })
            guard afterNumber || beforeNumber || beforeDirectionWord || afterWinds || beforeStreet || pointOfPoint || afterStreet
                    || (dotted && previous?.core.lowercased() == "the") else { return nil }
            if afterNumber, context.joins(i), let next = context.core(i + 1), next.first?.isUppercase == true, next.count > 1,
               rules.streets[String(next)] == nil, context.core(i + 2).map({ rules.streets[String($0)] != nil }) == true { return nil }
        } else if let previous, let f = previous.core.first, f.isUppercase || previous.core.contains(where: \.isUppercase), !afterNumber,
                  rules.compass[String(previous.core)] == nil, !previous.core.lowercased().hasPrefix("wind"),
                  !(nextWord.map { Self.directionNouns.contains($0) } ?? false) {
            return nil
        }
        // "W. Huntington Dr.": the period of the letter does not end the sentence before a name.
        let beforeName = key.count == 1 && piece.trail == "." && context.core(i + 1)?.first?.isUppercase == true
            && (2...3).contains(where: { context.core(i + $0).map { rules.streets[String($0)] != nil } ?? false })
        // "77 W.;": the period of the abbreviation, then the pause.
        let abbreviationDot = piece.trail.count > 1 && piece.trail.dropFirst().allSatisfy { ",;:)".contains($0) }
        return piece.trail.hasPrefix(".") && (dotted && context.joins(i) || beforeName || abbreviationDot || beforeNumber) ? Match(1, direction).droppingDot(piece) : Match(1, direction)
    }

    /// A street word, abbreviated or written out: "Ave", "Avenue".
    private func isStreetWord(_ word: Substring) -> Bool {
        rules.streetWords.contains(String(word))
    }

    /// A street word after a capitalized name with a house number shortly before ("1428 Elm St.").
    private func isStreet(at i: Int, in context: Context) -> Bool {
        guard i > 0, context.lastNumberIndex >= 0, i > context.lastNumberIndex, i - context.lastNumberIndex <= 4 else { return false }
        // Every word between the number and the street word is part of a name ("Elm", "N 1st").
        for k in (context.lastNumberIndex + 1)..<i {
            // "W. Huntington": a compass letter's period does not end the name.
            let dottedPoint = context.pieces[k - 1].trail == "." && context.pieces[k - 1].core.count == 1 && rules.compass[String(context.pieces[k - 1].core)] != nil
            guard let f = context.pieces[k].core.first, f.isUppercase || f.isASCIIDigit, !context.pieces[k - 1].endsClause || dottedPoint else { return false }
        }
        if i > context.lastNumberIndex + 1 { return true }
        // "113th St", "5th Ave": a street named by an ordinal.
        if let ordinal = context.core(i - 1), ordinal.first?.isASCIIDigit == true,
           ["st", "nd", "rd", "th"].contains(ordinal.suffix(2).lowercased()) { return true }
        // Right after the number only a direction before the name: "12 S 1st St", "708 N Main".
        guard context.joins(i), let next = context.core(i + 1), let f = next.first else { return false }
        return f.isUppercase || f.isASCIIDigit
    }

    private func isElectronic(_ core: Substring) -> Bool {
        // An address holds "@", "." or ":"; most words hold none (answered from the bytes).
        guard core.utf8.contains(where: { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":") }) else { return false }
        if let at = core.firstIndex(of: "@"), at > core.startIndex, core[core.index(after: at)...].contains(".") { return true }
        let lower = core.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("file://") || lower.hasPrefix("ftp://")
            || lower.hasPrefix("www.") { return true }
        // "example.com", "test2.uk": a lowercase domain.
        let labels = core.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let last = labels.last?.split(separator: "/").first, (2...6).contains(last.count),
              last.allSatisfy({ $0.isLowercase }), labels.allSatisfy({ $0.count >= 2 }) else { return false }
        return labels.dropLast().allSatisfy { $0.allSatisfy { $0.isLetter || $0.isASCIIDigit || $0 == "-" } }
    }

    /// "n°5", "#5" glued to a letter sign: the sign's reading and the number.
    private func symbolBeforeNumber(_ core: Substring) -> String? {
        for length in [2, 1] where core.count > length {
            let key = String(core.prefix(length))
            guard let reading = rules.symbolsBeforeNumber[key], key.contains(where: { !$0.isLetter }) else { continue }
            let rest = core.dropFirst(length)
            guard rest.first?.isASCIIDigit == true, let number = NumberReading(rules: rules).sayWhole(rest, allowYear: false) else { continue }
            return "\(reading) \(number)"
        }
        return nil
    }

    /// "CO₂" → "C O two", "H₂O" → "H two O": letters spelled, subscripts as numbers.
    private func chemical(_ core: Substring) -> String? {
        // Subscript digits are E2 82 80…89 in UTF-8.
        guard core.utf8.contains(0xE2), core.contains(where: { ("₀"..."₉").contains($0) }) else { return nil }
        var words: [String] = []
        var digits = ""
        for c in core {
            if let sub = "₀₁₂₃₄₅₆₇₈₉".firstIndex(of: c) {
                digits.append(Character(String("₀₁₂₃₄₅₆₇₈₉".distance(from: "₀₁₂₃₄₅₆₇₈₉".startIndex, to: sub))))
                continue
            }
            if !digits.isEmpty { words.append(CardinalVerbalizer(rules: rules).say(digits)); digits = "" }
            if c.isUppercase { words.append(String(c)) } else if c.isLetter, let last = words.popLast() { words.append(last + String(c)) }
        }
        if !digits.isEmpty { words.append(CardinalVerbalizer(rules: rules).say(digits)) }
        return words.map { $0.count == 2 && $0.first!.isUppercase ? $0.map(String.init).joined(separator: " ") : $0 }
            .joined(separator: " ")
    }

    /// "v2.3.1" → "version two point three point one".
    private func version(_ core: Substring) -> String? {
        guard core.count > 1, core.first == "v" || core.first == "V" else { return nil }
        let body = core.dropFirst()
        // "a V6 petrol engine", "the Indica V2": a capital V before a whole number is a name's letter
        // (an engine's cylinders, a model); a version is written "v2" or "V2.1".
        if core.first == "V", body.count <= 2, body.isAllDigits, rules.numberWords == nil {
            return "V \(CardinalVerbalizer(rules: rules).say(body))"
        }
        if body.contains("-"), let spoken = NumberReading(rules: rules).sayPreRelease(body) { return "\(rules.word("version")) \(spoken)" }
        // "v2.0.0beta": a pre-release name glued to the numbers.
        let name = body.reversed().prefix(while: \.isLetter).count
        let numbers = body.dropLast(name)
        let parts = numbers.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.allSatisfy(\.isAllDigits), name == 0 || parts.count >= 2 else { return nil }
        let reading = NumberReading(rules: rules)
        if name == 0, let calendar = reading.sayCalendarVersion(parts) { return "\(rules.word("version")) \(calendar)" }
        return "\(rules.word("version")) " + ([CardinalVerbalizer(rules: rules).say(parts[0])] + parts.dropFirst().map { reading.sayVersionPart($0) })
            .joined(separator: " \(rules.word("point")) ")
            + (name > 0 ? " \(body.suffix(name))" : "")
    }

    /// Letters and digits: "covid-19", "mid-1980s", "B2A23C", "es3", "t-0t25d12-f".
    private func compound(_ core: Substring) -> String? {
        let parts = core.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count > 1, !parts.contains(where: \.isEmpty) {
            let reading = NumberReading(rules: rules)
            return parts.map { part in
                if part.first?.isASCIIDigit == true, let s = reading.sayWhole(part) { return s }
                if part.contains(where: \.isASCIIDigit) { return SerialReading(rules: rules).say(part) ?? String(part) }
                return String(part)
            }.joined(separator: " ")
        }
        return SerialReading(rules: rules).say(core)
    }

    /// Signs inside a word read by name: "AT&T" → "AT and T".
    private func symbolsInside(_ core: Substring) -> String? {
        guard core.unicodeScalars.contains(where: rules.symbolScalars.contains) else { return nil }
        var out = ""
        for c in core {
            if let reading = rules.symbols[String(c)], c != "'" { out += " \(reading) " } else { out.append(c) }
        }
        return out.split(separator: " ").joined(separator: " ")
    }

    /// The generations "Gen" names ("Gen Z", "Gen Xers").
    static let generations: Set<String> = ["X", "Y", "Z", "Xs", "Ys", "Zs", "Xer", "Xers", "Zer", "Zers", "Alpha"]
}

extension Match {
    /// This match, marked as having read the period after `piece`.
    func droppingDot(_ piece: Piece) -> Match {
        var m = self
        m.consumesDot = piece.trail.hasPrefix(".")
        return m
    }
}
