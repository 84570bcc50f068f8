/// Cricket's figures: a score "54-2" (runs for wickets) and a bowler's "4-74" or "4/74" (wickets
/// for runs) are both said "fifty four for two", "four for seventy four"; "50-0" is "fifty for nought".
///
/// Read so only where the stretch speaks of cricket (its own words: wickets, innings, bowled …):
/// elsewhere "4-74" stays a range and "4/74" a fraction.
enum CricketFigures {
    static let evidence: Set<String> = ["wicket", "wickets", "innings", "bowled", "bowler", "bowlers", "bowling", "overs",
                                        "stumps", "batting", "batsman", "batsmen", "batter", "cricket", "lbw", "declared",
                                        "odi", "t20", "test", "ashes", "spinner", "seamer", "over", "duck", "century"]
    /// Words that prove cricket alone (the others, such as "test" or "over", only back them up).
    static let strong: Set<String> = ["wicket", "wickets", "bowled", "bowler", "bowlers", "stumps", "batsman",
                                      "batsmen", "cricket", "lbw", "spinner", "seamer", "odi", "odis", "t20i", "t20is"]

    /// Whether the stretch around piece `i` speaks of cricket.
    static func isCricket(around i: Int, in context: Context) -> Bool {
        guard context.rules.numberWords == nil, context.rules.spellNumbers else { return false }
        if context.subjects.contains(.cricket) { return true }
        let window = max(0, i - 60)..<min(context.pieces.count, i + 60)
        var supporting: Set<String> = []
        for k in window {
            // "first-wicket stand": a compound's last word.
            let whole = context.pieces[k].core
            let core = whole.lastIndex(of: "-").map { whole[whole.index(after: $0)...] } ?? whole
            guard core.count >= 3, core.count <= 12, core.first?.isLetter == true else { continue }
            let lower = core.lowercased()
            if strong.contains(lower) || isAllOut(at: k, in: context) { return true }
            if Self.supporting.contains(lower) { supporting.insert(lower) }
        }
        // "after 21 overs of the Pakistan innings … at 60-6": two of the game's words together,
        // one of them its own (baseball has innings, runs and balls, but no overs or deliveries).
        return supporting.count >= 2 && !supporting.isDisjoint(with: Self.ownSupporting)
    }

    /// Words cricket shares with other games, of which two together prove it.
    static let supporting: Set<String> = ["overs", "innings", "bowling", "batting", "deliveries", "balls", "runs", "crease",
                                          "boundaries", "sixes", "fours", "top-scored", "run-rate"]
    /// Of those, the ones no other game's report uses.
    static let ownSupporting: Set<String> = ["overs", "deliveries", "crease", "top-scored", "run-rate"]

    /// "Pakistan reached 60/2", "a total of 189/4": runs for wickets written with a slash, with
    /// words cricket shares with baseball (runs, innings) nearby. Baseball writes no such total,
    /// and a fraction has its smaller number on top.
    static func isSideTotal(_ runs: Substring, _ wickets: Substring, around i: Int, in context: Context) -> Bool {
        guard context.rules.numberWords == nil, let r = Int(runs), let w = Int(wickets), r >= 20, w <= 10 else { return false }
        return hasSharedWord(around: i, in: context)
    }

    /// "Sam Curran (4/74)", "(…; Shaheen Afridi 3/31)": a bowler's wickets for runs after his name,
    /// in brackets or ending a scorecard's entry, with words cricket shares with other games
    /// (innings, overs) nearby. A fraction or a date is not written so after a name.
    static func isBowlerFigures(_ wickets: Substring, _ runs: Substring, at i: Int, in context: Context) -> Bool {
        guard context.rules.numberWords == nil, i > 0, let w = Int(wickets), let r = Int(runs), w <= 10, r >= 10,
              context.pieces[i].lead == "(" || context.pieces[i].trail.first.map({ "),;".contains($0) }) == true,
              context.pieces[i - 1].trail.isEmpty, context.pieces[i - 1].core.first?.isUppercase == true else { return false }
        return hasSharedWord(around: i, in: context)
    }

    /// Whether a word cricket shares with other games stands within 40 pieces of piece `i`.
    private static func hasSharedWord(around i: Int, in context: Context) -> Bool {
        let window = max(0, i - 40)..<min(context.pieces.count, i + 40)
        return window.contains { k in
            let core = context.pieces[k].core
            return core.count >= 4 && core.count <= 8 && shared.contains(core.lowercased())
        }
    }

    /// Words of cricket that other games use too.
    static let shared: Set<String> = ["runs", "innings", "overs", "batting", "chase", "chasing", "declared", "total"]

    /// "287 all out": a side's total when its last wicket fell, a phrase no other game uses after
    /// a number ("went all out" has none before it).
    static func isAllOut(at k: Int, in context: Context) -> Bool {
        k > 0 && context.pieces[k].core == "all" && context.core(k + 1).map({ $0 == "out" }) == true
            && context.pieces[k - 1].core.isAllDigits && !context.pieces[k - 1].endsClause
    }

    /// "54-2" → "fifty four for two" where both ends are whole numbers, one of them ten or less.
    static func say(_ low: Substring, _ high: Substring, rules: LanguageRules) -> String? {
        guard low.isAllDigits, high.isAllDigits, low.count <= 3, high.count <= 3, let a = Int(low), let b = Int(high),
              min(a, b) <= 10 else { return nil }
        let cardinal = CardinalVerbalizer(rules: rules)
        let wickets = b == 0 ? "nought" : cardinal.say(high)
        return "\(cardinal.say(low)) for \(wickets)"
    }
}
