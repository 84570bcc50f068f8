import Testing
@testable import ReciteSegment

/// The speech text shortcuts for plain words agree with the Unicode rules they stand for.
@Suite struct SpeechTextTests {
    @Test func letterOrDigitAgreesWithUnicodeProperties() {
        for value in 0..<0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            #expect(SpeechText.isLetterOrDigit(scalar) == expected, "U+\(String(value, radix: 16))")
        }
    }

    @Test func escapeFreeReplacesMarkupCharactersAndLineBreaksOnly() {
        let reference = { (text: String) in
            String(text.map { $0 == "<" || $0 == ">" || $0 == "&" || $0.isNewline || $0 == "\t" ? " " : $0 })
        }
        let cases = ["plain", "m²", "a<b", "x&y", "1 > 0", "line\nbreak", "tab\there", "next\u{85}line",
                     "para\u{2028}sep", "para\u{2029}graph", "ſ¨©", "é\r\nfin", "日本語", "vertical\u{0B}tab", "café"]
        for text in cases {
            #expect(SpeechText.escapeFree(text) == reference(text), "\(text.debugDescription)")
        }
    }
}
