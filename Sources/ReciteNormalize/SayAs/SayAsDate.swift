/// Reads a `<say-as interpret-as="date">` by its `format`: the order of its fields (`mdy`, `dmy`,
/// `ymd`, `md`, `dm`, `ym`, `my`, `y`, `m`, `d`), or with their widths (`yyyymmdd`) for dates
/// written without separators. With no format, the language's order is used (`mdy` in the US).
///
/// A month may be a number or a name ("5", "May", "mai"); a day may carry an ordinal suffix
/// ("5th"). The date is said in the order of the format: "dmy" says "the fifth of May".
struct SayAsDate {
    let rules: LanguageRules

    func read(_ text: String, format: String?) -> String? {
        let letters = (format ?? "").filter(\.isLetter)
        var order: [Character] = []
        var widths: [Int] = []
        for c in letters {
            if order.last == c { widths[widths.count - 1] += 1 } else { order.append(c); widths.append(1) }
        }
        var fields = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        if order.isEmpty {
            let fourDigitsFirst = fields.first.map { $0.count == 4 && $0.isAllDigits } ?? false
            order = fourDigitsFirst ? ["y", "m", "d"] : rules.dateOrder == .monthDayYear ? ["m", "d", "y"] : ["d", "m", "y"]
            widths = fourDigitsFirst ? [4, 2, 2] : [2, 2, 4]
            if fields.count == 2 { order = order.filter { $0 != "y" } }
        }
        // "20200512" with "yyyymmdd" (or "ymd"): cut by the widths.
        if fields.count == 1, order.count > 1, let only = fields.first, only.isAllDigits {
            if widths.allSatisfy({ $0 == 1 }) { widths = order.map { $0 == "y" ? 4 : 2 } }
            guard widths.reduce(0, +) == only.count else { return nil }
            var cut: [String] = []
            var rest = Substring(only)
            for w in widths {
                cut.append(String(rest.prefix(w)))
                rest = rest.dropFirst(w)
            }
            fields = cut
        }
        guard fields.count == order.count else { return nil }
        var day: Int?, month: Int?, year: (value: Int, digits: Int)?
        for (letter, field) in zip(order, fields) {
            switch letter {
            case "y":
                guard field.isAllDigits, field.count <= 4, let y = Int(field) else { return nil }
                year = (y, field.count)
            case "m":
                guard let m = self.month(field) else { return nil }
                month = m
            case "d":
                guard let d = DateRecognizer(rules: rules).day(Substring(field)) else { return nil }
                day = d
            default:
                return nil
            }
        }
        let date = DateVerbalizer(rules: rules)
        guard let month else {
            // No month: a year alone, a day alone ("the fifth"), or a day and a year.
            var parts: [String] = []
            if let day { parts.append(OrdinalVerbalizer(rules: rules).say(String(day))) }
            if let year { parts.append(date.sayYear(year.value, digits: year.digits)) }
            if day != nil, rules.spellNumbers, rules.dateStyle == .dayFirst || order.first == "d" {
                parts.insert(rules.word("the"), at: 0)
            }
            return parts.isEmpty ? nil : parts.joined(separator: " ")
        }
        let style: DateStyle = switch order.first(where: { $0 != "y" }) {
        case "d": .dayFirst
        case "m": rules.dateStyle == .dayFirst && order.first == "y" ? .dayFirst : .monthFirst
        default: rules.dateStyle
        }
        return date.say(day: day, month: month, year: year, style: style)
    }

    /// A month as a number (1…12) or a name or abbreviation of the language.
    func month(_ field: String) -> Int? {
        if field.isAllDigits { return Int(field).flatMap { (1...12).contains($0) ? $0 : nil } }
        return rules.months[field.lowercased()]
    }
}
