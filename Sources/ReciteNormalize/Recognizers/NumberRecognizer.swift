import Foundation
import ReciteScript
/// Recognizes everything that starts with a digit (or a sign and a digit): times, dates,
/// telephone numbers, fractions, ranges, amounts with a unit, ordinals, decades, plain numbers,
/// and the words after a number that belong to it ("8 m²", "2 bd.", "25 July", "4 million yuan").
struct NumberRecognizer {
    let rules: LanguageRules

    func recognize(at i: Int, in context: inout Context) -> Match? {
        let piece = context.pieces[i]
        let core = piece.core
        let reading = NumberReading(rules: rules)
        let ranges = RangeRecognizer(rules: rules)
        // "Tuesday 18 th June", "the par three 6 th": an ordinal's letters typed apart from its number.
        if core.utf8.count <= 3, context.joins(i), let suffix = context.core(i + 1), suffix.utf8.count == 2, core.isAllDigits,
           rules.numberWords == nil, OrdinalVerbalizer.isValidSuffix(suffix.lowercased(), for: core), context.pieces[i + 1].lead.isEmpty {
            if var m = reread(i, in: context, changing: { pieces, k in
                pieces[k].core = Substring(String(core) + suffix)
                pieces[k].trail = pieces[k + 1].trail
                pieces.remove(at: k + 1)
            }) {
                m.count += 1
                return m
            }
        }
        // "(February 2006– April 2009)": a dash glued after a number opens a range whose other end
        // stands apart; the number is read as if the dash stood apart too.
        if core.utf8.count > 2, let dash = core.last, dash == "-" || dash == "–" || dash == "—", core.dropLast().last?.isASCIIDigit == true,
           !core.dropLast().contains(where: { $0 == "-" || $0 == "–" || $0 == "—" }) {
            if let m = reread(i, in: context, changing: { pieces, k in
                pieces[k].core = core.dropLast()
                pieces[k].trail = Substring(String(dash) + piece.trail)
            }) { return m }
        }
        // "477(2B)", "12(3)": a subsection's label glued after its section, said as written.
        if piece.lead.utf8.first == UInt8(ascii: "("), let m = StatuteSections.subsection(at: i, in: context) { return m }
        // Checked on bytes first: a degree sign (C2 B0, C2 BA) or a word before; a colon and a slash.
        if core.utf8.contains(0xC2) || i > 0 && (context.pieces[i - 1].core.utf8.first.map({ $0 | 0x20 == UInt8(ascii: "d") }) == true
            || context.pieces[i - 1].core.utf8.last.map({ $0 == 0xB0 || $0 == 0xBA }) == true),
           let m = angle(at: i, in: context) { return m }
        if core.utf8.contains(UInt8(ascii: ":")), core.utf8.contains(UInt8(ascii: "/")), let m = pace(core) { return Match(1, m) }
        // "0xFF", "10^6", "10⁶" (superscripts are E2 81 xx, or C2 B2/B3/B9).
        if core.utf8.count > 2, core.utf8.first == UInt8(ascii: "0"), core.utf8.dropFirst().first.map({ $0 | 0x20 == UInt8(ascii: "x") }) == true,
           let spoken = hexadecimal(core) { return Match(1, spoken) }
        if core.utf8.contains(UInt8(ascii: "^")) || core.utf8.contains(0x81) || core.utf8.contains(0xC2), let spoken = power(core) { return Match(1, spoken) }
        // "2023/24": a season; "1e-5": scientific notation (before ranges and fractions read them).
        if core.utf8.count == 7 || core.utf8.count == 9, let spoken = splitYear(core) { return Match(1, spoken) }
        if core.utf8.contains(where: { $0 | 0x20 == UInt8(ascii: "e") }), let n = NumberLiteral.parse(core, rules: rules), n.end < core.endIndex,
           core[n.end] == "e" || core[n.end] == "E", let spoken = scientific(n, exponent: core[core.index(after: n.end)...]) { return Match(1, spoken) }
        if core.utf8.count == 2, let code = airlineCode(at: i, in: context) { return code }
        if core.utf8.contains(UInt8(ascii: "/")), let runway = runwayPair(at: i, in: context) { return runway }
        if core.utf8.first == UInt8(ascii: "7"), core.utf8.count >= 3, let jet = AircraftModels.say(core, at: i, in: context) { return Match(1, jet) }
        // "No. 10–1018", "Case No. 12-345": after "number", numbers joined by a dash are one identifier.
        if i > 0, context.previousIs("number"), !context.pieces[i - 1].endsClause || context.pieces[i - 1].trail == ".",
           core.utf8.contains(where: { $0 == UInt8(ascii: "-") || $0 == 0xE2 }),
           case let groups = core.split(separator: "-", omittingEmptySubsequences: false).flatMap({ $0.split(separator: "–", omittingEmptySubsequences: false) }),
           groups.count >= 2, groups.allSatisfy({ $0.isAllDigits && $0.count <= 6 }) {
            let cardinal = CardinalVerbalizer(rules: rules)
            return Match(1, groups.map { g in NumberLiteral.parse(g, rules: rules).flatMap(reading.sayIdentifier) ?? cardinal.say(g) }.joined(separator: " "))
        }
        if let m = ranges.acrossWords(at: i, in: context) { return m }
        if context.joins(i), let m = ranges.measureToMeasure(at: i, in: context) { return m }
        if let m = TimeRecognizer(rules: rules).recognize(at: i, in: context) { return m }
        let dates = DateRecognizer(rules: rules)
        // "Kotlin 1.9.20": after a product's name, dotted numbers are a version, not a date.
        if core.utf8.contains(UInt8(ascii: ".")), let version = dottedVersionAfterName(core, at: i, in: context) { return Match(1, version) }
        if let spoken = dates.numeric(core) { return Match(1, spoken) }
        if let m = PhoneRecognizer(rules: rules).recognize(at: i, in: context) { return m }
        if let m = dates.dayFirst(at: i, in: context) { return m }
        if let reading = rules.abbreviations[String(core)] { return Match(1, reading) }  // "24/7"
        // "ISBN 978-0-306-40615-7": a code of digit groups after a word that announces one.
        if i > 0, core.contains("-" as Character), core.allSatisfy({ $0.isASCIIDigit || $0 == "-" }), !context.pieces[i - 1].endsClause,
           rules.codeWords.contains(context.pieces[i - 1].core.lowercased()) {
            return Match(1, core.split(separator: "-").map { DigitsVerbalizer(rules: rules).say($0) }.joined(separator: ", "))
        }
        if core.utf8.count == 10, let zip = zipPlusFour(core, at: i, in: context) { return Match(1, zip) }
        if core.utf8.contains(UInt8(ascii: "/")), let spoken = slashList(core) { return Match(1, spoken) }
        if core.utf8.contains(UInt8(ascii: "/")), let spoken = countForPrice(core) { return Match(1, spoken) }
        if core.utf8.contains(UInt8(ascii: "/")), let m = bowlerFigures(at: i, in: context) { return m }
        if let m = shortDate(at: i, in: context) { return m }
        if let m = fraction(at: i, in: context) { return m }
        if let m = ratio(core) { return Match(1, m) }
        // "3.10.2": a version, "three point ten point two".
        if rules.spellNumbers, core.contains("." as Character), case let groups = core.split(separator: ".", omittingEmptySubsequences: false), groups.count >= 3,
           groups.allSatisfy({ $0.isAllDigits && $0.count <= 4 }),
           // "1.000.000" where a period groups thousands is a number, not a version.
           !(rules.groupSeparators.contains(".") && groups.dropFirst().allSatisfy { $0.count == 3 } && groups[0].count <= 3 && groups[0].first != "0") {
            let cardinal = CardinalVerbalizer(rules: rules)
            return Match(1, ([cardinal.say(groups[0])] + groups.dropFirst().map { reading.sayVersionPart($0) }).joined(separator: " \(rules.word("point")) "))
        }
        // "1.0.0-beta.2", "2.1-rc1": a version, then its pre-release name.
        if core.contains("-"), let spoken = reading.sayPreRelease(core) { return Match(1, spoken) }
        // "55”+ monsters": a measure with its mark, then "plus".
        if core.count > 2, core.last == "+", let mark = core.dropLast().last, let unit = markUnit(mark),
           let n = NumberLiteral.parse(core, rules: rules), n.end == core.index(core.endIndex, offsetBy: -2) {
            let singular = n.isOne || context.joins(i) && markIsAdjective(before: i + 1, in: context)
            return Match(1, "\(reading.say(n, allowYear: false)) \(unit.form(plural: !singular)) \(rules.word("plus"))")
        }
        // "100-250+": an open range's plus at the end is no sum.
        let openRange = core.last == "+" && !core.dropLast().contains("+" as Character) && core.contains("-" as Character)
        if core.contains("=" as Character) || core.dropFirst().contains("+" as Character) && !openRange { return math(core).map { Match(1, $0) } }
        if core.utf8.contains(UInt8(ascii: "/")), let m = mixedNumber(at: i, in: context) { return m }
        if let m = ranges.inWord(at: i, in: context) { return m }

        var n: NumberLiteral
        var count = 1
        if core.first == "+" {
            guard let parsed = NumberLiteral.parse(core.dropFirst(), rules: rules) else { return nil }
            n = parsed
        } else if let parsed = NumberLiteral.parse(core, rules: rules) {
            n = parsed
        } else {
            return nil
        }
        let prefix = core.first == "+" ? "\(rules.word("plus")) " : ""
        // "1 250,5" in French, "1 000 000" in Spanish: groups of three digits in the next words.
        // In English too, a thin or plain space may group them ("50 000 IU daily", "110 000 people"),
        // unless more digits follow (a telephone number's groups: "555 123 4567").
        if n.isInteger, !n.grouped, n.end == core.endIndex, n.integer.count <= 3, rules.groupSeparators.contains(" "),
           !rules.spellNumbers || rules.numberWords != nil || spaceGroupedEnglish(n, at: i, in: context) {
            while n.isInteger, context.joins(i + count - 1), let next = context.core(i + count),
                  let more = NumberLiteral.parse(next, rules: rules), more.integer.count == 3, !more.grouped,
                  more.end == next.endIndex {
                n.integer += more.integer
                n.fraction = more.fraction
                n.grouped = true
                count += 1
            }
        }
        let lastCore = context.pieces[i + count - 1].core
        let suffix = count == 1 ? core[n.end...] : lastCore[lastCore.endIndex...]
        if !suffix.isEmpty {
            // "221B Baker St.", "113th St".
            if suffix.count == 1 && suffix.first?.isLetter == true
                || suffix.utf8.count == 2 && OrdinalVerbalizer.isValidSuffix(suffix.lowercased(), for: Substring(n.integer)) {
                context.lastNumberIndex = i
            }
            // "magnitude 3s and 4s", "five No. 1s": a number's plural ("threes", "ones") beside another
            // or after "number" (elsewhere "4s" may be seconds or a name: its letters are kept).
            if suffix == "s", count == 1, rules.numberWords == nil, rules.spellNumbers, n.isInteger, !n.negative, n.integer.count <= 2,
               context.previousIs("number") || isPluralNumberBeside(i, in: context) {
                return Match(1, prefix + reading.plural(reading.say(n, allowYear: false)))
            }
            // "73′ GOAL!": a match's minute opening a line of a live report.
            if count == 1, prefix.isEmpty, ["′", "'", "’"].contains(suffix), n.isInteger,
               let minute = SportsContext.matchMinute(Substring(n.integer), at: i, in: context) {
                return Match(1, minute)
            }
            if count == 1, let code = codeAfterPlace(n, suffix: suffix, at: i, in: context) { return Match(1, prefix + code) }
            if count == 1, suffix.utf8.count == 1, let degrees = celsius(n, suffix: suffix, at: i, in: context) { return Match(1, prefix + degrees) }
            // "the 15A and 15B routes", "the southern 27L runway": a number and a capital before a word of
            // place (or beside another such code) name a route, a runway, a platform, not amps or liters.
            if suffix.count == 1, let letter = suffix.first, letter.isUppercase, letter.isASCII, rules.numberWords == nil, n.isInteger, !n.grouped,
               count == 1, context.joins(i), let next = context.core(i + 1),
               Self.codedPlaces.contains(next.lowercased())
                // "15A and 15B": one number, two letters (not "5V and 12V", two measures).
                || ["and", "or", "&"].contains(next.lowercased()) && context.core(i + 2).map({ $0.count >= 2 && $0.last?.isUppercase == true
                    && $0.last != letter && $0.dropLast() == n.integer }) == true {
                return Match(1, "\(prefix)\(reading.say(n, allowYear: false)) \(NumberReading.sayLetter(letter))")
            }
            // "Lorong 1A", "Gate 2B", "KMDJ 075A": after a word of place, or with a leading zero (a
            // number plate's, a code's), a capital after the digits is a letter, not amps or newtons.
            if suffix.count == 1, let letter = suffix.first, letter.isUppercase, letter.isASCII, rules.numberWords == nil, n.isInteger,
               !n.grouped, count == 1, n.fraction == nil, n.integer.count >= 2 && n.integer.first == "0"
                || i > 0 && !context.pieces[i - 1].endsClause && Self.placesBeforeCode.contains(context.pieces[i - 1].core.lowercased()) {
                let number = n.integer.first == "0" ? DigitsVerbalizer(rules: rules).say(Substring(n.integer)) : reading.say(n, allowYear: false)
                return Match(1, "\(prefix)\(number) \(NumberReading.sayLetter(letter))")
            }
            // "2M downloads", "175B parameters": a magnitude letter before a word in lower case;
            // "75m euro", "3bn dollars": any magnitude before a currency's name.
            // "10K steps", "50k followers" (not "a 10K run": a race, or "4K video"): a counted noun,
            // in the plural, after it.
            if suffix == "K" || suffix == "k", rules.numberWords == nil, context.joins(i), let next = context.core(i + 1),
               next.first?.isLowercase == true, next.count > 2, case let lower = next.lowercased(), !Self.afterKNames.contains(lower),
               Self.looksPlural(lower) || Self.countedAfterMillion.contains(lower) || Self.countedAfterK.contains(lower),
               !Self.notNounsAfterMeasure.contains(lower), let magnitude = rules.magnitudes["k"] {
                return Match(1, "\(prefix)\(reading.say(n, allowYear: false)) \(magnitude)")
            }
            // "a 5k personal best", "default 92k": before no counted noun a lower-case "k" is the
            // letter a reader says ("five K": a race, a file's kilobytes), as a capital "K" is.
            if suffix == "k", count == 1, rules.numberWords == nil, rules.spellNumbers {
                return Match(1, "\(prefix)\(reading.say(n, allowYear: false)) K")
            }
            // "24m33s", "1h05m": a duration in hours, minutes and seconds glued.
            if count == 1, n.isInteger, rules.numberWords == nil, let spoken = gluedDuration(core) { return Match(1, spoken) }
            // "0900hrs", "2230hrs": a time on the 24-hour clock with its hours glued.
            if count == 1, ["hrs", "hr", "HRS", "Hrs"].contains(suffix), rules.numberWords == nil, n.isInteger, let clock = twentyFourHour(n.integer) {
                return Match(1, "\(clock) hours")
            }
            // "5.6m plays", "2.7m teu", "10m people": a lower-case m before a counted noun is a million
            // ("165m height", "100m sprint", "30m away" stay meters).
            if suffix == "m", rules.numberWords == nil, context.joins(i), let next = context.core(i + 1), next.count > 2,
               next.first?.isLowercase == true, next.allSatisfy(\.isLetter), case let lower = next.lowercased(),
               Self.looksPlural(lower) || Self.countedAfterMillion.contains(lower),
               !Self.wordsAfterMeasure.contains(lower), !Self.notNounsAfterMeasure.contains(lower),
               !Self.wordsOfPlaceAfterMeasure.contains(lower), rules.allUnits[String(next)] == nil, let million = rules.magnitudes["m"] {
                return Match(1, "\(prefix)\(DecimalVerbalizer(rules: rules, hundredAnd: false).say(n)) \(million)")
            }
            // "the 2428sq m property": "sq" glued to the number, its unit apart.
            if suffix == "sq", count == 1, rules.numberWords == nil, context.joins(i), let after = context.core(i + 1),
               var square = UnitParser(rules: rules).parse(after), square.denominator == nil, square.numerator.count == 1, square.numerator[0].power == nil {
                square.numerator[0].power = "2"
                let describes = isAdjective(at: i, unitEnd: i + 2, in: context, decimals: true, unit: square)
                return Match(2, "\(prefix)\(reading.say(n, allowYear: false)) \(UnitVerbalizer(rules: rules).say(square, plural: !n.isOne && !describes))")
            }
            // "7.37c/kWh", "11.2p/min", "145.9c/L": cents or pence per unit, a price of energy, calls, fuel.
            if suffix.utf8.count > 2, rules.numberWords == nil, rules.spellNumbers, count == 1, case let parts = suffix.split(separator: "/", maxSplits: 1),
               parts.count == 2, let minor = Self.minorUnits[String(parts[0])], let unit = UnitParser(rules: rules).parse(parts[1]) {
                return Match(1, "\(prefix)\(reading.say(n, allowYear: false)) \(n.isOne ? minor.singular : minor.plural) \(rules.per) \(UnitVerbalizer(rules: rules).say(unit, plural: false))")
            }
            // "25bps", "50 bp": basis points, a rate's hundredths of a percent (not bits per second).
            if suffix == "bps" || suffix == "bp", let points = basisPoints(n) { return Match(1, prefix + points) }
            // "1e-5", "3.2e6": scientific notation.
            if suffix.first == "e" || suffix.first == "E", let spoken = scientific(n, exponent: suffix.dropFirst()) { return Match(1, prefix + spoken) }
            // "45°N": degrees, then the compass point.
            if suffix.count == 2, suffix.first == "°" || suffix.first == "º", let point = rules.compass[String(suffix.dropFirst())] {
                return Match(1, prefix + "\(reading.say(n, allowYear: false)) \(rules.allUnits["°"]?.form(plural: !n.isOne) ?? "degrees") \(point)")
            }
            if suffix == "M" || suffix == "B" || rules.numberWords == nil && rules.magnitudes[String(suffix)] != nil
                && context.core(i + 1).map({ rules.currencyWords.contains($0.lowercased()) }) == true,
               context.joins(i), context.core(i + 1)?.first?.isLowercase == true,
               let magnitude = rules.magnitudes[String(suffix)] {
                return Match(1, "\(prefix)\(reading.say(n, allowYear: false)) \(magnitude)")
            }
            // "1- 2 = 5": a minus sign before the next number of an equation.
            if suffix == "-" || suffix == "−", context.joins(i), context.core(i + 1)?.first?.isASCIIDigit == true,
               context.pieces[(i + 1)...].contains(where: { $0.core == "=" }) {
                return Match(1, "\(prefix)\(reading.say(n, allowYear: false)) \(rules.word("minus"))")
            }
            // "25° C": degrees glued to the number, their scale apart.
            if suffix == "°" || suffix == "º", count == 1, context.joins(i), let scale = degreeScale(after: i, count: 1, next: i + 1, in: context) {
                return Match(1 + scale.count, prefix + "\(reading.count(n, noun: scale.name)) \(scale.name)")
            }
            // "3.º", "1.ª", "1.er", "3° piano": an ordinal, agreeing with the noun after it.
            if let gender = ordinalMark(suffix, number: n, at: i, in: context) {
                let after = context.joins(i) ? context.core(i + 1) : nil
                let apocope = gender == .masculine && rules.gender(before: after) != .none
                return Match(1, prefix + OrdinalVerbalizer(rules: rules).say(n.integer, gender: apocope ? .masculine : gender == .feminine ? .feminine : .none))
            }
            // "3x a week", "2x per year": times.
            // "110,000×g": a centrifuge's force, times g.
            if suffix.first == "×", suffix.count <= 3, suffix.dropFirst().allSatisfy(\.isLetter), !suffix.dropFirst().isEmpty {
                return Match(1, prefix + "\(reading.say(n, allowYear: false)) \(rules.word("times")) \(suffix.dropFirst())")
            }
            // "3pp": percentage points.
            if suffix == "pp", let spoken = percentagePoints(n) { return Match(1, prefix + spoken) }
            // "earned 1.57x its total": times, before a word that is no unit of x.
            if suffix == "x", isTimesAfter(i, in: context) || isTimesBeforeComparison(i, in: context)
                || context.joins(i) && context.core(i + 1).map({ ["its", "the", "their", "his", "her", "our", "that", "what", "as"].contains($0.lowercased()) }) == true { return Match(1, prefix + "\(reading.say(n, allowYear: false)) \(rules.word("times"))") }
            // "39″ Class TV", "18″ inch pizza": a prime glued to the number, read as a mark after it.
            if suffix.count == 1, let unit = markUnit(suffix.first!), rules.numberWords == nil {
                let singular = n.isOne || context.joins(i) && markIsAdjective(before: i + 1, in: context)
                return Match(1, prefix + sayMeasure(reading.say(n, allowYear: false), unit: unit, singular: singular,
                                                    next: context.joins(i) ? context.core(i + 1) : nil))
            }
            if suffix.utf8.contains(UInt8(ascii: "/")), count == 1, let m = gasMark(n, suffix: suffix, at: i, in: context) { return Match(1, prefix + m.spoken) }
            if count == 1, context.core(i + 1).map({ $0 == "x" || $0 == "×" }) == true, rules.isUnitAlone(suffix, after: n),
               let unit = UnitParser(rules: rules).parse(suffix), let m = gluedDimensions(n, unit: unit, at: i, in: context) {
                return Match(m.count, prefix + m.spoken)
            }
            // "a 100W product", "a 15min debate", "a 12V 7Ah battery": a glued measure before a noun
            // (perhaps past other glued measures) takes the singular.
            // A row of them is a product's ratings, before a name too ("a 5V 5A USB-C power supply").
            if rules.numberWords == nil, rules.isUnitAlone(suffix, after: n), let unit = UnitParser(rules: rules).parse(suffix), !n.isOne,
               case let noun = nounAfterGluedMeasures(i + 1, in: context),
               isAdjective(at: i, unitEnd: noun, in: context, unit: unit)
                || (noun > i + 1 || i > 0 && context.joins(i - 1) && piece.lead.isEmpty && isGluedMeasure(i - 1, in: context))
                && context.joins(noun - 1) && markIsAdjective(before: noun, in: context) {
                return Match(1, prefix + "\(reading.say(n, allowYear: false)) \(UnitVerbalizer(rules: rules).say(unit, plural: false))")
            }
            // "x" (78) or "×" (C3 97) in the word: dimensions.
            if core.utf8.contains(where: { $0 == UInt8(ascii: "x") || $0 == 0xC3 }), let m = markedDimensions(at: i, in: context) {
                return Match(1, prefix + m.spoken).consumingQuote(m.consumesQuote)
            }
            guard let spoken = reading.sayWithSuffix(n, suffix: suffix, core: core) else { return nil }
            // 6'2": the inch mark after the feet and inches is said, not kept.
            if suffix.first == "'" || suffix.first == "’", suffix.count > 1, suffix.dropFirst().isAllDigits, piece.trail.first == "\"" {
                var m = Match(1, prefix + spoken)
                m.consumesQuote = true
                return m
            }
            // "2x8 m2": dimensions, then their unit.
            if let x = suffix.first, x == "x" || x == "×", suffix.count > 1, context.joins(i), let unit = unitAfter(i + 1, in: context) {
                var m = Match(1 + unit.count, prefix + spoken + " " + UnitVerbalizer(rules: rules).say(unit.expression, plural: true))
                m.consumesDot = unit.dotted
                return m
            }
            return Match(1, prefix + spoken)
        }
        context.lastNumberIndex = i
        // "0900 hours", "1730 hrs": a time on the 24-hour clock, "oh nine hundred hours".
        if count == 1, rules.numberWords == nil, rules.spellNumbers, n.isInteger, !n.grouped, n.integer.count == 4, context.joins(i),
           let next = context.core(i + 1), ["hours", "hrs", "hr", "h"].contains(next.lowercased()), let clock = twentyFourHour(n.integer) {
            var m = Match(2, "\(clock) hours")
            m.consumesDot = context.pieces[i + 1].trail.hasPrefix(".") && next.lowercased() != "hours" && context.core(i + 2)?.first?.isLowercase == true
            return m
        }
        // "between 0900 and 0945 hours": a 24-hour time before "and" or "to" and another that the
        // word "hours" names is one too.
        if count == 1, rules.numberWords == nil, rules.spellNumbers, n.isInteger, !n.grouped, n.integer.count == 4, context.joins(i),
           let join = context.core(i + 1), ["and", "to", "-", "–"].contains(join), context.joins(i + 1), let other = context.core(i + 2),
           other.count == 4, other.isAllDigits, context.joins(i + 2), let word = context.core(i + 3), ["hours", "hrs"].contains(word.lowercased()),
           twentyFourHour(String(other)) != nil, let clock = twentyFourHour(n.integer) {
            return Match(1, clock)
        }
        // "at 1405 UTC": four digits before a time zone in capitals.
        if count == 1, rules.numberWords == nil, rules.spellNumbers, n.isInteger, !n.grouped, n.integer.count == 4, context.joins(i),
           let zone = context.core(i + 1), zone.count >= 2, zone.allSatisfy(\.isUppercase), rules.timeZones.contains(zone.lowercased()),
           let clock = twentyFourHour(n.integer) {
            return Match(2, "\(clock) \(zone.map(String.init).joined(separator: ".")).")
        }
        if count == 1, rules.spellNumbers, isCode(n, at: i, in: context) || (n.isInteger && n.hasLeadingZero && n.integer.count >= 3) {
            // "Tel. 020 7946 0958": the groups of digits that follow belong to the code.
            var groups = [DigitsVerbalizer(rules: rules).say(n.integer)]
            var k = i
            while groups.count < 5, context.joins(k), let next = context.core(k + 1), next.count >= 3, next.isAllDigits,
                  context.pieces[k + 1].lead.isEmpty {
                groups.append(DigitsVerbalizer(rules: rules).say(next))
                k += 1
            }
            return Match(groups.count, prefix + groups.joined(separator: ", "))
        }
        // "BNID 103625", "PMID 31452104": an identifier of five digits or more after a name in capitals.
        if count == 1, i > 0, n.isInteger, !n.grouped, n.integer.count >= 5, !context.pieces[i - 1].endsClause,
           case let name = context.pieces[i - 1].core, (2...6).contains(name.count), name.allSatisfy({ $0.isUppercase && $0.isLetter }),
           rules.currencies[String(name)] == nil, rules.regions[String(name)] == nil {
            return Match(1, prefix + DigitsVerbalizer(rules: rules).say(n.integer))
        }
        // "the 101 freeway": a road's number before the word for the road.
        if count == 1, n.isInteger, !n.grouped, !n.negative, n.integer.count == 3, !n.hasLeadingZero, context.joins(i),
           let road = context.core(i + 1), rules.pairedBefore.contains(road.lowercased()) {
            return Match(1, prefix + reading.sayHouseNumber(n))
        }
        // "No. 4471", "prisoner # 566928": after "number", a number names something (`sayIdentifier`).
        if count == 1, i > 0, !context.pieces[i - 1].endsClause || context.pieces[i - 1].trail == ".",
           context.previousIs("number") || context.previousIs("section"), let id = reading.sayIdentifier(n) {
            return Match(1, prefix + id)
        }
        // "RTX 4090", "UA 123": a model or flight number after a name in capitals, said in pairs.
        // "U.S. 101": the period of an abbreviation with periods inside does not end the name.
        if count == 1, i > 0, n.isInteger, !n.grouped, !n.negative, (3...4).contains(n.integer.count), !n.hasLeadingZero,
           n.integer.suffix(2) != "00", !context.pieces[i - 1].endsClause
            || context.pieces[i - 1].trail == "." && context.pieces[i - 1].core.contains(".") && rules.pairedAfter.contains(context.pieces[i - 1].core.lowercased()) {
            let name = context.pieces[i - 1].core
            if (name.count >= 2 && name.allSatisfy({ $0.isUppercase }) && rules.abbreviations[String(name)] == nil)
                || rules.pairedAfter.contains(name.lowercased()), !isLawReportPage(at: i, in: context) {
                return Match(1, prefix + reading.sayHouseNumber(n))
            }
        }
        if count == 1, let spoken = modelNumber(n, at: i, in: context) { return Match(1, prefix + spoken) }
        // "Python 3.12", "Ubuntu 22.04": a version after a name is said "three point twelve".
        if count == 1, let spoken = versionAfterName(n, at: i, in: context) {
            context.lastVersion = (i, n.integer.count, n.fraction?.count ?? 0)
            return Match(1, prefix + spoken)
        }
        // 12": inches, 8.5': feet, unless the quote closes one opened before.
        if count == 1, let m = markedMeasure(reading.say(n, allowYear: false), singular: n.isOne, at: i, in: context) {
            return Match(m.count, prefix + m.spoken).consumingQuote(m.consumesQuote)
        }
        let j = i + count
        guard context.joins(j - 1), let next = context.core(j) else {
            return Match(count, prefix + reading.say(n))
        }
        let nextPiece = context.pieces[j]
        // "401(k)", "403(b)": a plan or section named by a number and a letter, said like a code.
        if n.isInteger, n.integer.count == 3, nextPiece.lead == "(", nextPiece.trail.hasPrefix(")"), next.count == 1,
           next.first?.isLetter == true, nextPiece.span.offset == piece.span.end + 1 {
            return Match(count + 1, "\(prefix)\(reading.sayHouseNumber(n)) \(next)")
        }
        // "2.2 m TEUs a year", "1.5 m people": a lone "m" before a counted plural is a million, as the
        // glued "2.7m teu" is (not "30 m away", "5 m tall": words after a measure). A whole number
        // before other plurals is a length ("10 m sprints", "400 m races").
        if next == "m", rules.numberWords == nil, context.joins(j), let noun = context.core(j + 1), isCountedPlural(noun),
           !n.isInteger || Self.countedAfterMillion.contains(noun.lowercased()) || Self.countedAfterK.contains(noun.lowercased()),
           let million = rules.magnitudes["m"] {
            return Match(count + 1, "\(prefix)\(DecimalVerbalizer(rules: rules, hundredAnd: false).say(n)) \(million)")
        }
        // Magnitude words: "100 million", "0.1 billion", then perhaps a unit or a currency word.
        if next.count > 2, let magnitude = rules.magnitudes[String(next)] ?? rules.magnitudes[next.lowercased()] {
            var spoken = "\(DecimalVerbalizer(rules: rules, hundredAnd: false).say(n)) \(magnitude)"
            var total = count + 1
            if context.joins(j), let after = context.core(j + 1), let unit = UnitParser(rules: rules).parse(after),
               !rules.ambiguousUnits.contains(String(after)) {
                spoken += " " + UnitVerbalizer(rules: rules).say(unit, plural: true)
                total += 1
            }
            return Match(total, prefix + spoken)
        }
        // "40 ° k": degrees with their sign and scale written apart.
        if let scale = degreeScale(after: i, count: count, next: j, in: context) {
            return Match(count + scale.count, prefix + "\(reading.count(n, noun: scale.name)) \(scale.name)")
        }
        // A unit in the next word: "8 m²", "5 km/h", "2 bd.", "21 °C".
        // "20 x 30 ft": dimensions; the second number is read on with its unit.
        // "1920 x 1080 pixels": a screen's resolution, each side in pairs.
        if next == "x" || next == "×", count == 1, n.isInteger, (3...4).contains(n.integer.count), context.joins(j), context.joins(j + 1),
           let other = context.core(j + 1), other.count >= 3, other.count <= 4, other.isAllDigits,
           let after = context.core(j + 2), Self.resolutionWords.contains(after.lowercased()),
           let second = NumberLiteral.parse(other, rules: rules) {
            return Match(3, "\(reading.sayHouseNumber(n)) \(rules.word("by")) \(reading.sayHouseNumber(second))")
        }
        if next == "x" || next == "×", context.joins(j), context.core(j + 1)?.first?.isASCIIDigit == true {
            // "8 x 8 = 64": a product worked out, "times".
            let product = (j + 2...j + 3).contains { context.core($0) == "=" }
            return Match(count + 1, "\(prefix)\(reading.say(n, allowYear: false)) \(rules.word(product ? "times" : "by"))")
        }
        // "the 1980 s": a decade written apart.
        if next == "s", n.isInteger, !n.grouped, n.integer.count == 4, n.integer.last == "0", let v = n.value {
            return Match(count + 1, YearVerbalizer(rules: rules).decade(v, digits: 4))
        }
        // A house number before a street: "708 N 1st St" (before units: "N" is North here).
        if isAddress(after: j, in: context) {
            return Match(count, reading.sayHouseNumber(n))
        }
        // "6,848 +/- sq. ft. home": an approximate measure, the sign between the number and its unit.
        if next == "+/-" || next == "±", context.joins(j), let sign = rules.symbols["±"], let unit = unitAfter(j + 1, in: context) {
            let plural = !n.isOne && !isAdjective(at: i, unitEnd: j + 1 + unit.count, in: context)
            var m = Match(count + 1 + unit.count, prefix + "\(reading.say(n, allowYear: false)) \(sign) \(UnitVerbalizer(rules: rules).say(unit.expression, plural: plural))")
            m.consumesDot = unit.dotted
            return m
        }
        // "2 bd/1 ba", "2 Bd/2 Ba": two measures of a listing, each unit in the singular.
        if next.utf8.contains(UInt8(ascii: "/")), let slash = next.firstIndex(of: "/"), rules.listedUnits.contains(String(next[..<slash])), context.joins(j),
           let left = UnitParser(rules: rules).parse(next[..<slash]),
           let m = NumberLiteral.parse(next[next.index(after: slash)...], rules: rules), m.end == next.endIndex,
           let second = context.core(j + 1), let right = UnitParser(rules: rules).parse(second) {
            let units = UnitVerbalizer(rules: rules)
            let spoken = "\(reading.say(n, allowYear: false)) \(units.say(left, plural: false)), \(reading.say(m, allowYear: false)) \(units.say(right, plural: false))"
            return Match(count + 2, prefix + spoken)
        }
        // "50 bp cut": basis points written apart.
        if next == "bp" || next == "bps", let points = basisPoints(n) { return Match(count + 1, prefix + points) }
        // "0.5 pp": percentage points written apart.
        if next == "pp" || next == "p.p.", let spoken = percentagePoints(n) { return Match(count + 1, prefix + spoken) }
        // "18 kWh/100 km", "120 g CO2/km": a rate whose second unit is in the next word.
        if next.utf8.contains(UInt8(ascii: "/")), let m = sameAmountTwice(n, next: j, in: context) {
            var pair = Match(count + m.count, prefix + m.spoken)
            pair.consumesDot = m.consumesDot
            return pair
        }
        if next.utf8.contains(UInt8(ascii: "/")), let m = perHundred(n, next: j, in: context) { return Match(count + m.count, prefix + m.spoken) }
        if context.joins(j), context.core(j + 1)?.utf8.contains(UInt8(ascii: "/")) == true, let m = substancePerUnit(n, next: j, in: context) {
            return Match(count + m.count, prefix + m.spoken)
        }
        // "2 heaped tbsp", "1 level tsp": a cook's word between the amount and its unit.
        if rules.numberWords == nil, (5...8).contains(next.utf8.count), Self.cooksMeasures.contains(next.lowercased()), context.joins(j),
           let unit = unitAfter(j + 1, in: context, number: n),
           unit.expression.denominator == nil, unit.expression.numerator.count == 1,
           rules.quantityUnits.contains(unit.expression.numerator[0].reading.singular) {
            var m = Match(count + 1 + unit.count, prefix + "\(reading.say(n, allowYear: false)) \(next) \(UnitVerbalizer(rules: rules).say(unit.expression, plural: !n.isOne))")
            m.consumesDot = unit.dotted
            return m
        }
        if let unit = unitAfter(j, in: context, number: n) {
            // "1500 sq foot": a unit written out in the singular is said as written.
            let written = context.pieces[j + unit.count - 1].core
            let singular = written.utf8.count > 2 && written.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") })
                && rules.allUnits[String(written)].map { $0.singular == written && $0.plural != written } == true
                // "a 21 yr old": an age written with a singular abbreviation describes a person.
                || written.last != "s" && context.joins(j + unit.count - 1) && context.core(j + unit.count).map { $0.utf8.count == 3 && $0.lowercased() == "old" } == true
            // "118 feet radio height": a unit written out in the plural is said as written too.
            let writtenPlural = !singular && written.utf8.count > 2 && written.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") })
                && rules.allUnits[String(written)].map { $0.plural == written && $0.singular != written } == true
            var name = UnitVerbalizer(rules: rules).say(unit.expression, plural: !n.isOne && !singular
                && (writtenPlural || !isAdjective(at: i, unitEnd: j + unit.count, in: context, unit: unit.expression)))
            // "1 millilitre", "5 metres": a unit written out keeps the source's spelling (eSpeak NG says them apart).
            if unit.count == 1, written.contains("tre"), written.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) {
                name = name.replacing("ter", with: "tre")
            }
            // "531 sq. ft. home": the period of the last abbreviation goes with it before a noun.
            let spoken = "\(reading.count(n, noun: name)) \(name)"
            var m = Match(count + unit.count, prefix + spoken)
            m.consumesDot = unit.dotted
            return m
        }
        // A currency after the amount: "20 €", "20 USD".
        if let currency = rules.currencies[String(next)] {
            return Match(count + 1, prefix + MoneyVerbalizer(rules: rules).say(n, currency: currency, magnitude: nil))
        }
        // "130 USD/night": the currency, then per a unit of time.
        if next.utf8.count > 4, next.utf8.contains(UInt8(ascii: "/")), case let parts = next.split(separator: "/", maxSplits: 1), parts.count == 2,
           let currency = rules.currencies[String(parts[0])], parts[1].allSatisfy(\.isLetter),
           let unit = rules.allUnits[String(parts[1])]?.singular ?? (MoneyRecognizer.timeWords.contains(String(parts[1])) ? String(parts[1]) : nil) {
            return Match(count + 1, prefix + MoneyVerbalizer(rules: rules).say(n, currency: currency, magnitude: nil) + " \(rules.per) \(unit)")
        }
        // "2 & 1/2 cups", "5 and 3/4 hours": a mixed number written with its "and".
        if n.isInteger, rules.numberWords == nil, next == "&" || next == "and", context.joins(j), let part = context.core(j + 1),
           part.contains("/") || part.count == 1 && FractionVerbalizer.vulgar[part.first!] != nil,
           let m = fraction(at: j + 1, in: context, whole: n.integer) {
            var mixed = Match(count + 1 + m.count, prefix + m.spoken).consumingQuote(m.consumesQuote)
            mixed.consumesDot = m.consumesDot
            return mixed
        }
        // Mixed fractions: "2 1/2", "4 1/2 lbs".
        if n.isInteger, let m = fraction(at: j, in: context, whole: n.integer) {
            var mixed = Match(count + m.count, prefix + m.spoken).consumingQuote(m.consumesQuote)
            mixed.consumesDot = m.consumesDot
            return mixed
        }
        // "340 A.D", "1980 s".
        if n.isInteger, let era = context.coreWithDot(j).flatMap({ rules.abbreviations[$0] }) ?? rules.abbreviations[String(next)],
           era == "AD" || era == "BC", let v = n.value {
            return Match(count + 1, "\(YearVerbalizer(rules: rules).say(v)) \(era)")
        }
        // A house number before a street: "1428 Elm St.".
        if isAddress(after: j, in: context) {
            return Match(count, reading.sayHouseNumber(n))
        }
        // "21 personas" → "veintiuna personas", "1 día" → "un día": a number agrees with its noun.
        if rules.numberWords != nil, n.isInteger, !n.negative, n.groupedOrShort(rules), next.first?.isLowercase == true {
            return Match(count, prefix + reading.count(n, noun: String(next)))
        }
        return Match(count, prefix + reading.say(n))
    }

    // MARK: - Parts

    /// "24m33s" → "twenty four minutes thirty three seconds", "1h05m" → "one hour five minutes",
    /// "1hour45mins", "2hrs15min" (the names of the parts written out or shortened).
    func gluedDuration(_ core: Substring) -> String? {
        let names: [Character: String] = ["h": "hour", "m": "minute", "s": "second"]
        var said: [String] = []
        var rest = core
        var last: Character?
        while !rest.isEmpty {
            let digits = rest.prefix(while: \.isASCIIDigit)
            // "2m03.373s": a lap's seconds with their decimals.
            let decimals = rest.dropFirst(digits.count).first == "." ? rest.dropFirst(digits.count + 1).prefix(while: \.isASCIIDigit) : ""
            let written = digits.count + (decimals.isEmpty ? 0 : decimals.count + 1)
            let letters = rest.dropFirst(written).prefix(while: \.isLetter)
            guard (1...2).contains(digits.count) || said.isEmpty && digits.count <= 3, let mark = Self.durationParts[letters.lowercased()],
                  decimals.isEmpty || mark == "s" && !said.isEmpty,
                  let name = names[mark], last.map({ "hms".firstIndex(of: $0)! < "hms".firstIndex(of: mark)! }) ?? true,
                  let value = Int(digits) else { return nil }
            if decimals.isEmpty {
                said.append("\(CardinalVerbalizer(rules: rules).say(value)) \(value == 1 ? name : name + "s")")
            } else {
                said.append("\(CardinalVerbalizer(rules: rules).say(value)) \(rules.word("point")) \(DigitsVerbalizer(rules: rules).say(decimals)) \(name)s")
            }
            last = mark
            rest = rest.dropFirst(written + letters.count)
        }
        return said.count >= 2 ? said.joined(separator: " ") : nil
    }

    /// The written names of a duration's parts: hours, minutes, seconds.
    static let durationParts: [String: Character] = ["h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
                                                      "m": "m", "min": "m", "mins": "m", "minute": "m", "minutes": "m",
                                                      "s": "s", "sec": "s", "secs": "s", "second": "s", "seconds": "s"]

    /// "0900" → "oh nine hundred", "2230" → "twenty two thirty": a time on the 24-hour clock.
    func twentyFourHour(_ digits: String) -> String? {
        guard digits.count == 4, let hour = Int(digits.prefix(2)), let minute = Int(digits.suffix(2)), hour < 24, minute < 60 else { return nil }
        let cardinal = CardinalVerbalizer(rules: rules)
        // Midnight's hour is said digit by digit, as the military does: "zero zero zero one hours".
        let hours = hour == 0 ? "zero zero" : (hour < 10 ? "oh " : "") + cardinal.say(String(hour))
        let nought = hour == 0 ? "zero" : "oh"
        let minutes = minute == 0 ? "hundred" : minute < 10 ? "\(nought) \(cardinal.say(String(minute)))" : cardinal.say(String(minute))
        return "\(hours) \(minutes)"
    }

    /// "50 000": English groups of three digits written apart, all whole, with no other digits after
    /// them, and no code word before (those are read digit by digit).
    func spaceGroupedEnglish(_ n: NumberLiteral, at i: Int, in context: Context) -> Bool {
        guard rules.numberWords == nil, !n.hasLeadingZero, !isCode(n, at: i, in: context) else { return false }
        var k = i
        while context.joins(k), let next = context.core(k + 1), next.count == 3, next.isAllDigits, context.pieces[k + 1].lead.isEmpty { k += 1 }
        guard k > i else { return false }
        if context.joins(k), context.core(k + 1)?.first?.isASCIIDigit == true { return false }
        if i > 0, !context.pieces[i - 1].endsClause, rules.codeWords.contains(context.pieces[i - 1].core.lowercased()) { return false }
        return true
    }

    /// "Kotlin 1.9.20", "python 3.10.4": three dotted numbers after a name (not at a sentence's
    /// start, where a capital says nothing) or a known product, said as a version.
    func dottedVersionAfterName(_ core: Substring, at i: Int, in context: Context) -> String? {
        guard rules.numberWords == nil, rules.spellNumbers, i > 0, !context.pieces[i - 1].endsClause, let name = context.core(i - 1),
              name.count >= 2, name.allSatisfy(\.isLetter) else { return nil }
        let groups = core.split(separator: ".", omittingEmptySubsequences: false)
        guard groups.count == 3, groups.allSatisfy({ $0.isAllDigits && $0.count <= 4 }) else { return nil }
        let midSentence = i >= 2 && !context.pieces[i - 2].endsSentence && name.first?.isUppercase == true
        guard rules.versionNames.contains(name.lowercased()) || midSentence,
              DateRecognizer(rules: rules).month(name) == nil, !rules.dateWords.contains(name.lowercased()) else { return nil }
        let reading = NumberReading(rules: rules)
        return ([CardinalVerbalizer(rules: rules).say(groups[0])] + groups.dropFirst().map { reading.sayVersionPart($0) }).joined(separator: " \(rules.word("point")) ")
    }

    /// A decimal after a product's name, said as a version: "Python 3.12" → "three point twelve".
    func versionAfterName(_ n: NumberLiteral, at i: Int, in context: Context) -> String? {
        guard rules.numberWords == nil, rules.spellNumbers, let fraction = n.fraction, fraction.count >= 2,
              fraction.first != "0" || fraction.count == 2 && fraction != "00",
              !n.negative, n.integer.count <= 2, i > 0 else { return nil }
        // "Python 3.11 uses 2.50 MB": a measure is no version.
        if context.joins(i), context.core(i + 1)?.first?.isLetter == true, unitAfter(i + 1, in: context, number: n) != nil { return nil }
        // "Ubuntu 18.04 and 20.04", "python 3.11 and 3.12": a decimal shaped as a version read shortly before.
        let follows = context.lastVersion.map { i - $0.index <= 12 && $0.integerDigits == n.integer.count && $0.fractionDigits == fraction.count } ?? false
        if !follows {
            guard !context.pieces[i - 1].endsClause, i == 1 || !context.pieces[i - 2].endsSentence,
                  let name = context.core(i - 1), name.count >= 2, name.first?.isLetter == true,
                  name.contains(where: \.isUppercase) || rules.versionNames.contains(name.lowercased()),
                  name.allSatisfy({ $0.isLetter || $0.isASCIIDigit }) || name.lowercased() == "version" else { return nil }
            if i == 1, name.dropFirst().allSatisfy(\.isLowercase), name.lowercased() != "version", rules.abbreviations[String(name)] != nil { return nil }
            // "Another 7.449 million euros": an amount before a magnitude is no version.
            if context.joins(i), let next = context.core(i + 1), next.count > 2, rules.magnitudes[next.lowercased()] != nil { return nil }
        }
        let cardinal = CardinalVerbalizer(rules: rules)
        // "Ubuntu 22.04": a release named by year and month, "twenty two oh four".
        if fraction.first == "0" { return "\(cardinal.say(n.integer)) oh \(cardinal.say(fraction))" }
        return "\(cardinal.say(n.integer)) \(rules.word("point")) \(cardinal.say(fraction))"
    }

    /// "9:02/mile": minutes and seconds per unit of distance, a runner's pace.
    func pace(_ core: Substring) -> String? {
        guard rules.numberWords == nil, let colon = core.firstIndex(of: ":"), let slash = core.firstIndex(of: "/"), colon < slash else { return nil }
        let minutes = core[..<colon], seconds = core[core.index(after: colon)..<slash]
        let per = core[core.index(after: slash)...]
        guard minutes.isAllDigits, minutes.count <= 2, seconds.count == 2, seconds.isAllDigits, let s = Int(seconds), s < 60,
              let unit = UnitParser(rules: rules).parse(per).map({ UnitVerbalizer(rules: rules).say($0, plural: false) })
                ?? (per.count > 1 && per.allSatisfy(\.isLowercase) ? String(per) : nil) else { return nil }
        let cardinal = CardinalVerbalizer(rules: rules)
        return "\(cardinal.say(minutes)) \(s < 10 ? "oh " : "")\(cardinal.say(String(s))) \(rules.per) \(unit)"
    }

    /// An angle in degrees, minutes and seconds, as in a survey: "03°19'04"", "51°43'", "09'47"W"
    /// after "89 degrees"; a compass point glued after it is said too.
    func angle(at i: Int, in context: Context) -> Match? {
        let piece = context.pieces[i]
        guard rules.numberWords == nil, rules.spellNumbers, piece.core.utf8.count + piece.trail.utf8.count >= 3 else { return nil }
        var text = piece.core
        var quoted = false
        if let mark = piece.trail.first, "'’′\"”″".contains(mark) {
            text = Substring(String(piece.core) + String(mark))
            quoted = true
        }
        // "89 degrees 09'47"", "45° 30'": minutes (and seconds) after the degrees, written apart.
        let afterDegrees = i > 0 && !context.pieces[i - 1].endsClause && (["degrees", "degree", "deg"].contains(context.pieces[i - 1].core.lowercased())
            || context.pieces[i - 1].core.last.map { $0 == "°" || $0 == "º" } == true && context.pieces[i - 1].core.first?.isASCIIDigit == true)
        guard text.contains(where: { "°º".contains($0) }) || afterDegrees else { return nil }
        let names = [("°º", "degree"), ("'’′", "minute"), ("\"”″", "second")]
        var said: [String] = []
        var rest = text
        var next = 0
        while let n = NumberLiteral.parse(rest, rules: rules), !n.negative, n.end < rest.endIndex {
            let mark = rest[n.end]
            guard let k = names.firstIndex(where: { $0.0.contains(mark) }), k >= next, n.isInteger || k == 2 else { return nil }
            let number = n.isInteger ? CardinalVerbalizer(rules: rules).say(String(Int(n.integer) ?? 0)) : DecimalVerbalizer(rules: rules).say(n)
            said.append("\(number) \(names[k].1)" + (n.isOne ? "" : "s"))
            next = k + 1
            rest = rest[rest.index(after: n.end)...]
        }
        // One part only ("45°", "5'") is read as a measure elsewhere; a part after "degrees" is minutes.
        guard said.count >= 2 || (afterDegrees && next >= 2 && !said.isEmpty) else { return nil }
        if !rest.isEmpty {
            guard let point = rules.compass[String(rest)] else { return nil }
            said.append(point)
            quoted = false
        }
        return Match(1, said.joined(separator: " ")).consumingQuote(quoted)
    }

    /// A temperature whose degree sign and scale letter are written apart: "25° C" (the sign glued
    /// to the number) or "40 ° k" (both apart). Returns the unit's name and the pieces it takes.
    func degreeScale(after i: Int, count: Int, next j: Int, in context: Context) -> (name: String, count: Int)? {
        let core = context.pieces[i + count - 1].core
        let glued = core.hasSuffix("°") || core.hasSuffix("º")
        var k = j
        if !glued {
            guard let sign = context.core(k), sign == "°" || sign == "º", context.joins(k) else { return nil }
            k += 1
        }
        guard let letter = context.core(k), letter.count == 1, let scale = letter.uppercased().first, "CFK".contains(scale),
              let unit = rules.allUnits["°" + String(scale)] ?? (scale == "K" ? rules.units["K"] : nil) else { return nil }
        let number = NumberLiteral.parse(core, rules: rules)
        return (unit.form(plural: !(number?.isOne ?? false)), k - j + 1)
    }

    /// A number (`spoken`, already read) at piece `i` with an inch or foot mark after it: 12",
    /// 8.5', 11 1/2 " (the mark apart). The unit is said unless the quote closes one opened before,
    /// or the unit is written out after it as well ("18″ inch pizza").
    func markedMeasure(_ spoken: @autoclosure () -> String, singular alone: Bool, at i: Int, in context: Context) -> Match? {
        let piece = context.pieces[i]
        var markIndex = i
        var mark = piece.trail.first
        // "11 1/2 "": the mark written apart, as a word of its own.
        if mark == nil, i + 1 < context.pieces.count, context.pieces[i + 1].core.isEmpty, context.joins(i),
           context.pieces[i + 1].lead.count == 1, context.pieces[i + 1].trail.isEmpty {
            mark = context.pieces[i + 1].lead.first
            markIndex = i + 1
        }
        guard let mark, let unit = markUnit(mark) else { return nil }
        // "73′ GOAL!": a match's minute opening a line of a live report.
        if markIndex == i, "′'’".contains(mark), piece.trail.count == 1, piece.core.isAllDigits,
           let minute = SportsContext.matchMinute(piece.core, at: i, in: context) {
            return Match(1, minute).consumingQuote(true)
        }
        // Quotes opened before and not closed; a mark right after a number was a unit, not a quote.
        // “in 2017”: a closing curly quote answers the opening one, which is another character.
        let opening: Character = mark == "”" ? "“" : mark == "’" ? "‘" : mark
        var quotes = markIndex == i ? piece.lead.filter { $0 == mark || $0 == opening }.count : 0
        for k in 0..<i {
            let p = context.pieces[k]
            // "11 1/2 "": a mark written apart after a number is no quote either.
            if p.core.isEmpty, k > 0, context.pieces[k - 1].core.last?.isASCIIDigit == true { continue }
            quotes += p.lead.filter { $0 == mark || $0 == opening }.count
            if p.core.last?.isASCIIDigit != true { quotes += p.trail.filter { $0 == mark }.count }
        }
        guard quotes % 2 == 0 || mark == "″" || mark == "′" else { return nil }
        let trail = context.pieces[markIndex].trail.dropFirst(markIndex == i ? 1 : 0)
        let nextIndex = markIndex + 1
        let next = trail.isEmpty ? context.core(nextIndex) : nil
        let singular = next != nil && markIsAdjective(before: nextIndex, in: context)
        // An apostrophe is feet before a noun, a number of inches or a pause ("10' boat", "5' 10"",
        // "70';"), not a quote closing after a number ("I've 20' and").
        if mark == "'" || mark == "’" {
            let before = next.map { $0.first?.isASCIIDigit == true || Self.wordsOfPlaceAfterMeasure.contains($0.lowercased()) } ?? false
            guard singular || before || trail.contains(where: { ".,;:!?)".contains($0) }) else { return nil }
        }
        // "36" x 48"", "12' x 16' deck": dimensions, the unit said once, after the last.
        if let next, next == "x" || next == "×", context.joins(nextIndex), context.core(nextIndex + 1)?.first?.isASCIIDigit == true {
            return Match(nextIndex - i + 1, "\(spoken()) \(rules.word("by"))").consumingQuote(markIndex == i)
        }
        return Match(nextIndex - i, sayMeasure(spoken(), unit: unit, singular: alone || singular, next: next)).consumingQuote(markIndex == i)
    }

    /// A number and the unit of its mark, unless the unit is written out after it too ("18″ inch
    /// pizza": said once, from the word).
    func sayMeasure(_ spoken: String, unit: Inflected, singular: Bool, next: Substring?) -> String {
        if let next, next.count > 2, rules.allUnits[String(next)]?.singular == unit.singular { return spoken }
        return spoken + " " + unit.form(plural: !singular)
    }

    /// "5’x8’x8’", "9x9" pan", "4’x8’ rectangle": dimensions with a mark, their unit said once at
    /// the end (in the singular before a noun).
    func markedDimensions(at i: Int, in context: Context) -> Match? {
        let piece = context.pieces[i]
        let parts = piece.core.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "×" })
        guard parts.count >= 2 else { return nil }
        let reading = NumberReading(rules: rules)
        var mark = piece.trail.first.flatMap { markUnit($0) != nil ? $0 : nil }
        var words: [String] = []
        for part in parts {
            guard let n = NumberLiteral.parse(part, rules: rules) else { return nil }
            let rest = part[n.end...]
            if let m = rest.first {
                guard rest.count == 1, markUnit(m) != nil else { return nil }
                mark = m
            }
            words.append(reading.say(n, allowYear: false))
        }
        guard let mark, let unit = markUnit(mark) else { return nil }
        let quoted = piece.trail.first == mark
        let singular = piece.trail.count == (quoted ? 1 : 0) && context.joins(i) && markIsAdjective(before: i + 1, in: context)
        return Match(1, words.joined(separator: " \(rules.word("by")) ") + " " + unit.form(plural: !singular)).consumingQuote(quoted)
    }

    /// The first piece from `k` on that is not a measure glued to its number ("7Ah" in "12V 7Ah
    /// battery"), where the noun they describe stands.
    func nounAfterGluedMeasures(_ k: Int, in context: Context) -> Int {
        var k = k
        // "125g (4oz) butter": a measure in brackets is the same amount in other units, not a rating.
        while context.joins(k - 1), context.pieces[k].lead.isEmpty, isGluedMeasure(k, in: context) { k += 1 }
        return k
    }

    /// Whether the number's plural at `i` stands beside another across "and", "or", "to" ("3s and 4s").
    func isPluralNumberBeside(_ i: Int, in context: Context) -> Bool {
        func isPlural(_ k: Int) -> Bool {
            guard let core = context.core(k), (2...3).contains(core.utf8.count), core.last == "s" else { return false }
            return core.dropLast().isAllDigits
        }
        func isJoin(_ k: Int) -> Bool { context.core(k).map { ["and", "or", "to", "&"].contains($0) } == true }
        return context.joins(i) && isJoin(i + 1) && isPlural(i + 2) || i >= 2 && context.joins(i - 2) && isJoin(i - 1) && isPlural(i - 2)
    }

    /// "Shaheen Afridi 3/31": a bowler's figures, before a short date reads them as March 31.
    func bowlerFigures(at i: Int, in context: Context) -> Match? {
        let parts = context.pieces[i].core.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let figures = CricketFigures.say(parts[0], parts[1], rules: rules),
              CricketFigures.isBowlerFigures(parts[0], parts[1], at: i, in: context) else { return nil }
        return Match(1, figures)
    }

    /// Whether `word` is a plural a million may count: "people", "plays", "TEUs"; not a word that
    /// follows a measure ("away", "tall", "long"), a unit, or a preposition.
    func isCountedPlural(_ word: Substring) -> Bool {
        guard word.count > 2, word.allSatisfy(\.isLetter) else { return false }
        let lower = word.lowercased()
        if word.dropLast().allSatisfy(\.isUppercase), word.last == "s" { return true }   // "TEUs"
        guard word.first?.isLowercase == true else { return false }
        return (lower.hasSuffix("s") && !lower.hasSuffix("ss") || Self.countedAfterMillion.contains(lower) || Self.countedAfterK.contains(lower))
            && !Self.wordsAfterMeasure.contains(lower) && !Self.notNounsAfterMeasure.contains(lower)
            && !Self.wordsOfPlaceAfterMeasure.contains(lower) && rules.allUnits[String(word)] == nil
    }

    /// A price's smaller coin glued before a rate's slash ("7.37c/kWh", "11.2p/min").
    static let minorUnits: [String: (singular: String, plural: String)] = ["c": ("cent", "cents"), "p": ("penny", "pence")]

    /// "[2019] 4 All ER 289", "(2014) 99 ACSR 247", "[2012] EWCA Civ 493": a page or case number
    /// after a law report's name, which a year in brackets opens a few words before; said as a number.
    func isLawReportPage(at i: Int, in context: Context) -> Bool {
        (max(0, i - 5)..<i).contains { k in
            let p = context.pieces[k]
            return p.core.count == 4 && p.core.isAllDigits && (p.lead == "[" || p.lead == "(") && (p.trail.hasPrefix("]") || p.trail.hasPrefix(")"))
        }
    }

    /// Whether piece `k` is a number with its unit glued to it ("7Ah").
    func isGluedMeasure(_ k: Int, in context: Context) -> Bool {
        guard let core = context.core(k), core.utf8.first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true,
              let n = NumberLiteral.parse(core, rules: rules), n.end < core.endIndex else { return false }
        return UnitParser(rules: rules).parse(core[n.end...]) != nil
    }

    /// Whether an "x" after the number at `i` means times: before "a week", "per year", "daily".
    func isTimesAfter(_ i: Int, in context: Context) -> Bool {
        guard rules.numberWords == nil, context.joins(i), let next = context.core(i + 1)?.lowercased() else { return false }
        return ["a", "an", "per", "each", "every", "daily", "weekly", "monthly", "yearly", "annually"].contains(next)
    }

    /// "39″ Class TV", "14″ 4K display", "2.5” hard drive", "10' 2x4s": a measure with a mark before
    /// a word or a model's name describes it and takes the singular; not before a number of inches
    /// ("5' 10"") or a word no measure is the adjective of ("12" of snow", "10" tall").
    func markIsAdjective(before j: Int, in context: Context) -> Bool {
        guard rules.numberWords == nil, rules.spellNumbers, let next = context.core(j), context.pieces[j].lead.isEmpty,
              let f = next.first, next != "x", next != "×" else { return false }
        if f.isASCIIDigit { return next.contains(where: \.isLetter) && !next.hasPrefix("x") }
        guard f.isLetter else { return false }
        let lower = next.lowercased()
        // A verb or an adverb after it ("12" wide", "10' cleared") in lower case; "OLED" is a name.
        return !Self.notNounsAfterMeasure.contains(lower) && !Self.wordsAfterMeasure.contains(lower)
            && !Self.wordsOfPlaceAfterMeasure.contains(lower) && !(f.isLowercase && (lower.hasSuffix("ly") || lower.hasSuffix("ed")))
    }

    /// The unit a mark after a number stands for: inches (", ″) or feet (', ′).
    func markUnit(_ mark: Character) -> Inflected? { NumberReading(rules: rules).markUnit(mark) }

    /// "a 10 km race", "a 100 W bulb", "531 sq ft home", "a $95 billion valuation": a measure
    /// before a noun takes the singular unit (English only; other languages keep the plural). After
    /// "a" any noun will do; otherwise the word after must be one no measure is followed by.
    ///
    /// A quantity of a substance ("2 tbsp butter", "500 mg twice daily", "1 cup flour") counts it
    /// rather than describing the noun: without "a", a unit of mass or volume stays plural unless a
    /// container or dose follows ("a 500 mg tablet", "2 lb bag").
    func isAdjective(at i: Int, unitEnd written: Int, in context: Context, decimals: Bool = false, unit: UnitExpression? = nil) -> Bool {
        // "an 8 x 8 in (20 x 20 cm) pan": the noun after the measure given again in brackets.
        var unitEnd = written
        if context.pieces.indices.contains(unitEnd), context.pieces[unitEnd].lead == "(", context.joins(unitEnd - 1),
           let close = (unitEnd..<min(unitEnd + 6, context.pieces.count)).first(where: { context.pieces[$0].trail.hasPrefix(")") }),
           context.pieces[close].trail == ")" {
            unitEnd = close + 1
        }
        guard rules.numberWords == nil, rules.spellNumbers, context.joins(unitEnd - 1) || context.pieces[unitEnd - 1].trail == ".",
              let noun = context.core(unitEnd), noun.count > 1, context.pieces[unitEnd].lead.isEmpty,
              noun.allSatisfy({ $0.isLetter || $0 == "-" }) else { return false }
        let lower = noun.lowercased()
        if Self.notNounsAfterMeasure.contains(lower) { return false }
        let article = i > 0 && !context.pieces[i - 1].endsClause ? context.pieces[i - 1].core.lowercased() : ""
        let afterArticle = article == "a" || article == "an"
        if !afterArticle, let unit, unit.denominator == nil, let term = unit.numerator.first, unit.numerator.count == 1,
           rules.quantityUnits.contains(term.reading.singular), !Self.containerNouns.contains(lower) {
            return false
        }
        // "165m height", "90 m elevation gain", "64 GB storage": before a noun of what is measured, the
        // measure is an amount of it ("a height of 165 m"), plural unless an article makes it an adjective.
        if !afterArticle, article != "the", Self.measuredNouns.contains(lower) { return false }
        // "The 51Whr Rapid Charge battery": after "the", a name follows a measure that describes it.
        if article == "the", noun.first?.isUppercase == true { return true }
        // After "a" a name may follow ("a $950 million Series C round"); else a word in lower case.
        guard noun.first?.isLowercase == true || afterArticle && noun.first?.isUppercase == true else { return false }
        if afterArticle { return true }
        // Without "a": "531 sq ft home", "15.5 kWh battery", "0.22 μm filtration", but "1.5 kg flour"
        // (a quantity, see above), "140 °F internal".
        let quantityUnknown = unit == nil || unit?.denominator != nil
        if !decimals, quantityUnknown, let n = NumberLiteral.parse(context.pieces[i].core.drop(while: { !$0.isASCIIDigit && $0 != "-" }), rules: rules), !n.isInteger {
            return false
        }
        // "29 km south-south-east of", "80 km north-east": a direction after the measure.
        if lower.contains("-"), lower.split(separator: "-").allSatisfy({ ["north", "south", "east", "west"].contains($0) }) { return false }
        // "7 to 12 mph increasing", "20 mph gusting": a verb after the measure.
        if lower.hasSuffix("ing"), Self.verbsAfterMeasure.contains(lower) { return false }
        // "the 15GB weekly data bundle", "1.8GB monthly plan": a period's adjective, then its noun.
        if Self.periodAdjectives.contains(lower), context.joins(unitEnd), let after = context.core(unitEnd + 1), after.count > 2,
           after.first?.isLowercase == true, after.allSatisfy(\.isLetter), !Self.notNounsAfterMeasure.contains(after.lowercased()),
           !Self.wordsAfterMeasure.contains(after.lowercased()) {
            return true
        }
        return !Self.wordsAfterMeasure.contains(lower) && !lower.hasSuffix("ly") && !lower.hasSuffix("ed")
    }

    /// Adjectives of a period that stand between a measure and the noun it describes.
    static let periodAdjectives: Set<String> = ["daily", "weekly", "monthly", "yearly", "hourly", "nightly", "quarterly", "annual"]

    /// Verbs in -ing that follow a measure ("winds 7 to 12 mph increasing to 18"); other -ing words
    /// may be nouns it describes ("65 W charging", "$600M funding").
    static let verbsAfterMeasure: Set<String> = ["increasing", "decreasing", "gusting", "rising", "falling", "dropping", "climbing",
                                                  "reaching", "becoming", "diminishing", "shifting", "turning", "veering", "easing",
                                                  "continuing", "remaining", "leaving", "making", "giving", "bringing", "taking",
                                                  "using", "including", "totaling", "totalling", "averaging", "exceeding", "topping"]

    /// What a quantity of a substance comes in: after it the measure describes the noun ("a 2 lb bag").
    static let containerNouns: Set<String> = ["bag", "bags", "box", "boxes", "bottle", "bottles", "jar", "jars", "can", "cans",
                                               "tin", "tins", "tablet", "tablets", "capsule", "capsules", "pill", "pills", "pack",
                                               "packs", "package", "packages", "packet", "packets", "tub", "tubs", "carton", "cartons",
                                               "container", "containers", "dose", "doses", "serving", "servings", "portion", "portions",
                                               "jug", "jugs", "bucket", "buckets", "sack", "sacks", "block", "blocks", "bar", "bars",
                                               "loaf", "loaves", "keg", "kegs", "cup", "cups", "glass", "glasses", "tank", "tanks",
                                               "vial", "vials", "syringe", "injection", "injections", "pouch", "pouches", "size", "sizes",
                                               "version", "model", "weight", "weights", "limit", "bottle-", "steak", "steaks", "burger",
                                               "burgers", "patty", "patties", "fillet", "fillets", "dumbbell", "dumbbells", "kettlebell",
                                               "kettlebells", "plate", "plates", "ball", "balls", "battery", "batteries", "drum", "drums"]
    /// Words that follow a measure without making it an adjective ("10 km of road", "5 kg in all").
    static let notNounsAfterMeasure: Set<String> = ["of", "in", "on", "at", "to", "for", "from", "by", "with", "and", "or", "per",
                                                     "than", "away", "ago", "each", "a", "an", "the", "is", "was", "are", "were",
                                                     "into", "over", "under", "off", "out", "up", "down", "but", "so", "if", "as",
                                                     // prepositions and the words that open a clause ("winds of 140 kph near the centre")
                                                     "near", "around", "across", "along", "through", "toward", "towards", "past", "within",
                                                     "beyond", "above", "below", "behind", "during", "after", "before", "since", "until",
                                                     "against", "between", "via", "while", "when", "where", "which", "that", "who", "then",
                                                     "has", "have", "had", "will", "would", "can", "could", "should", "may", "might", "must"]

    /// A word in lower case that ends as an English plural does ("plays", "downloads"), not as a
    /// singular or an adjective in "s" ("glass", "bonus", "continuous", "basis").
    static func looksPlural(_ lower: String) -> Bool {
        lower.hasSuffix("s") && !lower.hasSuffix("ss") && !lower.hasSuffix("us") && !lower.hasSuffix("is")
    }
    /// Words after a width and a height in pixels ("1920 x 1080 pixels").
    static let resolutionWords: Set<String> = ["pixels", "pixel", "px", "resolution", "display", "screen", "monitor", "video"]
    /// Words a recipe puts between an amount and its spoon or cup ("2 heaped tbsp").
    static let cooksMeasures: Set<String> = ["heaped", "heaping", "level", "rounded", "scant", "generous"]
    /// Nouns that name what a measure measures: after one, the measure is an amount, not an adjective.
    static let measuredNouns: Set<String> = ["height", "elevation", "altitude", "depth", "gain", "loss", "storage", "memory",
                                              "torque", "rainfall", "snowfall", "precipitation", "bandwidth",
                                              "throughput", "clearance", "headroom", "displacement", "thrust", "payload"]
    /// Words of place after a length ("along that line 70' at which point", "8' above the floor").
    static let wordsOfPlaceAfterMeasure: Set<String> = ["at", "from", "to", "of", "on", "by", "above", "below", "beyond", "past",
                                                         "behind", "across", "up", "down", "away", "high", "long", "wide", "deep", "tall", "x"]
    /// Words after a plural measure that are not the noun it describes ("3 hours later", "2 miles north").
    static let wordsAfterMeasure: Set<String> = ["old", "long", "wide", "high", "tall", "deep", "thick", "away", "north", "south",
                                                  "east", "west", "ahead", "behind", "apart", "left", "more", "less", "total", "too",
                                                  "apiece", "worth", "instead", "plus", "minus", "that", "which", "who", "when",
                                                  "while", "before", "since", "until", "will", "would", "can", "could", "should",
                                                  "must", "may", "might", "has", "have", "had", "be", "been", "it", "they", "we",
                                                  "you", "he", "she", "i", "this", "these", "those", "there", "here", "not", "no",
                                                  "just", "only", "all", "both", "every", "per", "total", "remaining", "long",
                                                  "today", "tonight", "yesterday", "tomorrow", "max", "maximum", "minimum", "tops",
                                                  "an", "one", "his", "her", "their", "its", "our", "my", "your", "during", "after",
                                                  "through", "across", "around", "about", "between", "within", "without", "against",
                                                  "toward", "towards", "upon", "onto", "via", "vs", "versus", "do", "does", "did",
                                                  "or", "nor", "yet", "because", "where", "whereas", "though", "although", "than",
                                                  "farther", "further", "longer", "shorter", "higher", "lower", "later", "earlier",
                                                  "faster", "slower", "bigger", "smaller", "larger", "over", "under", "after",
                                                  "internal", "inside", "outside", "overall", "down", "up", "east", "ago", "off",
                                                  "last", "next", "twice", "once", "thrice", "daily", "weekly", "monthly", "yearly",
                                                  "annually", "nightly", "hourly", "again", "already", "still", "each", "apiece",
                                                  "so", "yet", "then", "now", "back", "together", "altogether", "alone",
                                                  "respectively", "upfront", "overnight", "possible", "likely", "expected",
                                                  "forecast", "predicted", "above", "below", "beneath", "offshore", "inland",
                                                  "northwest", "northeast", "southwest", "southeast", "deep", "underground",
                                                  "richer", "poorer", "better", "worse", "cheaper", "dearer", "ahead"]
    /// Places numbered with a letter ("15A routes", "27L runway", "platform 9B").
    static let codedPlaces: Set<String> = ["route", "routes", "runway", "runways", "bus", "buses", "platform", "platforms", "gate",
                                           "gates", "flat", "flats", "apartment", "apartments", "seat", "seats", "room", "rooms",
                                           "terminal", "bay", "exit", "line", "lines", "stop", "stand", "berth", "pier", "ward"]

    /// "80/130/180/230", "1.25/1.5/1.75/2": three or more amounts apart by slashes (a game's
    /// values by level, a set of sizes) are each a number, not a code's digits. Dates were read before.
    func slashList(_ core: Substring) -> String? {
        guard rules.numberWords == nil, rules.spellNumbers, case let parts = core.split(separator: "/", omittingEmptySubsequences: false),
              parts.count >= 3, parts.count <= 8 else { return nil }
        var numbers: [NumberLiteral] = []
        for part in parts {
            guard part.utf8.count <= 9, part.first?.isASCIIDigit == true, let n = NumberLiteral.parse(part, rules: rules), n.end == part.endIndex,
                  !n.negative else { return nil }
            numbers.append(n)
        }
        let reading = NumberReading(rules: rules)
        return numbers.map { reading.say($0, allowYear: false) }.joined(separator: " \(rules.word("slash")) ")
    }

    /// Piece `i` read again after `change` (given the pieces and `i`'s place among them). Only the
    /// pieces around it are copied (no rule looks further than 60 pieces away): a line of
    /// thousands of such words ("18 th 18 th …") would otherwise be copied whole for each.
    private func reread(_ i: Int, in context: Context, changing change: (inout [Piece], Int) -> Void) -> Match? {
        let window = max(0, i - 80)..<min(context.pieces.count, i + 81)
        var pieces = Array(context.pieces[window])
        change(&pieces, i - window.lowerBound)
        var inner = Context(rules: rules, pieces: pieces)
        inner.previousWord = context.previousWord
        inner.subjects = context.subjects
        return recognize(at: i - window.lowerBound, in: &inner)
    }

    /// "3/$10", "2/£5": a shop's price for a count of things, "three for ten dollars".
    func countForPrice(_ core: Substring) -> String? {
        guard rules.numberWords == nil, rules.spellNumbers, let slash = core.firstIndex(of: "/"), case let count = core[..<slash],
              (1...2).contains(count.utf8.count), count.isAllDigits,
              let price = MoneyRecognizer(rules: rules).sayAlone(core[core.index(after: slash)...]) else { return nil }
        return "\(CardinalVerbalizer(rules: rules).say(count)) \(rules.word("for")) \(price)"
    }

    /// Words of place before a number with a letter ("Lorong 1A", "gate 2B", "Block 4C").
    static let placesBeforeCode: Set<String> = codedPlaces.union(["lorong", "jalan", "street", "road", "lane", "avenue", "block",
                                                                 "blk", "lot", "unit", "apt", "suite", "plot", "stall", "floor",
                                                                 "level", "hall", "door", "house", "sector", "phase", "zone"])

    /// Nouns not in the plural that a million counts ("2.7m teu", "10m people").
    /// Plurals without an "s" that a "k" after a number counts ("20k people", "3k feet").
    static let countedAfterK: Set<String> = ["people", "men", "women", "children", "feet", "staff", "sheep", "cattle", "fish"]
    static let countedAfterMillion: Set<String> = ["teu", "people", "tonnes", "barrels", "population", "worth", "bonus", "budget", "deficit", "surplus", "turnover", "revenue", "profit", "debt", "fund", "investment", "contract", "deal", "payout", "salary"]

    /// Words after "10K" that name what the K is (a race, a resolution), not a thousand of them.
    static let afterKNames: Set<String> = ["run", "runs", "race", "races", "runner", "runners", "walk", "resolution", "display",
                                           "displays", "monitor", "monitors", "video", "videos", "screen", "screens", "gaming",
                                           "content", "streaming", "tv", "tvs", "gold", "textures", "footage", "camera", "recording"]

    /// The gender an ordinal mark after a whole number gives it ("º", "ª"), or nil. A mark that
    /// is also a unit ("°" in Italian) is an ordinal only before a word in lower case that is no unit.
    func ordinalMark(_ suffix: Substring, number n: NumberLiteral, at i: Int, in context: Context) -> NumberGender? {
        guard n.isInteger, !n.negative, let gender = rules.ordinalMarks[String(suffix)] else { return nil }
        // "1º de mayo": an ordinal day before its month.
        if context.joins(i), let of = context.core(i + 1), of.lowercased() == rules.word("dateOf"), !of.isEmpty,
           let month = context.core(i + 2), DateRecognizer(rules: rules).month(month) != nil {
            return NumberGender.none
        }
        if rules.allUnits[String(suffix)] != nil || suffix == "^" {
            // "3° piano", "24° Festival", "37^ giornata"; not "35° sulla", "180° per", "20° C".
            guard context.joins(i), let after = context.core(i + 1), after.count > 1, after.first?.isLetter == true,
                  rules.allUnits[String(after)] == nil, rules.gender(before: after) != .none else { return nil }
            return rules.gender(before: after) == .feminine ? .feminine : gender
        }
        return gender
    }

    /// "on 4/15", "by 3/1": a month and a day after a word that announces a date.
    func shortDate(at i: Int, in context: Context) -> Match? {
        let core = context.pieces[i].core
        let parts = core.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.isAllDigits && $0.count <= 2 }), let a = Int(parts[0]), let b = Int(parts[1]) else { return nil }
        let (month, day) = rules.dateOrder == .monthDayYear ? (a, b) : (b, a)
        // A day past twelve that no fraction uses ("12/31", not "1/16") is a date anywhere; other
        // pairs only after a word that announces a date.
        let announced = i > 0 && !context.pieces[i - 1].endsClause && rules.dateWords.contains(context.pieces[i - 1].core.lowercased())
        guard announced || ((13...31).contains(day) && day != 16 && (1...12).contains(month)) else { return nil }
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        let style: DateStyle = rules.dateOrder == .dayMonthYear ? .dayFirst : rules.dateStyle
        return Match(1, DateVerbalizer(rules: rules).say(day: day, month: month, year: nil, style: style))
    }

    /// "3:1", "16:9": a ratio, "three to one" (times were tried first).
    func ratio(_ core: Substring) -> String? {
        let parts = core.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.isAllDigits && $0.count <= 3 }) else { return nil }
        let cardinal = CardinalVerbalizer(rules: rules)
        // "55:48": minutes and seconds (a ratio has a small side: "3:1", "16:9").
        if parts.allSatisfy({ $0.count == 2 }), let seconds = Int(parts[1]), seconds < 60, parts[1] != "00" || parts[0] != "00" {
            return "\(cardinal.say(parts[0])) \(seconds < 10 ? "oh \(cardinal.say(parts[1]))" : cardinal.say(parts[1]))"
        }
        return "\(cardinal.say(parts[0])) \(rules.word("to")) \(cardinal.say(parts[1]))"
    }

    /// A whole number that is a code, read digit by digit: after a word that announces one ("zip",
    /// "ending in", "PIN"), a ZIP code after a state ("CA 95051"), or five digits or more standing
    /// alone with no word to count (a quantity comes with its noun; "13000" alone is an identifier).
    func isCode(_ n: NumberLiteral, at i: Int, in context: Context) -> Bool {
        guard n.isInteger, !n.grouped, !n.negative, n.integer.count >= 3, !rules.codeWords.isEmpty else { return false }
        if i > 0 {
            let previous = context.pieces[i - 1]
            let one = previous.core.lowercased()
            let two = i > 1 ? context.pieces[i - 2].core.lowercased() + " " + one : one
            if !context.pieces[i - 1].endsClause || previous.trail == ":" || previous.trail == "." {
                if rules.codeWords.contains(one) || rules.codeWords.contains(two) { return true }
                // "Send STOP to 111", "text HELP to 2020": the short code a message goes to.
                if one == "to", n.integer.count <= 6, (max(0, i - 5)..<(i - 1)).contains(where: { k in
                    !context.pieces[k].endsClause && ["send", "text", "sms", "message", "msg"].contains(context.pieces[k].core.lowercased())
                }) { return true }
            }
            if n.integer.count == 5, isAfterState(i, in: context) { return true }
            // "The ZIP is 10001", "my PIN was 4321": the code word, then a verb.
            if i > 1, ["is", "was", "reads", "are"].contains(one), !context.pieces[i - 2].endsClause {
                let word = context.pieces[i - 2].core.lowercased()
                let pair = i > 2 ? context.pieces[i - 3].core.lowercased() + " " + word : word
                if rules.codeWords.contains(word) || rules.codeWords.contains(pair) { return true }
            }
        }
        return context.pieces.count == 1 && n.integer.count >= 5 && rules.numberWords == nil
    }

    /// A unit in piece `j` (and `j + 1` for "sq ft"), with the ambiguity rule for unit symbols
    /// that are also words ("5 in the box").
    func unitAfter(_ j: Int, in context: Context, number: NumberLiteral? = nil) -> (expression: UnitExpression, count: Int, dotted: Bool)? {
        let parser = UnitParser(rules: rules)
        let piece = context.pieces[j]
        var key = String(piece.core)
        var unit: UnitExpression?
        if let dotted = context.coreWithDot(j), let u = rules.allUnits[dotted] {
            unit = UnitExpression(numerator: [UnitTerm(reading: u, power: nil)])
            key = dotted
        } else {
            unit = parser.parse(key)
        }
        // "1,000 sq mi", "20 sq. ft": "square" and the unit.
        // "2.1 cu. ft.": "cubic" and the unit.
        if unit == nil, piece.core == "sq" || piece.core == "cu", context.joins(j) || piece.trail == ".", let after = context.core(j + 1),
           let base = parser.parse(after), base.denominator == nil, base.numerator.count == 1, base.numerator[0].power == nil {
            var square = base
            square.numerator[0].power = piece.core == "sq" ? "2" : "3"
            let unitPiece = context.pieces[j + 1]
            let dotted = unitPiece.trail.hasPrefix(".") && (context.core(j + 2)?.first.map { $0.isLowercase || $0.isASCIIDigit } ?? false)
            return (square, 2, dotted)
        }
        guard let unit else { return nil }
        if rules.letterUnits.contains(key) { return nil }
        // "3000 N Gifford", "342 N. 1700 E. Road": after a road's or a house's number, a compass point.
        if key.count == 1, rules.compass[key] != nil, let number, number.isInteger, number.integer.count >= 3,
           piece.trail.hasPrefix(".") || context.core(j + 1)?.first?.isUppercase == true || context.core(j + 1)?.first?.isASCIIDigit == true {
            return nil
        }
        // "Rge. 77 W.;": a unit symbol takes no period, a compass letter does (the period then a pause).
        if key.count == 1, rules.compass[key] != nil, piece.trail.count > 1, piece.trail.hasPrefix("."),
           piece.trail.dropFirst().allSatisfy({ ",;:)".contains($0) }) {
            return nil
        }
        if let number, !rules.isUnitAlone(key, after: number) { return nil }
        // "5 ft 4 in tall": after a measure in another unit, the symbol is that unit's smaller one.
        if j >= 3, let before = context.core(j - 2), context.core(j - 3)?.first?.isASCIIDigit == true,
           rules.allUnits[String(before)] != nil, !rules.ambiguousUnits.contains(String(before)) {
            return (unit, 1, key.hasSuffix(".") && key != String(piece.core))
        }
        // "368 371 t in the first six months", "2.5 t of": tonnes after an amount of two digits or
        // more, or with decimals; no word is written "t" after a number.
        let isTonnes = key == "t" && number.map { $0.integer.count >= 2 || $0.fraction != nil } == true
        // "4 g daily", "9.69 s in Beijing": no word is written "g", and a time with decimals is seconds.
        let surelyUnit = isTonnes || key == "g" || key == "s" && number?.fraction != nil
        if !surelyUnit, rules.ambiguousUnits.contains(key) || rules.ambiguousUnits.contains(String(piece.core)) {
            // A word follows without punctuation: "5 in the box", "grade 5 A students".
            // A lower-case symbol before a name is a word too: "12-14 in Las Vegas"; so is one before a number: "1 in 5".
            // "285 hp and 347 lb-ft", "203 hp at 6,600 rpm": a conjunction or "at" after a symbol of two
            // letters or more leaves it a unit;
            // so does a bracket opening after it ("8 x 8 in (20 x 20 cm)"), and a quote or bracket closing
            // on it ("‘Quantity per 100 g’ with").
            if context.joins(j), context.pieces[j].trail.isEmpty, context.pieces[j + 1].lead.isEmpty, let after = context.core(j + 1), let f = after.first,
               f.isLowercase || f.isASCIIDigit || (f.isLetter && !key.contains(where: \.isUppercase)),
               key.count < 2 || key == "in" || !["and", "or", "at"].contains(after) { return nil }
        }
        // "6 ft. tall": the period of a unit's abbreviation, when the sentence goes on.
        let dotInside = piece.trail.hasPrefix(".") && key.allSatisfy(\.isLetter)
            && (context.core(j + 1)?.first.map { $0.isLowercase || $0.isASCIIDigit } ?? false)
        return (unit, 1, dotInside || (key.hasSuffix(".") && key != String(piece.core)))
    }

    /// "3/4", "1/4th", "½", "2 1/2" (with `whole`), "12/kg".
    func fraction(at i: Int, in context: Context, whole: String? = nil) -> Match? {
        let core = context.pieces[i].core
        let verbalizer = FractionVerbalizer(rules: rules)
        // "½", "1½", "1-½": a vulgar fraction, then perhaps its unit ("⅛ tsp. cream of tartar").
        var vulgar: (String, String, String?)?
        if core.count == 1, let first = core.first, let (n, d) = FractionVerbalizer.vulgar[first] {
            vulgar = (n, d, whole)
        } else if whole == nil, let last = core.last, let (n, d) = FractionVerbalizer.vulgar[last],
                  case let head = core.dropLast().filter({ $0 != "-" }), !head.isEmpty, head.count <= 3, head.isAllDigits {
            vulgar = (n, d, String(head))
        }
        if let (n, d, wholePart) = vulgar {
            let proper = wholePart == nil
            if context.joins(i), i + 1 < context.pieces.count, let unit = unitAfter(i + 1, in: context) {
                let describes = !proper && isAdjective(at: i, unitEnd: i + 1 + unit.count, in: context, decimals: true, unit: unit.expression)
                let spoken = verbalizer.say(numerator: n, denominator: d, whole: wholePart, beforeUnit: true)
                var m = Match(1 + unit.count, spoken + " " + UnitVerbalizer(rules: rules).say(unit.expression, plural: !proper && !describes))
                m.consumesDot = unit.dotted
                return m
            }
            if proper, let said = halfOrQuarter(n, d, before: i + 1, in: context) { return Match(1, said) }
            return Match(1, verbalizer.say(numerator: n, denominator: d, whole: wholePart, beforeUnit: beforeQuantity(i + 1, in: context)))
        }
        let parts = core.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].isAllDigits, !parts[1].isEmpty else { return nil }
        var denominator = parts[1]
        // "1/4-inch": the fraction, then the word.
        var word = ""
        if let dash = denominator.firstIndex(of: "-"), denominator[denominator.index(after: dash)...].allSatisfy(\.isLetter),
           denominator.index(after: dash) < denominator.endIndex {
            word = " " + denominator[denominator.index(after: dash)...]
            denominator = denominator[..<dash]
        }
        let lower = denominator.lowercased()
        if lower.hasSuffix("th") || lower.hasSuffix("rd") || lower.hasSuffix("nd") || lower.hasSuffix("st") {
            denominator = denominator.dropLast(2)
        }
        guard denominator.isAllDigits, denominator.first != "0", parts[0].count <= 6, denominator.count <= 6 else {
            // "140/80mmHg": a reading over another with its unit glued.
            if whole == nil, case let digits = denominator.prefix(while: \.isASCIIDigit), !digits.isEmpty, digits.first != "0",
               let unit = UnitParser(rules: rules).parse(denominator.dropFirst(digits.count)), rules.spellNumbers,
               let spoken = pair(String(parts[0]), String(digits), exact: true) {
                return Match(1, spoken + " " + UnitVerbalizer(rules: rules).say(unit, plural: true))
            }
            // "12/kg": per unit (not "grade 7/A", where a capital that is also a symbol is a grade).
            if whole == nil, case let below = core[core.index(after: core.firstIndex(of: "/")!)...],
               below.count > 1 || !rules.ambiguousUnits.contains(String(below)), let unit = UnitParser(rules: rules).parse(below) {
                let n = CardinalVerbalizer(rules: rules).say(parts[0])
                return Match(1, "\(n) \(rules.per) \(UnitVerbalizer(rules: rules).say(unit, plural: false))")
            }
            return nil
        }
        let count = 1
        // "35/70 = 0.5": a division worked out.
        if whole == nil, word.isEmpty, denominator == parts[1], rules.numberWords == nil, rules.spellNumbers, context.joins(i), context.core(i + 1) == "=" {
            let cardinal = CardinalVerbalizer(rules: rules)
            return Match(1, "\(cardinal.say(parts[0])) \(rules.word("divided by")) \(cardinal.say(denominator))")
        }
        // "in 24/25", "the 27/28 budget": a financial year or a season, in two-digit years.
        if whole == nil, denominator == parts[1], let season = shortSeason(parts[0], denominator, at: i, in: context) { return Match(1, season) }
        // "Sam Curran (4/74)": a bowler's wickets for runs; "Pakistan reached 60/2": a side's runs for wickets.
        if whole == nil, denominator == parts[1], let figures = CricketFigures.say(parts[0], denominator, rules: rules),
           CricketFigures.isCricket(around: i, in: context) || CricketFigures.isSideTotal(parts[0], denominator, around: i, in: context) {
            return Match(1, figures)
        }
        // "a 33/1 double", "favoured at 1/10": a horse's odds, where racing or betting is spoken of.
        if whole == nil, word.isEmpty, denominator == parts[1], let odds = SportsContext.odds(parts[0], denominator, at: i, in: context) {
            return Match(1, odds)
        }
        if whole == nil, word.isEmpty, denominator == parts[1], let spoken = numberedPair(String(parts[0]), String(denominator), at: i, in: context) {
            return Match(1, spoken)
        }
        // Readings of a pair that is not a fraction, for a language that spells numbers.
        if whole == nil, rules.spellNumbers, let spoken = pair(String(parts[0]), String(denominator), exact: denominator == parts[1]) {
            // "130/80 mmHg": a reading over another, then its unit.
            if word.isEmpty, context.joins(i), i + 1 < context.pieces.count, let unit = unitAfter(i + 1, in: context) {
                var m = Match(1 + unit.count, spoken + " " + UnitVerbalizer(rules: rules).say(unit.expression, plural: true))
                m.consumesDot = unit.dotted
                return m
            }
            return Match(1, spoken + word)
        }
        // "media taza", "mezzo cucchiaino": half of a noun, agreeing with it.
        if let words = rules.numberWords, whole == nil, parts[0] == "1", denominator == "2", word.isEmpty, context.joins(i),
           let noun = context.core(i + 1), rules.gender(before: noun) != .none {
            if let unit = unitAfter(i + 1, in: context) {
                let name = UnitVerbalizer(rules: rules).say(unit.expression, plural: false)
                return Match(1 + unit.count, "\(words.half(rules.gender(before: name))) \(name)")
            }
            return Match(1, words.half(rules.gender(before: noun)))
        }
        let proper = whole == nil && (Int(parts[0]) ?? 0) < (Int(denominator) ?? 0)
        // "a 1/2 mile run": after "a" a half describes the noun, as before a unit ("a 5/16 wrench" keeps its plural).
        let afterArticle = parts[0] == "1" && i > 0 && context.pieces[i - 1].core.lowercased() == "a" && !context.pieces[i - 1].endsClause
        // "1/2-inch plywood", "3/4" plywood": before its unit a fraction is "half", "three quarter".
        var beforeUnit: String { verbalizer.say(numerator: String(parts[0]), denominator: String(denominator), whole: whole, beforeUnit: proper || whole != nil) }
        var spoken = afterArticle ? beforeUnit : verbalizer.say(numerator: String(parts[0]), denominator: String(denominator), whole: whole)
        if !word.isEmpty { return Match(1, (rules.allUnits[String(word.dropFirst())] != nil ? beforeUnit : spoken) + word) }
        // "4 1/2 lbs": the unit after a mixed fraction is plural; "1/4 tsp" takes the singular.
        if context.joins(i), i + 1 < context.pieces.count, let unit = unitAfter(i + 1, in: context) {
            // "a 2-1/2 inch circle": before a noun the measure describes it.
            let describes = !proper && isAdjective(at: i, unitEnd: i + 1 + unit.count, in: context, decimals: true, unit: unit.expression)
            spoken = beforeUnit + " " + UnitVerbalizer(rules: rules).say(unit.expression, plural: !proper && !describes)
            var m = Match(count + unit.count, spoken)
            m.consumesDot = unit.dotted
            return m
        } else if let m = markedMeasure(beforeUnit, singular: proper, at: i, in: context) {
            return Match(m.count, m.spoken).consumingQuote(m.consumesQuote)
        }
        if whole == nil, !afterArticle, word.isEmpty, let said = halfOrQuarter(String(parts[0]), String(denominator), before: i + 1, in: context) {
            return Match(count, said)
        }
        if word.isEmpty, beforeQuantity(i + 1, in: context) { return Match(count, beforeUnit) }
        return Match(count, spoken)
    }

    /// Whether piece `k` is a cook's measure written out ("cup", "cups", "teaspoon"): before it a
    /// fraction is said as before a unit ("one and three quarter cups").
    func beforeQuantity(_ k: Int, in context: Context) -> Bool {
        guard rules.numberWords == nil, context.joins(k - 1), let next = context.core(k), next.count >= 3, next.first?.isLowercase == true else { return false }
        let lower = next.lowercased()
        return rules.quantityUnits.contains(lower) || lower.hasSuffix("s") && rules.quantityUnits.contains(String(lower.dropLast()))
    }

    /// Two numbers with a slash that name something, not a fraction: after "number", a case
    /// numbered within its year ("No. 96/2012", "ninety six of twenty twelve") or two identifiers
    /// ("train number 12403/12404"); before a street, a unit and its house ("5/280 Bronte Road",
    /// "five, two eighty", as Australian addresses are written). English.
    func numberedPair(_ a: String, _ b: String, at i: Int, in context: Context) -> String? {
        guard rules.numberWords == nil, rules.spellNumbers, a.count <= 6, b.count <= 6,
              let top = NumberLiteral.parse(Substring(a), rules: rules), let bottom = NumberLiteral.parse(Substring(b), rules: rules) else { return nil }
        let reading = NumberReading(rules: rules)
        let cardinal = CardinalVerbalizer(rules: rules)
        if i > 0, !context.pieces[i - 1].endsClause || context.pieces[i - 1].trail == ".", context.previousIs("number") {
            if b.count == 4, let year = Int(b), (1950...2099).contains(year), a.count <= 4 {
                return "\(reading.sayIdentifier(top) ?? cardinal.say(a)) \(rules.word("of")) \(YearVerbalizer(rules: rules).say(year))"
            }
            return "\(reading.sayIdentifier(top) ?? cardinal.say(a)) \(rules.word("slash")) \(reading.sayIdentifier(bottom) ?? cardinal.say(b))"
        }
        if a.count <= 3, b.count <= 4, context.joins(i), isAddress(after: i + 1, in: context) {
            return "\(cardinal.say(a)), \(reading.sayHouseNumber(bottom))"
        }
        return nil
    }

    /// "1/2 a cup", "½ tablespoon", "1/4 of the pot": a half or a quarter before a word is said as
    /// people say it, "half a cup", "a quarter of the pot" (English).
    func halfOrQuarter(_ numerator: String, _ denominator: String, before k: Int, in context: Context) -> String? {
        guard rules.numberWords == nil, rules.spellNumbers, numerator == "1", denominator == "2" || denominator == "4",
              context.joins(k - 1), let next = context.core(k), next.first?.isLowercase == true, next.allSatisfy(\.isLetter),
              k < 1 || context.core(k - 2).map({ $0.lowercased() != "a" && $0.lowercased() != "and" && $0.lowercased() != "&" }) ?? true else { return nil }
        return denominator == "2" ? "half" : "a quarter"
    }

    /// Two numbers with a slash that are not read as a fraction: "98/100" and "7/10" (a score, "out
    /// of"), "50/50" (the number twice), "80/20" (a split of a hundred), "120/80" (a reading over
    /// another: a numerator as large as a denominator of ten or more). English words; only for
    /// languages that spell numbers.
    func pair(_ numerator: String, _ denominator: String, exact: Bool) -> String? {
        guard exact, rules.numberWords == nil, let a = Int(numerator), let b = Int(denominator), b > 0 else { return nil }
        let cardinal = CardinalVerbalizer(rules: rules)
        let top = cardinal.say(numerator), bottom = cardinal.say(denominator)
        if b == 10 || b == 100, a > 1, a <= b { return "\(top) out of \(bottom)" }
        // "scored 50% (200/400)", "18/20": a mark out of a round total (not "31/32", thirty-seconds).
        if (20...1000).contains(b), b <= 100 && b % 10 == 0 || b % 50 == 0 || b == 25, a > 1, a < b { return "\(top) out of \(bottom)" }
        // "Regulation (EU) 2016/679", "Directive 2009/28": a year, then a number: an act's name.
        if numerator.count == 4, (1900...2099).contains(a), denominator.count >= 2, let act = NumberLiteral.parse(Substring(denominator), rules: rules) {
            return "\(YearVerbalizer(rules: rules).say(a)) \(rules.word("slash")) \(NumberReading(rules: rules).sayHouseNumber(act))"
        }
        if a == b, a != 1 { return "\(top) \(top)" }
        if a + b == 100 { return "\(top) \(bottom)" }
        if b >= 10, a >= b { return "\(top) over \(bottom)" }
        return nil
    }

    /// "in 24/25", "the 27/28 budget", "24/25 season": two years in two digits, one after the other,
    /// after a word that leads into a time or before one that names a year's kind.
    func shortSeason(_ first: Substring, _ second: Substring, at i: Int, in context: Context) -> String? {
        guard rules.numberWords == nil, rules.spellNumbers, first.count == 2, second.count == 2, first.first != "0",
              let y = Int(first), let z = Int(second), z == y + 1 else { return nil }
        let before = i > 0 && !context.pieces[i - 1].endsClause ? context.pieces[i - 1].core.lowercased() : ""
        let after = context.joins(i) ? context.core(i + 1)?.lowercased() ?? "" : ""
        guard Self.beforeSeason.contains(before) || Self.seasonKinds.contains(after) else { return nil }
        let cardinal = CardinalVerbalizer(rules: rules)
        return "\(cardinal.say(first)) \(cardinal.say(second))"
    }

    static let beforeSeason: Set<String> = ["in", "for", "during", "since", "from", "until", "of", "the", "this", "last", "next"]
    static let seasonKinds: Set<String> = ["season", "seasons", "financial", "fiscal", "budget", "year", "academic", "school", "tax", "campaign"]

    /// "1-2=5", "2+3": numbers and operators.
    func math(_ core: Substring) -> String? {
        var words: [String] = []
        var current = ""
        func flush() {
            guard !current.isEmpty else { return }
            words.append(NumberReading(rules: rules).sayWhole(Substring(current), allowYear: false) ?? current)
            current = ""
        }
        // "38+/-3": plus or minus.
        let core = core.contains("+/-") ? Substring(core.replacingOccurrences(of: "+/-", with: "±")) : core
        for c in core {
            let op: String? = switch c {
            case "±": rules.symbols["±"]
            case "=": rules.symbols["="]
            case "+": rules.word("plus")
            case "-", "−": current.isEmpty && words.isEmpty ? nil : rules.word("minus")
            case "×", "*": rules.word("times")
            case "÷": rules.symbols["÷"]
            default: nil
            }
            if let op { flush(); words.append(op) } else { current.append(c) }
        }
        flush()
        return words.joined(separator: " ")
    }

    /// Whether a street name starts at piece `j`: capitalized words ending in a street word.
    func isAddress(after j: Int, in context: Context) -> Bool {
        guard !rules.streets.isEmpty else { return false }
        var k = j
        while k < context.pieces.count, k < j + 4 {
            let core = context.pieces[k].core
            guard let first = core.first, first.isUppercase || first.isASCIIDigit else { return false }
            if k > j, core.count > 1, rules.streetWords.contains(String(core)) { return true }
            if context.pieces[k].endsClause && k > j { return false }
            k += 1
        }
        return false
    }
}
