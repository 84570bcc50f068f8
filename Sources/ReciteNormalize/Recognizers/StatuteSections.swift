import ReciteScript

/// How laws and judgments cite their parts: "s179", "S.243(2)", "ss12" are sections of an act
/// ("section one hundred and seventy nine"), and the brackets glued after a section's number are
/// its subsections, said as written ("477(2B)" → "four hundred and seventy seven (two B)", never
/// "two billion"; "12(3)(b)" → "twelve (three) (b)", never "three bits").
///
/// A letter before digits is often something else ("Galaxy S6", "Figure s3"), so "s179" is a
/// section only with a proof: its own subsection glued after it, or a law named in the stretch
/// ("Act", "Code", "Regulations" … in capitals).
enum StatuteSections {
    static let lawWords: Set<Substring> = ["Act", "Acts", "Code", "Regulations", "Regulation", "Rules", "Ordinance", "Constitution",
                                           "Statute", "Bill", "IPC", "CrPC", "CPC"]

    /// "s179", "S.243", "ss12": the letters, then the section's number, or nil.
    static func read(at i: Int, in context: Context) -> Match? {
        let rules = context.rules
        let core = context.pieces[i].core
        guard rules.numberWords == nil, rules.spellNumbers, core.utf8.count >= 2, core.utf8.count <= 9 else { return nil }
        let letters = core.prefix(while: { $0 == "s" || $0 == "S" })
        guard letters.count == 1 || letters == "ss" || letters == "Ss" else { return nil }
        var rest = core.dropFirst(letters.count)
        if rest.first == "." { rest = rest.dropFirst() }
        let digits = rest.prefix(while: \.isASCIIDigit)
        guard (1...4).contains(digits.count), digits.first != "0", rest.count - digits.count <= 1,
              rest.dropFirst(digits.count).allSatisfy({ $0.isASCII && $0.isUppercase }) else { return nil }
        guard hasSubsection(after: i, in: context) || namesALaw(around: i, in: context) else { return nil }
        let name = letters.count == 2 ? "sections" : "section"
        let letter = rest.dropFirst(digits.count)
        return Match(1, "\(rules.word(name)) \(CardinalVerbalizer(rules: rules).say(digits))" + (letter.isEmpty ? "" : " \(letter)"))
    }

    /// "477(2B)", "12(3)(b)": piece `i` is a bracketed label glued to the word before it, whose
    /// digits and letters are said as written.
    static func subsection(at i: Int, in context: Context) -> Match? {
        let piece = context.pieces[i]
        guard isGluedLabel(at: i, in: context), context.rules.numberWords == nil else { return nil }
        let digits = piece.core.prefix(while: \.isASCIIDigit)
        let letters = piece.core.dropFirst(digits.count)
        var spoken = CardinalVerbalizer(rules: context.rules).say(digits)
        if !letters.isEmpty { spoken += " " + letters }
        return Match(1, spoken)
    }

    /// A bracket opened right after the previous word, holding a label of up to three digits and
    /// two letters ("(2)", "(2B)", "(b)").
    static func isGluedLabel(at i: Int, in context: Context) -> Bool {
        guard i > 0, i < context.pieces.count else { return false }
        let piece = context.pieces[i], before = context.pieces[i - 1]
        guard piece.lead == "(", piece.trail.first == ")", (1...4).contains(piece.core.utf8.count),
              piece.span.offset - 1 == before.span.end + before.trail.utf8.count else { return false }
        let digits = piece.core.prefix(while: \.isASCIIDigit)
        return digits.count <= 3 && piece.core.count - digits.count <= 2
            && piece.core.dropFirst(digits.count).allSatisfy { $0.isASCII && $0.isLetter }
            && (digits.isEmpty ? before.core.last?.isASCIIDigit == true || before.trail == ")" : true)
    }

    private static func hasSubsection(after i: Int, in context: Context) -> Bool {
        i + 1 < context.pieces.count && context.pieces[i].trail.isEmpty && isGluedLabel(at: i + 1, in: context)
            && context.pieces[i + 1].core.first?.isASCIIDigit == true
    }

    private static func namesALaw(around i: Int, in context: Context) -> Bool {
        let window = max(0, i - 12)..<min(context.pieces.count, i + 13)
        return window.contains { k in
            let core = context.pieces[k].core
            return core.utf8.count >= 3 && core.utf8.count <= 13 && core.first?.isUppercase == true && lawWords.contains(core)
        }
    }
}
