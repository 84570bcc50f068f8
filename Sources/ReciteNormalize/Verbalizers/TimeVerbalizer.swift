/// Says a clock time: "18:45" → "eighteen forty five", "08:00" → "eight o'clock",
/// "6:30 pm" → "six thirty PM", "1:01:01" → "one hour one minute and one second".
struct TimeVerbalizer {
    let rules: LanguageRules
    /// Whether a whole hour past noon is the 24-hour clock's "fifteen hundred" (a zone or a
    /// preposition proves it; a time alone, "23:00", is "twenty three o'clock").
    var hundreds = false
    /// Whether the hour was written with its zero ("05:17", "00:18"), said "oh five", "zero zero"
    /// (English, minutes past the hour only: "08:00" stays "eight o'clock").
    var zeroHour = false

    func say(hour: Int, minute: Int, second: Int?, meridiem: String?, zone: String?) -> String {
        let cardinal = CardinalVerbalizer(rules: rules)
        var parts: [String] = []
        if !rules.spellNumbers {
            // "18 h 45" (French), "18:45 Uhr" (German): the voice reads the digits.
            if rules.language.hasPrefix("fr") {
                parts += ["\(hour)", rules.word("hour", plural: hour > 1)]
                if minute > 0 { parts.append("\(minute)") }
            } else {
                parts += ["\(hour)", rules.word("oclock")]
                if minute > 0 { parts.append("\(minute)") }
            }
        } else if rules.numberWords != nil {
            // "las diez y treinta", "alle dieci e trenta": hours are feminine ("la una").
            parts.append(cardinal.say(hour, gender: .feminine))
            switch minute {
            case 0: break
            case 15 where rules.words["quarterPast"] != nil: parts.append(rules.word("quarterPast"))
            case 30 where rules.words["halfPast"] != nil: parts.append(rules.word("halfPast"))
            default: parts += [rules.word("timeAnd"), cardinal.say(minute)]
            }
            if let second, second > 0 { parts += [rules.word("and"), cardinal.say(second), rules.word("second", plural: second != 1)] }
            parts = parts.filter { !$0.isEmpty }
        } else if let second {
            // "00:13:20": no hours are said when there are none.
            if hour > 0 { parts += [cardinal.say(hour), rules.word("hour", plural: hour != 1)] }
            parts += [cardinal.say(minute), rules.word("minute", plural: minute != 1),
                      rules.word("and"), cardinal.say(second), rules.word("second", plural: second != 1)]
        } else {
            if zeroHour, minute > 0 { parts.append(hour == 0 ? "zero zero" : "oh \(cardinal.say(hour))") } else { parts.append(cardinal.say(hour)) }
            if minute == 0 {
                // "15:00 GMT", "at 16:00": past noon, the 24-hour clock of a timetable, "fifteen hundred".
                if meridiem == nil { parts.append(hour >= 13 && hundreds ? "hundred" : rules.word("oclock")) }
            } else if minute < 10 {
                parts += ["oh", cardinal.say(minute)]
            } else {
                parts.append(cardinal.say(minute))
            }
        }
        if let meridiem { parts.append(meridiem) }
        if let zone {
            let letters = zone.uppercased().filter { $0 != "." }
            // Spanish and Italian voices read "EST" as a word: its letters are said one by one;
            // in English "IST" and "AEDT" too would be read as words, unlike "I.S.T.".
            parts.append(rules.numberWords == nil ? letters.map(String.init).joined(separator: ".") + "." : letters.map(String.init).joined(separator: " "))
        }
        return parts.joined(separator: " ")
    }
}
