import ReciteScript

/// Turns canonical IPA into eSpeak NG mnemonics with one language's table.
///
/// Longest match over the table's rules (so `eɪ`, `aɪ`, `tʃ` win over their letters), then:
/// - `ˈ` / `ˌ` become eSpeak NG's `'` / `,`, written where the IPA has them. eSpeak NG applies a stress
///   mark to the next vowel, and IPA puts it at the start of that vowel's syllable, so the position
///   carries over unchanged (checked with `espeak-ng -x`: `[[h@'loU]]` reads back as `h@l'oU`).
/// - `ː` not taken by a rule (`iː` is one) becomes eSpeak NG's lengthening `:`; `ˑ` is dropped
///   (eSpeak NG has no half-long).
/// - `.` and `‿` only stop the longest match (`a.ɪ` is two vowels) and are dropped: eSpeak NG's own
///   syllable mark `-` moves the stress, so it is not used.
/// - White space separates words.
/// - A diacritic or modifier after a symbol is dropped if the table lists it as ignorable, else the
///   pair is refused: dropping, say, a nasal tilde in French would change the word.
struct PhonemeMapper {
    let table: PhonemeTable
    let inventory: EspeakInventory

    private enum Piece {
        case phoneme(PhonemeRule)
        case stress(String)
        case lengthen
    }

    func mnemonics(_ text: PhoneticText, input: String, alphabet: PhoneticAlphabet,
                   language: String) throws(PhonemeError) -> String {
        var words: [[Piece]] = [[]]
        let scalars = text.scalars
        var i = 0

        func fail(_ range: Range<Int>) -> PhonemeError {
            let (offset, symbol) = text.source(of: range, in: input)
            return PhonemeError(reason: .unknownSymbol, symbol: symbol, offset: offset, input: input,
                                alphabet: alphabet, language: language)
        }

        while i < scalars.count {
            let scalar = scalars[i]
            switch scalar {
            case _ where scalar.properties.isWhitespace:
                if !(words.last!.isEmpty) { words.append([]) }
                i += 1
            case IPA.primaryStress:
                words[words.count - 1].append(.stress("'")); i += 1
            case IPA.secondaryStress:
                words[words.count - 1].append(.stress(",")); i += 1
            case IPA.syllableBreak, IPA.linking, IPA.halfLong:
                i += 1
            case IPA.long:
                if case .phoneme = words.last!.last { words[words.count - 1].append(.lengthen) }
                i += 1
            default:
                guard let rule = longestRule(in: scalars, at: i) else {
                    throw fail(i..<(i + 1 + modifierCount(in: scalars, after: i + 1)))
                }
                var next = i + rule.ipa.count
                while next < scalars.count, IPA.isModifier(scalars[next]) {
                    guard table.ignorable[scalars[next]] != nil else { throw fail(i..<(next + 1)) }
                    next += 1
                }
                words[words.count - 1].append(.phoneme(rule))
                i = next
            }
        }

        let spelled = words.map(resolve).filter { !$0.isEmpty }.map(inventory.spell)
        guard !spelled.isEmpty else {
            throw PhonemeError(reason: .empty, symbol: "", offset: 0, input: input,
                               alphabet: alphabet, language: language)
        }
        return spelled.joined(separator: " ")
    }

    /// The longest rule that matches at `start` and whose context holds.
    private func longestRule(in scalars: [Unicode.Scalar], at start: Int) -> PhonemeRule? {
        table.candidates(startingWith: scalars[start]).first { rule in
            let end = start + rule.ipa.count
            guard end <= scalars.count, Array(scalars[start..<end]) == rule.ipa else { return false }
            return !rule.onlyBeforeNonVowel || !vowelFollows(scalars, from: end)
        }
    }

    /// Whether the next letter (past diacritics, stress marks and syllable breaks) is a vowel.
    private func vowelFollows(_ scalars: [Unicode.Scalar], from start: Int) -> Bool {
        var i = start
        while i < scalars.count {
            let s = scalars[i]
            if IPA.isModifier(s) || [IPA.primaryStress, IPA.secondaryStress, IPA.syllableBreak, IPA.long].contains(s) {
                i += 1
                continue
            }
            return IPA.vowels.contains(s)
        }
        return false
    }

    private func modifierCount(in scalars: [Unicode.Scalar], after start: Int) -> Int {
        var count = 0
        while start + count < scalars.count, IPA.isModifier(scalars[start + count]) { count += 1 }
        return count
    }

    /// One word's mnemonics. A syllable is stressed when a stress mark precedes its vowel, or when the
    /// word has no stress mark and one syllable (a monosyllable is said stressed).
    private func resolve(_ word: [Piece]) -> [String] {
        let marked = word.contains { if case .stress = $0 { true } else { false } }
        let syllables = word.filter { if case .phoneme(let r) = $0 { r.isSyllabic } else { false } }.count
        var stressPending = !marked && syllables == 1
        var result: [String] = []
        for piece in word {
            switch piece {
            case .stress(let mark):
                // Two marks in a row (ˈˌ) would read as eSpeak NG's '' or ,, marks: the later one wins.
                if let last = result.last, last == "'" || last == "," { result.removeLast() }
                stressPending = true
                result.append(mark)
            case .lengthen:
                result.append(":")
            case .phoneme(let rule):
                if rule.isSyllabic {
                    result.append(stressPending ? rule.stressedMnemonic ?? rule.mnemonic : rule.mnemonic)
                    stressPending = false
                } else {
                    result.append(rule.mnemonic)
                }
            }
        }
        // A stress mark with no syllable after it says nothing; eSpeak NG would only see noise.
        while let last = result.last, last == "'" || last == "," { result.removeLast() }
        return result
    }
}
