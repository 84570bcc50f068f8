/// Initialisms in capitals that eSpeak NG would read as a word ("AEDT" as "eet", "EA" as "ee"),
/// written dotted ("A.E.D.T", "T.E.U.'s"), which it spells letter by letter. Kept: acronyms said
/// as words (NASA), dictionary words in capitals ("NOT", a headline's "HIRING"), names in a
/// headline ("KENYA"), and tokens without a vowel, which eSpeak NG spells already ("BHP").
struct InitialismReading {
    let rules: LanguageRules

    func read(at i: Int, in context: Context) -> String? {
        let core = context.pieces[i].core
        guard !rules.dictionaryWords.isEmpty, WordShape.isPlain(core) else { return nil }
        // "AMG-specific", "Mercedes-AMG": each part of a hyphenated word alone.
        if core.utf8.contains(UInt8(ascii: "-")) {
            let parts = core.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count <= 3 else { return nil }
            var changed = false
            let read = parts.enumerated().map { n, part -> String in
                // "AC-II", "BS-VI": a Roman numeral after an initialism is its number (not "MNC-I", Iraq's).
                if n > 0, part.count > 1 || part == "V", part.allSatisfy({ "IVX".contains($0) }), parts[0].allSatisfy({ $0.isASCII && $0.isUppercase }),
                   let value = RomanVerbalizer.value(of: part) {
                    changed = true
                    return " " + RomanVerbalizer(rules: rules).cardinal(value)
                }
                guard let spelled = spell(part, at: i, in: context) else { return String(part) }
                changed = true
                return spelled
            }
            guard changed else { return nil }
            // A numeral's cardinal follows with a space ("A.C two"), other parts with their hyphen.
            return read.dropFirst().reduce(read[0]) { $0 + ($1.first == " " ? "" : "-") + $1 }
        }
        return spell(core, at: i, in: context)
    }

    /// The dotted form of one word, or nil to keep it.
    private func spell(_ word: Substring, at i: Int, in context: Context) -> String? {
        var body = word
        var suffix = ""
        // "ANA's", "TEUs": the possessive or plural is said after the letters.
        if body.hasSuffix("'s") || body.hasSuffix("’s") {
            suffix = String(body.suffix(2))
            body = body.dropLast(2)
        } else if body.count >= 3, body.last == "s" {
            suffix = "s"
            body = body.dropLast()
        }
        // "SoC", "FiT", "MoU": a vowel of a small word between two capitals, which eSpeak NG reads as a syllable.
        if suffix.isEmpty, body.count == 3, case let u = Array(body.utf8), u[0] >= 0x41, u[0] <= 0x5A, u[2] >= 0x41, u[2] <= 0x5A,
           "aeiou".utf8.contains(u[1]) {
            return Self.dotted(body.uppercased())
        }
        guard (2...5).contains(body.count), body.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return nil }
        let key = String(body)
        if let reading = rules.saidAsWords[key] { return reading == key ? nil : reading + suffix }
        // Money and Roman numerals have their own readings ("USD 20", "Henry VI"); a unit after a
        // number was read with it, and "EA" alone is no exa-ampere.
        if rules.currencies[key] != nil || body.allSatisfy({ "IVX".contains($0) }) { return nil }
        let hasVowel = body.utf8.contains { "AEIOUY".utf8.contains($0) }
        // eSpeak NG spells "HDFC" already; a plural ("GCSEs", said "G C S E") still needs the dots.
        guard hasVowel || !suffix.isEmpty else { return nil }
        let lower = key.lowercased()
        let shouted = isShouted(i, in: context)
        if suffix != "s" {
            if body.count == 2 ? rules.capitalPairs.contains(key) : rules.dictionaryWords.contains(lower) {
                guard rules.spelledWords.contains(key), !shouted else { return nil }
            }
            if shouted, rules.dictionaryNames.contains(lower) { return nil }
        }
        // "NASA", "ISRO", "MOBA": four or five letters that make English syllables are said as a word;
        // so is anything that does in a headline ("TIL"). "AEDT", "GCSE", "ACPI" do not.
        // A time zone after a time is spelled whatever its letters make ("8.16pm AEST").
        let zone = rules.timeZones.contains(lower) && i > 0 && context.pieces[i - 1].core.last.map({ $0.isASCIIDigit || $0 == "m" || $0 == "M" }) == true
        if !zone, !rules.spelledWords.contains(key), body.count >= 4 || shouted, Self.makesSyllables(lower) { return nil }
        let letters = Self.dotted(body)
        // "T.E.U.'s", "A.N.A.'s": the plural or possessive said "z" after the letters ("T.E.U.s" would
        // be "T E U ess", "GCSEs" "G C S E", and "U.K's" "U dot K's").
        return suffix.isEmpty ? letters : letters + ".'s"
    }

    /// The letters joined by periods ("A.E.D.T"). One that starts with "A" gets a word joiner
    /// (U+2060) before it: eSpeak NG reads "for A.J.K", "at A.F.L", "of", "was", "not" or "than"
    /// before "A." as "for a dot J K" (its "for a" and "at a" entries take the letter for the
    /// article); the joiner, which it does not say, keeps the letters apart from the word before.
    static func dotted<S: StringProtocol>(_ letters: S) -> String {
        let joined = letters.map(String.init).joined(separator: ".")
        return letters.first == "A" ? "\u{2060}" + joined : joined
    }

    /// A headline in capitals: a word near this one is a long word in capitals or a dictionary
    /// word in capitals ("DEPARTMENT OF EDUCATION", "IN KENYA", "AL ASAD AIR BASE").
    private func isShouted(_ i: Int, in context: Context) -> Bool {
        for k in [i - 1, i + 1, i - 2, i + 2] {
            guard let core = context.core(k), core.count >= 2,
                  core.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { continue }
            if core.count >= 6 || rules.capitalPairs.contains(String(core))
                || rules.dictionaryWords.contains(core.lowercased()) && rules.saidAsWords[String(core)] == nil { return true }
        }
        return false
    }

    static let onsets: Set<Substring> = ["bl", "br", "ch", "cl", "cr", "dr", "dw", "fl", "fr", "gl", "gr", "kl", "kn", "kr", "ph", "pl", "pr",
                                         "qu", "sc", "sh", "sk", "sl", "sm", "sn", "sp", "st", "sw", "th", "tr", "tw", "wh", "wr",
                                         "scr", "shr", "spl", "spr", "str", "squ", "thr"]
    static let codas: Set<Substring> = ["st", "sk", "sp", "nt", "nd", "ng", "nk", "rt", "rd", "rn", "rm", "rk", "rs", "rp", "rb", "rc", "rg",
                                        "lt", "ld", "lk", "lm", "lp", "lf", "ls", "mp", "ms", "ns", "ts", "ds", "ct", "pt", "ft", "xt",
                                        "ck", "ch", "sh", "th", "gh", "ll", "ss", "ff", "ps", "ks", "wn", "wl", "bs", "gs", "sc"]

    /// Endings that follow "l", "m", "n" or "r" ("banff", "first", "hunts"; not "elrc").
    static let closings: Set<Substring> = ["ff", "ss", "ll", "st", "ts", "ds", "th", "ch", "sh", "ks", "ps", "ct", "pt", "ft", "kt"]

    /// Whether lowercase `word` splits into English syllables: an onset English words begin with,
    /// one or two vowels, consonants between them that a word may hold ("isro", "nafta"), an
    /// ending English words end with. "aedt", "gcse", "acpi", "sres" do not.
    static func makesSyllables(_ word: String) -> Bool {
        var runs: [(vowel: Bool, text: Substring)] = []
        var k = word.startIndex
        func isVowel(_ i: String.Index) -> Bool { "aeiou".contains(word[i]) || word[i] == "y" && i != word.startIndex }
        while k < word.endIndex {
            let v = isVowel(k)
            var j = word.index(after: k)
            while j < word.endIndex, isVowel(j) == v { j = word.index(after: j) }
            runs.append((v, word[k..<j]))
            k = j
        }
        guard runs.contains(where: \.vowel) else { return false }
        for (n, run) in runs.enumerated() {
            if run.vowel {
                // "ea", "ao" (two syllables in "sarao"), "eou" ("seoul"); not "aa" or "aai".
                guard run.text.count == 1 || run.text.count == 2 && (run.text.first != run.text.last || run.text == "ee" || run.text == "oo")
                        || ["eau", "eou", "iou"].contains(run.text) else { return false }
            } else if n == 0 {
                guard run.text.count == 1 || onsets.contains(run.text) else { return false }
            } else if n == runs.count - 1 {
                // "banff", "hunts": a soft consonant before an ending, or an ending's plural "s".
                let t = run.text
                guard t.count == 1 || codas.contains(t) || t.count == 3 && ("lmnr".contains(t.first!) && Self.closings.contains(t.dropFirst())
                        || t.last == "s" && codas.contains(t.dropLast())) else { return false }
            } else if run.text.count > 1 {
                // Between vowels: an onset ("osha"), or a soft consonant closing a syllable before one ("isro").
                guard onsets.contains(run.text) || "lmnrsf".contains(run.text.first!) && (run.text.count == 2 || onsets.contains(run.text.dropFirst())) else { return false }
            }
        }
        return true
    }
}
