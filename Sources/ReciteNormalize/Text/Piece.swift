import ReciteScript

/// One word of the input as the recognizers see it: its core, the punctuation around it, and the
/// source bytes of the core.
///
/// Usually a piece is a whole run (a whitespace-separated word). A run like "Hi,no,34!" becomes
/// several pieces, so that "34" is read as a number and each piece still points at its own bytes.
struct Piece {
    /// The word without the punctuation around it ("12kg" in "(12kg),").
    var core: Substring
    /// Punctuation before the core ("(").
    var lead: Substring
    /// Punctuation after the core ("),").
    var trail: Substring
    var span: SourceSpan
    var style: RunStyle

    /// The piece as written.
    var text: String { String(lead) + core + trail }

    /// True when sentence punctuation follows the core (a "." or "," that ends the word).
    var endsClause: Bool {
        // On bytes: "…" is E2 80 A6, and no other clause mark is outside ASCII.
        trail.utf8.contains { $0 == 0x2E || $0 == 0x2C || $0 == 0x3B || $0 == 0x3A || $0 == 0x21 || $0 == 0x3F || $0 == 0xA6 }
            && trail.contains { ".,;:!?…".contains($0) }
    }

    /// True when a sentence ends after the piece: a full stop, `!` or `?` after a core longer
    /// than an initial or a number's digit (no rule reads across such a stop).
    var endsSentence: Bool {
        trail.utf8.contains { $0 == 0x2E || $0 == 0x21 || $0 == 0x3F } && core.count > 1
    }
}
