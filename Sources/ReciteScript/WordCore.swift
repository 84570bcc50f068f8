/// Punctuation that clings to words and is not part of what a word says or stands for; with the
/// Devanagari danda and double danda and the Arabic script's comma, semicolon, question mark and
/// Urdu full stop, so that a Hindi word's timing says "गया", not "गया।".
public let wordEdgePunctuation: Set<Unicode.Scalar> = Set(".,;:!?\"'()[]{}«»“”‘’„…¿¡*_`~\u{0964}\u{0965}\u{060C}\u{061B}\u{061F}\u{06D4}".unicodeScalars)

/// `word` without the punctuation around it ("(world)," → "world").
public func wordCore(_ word: String) -> String {
    var scalars = Substring(word).unicodeScalars
    while let f = scalars.first, wordEdgePunctuation.contains(f) { scalars.removeFirst() }
    while let l = scalars.last, wordEdgePunctuation.contains(l) { scalars.removeLast() }
    return String(scalars)
}
