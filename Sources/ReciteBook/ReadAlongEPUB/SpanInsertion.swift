/// Wraps byte ranges of an XHTML document in `<span id>` elements and changes nothing else.
///
/// A range comes from the timing sidecar (a sentence or a word, from its first character to its
/// last), so it may start inside an inline element and end after it (`<em>It</em> rained.`).
/// A span must hold whole elements to keep the document well formed, so such a range is widened
/// over the inline tags it cuts, never past a block (a paragraph, a list item, a heading): a range
/// that cannot be made whole is left out of the overlay rather than break the document.
enum SpanInsertion {
    /// Elements a span may not open or close across: they hold the text, or are the text's blocks.
    static let blocks: Set<String> = [
        "p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "div", "section", "article", "aside", "blockquote",
        "td", "th", "tr", "table", "ul", "ol", "dl", "dt", "dd", "body", "html", "head", "figure", "figcaption",
        "pre", "header", "footer", "nav", "main", "caption", "summary", "details", "hr", "br",
    ]

    /// A tag found in the document: where it is, its local name, and whether it opens, closes or is empty.
    struct Tag {
        enum Kind { case open, close, empty }
        var range: Range<Int>
        var name: String
        var kind: Kind
    }

    /// Every tag of `bytes` in order; comments, processing instructions, CDATA and the doctype are
    /// skipped as text a span may hold whole.
    static func tags(in bytes: [UInt8]) -> [Tag] {
        var tags: [Tag] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            let start = i
            if bytes[(i + 1)...].starts(with: Array("!--".utf8)) {
                i = end(of: Array("-->".utf8), in: bytes, from: i + 4)
                continue
            }
            if bytes[(i + 1)...].starts(with: Array("![CDATA[".utf8)) {
                i = end(of: Array("]]>".utf8), in: bytes, from: i + 9)
                continue
            }
            // A tag ends at the first `>` outside quotes.
            var quote: UInt8?
            i += 1
            while i < bytes.count {
                let b = bytes[i]
                if let q = quote { if b == q { quote = nil } } else if b == 0x22 || b == 0x27 { quote = b } else if b == UInt8(ascii: ">") { break }
                i += 1
            }
            i = min(i + 1, bytes.count)
            let inner = bytes[(start + 1)..<max(start + 1, i - 1)]
            guard let first = inner.first, first != UInt8(ascii: "!"), first != UInt8(ascii: "?") else { continue }
            let isClose = first == UInt8(ascii: "/")
            let nameBytes = inner.dropFirst(isClose ? 1 : 0).prefix { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "/")) }
            var name = String(decoding: nameBytes, as: UTF8.self).lowercased()
            if let colon = name.lastIndex(of: ":") { name = String(name[name.index(after: colon)...]) }
            let kind: Tag.Kind = isClose ? .close : (inner.last == UInt8(ascii: "/") ? .empty : .open)
            tags.append(Tag(range: start..<i, name: name, kind: kind))
        }
        return tags
    }

    private static func end(of needle: [UInt8], in bytes: [UInt8], from: Int) -> Int {
        var i = from
        while i + needle.count <= bytes.count {
            if bytes[i..<(i + needle.count)].elementsEqual(needle) { return i + needle.count }
            i += 1
        }
        return bytes.count
    }

    /// `range` widened so that it holds whole elements, or nil if that would cross a block or a tag.
    static func balanced(_ range: Range<Int>, tags: [Tag]) -> Range<Int>? {
        var lower = range.lowerBound, upper = range.upperBound
        // A range that starts or ends inside a tag is not text.
        if tags.contains(where: { $0.range.lowerBound < lower && lower < $0.range.upperBound || $0.range.lowerBound < upper && upper < $0.range.upperBound }) {
            return nil
        }
        let inside = tags.indices.filter { tags[$0].range.lowerBound >= lower && tags[$0].range.upperBound <= upper }
        var stack: [String] = []
        var unmatchedCloses = 0
        for index in inside {
            let tag = tags[index]
            if blocks.contains(tag.name) && tag.kind != .empty { return nil }
            switch tag.kind {
            case .open: stack.append(tag.name)
            case .close:
                if stack.last == tag.name { stack.removeLast() } else if stack.isEmpty { unmatchedCloses += 1 } else { return nil }
            case .empty: break
            }
        }
        // Back over the openings of the elements the range closes.
        if unmatchedCloses > 0 {
            var depth = 0
            var k = (inside.first ?? tags.firstIndex { $0.range.lowerBound >= lower } ?? tags.count) - 1
            while unmatchedCloses > 0 {
                guard k >= 0 else { return nil }
                let tag = tags[k]
                if blocks.contains(tag.name) && tag.kind != .empty { return nil }
                switch tag.kind {
                case .close: depth += 1
                case .open:
                    if depth > 0 { depth -= 1 } else { unmatchedCloses -= 1; lower = tag.range.lowerBound }
                case .empty: break
                }
                k -= 1
            }
        }
        // On past the ends of the elements it opens.
        if !stack.isEmpty {
            var depth = 0
            var k = (inside.last.map { $0 + 1 }) ?? tags.firstIndex { $0.range.lowerBound >= upper } ?? tags.count
            while !stack.isEmpty {
                guard k < tags.count else { return nil }
                let tag = tags[k]
                if blocks.contains(tag.name) && tag.kind != .empty { return nil }
                switch tag.kind {
                case .open: depth += 1
                case .close:
                    if depth > 0 { depth -= 1 } else { guard stack.removeLast() == tag.name else { return nil }; upper = tag.range.upperBound }
                case .empty: break
                }
                k += 1
            }
        }
        return lower..<upper
    }

    /// `bytes` with each range wrapped in `<span id="ID">…</span>`; the ranges are balanced, in
    /// order and apart (see `balanced`).
    static func insert(_ spans: [(range: Range<Int>, id: String)], into bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + spans.count * 32)
        var at = 0
        for span in spans {
            out += bytes[at..<span.range.lowerBound]
            out += Array("<span id=\"\(XMLText.escape(span.id))\">".utf8)
            out += bytes[span.range]
            out += Array("</span>".utf8)
            at = span.range.upperBound
        }
        out += bytes[at...]
        return out
    }
}
