import ReciteScript

/// Follows the tree walk through the raw source, tag by tag, so text can be matched to its bytes
/// and elements to their line and column. libxml2 gives lines only, and no byte positions.
struct MarkupCursor {
    let source: SourceText
    /// Current code-point index in the source.
    var position = 0

    init(source: SourceText) {
        self.source = source
    }

    private var s: [Unicode.Scalar] { source.scalars }

    /// Moves to the start of the next element's start tag (`<name`), skipping declarations,
    /// comments and processing instructions; returns where the tag starts.
    mutating func enterElement() -> Int {
        while position < s.count {
            guard s[position] == "<" else { position += 1; continue }
            if startsWith("<!--", at: position) { skip(past: "-->"); continue }
            if startsWith("<?", at: position) { skip(past: "?>"); continue }
            if startsWith("<!", at: position) { skipDeclaration(); continue }
            break
        }
        return position
    }

    /// Moves past the end of the start tag at the cursor; returns true if it was self-closing (`/>`).
    mutating func finishStartTag() -> Bool {
        var quote: Unicode.Scalar?
        while position < s.count {
            let c = s[position]
            position += 1
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == ">" {
                return position >= 2 && s[position - 2] == "/"
            }
        }
        return false
    }

    /// Moves past the next end tag (`</name>`); returns where it started.
    mutating func leaveElement() -> Int {
        while position < s.count, !startsWith("</", at: position) {
            if startsWith("<!--", at: position) { skip(past: "-->"); continue }
            position += 1
        }
        let start = position
        skip(past: ">")
        return start
    }

    /// Moves past a comment.
    mutating func skipComment() {
        while position < s.count, !startsWith("<!--", at: position) { position += 1 }
        skip(past: "-->")
    }

    /// Moves past a processing instruction.
    mutating func skipProcessingInstruction() {
        while position < s.count, !startsWith("<?", at: position) { position += 1 }
        skip(past: "?>")
    }

    /// The end of the character data at the cursor: the next `<` that is not a CDATA section.
    func textLimit() -> Int {
        var i = position
        while i < s.count {
            if s[i] == "<" {
                if startsWith("<![CDATA[", at: i) {
                    i += 9
                    while i < s.count, !startsWith("]]>", at: i) { i += 1 }
                    i += 3
                    continue
                }
                return i
            }
            i += 1
        }
        return s.count
    }

    // MARK: - Helpers

    func startsWith(_ text: String, at index: Int) -> Bool {
        var i = index
        for c in text.unicodeScalars {
            guard i < s.count, s[i] == c else { return false }
            i += 1
        }
        return true
    }

    private mutating func skip(past text: String) {
        while position < s.count, !startsWith(text, at: position) { position += 1 }
        position = min(s.count, position + text.unicodeScalars.count)
    }

    /// `<!DOCTYPE … [ … ]>`: brackets may hold `>` characters.
    private mutating func skipDeclaration() {
        var depth = 0
        while position < s.count {
            let c = s[position]
            position += 1
            if c == "[" { depth += 1 } else if c == "]" { depth -= 1 } else if c == ">" && depth <= 0 { return }
        }
    }
}
