/// The phoneme mnemonics one eSpeak NG phoneme table accepts, and eSpeak NG's way of reading them.
///
/// eSpeak NG reads `[[…]]` by taking, at each position, the longest mnemonic of the voice's table that
/// matches (mnemonics are at most four ASCII characters); a character that starts no mnemonic silently
/// ends the word. Recite reads the same way to validate mnemonics before eSpeak NG sees them, and to
/// know where adjacent mnemonics need eSpeak NG's `|` separator, so that `a` followed by `I` is not read
/// back as the diphthong `aI`. The tables themselves are in `EspeakInventory+Tables.swift`.
struct EspeakInventory: Sendable {
    /// The eSpeak NG phoneme table's name ("en-us").
    let table: String
    let mnemonics: Set<String>

    /// eSpeak NG stores a mnemonic in one 32-bit word.
    static let longestMnemonic = 4
    /// eSpeak NG's separator between mnemonics that would otherwise run together.
    static let separator = "|"

    init(table: String, mnemonics: Set<String>) {
        self.table = table
        self.mnemonics = mnemonics
    }

    func contains(_ mnemonic: String) -> Bool {
        mnemonics.contains(mnemonic)
    }

    /// The length (in ASCII characters) of the mnemonic eSpeak NG reads at the start of `text`, or nil
    /// when no mnemonic starts there.
    func longestMatch<C: Collection<UInt8>>(at text: C) -> Int? {
        let head = Array(text.prefix(Self.longestMnemonic))
        for length in stride(from: head.count, through: 1, by: -1) {
            let candidate = String(decoding: head[..<length], as: UTF8.self)
            if mnemonics.contains(candidate) { return length }
        }
        return nil
    }

    /// Writes one word's mnemonics so that eSpeak NG reads back exactly these mnemonics, putting `|`
    /// only where the longest match would otherwise swallow the start of the next one.
    func spell(_ word: [String]) -> String {
        var written = ""
        for (index, mnemonic) in word.enumerated() {
            written += mnemonic
            guard index + 1 < word.count else { break }
            let ahead = (mnemonic + word[(index + 1)...].joined()).utf8
            if longestMatch(at: ahead) != mnemonic.utf8.count {
                written += Self.separator
            }
        }
        return written
    }
}
