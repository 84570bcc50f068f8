/// Recognizes clock times: "18:45", "6:30 pm", "1:00a.m.", "5pm", "1.59 p.m.", "11:30EST",
/// "10:00:00 p.m. e.s.t", and the meridiem or zone in the next word.
struct TimeRecognizer {
    let rules: LanguageRules
    /// Whether "4p" is a time: the high end of a range of times ("9:30a – 4p").
    var shortMeridiem = false

    func recognize(at i: Int, in context: Context) -> Match? {
        let core = context.pieces[i].core
        // "445am", "1030pm": hours and minutes without their colon, before a glued meridiem (English).
        if rules.numberWords == nil, core.utf8.count >= 5, core.utf8.count <= 9, core.utf8.last.map({ $0 | 0x20 == UInt8(ascii: "m") || $0 == UInt8(ascii: ".") }) == true,
           case let digits = core.prefix(while: \.isASCIIDigit), (3...4).contains(digits.count),
           case let (m, after) = takeMeridiem(core[digits.endIndex...], trail: context.pieces[i].trail), let m, after.isEmpty,
           let v = Int(digits), (1...12).contains(v / 100), v % 100 < 60 {
            return finish([v / 100, v % 100], meridiem: m, zone: nil, count: 1)
        }
        // "open 1030 am to 930 pm", "at 400 am": the same with the meridiem apart (not "930 picometers").
        if rules.numberWords == nil, (3...4).contains(core.utf8.count), core.isAllDigits, context.joins(i) || context.pieces[i].trail.isEmpty,
           let next = context.core(i + 1), next.utf8.count <= 4, case let (m, after) = takeMeridiem(next, trail: context.pieces[i + 1].trail),
           let m, after.isEmpty, let v = Int(core), (1...12).contains(v / 100), v % 100 < 60 {
            return finish([v / 100, v % 100], meridiem: m, zone: nil, count: 2)
        }
        // "18:00 hrs", "08:00 hours": the 24-hour clock with its colon, named by the word after it
        // ("eighteen hundred hours"), as the same time without the colon is.
        if rules.numberWords == nil, core.utf8.count == 5, context.joins(i), let next = context.core(i + 1),
           ["hrs", "hours", "hr"].contains(next.lowercased()), case let parts = core.split(separator: ":"), parts.count == 2,
           parts[0].count == 2, parts[1].count == 2, parts.allSatisfy(\.isAllDigits),
           let clock = NumberRecognizer(rules: rules).twentyFourHour(String(parts[0] + parts[1])) {
            var m = Match(2, "\(clock) \(rules.word("hours"))")
            m.consumesDot = context.pieces[i + 1].trail.hasPrefix(".") && next.lowercased() == "hrs" && context.core(i + 2)?.first?.isLowercase == true
            return m
        }
        // "15h30", "9h00": hours and minutes as South Africa and French-speaking Africa write them.
        if rules.numberWords == nil, (4...5).contains(core.utf8.count), let h = core.firstIndex(of: "h"),
           case let hours = core[..<h], case let minutes = core[core.index(after: h)...], (1...2).contains(hours.count), minutes.count == 2,
           hours.isAllDigits, minutes.isAllDigits, let hh = Int(hours), let mm = Int(minutes), hh < 24, mm < 60 {
            return finish([hh, mm], meridiem: nil, zone: nil, count: 1)
        }
        // Fields: H:MM[:SS], or H.MM / H alone when a meridiem follows.
        var fields: [Int] = []
        var j = core.startIndex
        var separator: Character?
        while j < core.endIndex {
            var digits = 0, value = 0
            while j < core.endIndex, core[j].isASCIIDigit, digits < 3 {
                value = value * 10 + (core[j].wholeNumberValue ?? 0)
                digits += 1
                j = core.index(after: j)
            }
            guard digits > 0, digits <= 2 else { return nil }
            if !fields.isEmpty, digits != 2 { return nil }
            fields.append(value)
            guard j < core.endIndex, core[j] == ":" || core[j] == ".", fields.count < 3,
                  core.index(after: j) < core.endIndex, core[core.index(after: j)].isASCIIDigit else { break }
            if let separator, separator != core[j] { return nil }
            separator = core[j]
            j = core.index(after: j)
        }
        var rest = core[j...]
        var count = 1
        // The meridiem and zone, glued ("5pm", "1:59p.m.est") or in the next words.
        var meridiem: String?
        var zone: String?
        if !rest.isEmpty {
            var (m, after) = takeMeridiem(rest, trail: context.pieces[i].trail)
            // "9:30a", "4p" after a time: a meridiem's first letter, in English hours.
            if m == nil, rules.numberWords == nil, rest.count == 1, separator == ":" || shortMeridiem,
               let short = rules.meridiems[rest.lowercased() + "m"] {
                (m, after) = (short, "")
            }
            guard let m else {
                guard separator == ":" || separator == "." && rules.numberWords != nil, rules.timeZones.contains(rest.lowercased()) else { return nil }
                zone = String(rest)
                rest = ""
                return finish(fields, meridiem: nil, zone: zone, count: 1)
            }
            meridiem = m
            rest = after
            // "5pm–late", "7am–5pm": a range of hours glued by a dash, the high end a word or a time.
            if let dash = rest.first, RangeRecognizer.dashes.contains(dash), rest.count > 1,
               let low = finish(fields, meridiem: m, zone: nil, count: 1) {
                let high = rest.dropFirst()
                if high.allSatisfy(\.isLetter), high.count >= 4 { return Match(1, "\(low.spoken) \(rules.word("to")) \(high)") }
                let piece = Piece(core: high, lead: "", trail: context.pieces[i].trail, span: context.pieces[i].span, style: context.pieces[i].style)
                if let t = recognize(at: 0, in: Context(rules: rules, pieces: [piece])), t.count == 1 {
                    return Match(1, "\(low.spoken) \(rules.word("to")) \(t.spoken)")
                }
                return nil
            }
            if !rest.isEmpty {
                guard rules.timeZones.contains(rest.lowercased()) || rules.timeZones.contains(rest.lowercased() + ".") else { return nil }
                zone = String(rest)
            }
        } else if context.joins(i) || context.pieces[i].trail.hasPrefix("."), let next = context.core(i + 1) {
            let (m, after) = takeMeridiem(next, trail: context.pieces[i + 1].trail)
            if let m, let dash = after.first, RangeRecognizer.dashes.contains(dash), after.count > 1,
               let low = finish(fields, meridiem: m, zone: nil, count: 2) {
                return range(from: low, to: after.dropFirst(), at: i + 1, in: context)
            }
            if m == nil, separator == ":", next.count >= 2, next.allSatisfy(\.isUppercase), rules.timeZones.contains(next.lowercased()) {
                // "15:00 IST": a 24-hour time, its zone in the next word.
                zone = String(next)
                count = 2
            } else if let m, after.isEmpty {
                meridiem = m
                count = 2
                // "4:26 a.m. ET": the meridiem's own period, then a zone in capitals.
                let dotted = context.pieces[i + 1].trail == "." && next.contains(".") && context.core(i + 2)?.allSatisfy(\.isUppercase) == true
                if let tz = context.core(i + 2), context.joins(i + 1) || dotted,
                   rules.timeZones.contains(tz.lowercased()) || (context.coreWithDot(i + 2).map { rules.timeZones.contains($0.lowercased()) } ?? false) {
                    zone = String(tz)
                    count = 3
                }
            }
        }
        // "13.30" is a time where a period never marks decimals and groups only thousands.
        let dotTime = separator == "." && fields.count >= 2 && rules.decimalSeparator != "." && rules.numberWords != nil
        if meridiem == nil, separator != ":", !dotTime { return nil }
        // "at 16:00", "until 18:00": a time of day in a sentence is on the 24-hour clock ("sixteen hundred").
        let inSentence = i > 0 && !context.pieces[i - 1].endsClause && Self.beforeClockTime.contains(context.pieces[i - 1].core.lowercased())
        // "05:17": an hour written with its zero, on the 24-hour clock, "oh five seventeen".
        let zeroHour = separator == ":" && core.utf8.first == UInt8(ascii: "0") && core.utf8.dropFirst().first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true
        return finish(fields, meridiem: meridiem, zone: zone, count: count, hundreds: inSentence, zeroHour: zeroHour)
    }

    static let beforeClockTime: Set<String> = ["at", "from", "until", "till", "by", "before", "after", "since", "to"]

    private func finish(_ fields: [Int], meridiem: String?, zone: String?, count: Int, hundreds: Bool = false, zeroHour: Bool = false) -> Match? {
        guard let hour = fields.first, hour <= 24 else { return nil }
        let minute = fields.count > 1 ? fields[1] : 0
        guard minute < 60 else { return nil }
        if meridiem != nil, hour > 12 || hour == 0 { return nil }
        if fields.count == 1, meridiem == nil { return nil }
        let second = fields.count > 2 ? fields[2] : nil
        if let second, second >= 60 { return nil }
        var verbalizer = TimeVerbalizer(rules: rules)
        verbalizer.hundreds = hundreds || zone != nil
        verbalizer.zeroHour = zeroHour && meridiem == nil
        let spoken = verbalizer.say(hour: hour, minute: minute, second: second, meridiem: meridiem, zone: zone)
        return Match(count, spoken)
    }

    /// "11 am-11 pm", "11 am-midnight", "5 pm-close": hours written around the meridiem's dash; the
    /// high end (`high`, in piece `k`) a time with the next word, or a word ("midnight").
    private func range(from low: Match, to high: Substring, at k: Int, in context: Context) -> Match? {
        let to = rules.word("to")
        if high.allSatisfy(\.isLetter) { return Match(2, "\(low.spoken) \(to) \(high)") }
        let rest = Piece(core: high, lead: "", trail: context.pieces[k].trail, span: context.pieces[k].span, style: context.pieces[k].style)
        let after = Context(rules: rules, pieces: [rest] + context.pieces[(k + 1)...].prefix(2))
        guard let t = recognize(at: 0, in: after) else { return nil }
        return Match(1 + t.count, "\(low.spoken) \(to) \(t.spoken)")
    }

    /// A meridiem at the start of `text` ("pm", "p.m.", "PM") and what follows it.
    private func takeMeridiem(_ text: Substring, trail: Substring) -> (String?, Substring) {
        let lower = text.lowercased()
        for (key, reading) in rules.meridiemsLongestFirst {
            if lower.hasPrefix(key) {
                return (reading, text.dropFirst(key.count))
            }
            // "a.m" + "." in the trail.
            if key.hasSuffix("."), lower == key.dropLast(), trail.hasPrefix(".") { return (reading, "") }
        }
        return (nil, text)
    }
}
