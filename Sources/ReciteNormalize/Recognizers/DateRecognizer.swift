/// Recognizes dates: numeric (12/05/2020, 2020-05-12, 15.01.2020, 11/17/05), with a month name
/// (July 25, 2012; jul 25 2012; SEPT. 15; Jan-15-2020; 25th July 2012; 15 january).
///
/// A numeric date is read in the language's field order (MDY in the US, DMY in Britain); when its
/// first field cannot be a month, the other order is used.
struct DateRecognizer {
    let rules: LanguageRules

    // MARK: - Numeric

    func numeric(_ core: Substring) -> String? {
        let separators: Set<Character> = ["/", "-", "."]
        guard let sep = core.first(where: { separators.contains($0) }) else { return nil }
        let fields = core.split(separator: sep, omittingEmptySubsequences: false)
        guard fields.count == 3, fields.allSatisfy({ $0.isAllDigits && $0.count <= 4 }) else { return nil }
        let a = fields[0], b = fields[1], c = fields[2]
        let date = DateVerbalizer(rules: rules)
        if a.count == 4 {
            // Year first: 2020-05-12, 1998/2/30.
            guard let y = Int(a), let m = Int(b), let d = Int(c), (1...12).contains(m), (1...31).contains(d) else { return nil }
            return date.say(day: d, month: m, year: (y, 4), style: rules.dateStyle)
        }
        // "3.8.10": with dots and a year of two digits, a version unless a leading zero makes it a date ("03.08.10").
        if sep == ".", c.count == 2, a.first != "0", b.first != "0", rules.numberWords == nil { return nil }
        guard c.count == 4 || c.count == 2, a.count <= 2, b.count <= 2,
              let x = Int(a), let y = Int(b), let year = Int(c) else { return nil }
        // "05.12.2019": dates with dots are written day first (in Europe, India, Russia …), even in English.
        var order = sep == "." ? DateOrder.dayMonthYear : rules.dateOrder
        if order == .monthDayYear, x > 12 { order = .dayMonthYear }
        else if order == .dayMonthYear, y > 12, x <= 12 { order = .monthDayYear }
        let (day, month) = order == .monthDayYear ? (y, x) : (x, y)
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        // Read in the order written, unless the language always says the day first.
        let style: DateStyle = rules.dateStyle == .dayFirst || order == .dayMonthYear ? .dayFirst : .monthFirst
        return date.say(day: day, month: month, year: (year, c.count), style: style)
    }

    // MARK: - With a month name

    /// The month a word names ("Jan", "jan.", "SEPTEMBER"), if any.
    func month(_ word: Substring) -> Int? {
        guard word.count >= 3, word.count <= 10, word.first?.isLetter == true else { return nil }
        return rules.months[word.lowercased()]
    }

    /// A day number ("25", "25th", "1er") that can follow or precede a month name.
    func day(_ word: Substring) -> Int? {
        var digits = word
        while let last = digits.last, !last.isASCIIDigit { digits.removeLast() }
        guard !digits.isEmpty, digits.count <= 2, digits.isAllDigits, let d = Int(digits), (1...31).contains(d) else { return nil }
        let suffix = word[digits.endIndex...].lowercased()
        guard suffix.isEmpty || OrdinalVerbalizer.isValidSuffix(suffix, for: digits) || suffix == "er" || suffix == "." else { return nil }
        return d
    }

    func year(_ word: Substring) -> Int? {
        guard word.count == 4, word.isAllDigits, let y = Int(word), (1000...2999).contains(y) else { return nil }
        return y
    }

    /// "July 25, 2012", "jul 25 2012", "SEPT. 15", "Jan-15-2020", "july 1506" at piece `i` (a month).
    func monthFirst(at i: Int, in context: Context) -> Match? {
        let core = context.pieces[i].core
        // A month name is followed by a number ("July 25") or glued to one ("Jan-15").
        guard core.utf8.contains(UInt8(ascii: "-")) || context.core(i + 1)?.utf8.first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true else { return nil }
        let date = DateVerbalizer(rules: rules)
        // Glued: Jan-15-2020, Jan-15.
        let glued = core.utf8.contains(UInt8(ascii: "-")) ? core.split(separator: "-") : []
        if glued.count >= 2, glued.count <= 3, let m = month(glued[0]), let d = day(glued[1]) {
            let y = glued.count == 3 ? year(glued[2]) : nil
            if glued.count == 3, y == nil { return nil }
            return Match(1, date.say(day: d, month: m, year: y.map { ($0, 4) }, style: .monthFirst))
        }
        guard i + 1 < context.pieces.count, context.pieces[i + 1].core.first?.isASCIIDigit == true,
              !(context.pieces[i].trail.hasPrefix(".") && rules.monthNames.contains(core.lowercased())),
              let m = month(core),
              !context.pieces[i].trail.contains(where: { ",;:!?".contains($0) }) else { return nil }
        let next = context.pieces[i + 1].core
        // "Oct. 12-14": a range of days.
        if let dash = next.firstIndex(where: { RangeRecognizer.dashes.contains($0) }), let d1 = day(next[..<dash]),
           let d2 = day(next[next.index(after: dash)...]), d1 < d2 {
            let ordinal = OrdinalVerbalizer(rules: rules)
            let name = date.say(day: nil, month: m, year: nil, style: .monthFirst)
            var m = Match(2, "\(name) \(ordinal.say(String(d1))) \(rules.word("to")) \(ordinal.say(String(d2)))")
            m.consumesDot = false
            return m
        }
        // "Jan. 23-March 27, 2021": a range whose dash is glued to the second month.
        if rules.dateStyle != .dayNumber, let dash = next.firstIndex(where: { RangeRecognizer.dashes.contains($0) }),
           let d = day(next[..<dash]), let m2 = month(next[next.index(after: dash)...]), let (second, count) = dateAfterMonth(m2, dayAt: i + 2, in: context) {
            let first = date.say(day: d, month: m, year: nil, style: .monthFirst)
            return Match(2 + count, "\(first) \(rules.word("to")) \(second)")
        }
        if let d = day(next), next.count <= 4 {
            var count = 2
            var y: Int?
            if context.pieces[i + 1].trail.allSatisfy({ $0 == "," }), let c = context.core(i + 2), let yy = year(c) {
                y = yy
                count = 3
            }
            if rules.dateStyle == .dayNumber {
                return Match(count, date.say(day: d, month: m, year: y.map { ($0, 4) }, style: .dayNumber))
            }
            var spoken = date.say(day: d, month: m, year: nil, style: .monthFirst)
            // "Dec. 29, 2023-Jan. 4, 2024": the year glued by its dash to the next date's month.
            if y == nil, context.pieces[i + 1].trail == ",", let c = context.core(i + 2),
               let dash = c.firstIndex(where: { RangeRecognizer.dashes.contains($0) }), let yy = year(c[..<dash]),
               let m2 = month(c[c.index(after: dash)...]), let (second, more) = dateAfterMonth(m2, dayAt: i + 3, in: context) {
                return Match(3 + more, "\(spoken), \(date.sayYear(yy, digits: 4)) \(rules.word("to")) \(second)")
            }
            // "Aug. 3 to 25", "December 11, 12, and 13": the days after the first are ordinals too.
            if y == nil, rules.dateStyle != .dayNumber, let (more, taken) = laterDays(after: i + 1, first: d, in: context) {
                return Match(count + taken, spoken + more)
            }
            if let y { spoken += (context.pieces[i + 1].trail.isEmpty ? " " : ", ") + date.sayYear(y, digits: 4) }
            // "March 3 - April 5": a dash standing between two dates is "to".
            let j = i + count
            if j + 1 < context.pieces.count, context.joins(j - 1), context.pieces[j].core.count == 1,
               context.pieces[j].core.first.map({ RangeRecognizer.dashes.contains($0) }) == true,
               let m2 = context.core(j + 1).flatMap(month), let (second, more) = dateAfterMonth(m2, dayAt: j + 2, in: context) {
                return Match(count + 2 + more, "\(spoken) \(rules.word("to")) \(second)")
            }
            return Match(count, spoken)
        }
        if let y = year(next) {
            return Match(2, date.say(day: nil, month: m, year: (y, 4), style: .monthFirst))
        }
        return nil
    }

    /// Words that join a date's day to more days of the same month.
    private var dayJoins: Set<String> { [rules.word("to"), rules.word("and"), "&", "through", "until", "till"] }
    private func said(_ join: String) -> String { join == "&" ? rules.word("and") : join }

    /// The days that follow the day at piece `k` in the same month ("3 to 25", "11, 12, and 13"),
    /// said as ordinals, with how many pieces they took; nil when none follows, or when the last
    /// number is a count of something ("3 to 25 people").
    private func laterDays(after k: Int, first: Int, in context: Context) -> (String, Int)? {
        let ordinal = OrdinalVerbalizer(rules: rules)
        var spoken = "", j = k, last = first
        while j + 1 < context.pieces.count, !context.pieces[j].endsSentence, context.pieces[j].trail.allSatisfy({ $0 == "," }) {
            var next = j + 1
            var joiner = ""
            if let word = context.core(next)?.lowercased(), dayJoins.contains(word), context.joins(next) {
                joiner = said(word) + " "
                next += 1
            } else if context.pieces[j].trail != "," {
                break
            }
            guard let core = context.core(next), core.count <= 4, let d = day(core), d > last,
                  context.pieces[next].lead.isEmpty else { break }
            spoken += (context.pieces[j].trail == "," ? ", " : " ") + joiner + ordinal.say(String(d))
            last = d
            j = next
            if !joiner.isEmpty, joiner != rules.word("and") + " " { break }
        }
        guard j > k else { return nil }
        // "3 to 25 people": a plural after the last number counts it ("May 2, 3 qualifier schedule" does not).
        if context.joins(j), context.pieces[j].trail.isEmpty, let after = context.core(j + 1), after.first?.isLowercase == true,
           after.hasSuffix("s") && !after.hasSuffix("ss") || NumberRecognizer.countedAfterK.contains(String(after)) {
            return nil
        }
        return (spoken, j - k)
    }

    /// The second date of a range, from its month `m` (already read) on: the day at piece `k` and
    /// the year after it, if any ("March 27, 2021"); with how many pieces from `k` it took.
    private func dateAfterMonth(_ m: Int, dayAt k: Int, in context: Context) -> (String, Int)? {
        // The month's own period ("Jan.") does not end the sentence here.
        guard let next = context.core(k), next.count <= 4, let d = day(next), context.pieces[k - 1].trail.isEmpty || context.pieces[k - 1].trail == "." else { return nil }
        let date = DateVerbalizer(rules: rules)
        var spoken = date.say(day: d, month: m, year: nil, style: .monthFirst)
        if context.pieces[k].trail.allSatisfy({ $0 == "," }), let c = context.core(k + 1), let y = year(c) {
            spoken += (context.pieces[k].trail.isEmpty ? " " : ", ") + date.sayYear(y, digits: 4)
            return (spoken, 2)
        }
        return (spoken, 1)
    }

    /// "1 de mayo de 2020", "10 mayo 1990", "1 maggio 2020": a day, a month, perhaps a year,
    /// with or without the joining word ("de") between them; said whole ("primero de mayo de …").
    func dayNumber(at i: Int, in context: Context) -> Match? {
        let of = rules.word("dateOf").lowercased()
        guard context.joins(i), let d = day(context.pieces[i].core) else { return nil }
        var k = i + 1
        if !of.isEmpty, context.core(k)?.lowercased() == of, context.joins(k) { k += 1 }
        guard let next = context.core(k), let m = month(next), context.pieces[k].trail.isEmpty || context.pieces[k].trail == "," || k + 1 >= context.pieces.count else { return nil }
        var count = k - i + 1
        var year: Int?
        var y = k + 1
        if context.joins(k), !of.isEmpty, let w = context.core(y)?.lowercased(), w == of || w == "del", context.joins(y) { y += 1 }
        if context.joins(k) || context.pieces[k].trail == ",", let c = context.core(y), let value = self.year(c) {
            year = value
            count = y - i + 1
        }
        let spoken = DateVerbalizer(rules: rules).say(day: d, month: m, year: year.map { ($0, 4) }, style: .dayNumber)
        return Match(count, spoken)
    }

    /// "from 4 to 7 May", "1st and 2nd August 2020": two days of one month, the month after the
    /// second; both said as the dates they are ("the fourth to the seventh of May").
    private func dayRangeFirst(at i: Int, day d: Int, in context: Context) -> Match? {
        guard rules.numberWords == nil, let word = context.core(i + 1)?.lowercased(), dayJoins.contains(word), context.joins(i + 1),
              let second = context.core(i + 2), second.count <= 4, let d2 = day(second), d2 > d, context.joins(i + 2),
              context.pieces[i + 2].lead.isEmpty,
              let rest = dayFirst(at: i + 2, in: context) else { return nil }
        let article = context.previousLowercased.map { $0 != "the" && $0 != Substring(rules.word("the")) } ?? true
        let first = (article ? rules.word("the") + " " : "") + OrdinalVerbalizer(rules: rules).say(String(d))
        return Match(2 + rest.count, "\(first) \(said(word)) \(rest.spoken)")
    }

    /// "25 July 2012", "25th jul 2012", "15 january", "25 sept." at piece `i` (a day).
    func dayFirst(at i: Int, in context: Context) -> Match? {
        if rules.dateStyle == .dayNumber { return dayNumber(at: i, in: context) }
        guard context.joins(i), let d = day(context.pieces[i].core) else { return nil }
        if let range = dayRangeFirst(at: i, day: d, in: context) { return range }
        guard let next = context.core(i + 1), let m = month(next) else { return nil }
        var count = 2
        var year: Int?
        let monthTrail = context.pieces[i + 1].trail
        if monthTrail.isEmpty || monthTrail == "," || monthTrail == ".", let c = context.core(i + 2), let y = self.year(c) {
            year = y
            count = 3
        }
        let article = context.previousLowercased.map { $0 != "the" && $0 != Substring(rules.word("the")) } ?? true
        var spoken = DateVerbalizer(rules: rules).say(day: d, month: m, year: nil, style: .dayFirst, article: article)
        if let year { spoken += (monthTrail == "," ? ", " : " ") + DateVerbalizer(rules: rules).sayYear(year, digits: 4) }
        return Match(count, spoken)
    }
}
