/// Whether a word is a plain word of letters, read from its bytes: ASCII letters, with
/// apostrophes (' and ’) and hyphens inside ("don’t", "well-known"). Such a word is never a
/// number, an amount, an address or a symbol, so the reader answers it without the recognizers
/// that look for those; most words of prose are plain.
enum WordShape {
    static func isPlain(_ word: Substring) -> Bool {
        let bytes = word.utf8
        guard let first = bytes.first, let last = bytes.last, isLetter(first), isLetter(last) else { return false }
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if isLetter(b) || b == UInt8(ascii: "'") || b == UInt8(ascii: "-") {
                i = bytes.index(after: i)
            } else if b == 0xE2 {
                // ’ is E2 80 99.
                let j = bytes.index(after: i)
                guard j < bytes.endIndex, bytes[j] == 0x80 else { return false }
                let k = bytes.index(after: j)
                guard k < bytes.endIndex, bytes[k] == 0x99 else { return false }
                i = bytes.index(after: k)
            } else {
                return false
            }
        }
        return true
    }

    @inline(__always) static func isLetter(_ b: UInt8) -> Bool {
        (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
    }
}
