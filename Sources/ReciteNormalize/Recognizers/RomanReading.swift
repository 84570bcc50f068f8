/// Roman numerals read by what stands before them: a cardinal after a word that numbers
/// ("Chapter IV", "Mk II", "Certificate III"), an initialism or a model's number ("GTA V",
/// "QC 35 II") and as a list marker ("(ii)"); a monarch's ordinal after a name ("Henry VIII’s",
/// "Queen Elizabeth I."). Without such proof "I" is the pronoun and "C" a letter ("Vitamin C").
extension WordRecognizer {
    func roman(at i: Int, in context: Context) -> Match? {
        let piece = context.pieces[i]
        var core = piece.core
        // "Henry VIII’s": the possessive after the ordinal.
        var possessive = ""
        if core.hasSuffix("’s") || core.hasSuffix("'s") { possessive = String(core.suffix(2)); core = core.dropLast(2) }
        // "Division (LI)": a numeral in brackets is no number of the word before.
        guard i > 0, piece.lead.isEmpty, core.allSatisfy({ RomanVerbalizer.values[$0] != nil }), let value = RomanVerbalizer.value(of: core) else { return nil }
        let before = context.pieces[i - 1]
        let previous = before.core
        // "Vol. III": the abbreviation's period does not end the phrase.
        guard !before.endsClause || (before.trail == "." && rules.numberedBy.contains(previous.lowercased())) else { return nil }
        let verbalizer = RomanVerbalizer(rules: rules)
        let cardinal = Match(1, verbalizer.cardinal(value) + possessive)
        let onlyIVX = core.allSatisfy { "IVX".contains($0) }
        // "Class XII and X": a second numeral after the first one's "and".
        if onlyIVX, ["and", "or", "to", "&"].contains(previous), i > 2, !context.pieces[i - 2].endsClause,
           case let first = context.pieces[i - 2].core, first.count > 1, RomanVerbalizer.value(of: first) != nil,
           rules.numberedBy.contains(context.pieces[i - 3].core.lowercased()) {
            return cardinal
        }
        // "Chapter IV", "Super Bowl LIV", "Part I"; not "Type C" or "the part I liked".
        if rules.numberedBy.contains(previous.lowercased()), onlyIVX || core.count > 1, core != "I" || previous.first?.isUppercase == true {
            return cardinal
        }
        // "QC 35 II", "GTA V", "BS VI": after a model's number or an initialism.
        if onlyIVX, core.count > 1, previous.allSatisfy(\.isASCIIDigit), i > 1, context.pieces[i - 2].core.first?.isUppercase == true { return cardinal }
        if onlyIVX, core.count > 1 || core == "V", (2...5).contains(previous.count), previous.allSatisfy({ $0.isASCII && $0.isUppercase }),
           RomanVerbalizer.value(of: previous) == nil { return cardinal }
        guard onlyIVX, let f = previous.first, f.isUppercase, previous.dropFirst().allSatisfy(\.isLowercase), previous.count > 1 else { return nil }
        let regnal = Match(1, verbalizer.regnal(value) + possessive)
        let titled = i > 1 && !context.pieces[i - 2].endsClause && rules.regnalTitles.contains(context.pieces[i - 2].core.lowercased())
        let monarch = titled || rules.regnalNames.contains(String(previous))
        if core == "I" {
            // "Queen Elizabeth I and", "Elizabeth I.", "Mary I)", "James I's": not "Then John I went".
            let closes = piece.trail.first.map { ".,;:)!?".contains($0) } ?? (i + 1 == context.pieces.count)
            return monarch && (titled || closes || !possessive.isEmpty) ? regnal : nil
        }
        if monarch { return regnal }
        // "Grand Theft Auto V": a lone "V" after a word of the dictionary, a sequel's number.
        if core == "V" { return rules.dictionaryWords.contains(previous.lowercased()) ? cardinal : nil }
        // "John Smith III", "Sam II": after another name, an ordinal; not "Series X".
        return core.count > 1 ? regnal : nil
    }

    /// "(ii)", "(iv):", "(V)": a list marker in brackets, a cardinal.
    func listMarker(_ piece: Piece) -> Match? {
        guard piece.lead.last == "(", piece.trail.first == ")", piece.core.count <= 4 else { return nil }
        let upper = piece.core.uppercased()
        guard upper.allSatisfy({ "IVX".contains($0) }), piece.core.allSatisfy(\.isLowercase) || piece.core.count > 1 || piece.core != "I",
              let value = RomanVerbalizer.value(of: upper) else { return nil }
        return Match(1, RomanVerbalizer(rules: rules).cardinal(value))
    }
}
