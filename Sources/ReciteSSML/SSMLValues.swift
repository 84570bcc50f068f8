import Foundation
import ReciteScript

/// The values SSML attributes may take, turned into Recite's units.
enum SSMLValues {
    /// `<break time>` ("500ms", "1.5s") in seconds.
    static func duration(_ text: String) -> Double? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if t.hasSuffix("ms"), let v = Double(t.dropLast(2)), v >= 0 { return v / 1000 }
        if t.hasSuffix("s"), let v = Double(t.dropLast(1)), v >= 0 { return v }
        return nil
    }

    /// `<break strength>` in seconds.
    static func breakStrength(_ text: String) -> Double? {
        ["none": 0, "x-weak": 0.1, "weak": 0.25, "medium": 0.4, "strong": 0.75, "x-strong": 1.2][text]
    }

    /// `rate`: keyword, percentage ("150%", "+10%", "-20%") or multiplier ("1.5").
    static func rate(_ text: String) -> Double? {
        if let k = ["x-slow": 0.5, "slow": 0.75, "medium": 1.0, "default": 1.0, "fast": 1.3, "x-fast": 1.7][text] {
            return k
        }
        return relative(text, allowBare: true)
    }

    /// `pitch`: keyword, percentage, semitones ("+2st"), or Hz (relative "+20Hz" or absolute "200Hz",
    /// taken against a 120 Hz voice).
    static func pitch(_ text: String) -> Double? {
        if let k = ["x-low": 0.6, "low": 0.8, "medium": 1.0, "default": 1.0, "high": 1.25, "x-high": 1.5][text] {
            return k
        }
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.hasSuffix("st"), let v = Double(t.dropLast(2)) { return pow(2, v / 12) }
        if t.lowercased().hasSuffix("hz"), let v = Double(t.dropLast(2)) {
            let signed = t.hasPrefix("+") || t.hasPrefix("-")
            let ratio = signed ? (120 + v) / 120 : v / 120
            return ratio > 0 ? ratio : nil
        }
        return relative(t, allowBare: false)
    }

    /// `volume`: keyword, decibels ("+6dB"), percentage, or a number 0…100 (SSML 1.0).
    static func volume(_ text: String) -> Double? {
        let keywords = ["silent": 0.0, "x-soft": 0.3, "soft": 0.6, "medium": 1.0, "default": 1.0,
                        "loud": 1.4, "x-loud": 1.8]
        if let k = keywords[text] { return k }
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.lowercased().hasSuffix("db"), let v = Double(t.dropLast(2)) { return pow(10, v / 20) }
        if !t.hasSuffix("%"), !t.hasPrefix("+"), !t.hasPrefix("-"), let v = Double(t), v >= 0, v <= 100 {
            return v / 100
        }
        return relative(t, allowBare: false)
    }

    /// "150%" → 1.5, "+10%" → 1.1, "-20%" → 0.8; a bare number is a multiplier when allowed.
    private static func relative(_ t: String, allowBare: Bool) -> Double? {
        if t.hasSuffix("%"), let v = Double(t.dropLast()) {
            let signed = t.hasPrefix("+") || t.hasPrefix("-")
            let ratio = signed ? 1 + v / 100 : v / 100
            return ratio >= 0 ? ratio : nil
        }
        if allowBare, let v = Double(t), v > 0 { return v }
        return nil
    }
}
