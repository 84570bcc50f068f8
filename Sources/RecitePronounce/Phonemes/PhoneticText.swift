/// Phonetic text as IPA Unicode scalars, each remembering which characters of the input it came from.
///
/// Both alphabets become this before mapping, so an IPA and an X-SAMPA spelling of a word meet in one
/// form and give the same mnemonics; the origins let an error point at what the user wrote.
struct PhoneticText: Sendable, Equatable {
    struct Origin: Sendable, Equatable {
        /// 0-based character offset in the input.
        var offset: Int
        /// Characters of input it stands for (an X-SAMPA symbol may be several).
        var length: Int
    }

    var scalars: [Unicode.Scalar] = []
    var origins: [Origin] = []

    mutating func append(_ scalar: Unicode.Scalar, from origin: Origin) {
        scalars.append(scalar)
        origins.append(origin)
    }

    /// The input characters that scalars `range` came from, as written.
    func source(of range: Range<Int>, in input: String) -> (offset: Int, text: String) {
        let covered = origins[range]
        let start = covered.map(\.offset).min() ?? 0
        let end = covered.map { $0.offset + $0.length }.max() ?? start
        let characters = Array(input)
        let clampedEnd = min(end, characters.count)
        return (start, String(characters[min(start, clampedEnd)..<clampedEnd]))
    }
}
