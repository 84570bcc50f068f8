import ReciteScript

/// Thousands grouped with a comma and a space ("£302, 592, 000", "406, 000 votes"), as some
/// newsrooms and typists write them: the groups are joined back into one number.
///
/// A list of numbers looks the same ("rooms 101, 102, 103"), so the groups join only with a proof
/// that they are one amount: a last group of "000", or a currency sign and three groups or more.
enum SpacedThousands {
    static func joined(_ pieces: [Piece]) -> [Piece] {
        // Most stretches have none: a piece whose trail is a lone comma, then three digits.
        guard pieces.indices.dropLast().contains(where: { mayStart(pieces, at: $0) }) else { return pieces }
        var out: [Piece] = []
        out.reserveCapacity(pieces.count)
        var i = 0
        while i < pieces.count {
            if mayStart(pieces, at: i), let merged = merge(pieces, at: i) {
                out.append(merged.piece)
                i += merged.count
            } else {
                out.append(pieces[i])
                i += 1
            }
        }
        return out
    }

    /// A cheap first look, on bytes: a comma alone after a digit, then a word of three digits.
    private static func mayStart(_ pieces: [Piece], at i: Int) -> Bool {
        i + 1 < pieces.count && pieces[i].trail.utf8.count == 1 && pieces[i].trail.utf8.first == UInt8(ascii: ",")
            && pieces[i].core.utf8.last.map { $0 >= 0x30 && $0 <= 0x39 } == true && isGroup(pieces[i + 1])
    }

    private static func isGroup(_ piece: Piece) -> Bool {
        piece.core.utf8.count == 3 && piece.lead.isEmpty && piece.core.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    private static func merge(_ pieces: [Piece], at i: Int) -> (piece: Piece, count: Int)? {
        let first = pieces[i]
        let digits = first.core.reversed().prefix(while: \.isASCIIDigit).count
        let sign = first.core.dropLast(digits)
        guard (1...3).contains(digits), sign.count <= 3, sign.allSatisfy({ !$0.isASCIIDigit && $0 != "," && $0 != "." && $0 != "-" }) else { return nil }
        var k = i + 1
        while k + 1 < pieces.count, pieces[k].trail == ",", isGroup(pieces[k + 1]) { k += 1 }
        let groups = k - i
        guard pieces[k].core == "000" || !sign.isEmpty && groups >= 2 else { return nil }
        // "£1, 000, 000, 000 000": digits after the last group belong to something else.
        if k + 1 < pieces.count, pieces[k].trail.isEmpty, pieces[k + 1].core.first?.isASCIIDigit == true { return nil }
        var piece = first
        piece.core = Substring(pieces[i...k].map(\.core).joined(separator: ","))
        piece.trail = pieces[k].trail
        piece.span.length = pieces[k].span.end - first.span.offset
        return (piece, groups + 1)
    }
}
