/// "A*", "A*-A", "A**": an exam grade with its star (British GCSEs and A-levels). A capital letter
/// with an asterisk glued to it is that grade, not a footnote (a footnote's mark follows a word);
/// eSpeak NG would say neither the star nor, for a lone "A", the letter.
enum Grades {
    /// Whether `core` is a starred grade, or a range of grades with one ("A*-B").
    static func isGrade(_ core: Substring) -> Bool { parts(core) != nil }

    /// The grades of `core` ("A*" and "A" for "A*-A"), or nil.
    static func parts(_ core: Substring) -> [(letter: Character, stars: Int)]? {
        guard core.utf8.count >= 2, core.utf8.count <= 8, core.contains("*") else { return nil }
        var out: [(Character, Int)] = []
        for part in core.split(separator: "-", omittingEmptySubsequences: false) {
            guard let letter = part.first, ("A"..."G").contains(letter), part.dropFirst().allSatisfy({ $0 == "*" }), part.count <= 3 else { return nil }
            out.append((letter, part.count - 1))
        }
        return out.count <= 2 && out.contains(where: { $0.1 > 0 }) ? out : nil
    }

    /// "A- star to A-": each grade's letter (a lone "A" written "A-", as eSpeak NG says the letter)
    /// and its stars, a range's dash as "to".
    static func say(_ core: Substring, rules: LanguageRules) -> String? {
        guard rules.numberWords == nil, rules.spellNumbers, let parts = parts(core) else { return nil }
        return parts.map { grade in
            ([NumberReading.sayLetter(grade.letter)] + Array(repeating: "star", count: grade.stars)).joined(separator: " ")
        }.joined(separator: " \(rules.word("to")) ")
    }
}
