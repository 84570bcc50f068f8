/// Amounts whose currency is written in letters glued before them, as East and South Africa,
/// Nigeria and South Asia write prices: "Sh5 million", "KSh. 46 billion", "Ksh.200,000/=",
/// "R10 000", "N25bn", "Rs.3 lakhs".
///
/// A code of two letters or more is money wherever it stands before an amount. A single letter
/// ("R", "N") also names roads, grades and models ("the R2", "N7"), so it needs a proof that the
/// number is money: a magnitude, thousands grouped, cents, or a price's "per" after it.
struct LetterCurrencyRecognizer {
    let rules: LanguageRules

    func recognize(at i: Int, in context: Context) -> Match? {
        let piece = context.pieces[i]
        guard rules.numberWords == nil, let (code, currency) = prefix(of: piece.core) else { return nil }
        var body = piece.core.dropFirst(code.count)
        if body.first == "." { body = body.dropFirst() }
        var count = 1
        if body.isEmpty {
            // "KSh. 46 billion": the code apart from its amount (not a single letter: "grade R 5").
            // A single letter apart needs thousands grouped ("R 4,000,000+").
            guard context.joins(i) || piece.trail == "." || piece.core.last == ".", let next = context.core(i + 1), next.first?.isASCIIDigit == true,
                  code.count > 1 || next.contains(",") && next.count >= 5 else { return nil }
            body = next
            count = 2
        }
        // "Ksh.200,000/=", "Kshs. 800,000/-": East Africa's "and no cents" after the amount is not said.
        var trailer = false
        if body.hasSuffix("/=") || body.hasSuffix("/-") {
            body = body.dropLast(2)
            trailer = true
        }
        guard var n = NumberLiteral.parse(body, rules: rules), n.integer.first != nil else { return nil }
        let rest = body[n.end...]
        // "KSh 30,000–60,000", "KSh 30,000/month", "Kshs. 169,140 - 324,430": a code of letters
        // reads the shapes of an amount as a sign does ("$30,000–60,000").
        if code.count > 1, !trailer, needsMoneyShapes(rest, after: i + count - 1, in: context),
           var m = MoneyRecognizer(rules: rules).amount(body, currency: currency, at: i + count - 1, opening: i, in: context) {
            m.count += count - 1
            return m
        }
        // "R10 000": groups of three digits in the next words.
        if rest.isEmpty, n.isInteger, !n.grouped, n.integer.count <= 3 {
            while context.joins(i + count - 1), let next = context.core(i + count), next.count == 3, next.isAllDigits {
                n.integer += next
                n.grouped = true
                count += 1
            }
        }
        var magnitude: String?
        // "R 4,000,000+": an open amount, "plus".
        let plus = rest == "+"
        if !rest.isEmpty, !plus {
            guard let m = rules.magnitudes[String(rest)] ?? rules.magnitudes[rest.lowercased()] else { return nil }
            magnitude = m
        } else if rest.isEmpty, context.joins(i + count - 1), let word = context.core(i + count), word.count > 2 || MoneyRecognizer.shortMagnitudes.contains(word),
                  let m = rules.magnitudes[word.lowercased()] ?? rules.magnitudes[String(word.lowercased().dropLast())] {
            // "Sh5 Million", "Rs.3 Lakhs", "Rs 1.5 lakh crore".
            let (both, more) = MoneyRecognizer(rules: rules).compoundMagnitude(m, at: i + count, in: context)
            magnitude = both
            count += 1 + more
        }
        if code.count == 1 {
            let perAfter = context.joins(i + count - 1) && context.core(i + count).map { ["per", "each", "a", "an"].contains($0.lowercased()) } == true
            // "R129 p/m": a rate's abbreviation after it.
            let rateAfter = context.joins(i + count - 1) && MoneyRecognizer(rules: rules).rateAfter(i + count, in: context) != nil
            let proved = magnitude != nil || n.grouped || n.fraction?.count == 2 || trailer || perAfter || rateAfter
                || provedElsewhere(code, besides: i, in: context)
            guard proved else { return nil }
        }
        var spoken = MoneyVerbalizer(rules: rules).say(n, currency: currency, magnitude: magnitude)
        if plus { spoken += " " + rules.word("plus") }
        // "R125 373 p.a.": a rate's abbreviation after the amount.
        var dotted = false
        if context.joins(i + count - 1) || context.pieces[i + count - 1].trail.isEmpty,
           let rate = MoneyRecognizer(rules: rules).rateAfter(i + count, in: context) {
            spoken += " " + rate.spoken
            dotted = rate.dotted
            count += 1
        }
        var m = Match(count, spoken)
        m.consumesDot = dotted
        return m
    }

    /// Whether what follows the digits is a range or a rate (a dash, a slash, a dash apart), which
    /// the reading of an amount after a sign knows, rather than a magnitude or a plus.
    private func needsMoneyShapes(_ rest: Substring, after k: Int, in context: Context) -> Bool {
        if let first = rest.first { return first == "/" || RangeRecognizer.dashes.contains(first) }
        guard context.joins(k), let next = context.core(k + 1), next.count == 1 else { return false }
        return RangeRecognizer.dashes.contains(next.first!)
    }

    /// "between R50 and R10,000", "N1,000 … for just N25": another amount with the same letter in
    /// the sentence is plainly money.
    private func provedElsewhere(_ code: String, besides i: Int, in context: Context) -> Bool {
        let window = max(0, i - 40)..<min(context.pieces.count, i + 41)
        return window.contains { k in
            guard k != i else { return false }
            let core = context.pieces[k].core
            guard core.hasPrefix(code), core.dropFirst(code.count).first?.isASCIIDigit == true else { return false }
            let body = core.dropFirst(code.count)
            return body.contains(",") || body.last.map { !$0.isASCIIDigit } == true && rules.magnitudes[String(body.drop(while: { $0.isASCIIDigit || $0 == "." }))] != nil
        }
    }

    /// The longest currency code that starts `core` and is followed by a digit or a period.
    private func prefix(of core: Substring) -> (String, Currency)? {
        for length in stride(from: min(4, core.count), through: 1, by: -1) {
            let key = String(core.prefix(length))
            guard let currency = rules.letterCurrencies[key] else { continue }
            let after = core.dropFirst(length).first
            if after == nil || after == "." || after?.isASCIIDigit == true { return (key, currency) }
        }
        return nil
    }
}
