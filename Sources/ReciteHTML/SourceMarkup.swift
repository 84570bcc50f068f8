/// Where the markup is in a page's code points: tags, comments, declarations and the contents of
/// `<script>` and `<style>`, which are never text; and where each start tag sits.
///
/// libxml2 hands back text with its tags removed and entities decoded but no byte positions.
/// The reader finds that text again in the source, and this mask keeps it from matching the
/// letters of a tag name or an attribute on the way.
struct SourceMarkup {
    /// `hidden[i]` is true for code points that are not page text.
    var hidden: [Bool]
    /// The code-point ranges of start tags, by lower-cased element name, in source order.
    var startTags: [String: [Range<Int>]] = [:]

    /// Elements whose content is not markup and not text.
    private static let rawText: Set<String> = ["script", "style", "xmp", "iframe", "noembed", "noframes"]

    init(_ s: [Unicode.Scalar]) {
        hidden = [Bool](repeating: false, count: s.count)
        let n = s.count
        var i = 0
        func hide(_ range: Range<Int>) {
            for k in range { hidden[k] = true }
        }
        func isLetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        func lower(_ c: Unicode.Scalar) -> Unicode.Scalar { ("A"..."Z").contains(c) ? Unicode.Scalar(c.value + 32)! : c }
        /// The index after the `>` that ends a tag starting at `from`, quotes respected.
        func tagEnd(_ from: Int) -> Int {
            var k = from
            var quote: Unicode.Scalar?
            while k < n {
                let c = s[k]
                if let q = quote {
                    if c == q { quote = nil }
                } else if c == "\"" || c == "'" {
                    // A quote opens a value only after `=` (possibly with spaces).
                    var b = k - 1
                    while b > from, s[b] == " " || s[b] == "\t" || s[b] == "\n" || s[b] == "\r" { b -= 1 }
                    if s[b] == "=" { quote = c }
                } else if c == ">" {
                    return k + 1
                }
                k += 1
            }
            return n
        }
        while i < n {
            guard s[i] == "<", i + 1 < n else { i += 1; continue }
            let next = s[i + 1]
            if next == "!" {
                if i + 3 < n, s[i + 2] == "-", s[i + 3] == "-" {
                    var k = i + 4
                    while k + 2 < n, !(s[k] == "-" && s[k + 1] == "-" && s[k + 2] == ">") { k += 1 }
                    let end = min(n, k + 3)
                    hide(i..<end)
                    i = end
                } else {
                    let end = tagEnd(i + 2)
                    hide(i..<end)
                    i = end
                }
            } else if next == "?" {
                let end = tagEnd(i + 2)
                hide(i..<end)
                i = end
            } else if next == "/", i + 2 < n, isLetter(s[i + 2]) {
                let end = tagEnd(i + 2)
                hide(i..<end)
                i = end
            } else if isLetter(next) {
                var k = i + 1
                var name = ""
                while k < n, isLetter(s[k]) || ("0"..."9").contains(s[k]) || s[k] == "-" || s[k] == ":" {
                    name.unicodeScalars.append(lower(s[k]))
                    k += 1
                }
                let end = tagEnd(k)
                hide(i..<end)
                startTags[name, default: []].append(i..<end)
                i = end
                if Self.rawText.contains(name) {
                    // Hidden up to its end tag.
                    let closing = Array("</\(name)".unicodeScalars)
                    var m = i
                    while m < n {
                        if s[m] == "<", m + closing.count <= n,
                           (0..<closing.count).allSatisfy({ lower(s[m + $0]) == closing[$0] }) { break }
                        m += 1
                    }
                    hide(i..<m)
                    i = m
                }
            } else {
                i += 1
            }
        }
    }
}
