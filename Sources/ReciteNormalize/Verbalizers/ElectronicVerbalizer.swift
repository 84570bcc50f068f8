/// Says a URL or an e-mail address the way people read one out: "a.bc@gmail.com" → "a dot bc at
/// gmail dot com", "https://x.org/a-b" → "https colon slash slash x dot org slash a dash b".
///
/// Letters are kept as words (the voice spells what it cannot pronounce), digits are read one by
/// one, a two-letter domain ending is spelled ("de" → "D E", which the voice would read as a
/// word), and every sign gets its name.
struct ElectronicVerbalizer {
    let rules: LanguageRules

    func say(_ text: Substring) -> String {
        var words: [String] = []
        var letters = ""
        let chars = Array(text)
        var inPath = false
        func flush(at index: Int) {
            guard !letters.isEmpty else { return }
            let next: Character? = index < chars.count ? chars[index] : nil
            let lastDomainLabel = !inPath && words.last == rules.word("dot") && (next == nil || next == "/" || next == ":")
            if words.last == rules.word("dot"), let reading = rules.abbreviations[letters], letters.allSatisfy(\.isLowercase) {
                words.append(reading)  // a file extension said as people say it: "jpg" → "jpeg"
            } else if lastDomainLabel, letters.count == 2 {
                words.append(letters.uppercased().map(String.init).joined(separator: " "))
            } else {
                words.append(letters)
            }
            letters = ""
        }
        for (index, c) in chars.enumerated() {
            if c.isLetter {
                letters.append(c)
                continue
            }
            flush(at: index)
            if c.isASCIIDigit {
                words.append(CardinalVerbalizer.ones[c.wholeNumberValue ?? 0])
                continue
            }
            switch c {
            case ".": words.append(rules.word("dot"))
            case "@": words.append(rules.word("at"))
            case "-": words.append(rules.word("dash"))
            case "_": words.append(rules.word("underscore"))
            case "/":
                words.append(rules.word("slash"))
                if index > 0, chars[index - 1] != ":", chars[index - 1] != "/" { inPath = true }
            case ":": words.append(rules.word("colon"))
            case "&": words.append(rules.word("ampersand"))
            default:
                if let reading = rules.symbols[String(c)] { words.append(reading) }
            }
        }
        flush(at: chars.count)
        return words.joined(separator: " ")
    }
}
