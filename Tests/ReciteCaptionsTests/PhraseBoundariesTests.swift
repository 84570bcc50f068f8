import Testing
@testable import ReciteCaptions

/// The word lists are looked up by a word's lowercased letters; the ASCII shortcut agrees with
/// Unicode's lowercasing and letter test.
@Suite struct PhraseBoundariesTests {
    @Test func lettersAgreeWithUnicodeLowercasingOnEveryASCIICharacterAndSomeOthers() {
        let ascii = (1..<128).map { String(UnicodeScalar(UInt8($0))) }
        let words = ["And,", "(the", "BECAUSE", "o'clock", "x-ray", "für", "Über,", "«Et", "été…", "@home", "a_b[c]{d}`e"]
        for text in ascii + words + [ascii.joined()] {
            #expect(PhraseBoundaries.letters(text) == text.lowercased().filter(\.isLetter), "\(text.debugDescription)")
        }
    }
}
