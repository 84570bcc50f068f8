import Foundation
import ReciteScript

/// What a `<say-as>` comes to: words to say, or a silence (an expletive).
public enum SayAsReading: Sendable, Equatable {
    case words(String)
    case silence(Double)
}

/// Reads the text of an SSML `<say-as>` as its `interpret-as` type says, with the typed verbalizers
/// of the language: no guessing, since the author said what the text is.
///
/// Each type returns nil when the text is not of that type ("cardinal" around "hello"); the
/// normalizer then reads the text as it would any other.
struct SayAsReader {
    let rules: LanguageRules

    /// Seconds of silence per letter of an expletive: about the time a voice takes to say it.
    static let secondsPerLetter = 0.08

    func read(_ text: String, as request: SayAs) -> SayAsReading? {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !t.isEmpty else { return nil }
        if request.interpretAs == "expletive" || request.interpretAs == "bleep" {
            let letters = t.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }.count
            return .silence(max(0.3, Double(letters) * Self.secondsPerLetter))
        }
        let words: String? = switch request.interpretAs {
        case "cardinal", "number": cardinal(t)
        case "ordinal": ordinal(t)
        case "digits": digits(t)
        case "fraction": fraction(t)
        case "unit": unit(t)
        case "date": SayAsDate(rules: rules).read(t, format: request.format)
        case "time": time(t, format: request.format)
        case "telephone": telephone(t)
        case "currency": currency(t)
        default: nil
        }
        return words.map(SayAsReading.words)
    }

    // MARK: - Numbers

    /// "1,250" → "one thousand two hundred and fifty", "-3.5", "XIV" → "fourteen".
    func cardinal(_ t: String) -> String? {
        if let number = wholeNumber(t) {
            var forced = number
            forced.grouped = true  // the author said it is a number: never digit by digit
            return DecimalVerbalizer(rules: rules).say(forced)
        }
        if let roman = RomanVerbalizer.value(of: t.uppercased()) { return CardinalVerbalizer(rules: rules).say(roman) }
        return nil
    }

    /// "3", "3rd", "3e", "3.", "III" → "third".
    func ordinal(_ t: String) -> String? {
        var digits = Substring(t)
        while let last = digits.last, !last.isASCIIDigit { digits.removeLast() }
        let suffix = t.dropFirst(digits.count).lowercased()
        if digits.isAllDigits, ["", ".", "st", "nd", "rd", "th", "e", "er", "re", "ème", "eme", "te", "te."].contains(suffix) {
            return OrdinalVerbalizer(rules: rules).say(String(Int(digits).map(String.init) ?? String(digits)))
        }
        if let roman = RomanVerbalizer.value(of: t.uppercased()) { return OrdinalVerbalizer(rules: rules).say(String(roman)) }
        return nil
    }

    /// "2024" → "two zero two four".
    func digits(_ t: String) -> String? {
        let digits = t.filter(\.isASCIIDigit)
        guard !digits.isEmpty else { return nil }
        return rules.spellNumbers ? DigitsVerbalizer(rules: rules).say(digits) : digits.map(String.init).joined(separator: " ")
    }

    /// "3/4", "2 1/2", "2+1/2", "-1/3", "½", "1½".
    func fraction(_ t: String) -> String? {
        var text = Substring(t.trimmingCharacters(in: .whitespaces))
        var negative = false
        if let first = text.first, first == "-" || first == "−" {
            negative = true
            text = text.dropFirst()
        }
        var whole: String?
        var numerator: String, denominator: String
        if let last = text.last, let (n, d) = FractionVerbalizer.vulgar[last] {
            let w = text.dropLast().trimmingCharacters(in: .whitespaces)
            guard w.isEmpty || w.isAllDigits else { return nil }
            whole = w.isEmpty ? nil : w
            (numerator, denominator) = (n, d)
        } else {
            let parts = text.split(whereSeparator: { $0 == " " || $0 == "+" })
            guard (1...2).contains(parts.count), let slashed = parts.last,
                  let slash = slashed.firstIndex(where: { $0 == "/" || $0 == "⁄" }) else { return nil }
            numerator = String(slashed[..<slash])
            denominator = String(slashed[slashed.index(after: slash)...])
            guard numerator.isAllDigits, denominator.isAllDigits, Int(denominator) != 0 else { return nil }
            if parts.count == 2 {
                guard parts[0].isAllDigits else { return nil }
                whole = String(parts[0])
            }
        }
        let said = FractionVerbalizer(rules: rules).say(numerator: numerator, denominator: denominator, whole: whole)
        return negative ? "\(rules.word("minus")) \(said)" : said
    }

    /// "8 m²", "10km/h", "5.5 kg": the number, then the unit agreeing with it.
    func unit(_ t: String) -> String? {
        let text = Substring(t)
        guard let number = NumberLiteral.parse(text, rules: rules) else { return nil }
        let rest = text[number.end...].trimmingCharacters(in: .whitespaces)
        guard !rest.isEmpty else { return nil }
        var forced = number
        forced.grouped = true
        let amount = DecimalVerbalizer(rules: rules).say(forced)
        if let expression = UnitParser(rules: rules).parse(rest) {
            return "\(amount) \(UnitVerbalizer(rules: rules).say(expression, plural: !number.isOne))"
        }
        // A unit written as a word ("5 feet"): said as written.
        return rest.allSatisfy({ $0.isLetter || $0 == " " }) ? "\(amount) \(rest)" : nil
    }

    /// The whole of `t` as one number ("+5", "1 250,5" in French), or nil.
    func wholeNumber(_ t: String) -> NumberLiteral? {
        var text = Substring(t)
        if text.first == "+" { text = text.dropFirst() }
        if let n = NumberLiteral.parse(text, rules: rules), n.end == text.endIndex { return n }
        // Group separators that are spaces ("1 250") are not part of one word: drop them.
        let joined = Substring(text.filter { !$0.isWhitespace })
        if joined != text, let n = NumberLiteral.parse(joined, rules: rules), n.end == joined.endIndex { return n }
        return nil
    }

    // MARK: - Time, telephone, money

    /// "14:30", "2:30pm", "2:30 p.m.", "1:05:30 PM"; `hms24` says "fourteen hundred" for "14:00".
    func time(_ t: String, format: String?) -> String? {
        var fields: [Int] = []
        var i = t.startIndex
        while i < t.endIndex, fields.count < 3 {
            var value = 0, count = 0
            while i < t.endIndex, t[i].isASCIIDigit, count < 3 {
                value = value * 10 + (t[i].wholeNumberValue ?? 0)
                count += 1
                i = t.index(after: i)
            }
            guard count > 0, count <= 2 else { return nil }
            fields.append(value)
            guard i < t.endIndex, t[i] == ":" || t[i] == "." || t[i] == "h",
                  t.index(after: i) < t.endIndex, t[t.index(after: i)].isASCIIDigit else { break }
            i = t.index(after: i)
        }
        let rest = t[i...].trimmingCharacters(in: .whitespaces).lowercased()
        var meridiem: String?
        if !rest.isEmpty {
            guard let m = rules.meridiems[rest] ?? rules.meridiems[rest + "."] else { return nil }
            meridiem = m
        }
        guard let hour = fields.first, hour <= 24 else { return nil }
        let minute = fields.count > 1 ? fields[1] : 0
        let second = fields.count > 2 ? fields[2] : nil
        guard minute < 60, (second ?? 0) < 60 else { return nil }
        let verbalizer = TimeVerbalizer(rules: rules)
        let twentyFourHour = format?.hasSuffix("24") == true
        var said: String
        if twentyFourHour, rules.spellNumbers, minute == 0, meridiem == nil, hour != 12 || second != nil {
            said = "\(CardinalVerbalizer(rules: rules).say(hour)) hundred"
        } else {
            said = verbalizer.say(hour: hour, minute: minute, second: nil, meridiem: meridiem, zone: nil)
            if let meridiem, said.hasSuffix(" " + meridiem) { said.removeLast(meridiem.count + 1) }
        }
        if let second, second > 0 {
            said += " \(rules.word("and")) \(CardinalVerbalizer(rules: rules).say(second)) \(rules.word("second", plural: second != 1))"
        }
        if let meridiem { said += " \(meridiem)" }
        return said
    }

    /// "+1 (555) 123-4567" → "plus one, five five five, one two three, four five six seven".
    func telephone(_ t: String) -> String? {
        var groups: [Substring] = []
        var current = t.startIndex
        var i = t.startIndex
        while i < t.endIndex {
            if t[i].isASCIIDigit {
                current = i
                while i < t.endIndex, t[i].isASCIIDigit { i = t.index(after: i) }
                groups.append(t[current..<i])
            } else {
                guard " ()-.+/".contains(t[i]) else { return nil }
                i = t.index(after: i)
            }
        }
        guard !groups.isEmpty else { return nil }
        let trimmed = t.drop(while: { $0 == " " })
        let countryCode = trimmed.hasPrefix("+") && groups.count > 1 ? groups.removeFirst() : nil
        return TelephoneVerbalizer(rules: rules).say(countryCode: countryCode, groups: groups)
    }

    /// "$42.01", "€5", "42.01 USD", "USD 42.01", "5 €", "£1.5M".
    func currency(_ t: String) -> String? {
        let money = MoneyRecognizer(rules: rules)
        let compact = Substring(t.filter { !$0.isWhitespace })
        if let said = money.sayAlone(compact) { return said }
        let parts = t.split(separator: " ")
        // A code or symbol after the amount ("42.01 USD", "5€"), or a code before it ("USD 42.01").
        for split in candidateSplits(Substring(t)) {
            guard let currency = rules.currencies[split.code], let n = wholeNumber(split.amount) else { continue }
            return MoneyVerbalizer(rules: rules).say(n, currency: currency, magnitude: nil)
        }
        if parts.count == 2, let n = wholeNumber(String(parts[0])), let magnitude = rules.magnitudes[String(parts[1])] {
            return "\(DecimalVerbalizer(rules: rules).say(n)) \(magnitude)"
        }
        return nil
    }

    /// Ways to cut a money expression into amount and currency, the currency last or first.
    private func candidateSplits(_ t: Substring) -> [(amount: String, code: String)] {
        var splits: [(String, String)] = []
        if let end = t.lastIndex(where: { $0.isASCIIDigit }) {
            let after = t[t.index(after: end)...].trimmingCharacters(in: .whitespaces)
            splits.append((String(t[...end]).trimmingCharacters(in: .whitespaces), after))
        }
        if let start = t.firstIndex(where: { $0.isASCIIDigit || $0 == "-" }) {
            splits.append((String(t[start...]), t[..<start].trimmingCharacters(in: .whitespaces)))
        }
        return splits
    }
}
