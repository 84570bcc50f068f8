/// Says a date: "December fifth twenty twenty" (month first) or "the fifth of December twenty
/// twenty" (day first), with any of its parts missing ("June thirtieth", "July fifteen oh six").
struct DateVerbalizer {
    let rules: LanguageRules

    func say(day: Int?, month: Int, year: (value: Int, digits: Int)?, style: DateStyle, article: Bool = true) -> String {
        let monthName = rules.monthNames.indices.contains(month - 1) ? rules.monthNames[month - 1] : "\(month)"
        var parts: [String] = []
        if !rules.spellNumbers {
            // The voice reads "12 mai 2020" and "12. Mai 2020" itself.
            let german = rules.language.hasPrefix("de")
            if let day { parts.append(german ? "\(day)." : (day == 1 ? "1er" : "\(day)")) }
            parts.append(monthName.capitalizedFirst(if: german))
            if let year { parts.append(String(year.value)) }
            return parts.joined(separator: " ")
        }
        if rules.dateStyle == .dayNumber || style == .dayNumber {
            // "doce de mayo de dos mil veinte", "primo maggio duemilaventi": names in lower case.
            let of = rules.word("dateOf")
            if let day {
                parts.append(day == 1 && rules.firstDayOrdinal ? OrdinalVerbalizer(rules: rules).say("1")
                                                             : CardinalVerbalizer(rules: rules).say(day))
                parts.append(of)
            }
            parts.append(monthName)
            if let year { parts += [of, sayYear(year.value, digits: year.digits)] }
            return parts.filter { !$0.isEmpty }.joined(separator: " ")
        }
        let name = monthName.capitalizedFirst(if: true)
        if let day {
            let ordinal = OrdinalVerbalizer(rules: rules).say(String(day))
            if style == .dayFirst {
                if article { parts.append(rules.word("the")) }
                parts += [ordinal, rules.word("of"), name]
            } else {
                parts += [name, ordinal]
            }
        } else {
            parts.append(name)
        }
        if let year { parts.append(sayYear(year.value, digits: year.digits)) }
        return parts.joined(separator: " ")
    }

    /// A year of a date; two digits are read as written ("05" → "oh five", "98" → "ninety eight"),
    /// and "00" as the year it stands for ("two thousand"; "oh oh" nobody says).
    func sayYear(_ value: Int, digits: Int) -> String {
        if digits == 2, rules.numberWords == nil {
            let cardinal = CardinalVerbalizer(rules: rules)
            if value == 0 { return YearVerbalizer(rules: rules).say(2000) }
            return value < 10 ? "oh \(cardinal.say(value))" : cardinal.say(value)
        }
        return YearVerbalizer(rules: rules).say(value)
    }
}

extension String {
    func capitalizedFirst(if condition: Bool) -> String {
        guard condition, let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
