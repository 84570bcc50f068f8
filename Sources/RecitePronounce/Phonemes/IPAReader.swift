import Foundation
import ReciteScript

/// Reads IPA as people type it into canonical IPA scalars.
///
/// Input is decomposed (NFD), so `ç` and `c` + U+0327 are the same, and tables are written the same
/// way. Spellings that mean the same sound become one: tie bars go (`t͡ʃ` = `tʃ`, the longest match
/// joins affricates anyway), ligatures split (`ʧ` → `tʃ`), ASCII stand-ins become IPA (`g` → `ɡ`,
/// `'` → `ˈ`, `:` → `ː`), and the rhotic hook `˞` joins `ə`/`ɜ` as `ɚ`/`ɝ` or else stands for `ɹ`.
/// A pair of enclosing slashes or brackets (`/ˈmɛʒɚ/`, `[ˈwɔɾɚ]`) is dropped.
enum IPAReader {
    static func read(_ input: String) -> PhoneticText {
        var text = PhoneticText()
        let characters = Array(input)
        let (first, last) = contentBounds(characters)
        for offset in first..<last {
            let origin = PhoneticText.Origin(offset: offset, length: 1)
            let decomposed = String(characters[offset]).decomposedStringWithCanonicalMapping
            for scalar in decomposed.unicodeScalars {
                append(scalar, from: origin, to: &text)
            }
        }
        return text
    }

    /// Appends the canonical form of one scalar; also used for the IPA that X-SAMPA becomes.
    static func append(_ scalar: Unicode.Scalar, from origin: PhoneticText.Origin, to text: inout PhoneticText) {
        if let replacement = substitutions[scalar] {
            for s in replacement.unicodeScalars { text.append(s, from: origin) }
            return
        }
        if scalar == IPA.rhoticHook {
            switch text.scalars.last {
            case IPA.schwa: text.scalars[text.scalars.count - 1] = "ɚ"
            case IPA.openMidCentral: text.scalars[text.scalars.count - 1] = "ɝ"
            default: text.append("ɹ", from: origin)
            }
            return
        }
        text.append(scalar, from: origin)
    }

    /// Same sound, other spelling → canonical spelling ("" drops the scalar).
    static let substitutions: [Unicode.Scalar: String] = [
        "\u{0361}": "", "\u{035C}": "",              // tie bars above and below
        "ʧ": "tʃ", "ʤ": "dʒ", "ʦ": "ts", "ʣ": "dz", "ʨ": "tɕ", "ʥ": "dʑ",
        "g": "ɡ",                                     // ASCII g → IPA script g
        "'": "ˈ", "’": "ˈ",                           // apostrophes typed for primary stress
        ":": "ː", "\u{A789}": "ː",                    // colons typed for length
        "\u{0340}": "\u{0300}", "\u{0341}": "\u{0301}", // deprecated tone marks
    ]

    /// Leaves out one pair of enclosing `/…/` or `[…]` and surrounding white space.
    private static func contentBounds(_ characters: [Character]) -> (Int, Int) {
        var first = 0, last = characters.count
        while first < last, characters[first].isWhitespace { first += 1 }
        while last > first, characters[last - 1].isWhitespace { last -= 1 }
        if last - first >= 2,
           (characters[first] == "/" && characters[last - 1] == "/")
            || (characters[first] == "[" && characters[last - 1] == "]") {
            first += 1
            last -= 1
        }
        return (first, last)
    }
}

/// IPA scalars the converter treats specially.
enum IPA {
    static let primaryStress: Unicode.Scalar = "ˈ"
    static let secondaryStress: Unicode.Scalar = "ˌ"
    static let long: Unicode.Scalar = "ː"
    static let halfLong: Unicode.Scalar = "ˑ"
    static let syllableBreak: Unicode.Scalar = "."
    static let linking: Unicode.Scalar = "‿"
    static let rhoticHook: Unicode.Scalar = "˞"
    static let schwa: Unicode.Scalar = "ə"
    static let openMidCentral: Unicode.Scalar = "ɜ"

    /// Vowel letters: a rhotic vowel rule applies only when no vowel follows its `ɹ`.
    static let vowels: Set<Unicode.Scalar> = Set("iyɨʉɯuɪʏʊeøɘɵɤoəɛœɜɞʌɔæɐaɶɑɒɚɝᵻᵿ".unicodeScalars)

    /// Marks that modify the letter before them: combining diacritics and superscript modifiers.
    static func isModifier(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        case .modifierLetter: ![primaryStress, secondaryStress, long, halfLong].contains(scalar)
        default: false
        }
    }
}
