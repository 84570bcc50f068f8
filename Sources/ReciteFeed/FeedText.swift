/// Text from documents made safe for a feed: whatever a title or description holds (markup
/// characters, control characters, a 10,000-character front-matter field), the feed stays valid
/// XML 1.0 and readable in a podcast app's list.
public enum FeedText {
    /// The longest description a feed item carries: Apple Podcasts shows and accepts 4,000.
    public static let descriptionLimit = 4000
    /// A title longer than this is cut too: apps show one or two lines of it.
    public static let titleLimit = 255

    /// `text` without the characters XML 1.0 forbids (controls other than tab, newline and
    /// carriage return; U+FFFE and U+FFFF) and without C1 controls and DEL, which apps show as
    /// boxes; whitespace runs collapsed to one space, trimmed.
    public static func clean(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            guard isAllowed(scalar) else { continue }
            if pendingSpace { out.append(" "); pendingSpace = false }
            out.append(scalar)
        }
        return String(out)
    }

    /// Whether XML 1.0 allows `scalar` in text, less the controls apps cannot show.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00...0x1F, 0x7F...0x9F: false
        case 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    /// `text` cleaned and, if longer than `limit` characters, cut at the last word boundary
    /// before it with an ellipsis (a single overlong word is cut where it must be).
    public static func cut(_ text: String, to limit: Int) -> String {
        let cleaned = clean(text)
        guard cleaned.count > limit else { return cleaned }
        let room = cleaned.prefix(limit - 1)
        let atSpace = room.lastIndex(of: " ").map { room[..<$0] } ?? room
        let kept = atSpace.isEmpty ? room : atSpace
        return kept.trimmingTrailing(while: { $0 == " " || ",;:".contains($0) }) + "…"
    }
}

extension Substring {
    fileprivate func trimmingTrailing(while drop: (Character) -> Bool) -> String {
        var end = endIndex
        while end > startIndex, drop(self[index(before: end)]) { end = index(before: end) }
        return String(self[..<end])
    }
}
