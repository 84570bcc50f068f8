/// Punctuation that clings to words and is not part of what a word says or stands for.
public let wordEdgePunctuation: Set<Unicode.Scalar> = Set(".,;:!?\"'()[]{}«»“”‘’„…¿¡*_`~".unicodeScalars)

/// `word` without the punctuation around it ("(world)," → "world").
public func wordCore(_ word: String) -> String {
    var scalars = Substring(word).unicodeScalars
    while let f = scalars.first, wordEdgePunctuation.contains(f) { scalars.removeFirst() }
    while let l = scalars.last, wordEdgePunctuation.contains(l) { scalars.removeLast() }
    return String(scalars)
}
