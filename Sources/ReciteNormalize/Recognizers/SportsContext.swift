/// Readings that only a sport's or a betting page's own words prove: a horse's odds ("33/1" is
/// "thirty three to one", not a fraction) and a match's minute ("73′ GOAL!" is the seventy third
/// minute, not seventy three feet). Without such a word nearby the plain reading stands.
enum SportsContext {
    /// Words of racing and betting: odds are said so only where one stands within 40 pieces.
    static let bettingWords: Set<String> = ["odds", "odds-on", "bookmaker", "bookmakers", "bookies", "punters", "each-way",
                                            "jockey", "furlong", "furlongs", "handicap", "favourite", "favorite", "favoured",
                                            "favored", "non-runners", "runners", "betting", "tipster", "evens", "sp", "nap"]
    /// Words after a fraction that make it a length or a share, not odds ("a 1/2 length", "1/2 of").
    static let notOddsAfter: Set<String> = ["length", "lengths", "of", "mile", "miles", "furlong", "furlongs", "cup", "cups",
                                            "inch", "inches", "share", "point", "points"]
    /// Words before a fraction that make it a price even when it is odds-on ("at 1/10", "SP 4/6").
    static let priceWords: Set<String> = ["at", "odds", "of", "sp", "priced", "price", "from", "into", "out", "was", "is", "a"]

    /// "33/1", "11/4", "100/30", and odds-on "at 1/10": "thirty three to one".
    static func odds(_ numerator: Substring, _ denominator: Substring, at i: Int, in context: Context) -> String? {
        guard context.rules.numberWords == nil, context.rules.spellNumbers, let a = Int(numerator), let b = Int(denominator),
              a > 0, b > 0, a <= 1000, b <= 100 else { return nil }
        if context.joins(i), let next = context.core(i + 1), notOddsAfter.contains(next.lowercased()) { return nil }
        let previous = i > 0 && !context.pieces[i - 1].endsClause ? context.pieces[i - 1].core.lowercased() : ""
        guard a >= b || priceWords.contains(previous) else { return nil }
        guard near(bettingWords, around: i, in: context) else { return nil }
        let cardinal = CardinalVerbalizer(rules: context.rules)
        return "\(cardinal.say(numerator)) \(context.rules.word("to")) \(cardinal.say(denominator))"
    }

    /// Words of football: a number with a minute's mark opening a line is the minute of a match
    /// where one stands within 40 pieces.
    static let footballWords: Set<String> = ["goal", "goals", "scores", "scored", "penalty", "substitution", "booked", "yellow",
                                             "equaliser", "equalizer", "striker", "midfielder", "defender", "goalkeeper", "keeper",
                                             "corner", "free-kick", "offside", "header", "kick-off", "half-time", "replaced",
                                             "hamstring", "shot", "save", "tackle", "cross", "referee", "foul", "chance"]

    /// "25′ Maela …", "73′ GOAL!": the twenty fifth minute, at the start of a stretch.
    static func matchMinute(_ core: Substring, at i: Int, in context: Context) -> String? {
        guard context.rules.numberWords == nil, context.rules.spellNumbers, i == 0 || context.pieces[i - 1].endsClause,
              core.isAllDigits, let minute = Int(core), (1...130).contains(minute), context.pieces[i].lead.isEmpty,
              context.core(i + 1)?.first?.isASCIIDigit != true, near(footballWords, around: i, in: context) else { return nil }
        return OrdinalVerbalizer(rules: context.rules).say(core) + " " + context.rules.word("minute")
    }

    /// Words of tennis: a set's score is said so only where one stands within 40 pieces.
    static let tennisWords: Set<String> = ["tennis", "tiebreak", "tie-break", "tiebreaker", "atp", "wta", "wimbledon", "sets",
                                           "aces", "deuce", "seed", "seeded", "grand", "slam", "open", "set"]

    /// "6-1", "7-6", "6-4": the games of a tennis set (one side six or seven, the other seven at
    /// most, a set that can end so), or a tiebreak's points after its name ("tiebreaker 9-7"),
    /// said as the two numbers: "six one".
    static func tennisSet(_ low: Substring, _ high: Substring, at i: Int, in context: Context) -> String? {
        guard context.rules.numberWords == nil, context.rules.spellNumbers, low.count <= 2, high.count <= 2,
              let a = Int(low), let b = Int(high) else { return nil }
        let set = low.count == 1 && high.count == 1 && (max(a, b) == 6 && abs(a - b) >= 2 || max(a, b) == 7 && min(a, b) >= 5)
        // "the second set tiebreaker 9-7": a tiebreak's points, won by two from seven on.
        let previous = i > 0 && !context.pieces[i - 1].endsClause ? context.pieces[i - 1].core.lowercased() : ""
        let tiebreak = ["tiebreak", "tie-break", "tiebreaker"].contains(previous) && max(a, b) >= 7 && abs(a - b) >= 2
        guard set || tiebreak else { return nil }
        // One word of tennis is not enough when it is also an ordinary word ("open", "set"): two are.
        let seen = found(tennisWords, around: i, in: context)
        guard !seen.subtracting(["open", "set", "sets", "grand", "seed"]).isEmpty || seen.count >= 2 else { return nil }
        let cardinal = CardinalVerbalizer(rules: context.rules)
        return "\(cardinal.say(low)) \(cardinal.say(high))"
    }

    /// Whether a word of `words` (in lower case) stands within 40 pieces of piece `i`.
    private static func near(_ words: Set<String>, around i: Int, in context: Context) -> Bool {
        !found(words, around: i, in: context, first: true).isEmpty
    }

    /// The words of `words` (in lower case) that stand within 40 pieces of piece `i`; only the
    /// first one met when `first`.
    private static func found(_ words: Set<String>, around i: Int, in context: Context, first: Bool = false) -> Set<String> {
        var seen: Set<String> = []
        for k in max(0, i - 40)..<min(context.pieces.count, i + 41) {
            let core = context.pieces[k].core
            guard core.utf8.count >= 2, core.utf8.count <= 13, core.first?.isLetter == true else { continue }
            let lower = core.lowercased()
            guard words.contains(lower) else { continue }
            seen.insert(lower)
            if first { break }
        }
        return seen
    }
}
