/// Boeing's jets are said digit by digit, their variant after: "787-9" → "seven eight seven nine",
/// "737-800" → "seven three seven eight hundred", "777s" → "seven seven sevens".
///
/// A number of the form 7x7 is a jet only with a proof: "Boeing" before it, or a word of flying in
/// the stretch (aircraft, airline, Dreamliner …); elsewhere "787" stays a number.
enum AircraftModels {
    static let evidence: Set<String> = ["boeing", "dreamliner", "dreamliners", "aircraft", "airliner", "airliners", "airline",
                                        "airlines", "jet", "jets", "jetliner", "plane", "planes", "jumbo", "fleet", "airways",
                                        "carrier", "flights", "flight", "cockpit", "runway"]

    /// The model said, or nil when `core` is no jet's number.
    static func say(_ core: Substring, at i: Int, in context: Context) -> String? {
        let rules = context.rules
        guard rules.numberWords == nil, rules.spellNumbers else { return nil }
        // "the 787-9’s debut": the possessive after the model.
        if core.hasSuffix("’s") || core.hasSuffix("'s"), let model = say(core.dropLast(2), at: i, in: context) { return model + core.suffix(2) }
        var body = core
        var plural = false
        if body.hasSuffix("s") { body = body.dropLast(); plural = true }
        let parts = body.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let model = parts.first, model.count == 3, model.first == "7", model.last == "7", model.isAllDigits else { return nil }
        let variant = parts.count == 2 ? parts[1] : nil
        if let variant, !(1...3).contains(variant.count) || !variant.isAllDigits { return nil }
        let named = i > 0 && context.pieces[i - 1].core == "Boeing"
        guard named || hasEvidence(around: i, in: context) else { return nil }
        let digits = DigitsVerbalizer(rules: rules)
        var spoken = digits.say(model)
        if let variant {
            spoken += " " + (variant.count == 3 && variant.hasSuffix("00") ? NumberReading(rules: rules).sayWhole(variant) ?? digits.say(variant) : digits.say(variant))
        }
        return plural ? NumberReading(rules: rules).plural(spoken) : spoken
    }

    static func hasEvidence(around i: Int, in context: Context) -> Bool {
        if context.subjects.contains(.flying) { return true }
        let window = max(0, i - 40)..<min(context.pieces.count, i + 40)
        return window.contains { k in
            let core = context.pieces[k].core
            return core.count >= 3 && core.count <= 11 && core.first?.isLetter == true && evidence.contains(core.lowercased())
        }
    }
}
