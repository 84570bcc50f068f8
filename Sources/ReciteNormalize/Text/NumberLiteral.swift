/// A number as written at the start of a word, read by the language's separators:
/// "1,250.25" in English and "1 250,25" or "1.250,25" in French or German are the same value.
struct NumberLiteral {
    var negative = false
    /// The integer digits without group separators ("1250"); empty for ".5".
    var integer = ""
    /// The digits after the decimal separator, if there is one.
    var fraction: String?
    /// Whether the integer was written with group separators ("1,250").
    var grouped = false
    /// Whether it was grouped the Indian way, by lakhs and crores ("1,11,544", "3,00,000").
    var indian = false
    /// Where the number ends in the word it was read from.
    var end: Substring.Index

    var isInteger: Bool { fraction == nil }
    var hasLeadingZero: Bool { integer.count > 1 && integer.first == "0" }
    /// The integer part as a value, when it fits.
    var value: Int? { integer.count <= 15 ? Int(integer) : nil }
    /// True for exactly one ("1", "1.0"): the singular of units and currencies.
    var isOne: Bool { integer == "1" && (fraction ?? "").allSatisfy { $0 == "0" } }

    /// Whether the integer is said as a number ("one thousand two hundred") rather than digit by
    /// digit (long codes, "004").
    func groupedOrShort(_ rules: LanguageRules) -> Bool {
        grouped || (!hasLeadingZero && integer.count <= rules.maxCardinalDigits)
    }

    /// "39.4°C" in a Spanish text: a period before one or two digits, where a period only groups
    /// thousands, is a decimal point written the English way.
    static func isForeignDecimalPoint(_ text: Substring, at i: Substring.Index, rules: LanguageRules, grouped: Bool) -> Bool {
        guard rules.numberWords != nil, rules.decimalSeparator != ".", !grouped, text[i] == "." else { return false }
        let digits = text[text.index(after: i)...].prefix(while: \.isASCIIDigit)
        guard (1...2).contains(digits.count) else { return false }
        let rest = text[digits.endIndex...]
        return rest.first.map { !$0.isASCIIDigit && $0 != "." && $0 != "/" && $0 != "-" } ?? true
    }

    /// Reads the number at the start of `text`, or nil when it does not start with one.
    static func parse(_ text: Substring, rules: LanguageRules) -> NumberLiteral? {
        var number = NumberLiteral(end: text.startIndex)
        var i = text.startIndex
        // "–50 C": an en dash typed for the minus sign (the reader only passes one that follows no number).
        if i < text.endIndex, text[i] == "-" || text[i] == "−" || text[i] == "–" {
            number.negative = true
            i = text.index(after: i)
        }
        var digits = ""
        var sawDigit = false
        while i < text.endIndex {
            let c = text[i]
            if c.isASCIIDigit {
                digits.append(c)
                sawDigit = true
                i = text.index(after: i)
            } else if sawDigit, c == ",", !number.grouped, digits.count <= 2, rules.decimalSeparator == ".",
                      let groupsEnd = indianGroupsEnd(text, from: i) {
                // "1,11,544", "Rs. 3,00,000.00": groups of two, then the last three.
                digits += text[i..<groupsEnd].filter(\.isASCIIDigit)
                number.grouped = true
                number.indian = true
                i = groupsEnd
            } else if sawDigit, c != rules.decimalSeparator, rules.groupSeparators.contains(c),
                      exactlyThreeDigits(text, after: i) {
                number.grouped = true
                i = text.index(after: i)
            } else {
                break
            }
        }
        if i < text.endIndex, text[i] == rules.decimalSeparator || isForeignDecimalPoint(text, at: i, rules: rules, grouped: number.grouped) {
            let after = text.index(after: i)
            if after < text.endIndex, text[after].isASCIIDigit {
                var fraction = ""
                var j = after
                while j < text.endIndex, text[j].isASCIIDigit {
                    fraction.append(text[j])
                    j = text.index(after: j)
                }
                number.fraction = fraction
                i = j
                sawDigit = true
            }
        }
        guard sawDigit else { return nil }
        number.integer = digits
        number.end = i
        return number
    }

    /// Where Indian groups starting at the comma at `index` end: one or more ",dd" then ",ddd" and
    /// no further digit; nil when the text is not grouped so.
    private static func indianGroupsEnd(_ text: Substring, from index: Substring.Index) -> Substring.Index? {
        var j = index
        var pairs = 0
        while j < text.endIndex, text[j] == "," {
            var k = text.index(after: j)
            var count = 0
            while k < text.endIndex, text[k].isASCIIDigit { count += 1; k = text.index(after: k) }
            if count == 3 { return pairs > 0 && (k == text.endIndex || text[k] != ",") ? k : nil }
            guard count == 2 else { return nil }
            pairs += 1
            j = k
        }
        return nil
    }

    /// Exactly three digits after `index`, then no further digit.
    private static func exactlyThreeDigits(_ text: Substring, after index: Substring.Index) -> Bool {
        var j = text.index(after: index)
        var count = 0
        while j < text.endIndex, text[j].isASCIIDigit {
            count += 1
            j = text.index(after: j)
        }
        return count == 3
    }
}
