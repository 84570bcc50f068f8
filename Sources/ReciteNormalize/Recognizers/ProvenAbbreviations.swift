/// Abbreviations that are also words or letters, read only with proof beside them: a number
/// ("No 2", "s 477(2B)", "£6,328 pa"), two names ("Lawrence v Kent"), another day or a time
/// ("Sat & Sun 7am"), a name before or after ("St John", "Acland St"). Without it the word stays.
extension WordRecognizer {
    /// Whether a word starts as an abbreviated day does ("Mon", "Tue", … "Sun"), checked on its first
    /// three bytes: most capitalized words ("The", "When") are no day, and meet no dictionary.
    static func mayBeDay(_ bytes: Substring.UTF8View) -> Bool {
        var it = bytes.makeIterator()
        guard let a = it.next(), let b = it.next(), let c = it.next() else { return false }
        switch (a, b | 0x20, c | 0x20) {
        case (0x4D, 0x6F, 0x6E), (0x54, 0x75, 0x65), (0x57, 0x65, 0x64), (0x54, 0x68, 0x75), (0x46, 0x72, 0x69), (0x53, 0x61, 0x74), (0x53, 0x75, 0x6E):
            return true  // Mon Tue Wed Thu Fri Sat Sun
        default:
            return false
        }
    }

    func proven(at i: Int, in context: Context) -> Match? {
        let piece = context.pieces[i]
        let bytes = piece.core.utf8
        // Cheap first: most words have no digit beside them and are longer than "v".
        if piece.lead.last == "(", piece.trail.first == ")", let m = listMarker(piece) { return m }
        let nextIsNumber = context.joins(i) || piece.trail == "." || piece.trail == ":"
        if nextIsNumber, i + 1 < context.pieces.count, context.pieces[i + 1].core.utf8.first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true,
           context.pieces[i + 1].lead.isEmpty, let reading = context.coreWithDot(i).flatMap({ rules.beforeNumber[$0] }) ?? rules.beforeNumber[String(piece.core)],
           isPlainNumber(context.pieces[i + 1].core) {
            return Match(1, reading).droppingDot(piece)
        }
        if bytes.count == 2, bytes.first.map({ $0 | 0x20 == UInt8(ascii: "n") }) == true, let m = numberBeforeCode(at: i, in: context) { return m }
        // "P.O. Box 7051": a post office's box, not a prescription's "by mouth".
        if bytes.first == UInt8(ascii: "P"), bytes.count <= 4, piece.core == "P.O" || piece.core == "PO" || piece.core == "P.O.",
           context.core(i + 1) == "Box" {
            return Match(1, "P O").droppingDot(piece)
        }
        // "St.Ninian", "St.Paul’s": a saint's name written without a space after the dot.
        if bytes.count >= 5, bytes.first == UInt8(ascii: "S"), piece.core.hasPrefix("St."), let saint = rules.beforeName["St."],
           case let name = piece.core.dropFirst(3), name.first?.isUppercase == true, name.dropFirst().first?.isLowercase == true,
           name.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "’" || $0 == "-" }) {
            return Match(1, "\(saint) \(name)")
        }
        // "42 U. S. C.", "Washington, D. C.": initials, not a compass point or a street.
        if bytes.count == 1, piece.trail == ".", let f = bytes.first, f >= UInt8(ascii: "A"), f <= UInt8(ascii: "Z"),
           isInitial(i - 1, in: context) || isInitial(i + 1, in: context) {
            return Match(1, String(piece.core))
        }
        if i > 0, context.pieces[i - 1].core.utf8.last.map({ $0 >= 0x30 && $0 <= 0x39 }) == true, !context.pieces[i - 1].endsClause,
           let reading = context.coreWithDot(i).flatMap({ rules.afterNumber[$0] }) ?? rules.afterNumber[String(piece.core)] {
            return Match(1, reading).droppingDot(piece)
        }
        if bytes.count <= 4, i > 0, context.pieces[i - 1].core.utf8.count == 3, context.pieces[i - 1].core == rules.per, !context.pieces[i - 1].endsClause, let reading = rules.afterPer[String(piece.core)] {
            return Match(1, reading)
        }
        // "Co Meath", "Co. Cork": a county of Ireland.
        if bytes.count == 2, let county = rules.beforeCounty[String(piece.core)], context.joins(i) || piece.trail == ".",
           let next = context.core(i + 1), rules.counties.contains(String(next)) {
            return Match(1, county).droppingDot(piece)
        }
        // "Plan A is": the letter, which eSpeak NG says as "uh" before a word unless written "A-".
        if bytes.count == 1, bytes.first == UInt8(ascii: "A"), i > 0, context.joins(i), piece.trail.isEmpty,
           context.core(i + 1)?.first?.isLetter == true, !context.pieces[i - 1].endsClause,
           rules.beforeLetter.contains(context.pieces[i - 1].core.lowercased()) {
            return Match(1, "A-")
        }
        if bytes.count == 1, bytes.first == UInt8(ascii: "v"), let versus = rules.abbreviations["vs."], isBetweenNames(i, in: context) {
            return Match(1, versus).droppingDot(piece)
        }
        if bytes.count >= 3, bytes.count <= 5, let f = bytes.first, f >= UInt8(ascii: "F"), f <= UInt8(ascii: "W"), Self.mayBeDay(bytes),
           let day = rules.days[String(piece.core)],
           isBesideDayOrTime(i, in: context) {
            return dayRange(at: i, in: context) ?? (isAbbreviatedDay(i, in: context) ? Match(1, day).droppingDot(piece) : Match(1, day))
        }
        if bytes.count == 2, piece.core == "St", let m = saintOrStreet(at: i, in: context) { return m }
        if bytes.count >= 2, bytes.count <= 4, Self.mayBeNamedStreet(bytes),
           Self.namedStreets.contains(String(piece.core)), let m = streetAfterName(at: i, in: context) { return m }
        return nil
    }

    /// "number" before a code: "registration no. KMDJ 075A" (a word of capitals, then digits),
    /// "drawing no. DV/1/05" (one word of capitals and digits), and "C of O No KW 4632" ("No"
    /// without its period, then capitals and a number of three digits or more).
    func numberBeforeCode(at i: Int, in context: Context) -> Match? {
        let piece = context.pieces[i]
        let dotted = piece.trail == "."
        guard dotted || piece.core == "No" && piece.trail.isEmpty && context.joins(i),
              let reading = rules.beforeNumber[String(piece.core) + (dotted ? "." : "")], let code = context.core(i + 1)?.utf8 else { return nil }
        func isCapital(_ b: UInt8) -> Bool { b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        if code.allSatisfy(isCapital), context.joins(i + 1), let next = context.core(i + 2) {
            if dotted, (2...6).contains(code.count), next.utf8.first.map(isDigit) == true { return Match(1, reading).droppingDot(piece) }
            if !dotted, (2...4).contains(code.count), next.count >= 3, next.isAllDigits { return Match(1, reading) }
        }
        if dotted, (3...16).contains(code.count), code.first.map(isCapital) == true, code.contains(where: isDigit),
           code.allSatisfy({ isCapital($0) || isDigit($0) || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "-") }) {
            return Match(1, reading).droppingDot(piece)
        }
        return nil
    }

    /// Street abbreviations no other word is written as: after a name they name its street
    /// ("Decies Rd.", "along Hepburn Av."), with no house number needed. "Dr", "Ct" and "St" are
    /// also a doctor, a state and a saint, and are left to the rules that tell them apart.
    static let namedStreets: Set<String> = ["Rd", "Ave", "Av", "Blvd", "Hwy", "Pde", "Tce", "Cres", "Pkwy", "Expy"]

    /// Whether a word starts as one of `namedStreets` does, on its first two bytes ("Rd", "Av",
    /// "Bl", "Hw", "Pd", "Pk", "Tc", "Cr", "Ex"): most capitalized words are none.
    static func mayBeNamedStreet(_ bytes: Substring.UTF8View) -> Bool {
        var it = bytes.makeIterator()
        guard let a = it.next(), let b = it.next() else { return false }
        switch (a, b) {
        case (0x52, 0x64), (0x41, 0x76), (0x42, 0x6C), (0x48, 0x77), (0x50, 0x64), (0x50, 0x6B), (0x54, 0x63), (0x43, 0x72), (0x45, 0x78):
            return true
        default:
            return false
        }
    }

    private func streetAfterName(at i: Int, in context: Context) -> Match? {
        guard i > 0, !context.pieces[i - 1].endsClause, context.pieces[i - 1].trail.isEmpty,
              case let previous = context.pieces[i - 1].core, previous.count > 1, previous.first?.isUppercase == true,
              !["The", "A", "An"].contains(previous),
              let street = rules.streets[String(context.pieces[i].core)] ?? rules.streets[String(context.pieces[i].core) + "."] else { return nil }
        // "Elm Rd. It was": the period still ends the sentence before a capital.
        let piece = context.pieces[i]
        return context.core(i + 1)?.first?.isUppercase == true ? Match(1, street) : Match(1, street).droppingDot(piece)
    }

    /// "477(2B)", "9.2(2)", "138": a number, not an ordinal ("S. 5th St") nor a bearing ("S 89°").
    private func isPlainNumber(_ core: Substring) -> Bool {
        let lower = core.suffix(2).lowercased()
        return !["st", "nd", "rd", "th"].contains(lower) && !core.contains(where: { $0 == "°" || $0 == "º" })
    }

    private func isInitial(_ k: Int, in context: Context) -> Bool {
        guard let core = context.core(k), core.utf8.count == 1, let f = core.utf8.first, f >= UInt8(ascii: "A"), f <= UInt8(ascii: "Z") else { return false }
        return context.pieces[k].trail.hasPrefix(".")
    }

    /// "Lawrence v Kent", "Ltd. v. Pennar": a capitalized word on each side.
    private func isBetweenNames(_ i: Int, in context: Context) -> Bool {
        guard i > 0, let next = context.core(i + 1), next.first?.isUppercase == true,
              context.pieces[i].trail.isEmpty || context.pieces[i].trail == "." else { return false }
        let previous = context.pieces[i - 1]
        guard previous.core.first?.isUppercase == true else { return false }
        return !previous.endsClause || previous.trail == "." && previous.core.count > 1
    }

    /// A day or a time next to piece `i`, or an "&", "and", "to" or dash with a day beyond it.
    private func isBesideDayOrTime(_ i: Int, in context: Context) -> Bool {
        func isDay(_ k: Int) -> Bool { context.core(k).map { rules.days[String($0)] != nil || rules.dateWords.contains($0.lowercased()) && $0.count > 5 } ?? false }
        func isJoiner(_ k: Int) -> Bool {
            guard k >= 0, k < context.pieces.count else { return false }
            let p = context.pieces[k]
            return ["&", "and", "to", "-", "–", "—", "through"].contains(String(p.core)) || p.core.isEmpty && ["&", "-", "–"].contains(String(p.lead + p.trail))
        }
        let piece = context.pieces[i]
        // "Sat: Max: 17 Cloudy.", "Sun: 10am": a forecast's or a timetable's label, a number soon after.
        if piece.trail == ":", i == 0 || context.pieces[i - 1].endsSentence || context.pieces[i - 1].trail.hasSuffix(":"),
           (i + 1...i + 3).contains(where: { context.core($0)?.first?.isASCIIDigit == true }) { return true }
        if context.joins(i) || piece.trail == "." {
            if context.core(i + 1)?.first?.isASCIIDigit == true { return true }
            if isDay(i + 1) || isJoiner(i + 1) && isDay(i + 2) { return true }
        }
        // "Tue, Feb 8, 2022", "Wed, 24 Feb 2021": a day, a comma, then its date.
        if piece.trail == ",", let next = context.core(i + 1),
           rules.months[next.lowercased()] != nil || next.isAllDigits && Int(next).map({ (1...31).contains($0) }) == true {
            return true
        }
        guard i > 0, !context.pieces[i - 1].endsClause || context.pieces[i - 1].trail == "." else { return false }
        return isDay(i - 1) && rules.days[String(context.pieces[i - 1].core)] != nil || isJoiner(i - 1) && isDay(i - 2)
    }

    /// "Acland St", "Collins St, Melbourne": a street after a name; "St John", "Mount St Helens": a saint
    /// before one. A house number before is decided by the street rules.
    private func saintOrStreet(at i: Int, in context: Context) -> Match? {
        guard let street = rules.streets["St"], let saint = rules.beforeName["St."] else { return nil }
        let piece = context.pieces[i]
        let next = context.joins(i) || piece.trail == "." ? context.core(i + 1) : nil
        let beforeName = next?.first?.isUppercase == true
        let previous = i > 0 && !context.pieces[i - 1].endsClause ? context.pieces[i - 1].core : nil
        let afterName = previous.map { $0.count > 1 && $0.first?.isUppercase == true && !["The", "A", "An"].contains($0) } ?? false
        if afterName, !beforeName || !isName(next!) {
            // "Elm St. It was": the period still ends the sentence before a capital; "St.," loses it.
            return beforeName ? Match(1, street) : Match(1, street).droppingDot(piece)
        }
        return beforeName ? Match(1, saint).droppingDot(piece) : nil
    }

    private func isName(_ word: Substring) -> Bool {
        var w = word
        if w.hasSuffix("'s") || w.hasSuffix("’s") { w = w.dropLast(2) } else if w.count > 3, w.last == "s" { w = w.dropLast() }
        return rules.dictionaryNames.contains(w.lowercased()) || rules.regnalNames.contains(String(w))
    }
}
