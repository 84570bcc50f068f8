import Foundation
import ReciteScript

/// The values SSML attributes may take, turned into Recite's units. Keywords are read in any case
/// and with white space around them, as the cloud services accept them.
enum SSMLValues {
    /// `<break time>` ("500ms", "1.5s") in seconds.
    static func duration(_ text: String) -> Double? {
        let t = clean(text)
        if t.hasSuffix("ms"), let v = number(t.dropLast(2)), v >= 0 { return v / 1000 }
        if t.hasSuffix("s"), let v = number(t.dropLast(1)), v >= 0 { return v }
        return nil
    }

    /// `<break strength>` in seconds.
    static func breakStrength(_ text: String) -> Double? {
        ["none": 0, "x-weak": 0.1, "weak": 0.25, "medium": 0.4, "strong": 0.75, "x-strong": 1.2][clean(text)]
    }

    /// `rate`: keyword, percentage ("150%", "+10%", "-20%") or multiplier ("1.5").
    static func rate(_ text: String) -> Double? {
        let t = clean(text)
        if let k = ["x-slow": 0.5, "slow": 0.75, "medium": 1.0, "default": 1.0, "fast": 1.3, "x-fast": 1.7][t] {
            return k
        }
        return relative(t, allowBare: true)
    }

    /// `pitch`: keyword, percentage, semitones ("+2st"), or Hz (relative "+20Hz" or absolute "200Hz",
    /// taken against a 120 Hz voice).
    static func pitch(_ text: String) -> Double? {
        let t = clean(text)
        if let k = ["x-low": 0.6, "low": 0.8, "medium": 1.0, "default": 1.0, "high": 1.25, "x-high": 1.5][t] {
            return k
        }
        if t.hasSuffix("st"), let v = number(t.dropLast(2)) { return pow(2, v / 12) }
        if t.hasSuffix("hz"), let v = number(t.dropLast(2)) {
            let ratio = isSigned(t) ? (120 + v) / 120 : v / 120
            return ratio > 0 ? ratio : nil
        }
        return relative(t, allowBare: false)
    }

    /// `volume`: keyword, decibels ("+6dB"), percentage, a number 0…100 (SSML 1.0) or a signed
    /// change of that number ("+10", "-20").
    static func volume(_ text: String) -> Double? {
        let t = clean(text)
        let keywords = ["silent": 0.0, "x-soft": 0.3, "soft": 0.6, "medium": 1.0, "default": 1.0,
                        "loud": 1.4, "x-loud": 1.8]
        if let k = keywords[t] { return k }
        if t.hasSuffix("db"), let v = number(t.dropLast(2)) { return pow(10, v / 20) }
        if !t.hasSuffix("%"), let v = number(t[...]) {
            let ratio = isSigned(t) ? 1 + v / 100 : v / 100
            return ratio >= 0 && (isSigned(t) || v <= 100) ? ratio : nil
        }
        return relative(t, allowBare: false)
    }

    /// "150%" → 1.5, "+10%" → 1.1, "-20%" → 0.8; a bare number is a multiplier when allowed.
    private static func relative(_ t: String, allowBare: Bool) -> Double? {
        if t.hasSuffix("%"), let v = number(t.dropLast()) {
            let ratio = isSigned(t) ? 1 + v / 100 : v / 100
            return ratio >= 0 ? ratio : nil
        }
        if allowBare, let v = number(t[...]), v > 0, !isSigned(t) { return v }
        return nil
    }

    // MARK: - Pronunciation, say-as and voices

    /// The phonetic alphabets `<phoneme alphabet>` may name.
    static func alphabet(_ name: String) -> PhoneticAlphabet? {
        switch name {
        case "ipa": .ipa
        case "x-sampa", "xsampa", "sampa": .xsampa
        case "espeak", "x-espeak": .espeak
        default: nil
        }
    }

    /// Whether `format` is one Recite reads for a `say-as` type: a date's field order (`dmy`, also
    /// written with field widths, `yyyy-mm-dd`), `hms12`/`hms24` for times; other types ignore it.
    static func isValidFormat(_ format: String, for kind: String) -> Bool {
        switch kind {
        case "date":
            let letters = format.filter(\.isLetter)
            var seen: [Character] = []
            for c in letters where seen.last != c { seen.append(c) }
            return !seen.isEmpty && seen.allSatisfy("ymd".contains) && Set(seen).count == seen.count
        case "time":
            return ["hms12", "hms24", "hm12", "hm24", "hh:mm", "hh:mm:ss"].contains(format)
        default:
            return true
        }
    }

    /// The language that starts a cloud voice's name ("en-US" of "en-US-JennyNeural"), if any.
    static func languagePrefix(ofVoiceName name: String) -> String? {
        let parts = name.split(separator: "-", maxSplits: 2)
        guard parts.count == 3, (2...3).contains(parts[0].count), parts[0].allSatisfy({ $0.isASCII && $0.isLowercase }),
              parts[1].count == 2, parts[1].allSatisfy({ $0.isASCII && $0.isUppercase }) else { return nil }
        return "\(parts[0])-\(parts[1])"
    }

    // MARK: - Helpers

    private static func clean(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    private static func isSigned(_ t: String) -> Bool { t.hasPrefix("+") || t.hasPrefix("-") }

    /// A finite decimal number ("+1.5", "-20", ".5"); no exponents, no "inf" or "nan".
    private static func number(_ text: Substring) -> Double? {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty, t.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.".contains($0)) }),
              let v = Double(t), v.isFinite else { return nil }
        return v
    }
}
