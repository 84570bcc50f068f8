/// Recognizes amounts of money with the currency before them: "$3.50", "€12k", "$4.5M",
/// "US$76.3 trillion", "USD 20", "¥30 b", "$20/mo", "$50.00-$100.00".
struct MoneyRecognizer {
    /// Magnitude words of two letters said after an amount and a space.
    static let shortMagnitudes: Set<Substring> = ["cr", "bn", "mn", "tn"]

    let rules: LanguageRules

    /// "₹4 lakh crore", "Rs 1.2 lakh crore": a magnitude word at `k` and another right after it,
    /// said together before the currency; the second one's count of pieces (0 or 1).
    func compoundMagnitude(_ magnitude: String, at k: Int, in context: Context) -> (String, Int) {
        guard context.joins(k), let next = context.core(k + 1), next.count > 2, let second = rules.magnitudes[next.lowercased()] else { return (magnitude, 0) }
        return ("\(magnitude) \(second)", 1)
    }

    func recognize(at i: Int, in context: Context) -> Match? {
        let piece = context.pieces[i]
        let core = piece.core
        // A currency code or sign as its own word before the amount: "USD 20", "€ 5", "R$ 50"; in
        // a language whose rules spell numbers in its own words, a code in lower case too ("usd 2").
        if context.joins(i), let next = context.core(i + 1), next.utf8.first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true,
           let currency = rules.currencies[String(core)] ?? (rules.numberWords != nil && core.count == 3 ? rules.currencies[core.uppercased()] : nil),
           core.count == 3 && (core.allSatisfy(\.isUppercase) || rules.numberWords != nil) || !core.contains(where: \.isLetter) || core.last == "$"
            || core.count == 2 && core.first!.isUppercase,
           let n = NumberLiteral.parse(next, rules: rules) {
            // "Rs 25 crore", "Rs 1 cr": a magnitude word after the amount (not a letter: "USD 5 m" may be metres).
            if n.end == next.endIndex, context.joins(i + 1), let word = context.core(i + 2), word.count > 2 || Self.shortMagnitudes.contains(word),
               let magnitude = rules.magnitudes[word.lowercased()] {
                let (both, more) = compoundMagnitude(magnitude, at: i + 2, in: context)
                return Match(3 + more, MoneyVerbalizer(rules: rules).say(n, currency: currency, magnitude: both))
            }
            // "USD 30,000–60,000", "USD 1,500/month": the amount read as if glued to its code.
            if var m = amount(next, currency: currency, at: i + 1, opening: i, in: context) {
                m.count += 1
                return m
            }
        }
        // "Rs. 500": a currency abbreviation with its period; "UGX. 500,000": a code given one.
        if let dotted = context.coreWithDot(i), let currency = rules.currencies[dotted]
            ?? (core.count == 3 && core.allSatisfy({ $0.isASCII && $0.isUppercase }) ? rules.currencies[String(core)] : nil), piece.trail == ".",
           let next = context.core(i + 1), let n = NumberLiteral.parse(next, rules: rules), n.end == next.endIndex {
            return Match(2, MoneyVerbalizer(rules: rules).say(n, currency: currency, magnitude: nil))
        }
        guard let (symbol, currency) = currencyPrefix(core) else { return nil }
        return amount(core.dropFirst(symbol.count), currency: currency, at: i, opening: i, in: context)
    }

    /// The amount written at piece `i` (its currency already read: glued before it, or a word of
    /// its own at `opening`): "3.50", "12k", "20/mo", "50.00-100.00", "150,000 - 200,000".
    func amount(_ written: Substring, currency: Currency, at i: Int, opening: Int, in context: Context) -> Match? {
        // "UGX 100,000/=", "KES 5,000/-": East Africa's "and no cents" after the amount is not said.
        let core = written.hasSuffix("/=") || written.hasSuffix("/-") ? written.dropLast(2) : written
        guard var n = NumberLiteral.parse(core, rules: rules) else { return nil }
        // "€420.000": in euros, three decimals group thousands (as written in much of Europe), unless a
        // magnitude follows ("€1.193 million").
        if rules.numberWords == nil, currency.major.singular == "euro", let f = n.fraction, f.count == 3, !n.grouped, n.integer.count <= 3,
           !n.integer.isEmpty, n.integer.first != "0", core[n.end...].isEmpty || core[n.end...].first == "/",
           !(context.joins(i) && context.core(i + 1).map { rules.magnitudes[$0.lowercased()] != nil } == true) {
            n.integer += f
            n.fraction = nil
            n.grouped = true
        }
        var rest = core[n.end...]
        // "S$580++ per pax": the taxes and service added to a menu's price, "plus plus".
        var pluses = ""
        if !rest.isEmpty, rest.count <= 2, rest.allSatisfy({ $0 == "+" }) {
            pluses = rest.map { _ in " " + rules.word("plus") }.joined()
            rest = rest[rest.endIndex...]
        }
        var money = MoneyVerbalizer(rules: rules)
        let numbers = NumberRecognizer(rules: rules)
        if rest.isEmpty, pluses.isEmpty, context.joins(i), let dash = context.core(i + 1), dash.count == 1,
           RangeRecognizer.dashes.contains(dash.first!), context.joins(i + 1), let highText = context.core(i + 2) {
            // "$150,000 - $200,000", "$200,000 - $250,000+": a range of amounts written apart.
            let plus = highText.count > 2 && highText.last == "+"
            // "at $731,000 – $81,000 above reserve": a high end below the low one is no range; nor is an em dash's aside.
            let highValue = currencyPrefix(highText).flatMap { NumberLiteral.parse(highText.dropFirst($0.0.count), rules: rules) }.flatMap { Double($0.integer) }
            if dash != "—", highValue.map({ $0 >= (Double(n.integer) ?? 0) }) ?? true, let high = sayAlone(plus ? highText.dropLast() : highText) {
                let spoken = RangeVerbalizer(rules: rules).say(money.say(n, currency: currency, magnitude: nil), high + (plus ? " \(rules.word("plus"))" : ""),
                                                               withFrom: false, after: context.previousLowercased)
                return Match(3, spoken)
            }
            // "Kshs. 169,140 - 324,430": the high end without its currency, said after it.
            if dash != "—", let range = plainHighEnd(n, highText, currency: currency, in: context) { return Match(3, range) }
        }
        // "Kshs. 169,140- 324,430": the dash glued to the low end.
        if rest.count == 1, RangeRecognizer.dashes.contains(rest.first!), rest != "—", context.joins(i), let highText = context.core(i + 1),
           let range = plainHighEnd(n, highText, currency: currency, in: context) {
            return Match(2, range)
        }
        if rest.isEmpty {
            // "$45 billion", "¥30 b".
            // "$100 million+ raises": a magnitude, then "plus".
            if context.joins(i), let written = context.core(i + 1), case let plus = written.count > 2 && written.last == "+",
               case let next = plus ? written.dropLast() : written,
               let magnitude = rules.magnitudes[String(next)] ?? (next.count > 2 ? rules.magnitudes[next.lowercased()] : nil) {
                // "a $95 billion valuation", "$4.47 bln settlement": an amount before a noun says its currency in the singular.
                // "a $5 billion dollar deal": the currency's name written after the amount is said once.
                if !plus, context.joins(i + 1), let name = context.core(i + 2), currency.major.singular == name.lowercased() || currency.major.plural == name.lowercased() {
                    money.adjective = currency.major.singular == name.lowercased()
                    return Match(3, money.say(n, currency: currency, magnitude: magnitude))
                }
                let (both, more) = plus ? (magnitude, 0) : compoundMagnitude(magnitude, at: i + 1, in: context)
                money.adjective = numbers.isAdjective(at: i, unitEnd: nounAfterRate(i + 2 + more, in: context), in: context, decimals: true)
                return Match(2 + more, money.say(n, currency: currency, magnitude: both) + (plus ? " \(rules.word("plus"))" : ""))
            }
            // "£6,328 pa", "R125 373 p.a.": a rate's abbreviation after the amount.
            if pluses.isEmpty, context.joins(i) || context.pieces[i].trail.isEmpty, let rate = rateAfter(i + 1, in: context) {
                var m = Match(2, money.say(n, currency: currency, magnitude: nil) + " " + rate.spoken)
                m.consumesDot = rate.dotted
                return m
            }
            // "a $40.00 application fee": whole cents describe as a whole amount does.
            let whole = n.isInteger || n.fraction?.allSatisfy({ $0 == "0" }) == true
            // Without a determiner (or a possessive, or a compound adjective) before it, an amount counts
            // ("£75,000 adrift", "$1979 return"), unless a plural follows ("$1000 increments").
            money.adjective = pluses.isEmpty && whole && (determinerBefore(opening, in: context) || pluralAfter(nounAfterRate(i + 1, in: context), in: context))
                && numbers.isAdjective(at: i, unitEnd: nounAfterRate(i + 1, in: context), in: context, decimals: !n.isInteger)
            return Match(1, money.say(n, currency: currency, magnitude: nil) + pluses)
        }
        if let rate = rules.moneyRates[String(rest)] { return Match(1, money.say(n, currency: currency, magnitude: nil) + " " + rate) }
        if let magnitude = rules.magnitudes[String(rest)] {
            money.adjective = numbers.isAdjective(at: i, unitEnd: i + 1, in: context)
            return Match(1, money.say(n, currency: currency, magnitude: magnitude))
        }
        // "$20/mo": per unit of time; "a $1,500/month apartment": after "a" before a noun, in the singular
        // ("£10/wk sounds good" keeps the plural).
        money.adjective = rest.first == "/" && opening > 0 && ["a", "an"].contains(context.pieces[opening - 1].core.lowercased())
            && numbers.isAdjective(at: i, unitEnd: i + 1, in: context, decimals: true)
        if rest.first == "/", let unit = UnitParser(rules: rules).parse(rest.dropFirst()) {
            let amount = money.say(n, currency: currency, magnitude: nil)
            return Match(1, "\(amount) \(rules.per) \(UnitVerbalizer(rules: rules).say(unit, plural: false))")
        }
        // "$9.99/month": per a word of time; "$30/pet/night": per one, then per the other.
        if rest.first == "/", rest.count > 2, case let words = rest.dropFirst().split(separator: "/", omittingEmptySubsequences: false),
           words.count <= 3, words.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter && $0.isLowercase } }) {
            let per = words.map { "\(rules.per) \(rules.allUnits[String($0)]?.singular ?? String($0))" }.joined(separator: " ")
            return Match(1, "\(money.say(n, currency: currency, magnitude: nil)) \(per)")
        }
        // "a $5-a-day habit", "the S$700-and-under segment": an amount joined to words by hyphens
        // describes the noun after them, in the singular.
        if rest.first == "-", case let words = rest.dropFirst(), words.first?.isLetter == true, words.count <= 24,
           words.allSatisfy({ $0.isLetter || $0 == "-" }), !words.hasSuffix("-") {
            money.adjective = true
            return Match(1, money.say(n, currency: currency, magnitude: nil) + " " + words.split(separator: "-").joined(separator: " "))
        }
        // "$50.00-$100.00", "$1k-$1,250", "$200-750" (the currency said once, at the end).
        if let dash = rest.firstIndex(where: { RangeRecognizer.dashes.contains($0) }), dash < rest.index(before: rest.endIndex),
           case let head = rest[..<dash], head.isEmpty || rules.magnitudes[String(head)] != nil {
            let magnitude = head.isEmpty ? nil : rules.magnitudes[String(head)]
            let highText = rest[rest.index(after: dash)...]
            let range = RangeVerbalizer(rules: rules)
            if let high = sayAlone(highText) {
                let low = money.say(n, currency: currency, magnitude: magnitude)
                return Match(1, range.say(low, high, withFrom: false, after: context.previousLowercased))
            }
            // "$5-10 million": the magnitude in the next word counts for both ends.
            if magnitude == nil, let m = NumberLiteral.parse(highText, rules: rules), m.end == highText.endIndex, context.joins(i),
               let word = context.core(i + 1), word.count > 2, let shared = rules.magnitudes[word.lowercased()] {
                let low = DecimalVerbalizer(rules: rules, hundredAnd: false).say(n)
                return Match(2, range.say(low, money.say(m, currency: currency, magnitude: shared), withFrom: false, after: context.previousLowercased))
            }
            if let m = NumberLiteral.parse(highText, rules: rules), m.end == highText.endIndex {
                let low = DecimalVerbalizer(rules: rules).say(n) + (magnitude.map { " \($0)" } ?? "")
                return Match(1, range.say(low, money.say(m, currency: currency, magnitude: nil), withFrom: false, after: context.previousLowercased))
            }
            // "€8–10k": the magnitude written once, after the high end, counts for both.
            if magnitude == nil, let m = NumberLiteral.parse(highText, rules: rules), let shared = rules.magnitudes[String(highText[m.end...])] {
                let low = DecimalVerbalizer(rules: rules, hundredAnd: false).say(n)
                return Match(1, range.say(low, money.say(m, currency: currency, magnitude: shared), withFrom: false, after: context.previousLowercased))
            }
        }
        return nil
    }

    /// Where the noun an amount describes stands, past a rate after it: "a $4 billion a year
    /// operation", "a $20 an hour job" (English); else `k`.
    func nounAfterRate(_ k: Int, in context: Context) -> Int {
        guard rules.numberWords == nil, let rate = context.core(k), ["a", "an", "per"].contains(rate), context.joins(k),
              let time = context.core(k + 1), Self.timeWords.contains(time.lowercased()), context.joins(k + 1) else { return k }
        return k + 2
    }

    /// Whether a word that opens a noun phrase stands before piece `i` ("a $40 fee", "the $16 budget").
    func determinerBefore(_ i: Int, in context: Context) -> Bool {
        guard rules.numberWords == nil else { return true }
        guard i > 0, !context.pieces[i - 1].endsClause else { return false }
        let before = context.pieces[i - 1].core
        return Self.determiners.contains(before.lowercased()) || before.hasSuffix("'s") || before.hasSuffix("’s")
            || before.contains("-") && before.last?.isLetter == true
    }

    /// Whether piece `k` is a noun in the plural ("increments"), which an amount before it describes.
    func pluralAfter(_ k: Int, in context: Context) -> Bool {
        guard let noun = context.core(k), noun.count > 3, noun.first?.isLowercase == true else { return false }
        return noun.hasSuffix("s") && !noun.hasSuffix("ss") && !noun.hasSuffix("us")
    }

    static let determiners: Set<String> = ["a", "an", "the", "this", "that", "these", "those", "its", "their", "his", "her",
                                           "our", "your", "my", "each", "every", "another", "one", "any", "no", "whose"]

    /// A rate's abbreviation in piece `k` ("pa", "p.a."), and whether its last period is its own.
    func rateAfter(_ k: Int, in context: Context) -> (spoken: String, dotted: Bool)? {
        guard let word = context.core(k), word.count <= 4 else { return nil }
        if let rate = rules.moneyRates[String(word)] { return (rate, false) }
        if let dotted = context.coreWithDot(k), let rate = rules.moneyRates[dotted] {
            return (rate, context.core(k + 1)?.first.map { $0.isLowercase || $0.isASCIIDigit } ?? false)
        }
        return nil
    }

    static let timeWords: Set<String> = ["year", "month", "week", "day", "night", "hour", "minute"]

    /// An amount with its currency symbol, alone ("$300").
    /// "one hundred sixty nine thousand … to three hundred twenty four thousand … shillings": a
    /// range whose high end is a bare number, no smaller than the low end, the currency said once.
    private func plainHighEnd(_ low: NumberLiteral, _ highText: Substring, currency: Currency, in context: Context) -> String? {
        guard let high = NumberLiteral.parse(highText, rules: rules), high.end == highText.endIndex,
              let a = Double(low.integer), let b = Double(high.integer), b >= a, low.grouped || high.grouped || low.integer.count >= 3 else { return nil }
        let spokenLow = DecimalVerbalizer(rules: rules).say(low)
        return RangeVerbalizer(rules: rules).say(spokenLow, MoneyVerbalizer(rules: rules).say(high, currency: currency, magnitude: nil),
                                                 withFrom: false, after: context.previousLowercased)
    }

    func sayAlone(_ text: Substring) -> String? {
        guard let (symbol, currency) = currencyPrefix(text) else { return nil }
        let body = text.dropFirst(symbol.count)
        guard let n = NumberLiteral.parse(body, rules: rules) else { return nil }
        let rest = body[n.end...]
        if rest.isEmpty { return MoneyVerbalizer(rules: rules).say(n, currency: currency, magnitude: nil) }
        if let rate = rules.moneyRates[String(rest)] { return MoneyVerbalizer(rules: rules).say(n, currency: currency, magnitude: nil) + " " + rate }
        if let magnitude = rules.magnitudes[String(rest)] { return MoneyVerbalizer(rules: rules).say(n, currency: currency, magnitude: magnitude) }
        return nil
    }

    /// The currency symbol that starts `text` ("$", "US$", "€"), the longest first.
    private func currencyPrefix(_ text: Substring) -> (String, Currency)? {
        guard let first = text.first, !first.isASCIIDigit else { return nil }
        for length in stride(from: min(4, text.count - 1), through: 1, by: -1) {
            let key = String(text.prefix(length))
            guard let currency = rules.currencies[key] else { continue }
            // Codes of letters ("USD") only glued to digits when written in capitals.
            if key.allSatisfy(\.isLetter) { continue }
            return (key, currency)
        }
        return nil
    }
}
