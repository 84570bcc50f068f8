import ReciteCmarkGFM
import ReciteScript

/// The source text between two spoken words, reduced to what a reader sees there: punctuation.
///
/// Markdown and SSML put markup between words (`**`, `[`, `](https://…)`, `<prosody …>`); none of
/// it is shown. What remains is punctuation, sorted by where it attaches: to the word before
/// ("floor,"), to the word after ("“Quiet"), or standing alone between spaces ("—").
/// A run of text with letters or digits that was not spoken (a skipped template tag, a link
/// target) is dropped whole, so its dots and slashes do not show up as stray punctuation.
struct SourceGap: Equatable {
    /// Punctuation written right after the previous word.
    var afterPrevious = ""
    /// Punctuation standing alone between spaces.
    var between: [String] = []
    /// Punctuation written right before the next word.
    var beforeNext = ""
    /// No whitespace at all: the two words touch in the source ("two-room").
    var isGlued = true

    /// Characters that are Markdown syntax rather than text.
    static let markup: Set<Character> = ["*", "_", "`", "#", "[", "]", "|", "\\", "~", "{", "}", "<", ">"]

    init(_ raw: String) {
        var items: [Item] = []
        Self.scan(Array(raw), into: &items)
        // Keep the punctuation of pieces without letters or digits; drop the rest.
        var kept: [Item] = []
        for item in items {
            switch item {
            case .space:
                if kept.last != .space { kept.append(.space) }
            case .piece(let text):
                guard !text.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
                let shown = text.filter { $0.isPunctuation && !Self.markup.contains($0) }
                if !shown.isEmpty { kept.append(.piece(shown)) }
            }
        }
        isGlued = !items.contains(.space)
        if isGlued {
            afterPrevious = kept.compactMap(\.piece).joined()
            return
        }
        if case .piece(let p) = kept.first {
            afterPrevious = p
            kept.removeFirst()
        }
        if case .piece(let p) = kept.last {
            beforeNext = p
            kept.removeLast()
        }
        // A dash or a French colon stands alone; a longer run ("---" of a table or a rule) is syntax.
        between = kept.compactMap(\.piece).filter { $0.count <= 2 || $0 == "..." }
    }

    enum Item: Equatable {
        case space
        case piece(String)
        var piece: String? { if case .piece(let p) = self { p } else { nil } }
    }

    /// Splits `chars` at whitespace into pieces, skipping tags, link targets, footnote references and image markers,
    /// and decoding character references.
    private static func scan(_ chars: [Character], into items: inout [Item]) {
        var current = ""
        func flush() {
            if !current.isEmpty { items.append(.piece(current)) }
            current = ""
        }
        var i = 0
        while i < chars.count {
            let c = chars[i]
            let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
            if c.isWhitespace {
                flush()
                if items.last != .space { items.append(.space) }
                i += 1
            } else if c == "<", let next, next.isLetter || next == "/" || next == "!" || next == "?" {
                i = skipTag(chars, from: i)
            } else if c == "[", next == "^" {
                i = skipBracketed(chars, from: i, open: "[", close: "]")
            } else if c == "]", next == "(" {
                i = skipBracketed(chars, from: i + 1, open: "(", close: ")")
            } else if c == "]", next == "[" {
                i = skipBracketed(chars, from: i + 1, open: "[", close: "]")
            } else if c == "!", next == "[" {
                i += 1
            } else if c == "&", let (decoded, length) = CharacterReferences.html5.reference(
                startingWith: Substring(String(chars[(i + 1)...].prefix(CharacterReferences.maximumBody + 1)))) {
                if decoded.allSatisfy(\.isWhitespace) {
                    flush()
                    if items.last != .space { items.append(.space) }
                } else {
                    current += decoded
                }
                i += 1 + length
            } else {
                current.append(c)
                i += 1
            }
        }
        flush()
    }

    /// The index after the `>` closing the tag that starts at `start` (quoted values may hold `>`).
    private static func skipTag(_ chars: [Character], from start: Int) -> Int {
        var quote: Character?
        var i = start + 1
        while i < chars.count {
            let c = chars[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == ">" {
                return i + 1
            }
            i += 1
        }
        return chars.count
    }

    /// The index after the `close` matching the `open` at `start`, counting nesting.
    private static func skipBracketed(_ chars: [Character], from start: Int, open: Character, close: Character) -> Int {
        var depth = 0
        var i = start
        while i < chars.count {
            if chars[i] == open { depth += 1 }
            if chars[i] == close {
                depth -= 1
                if depth == 0 { return i + 1 }
            }
            i += 1
        }
        return chars.count
    }
}
