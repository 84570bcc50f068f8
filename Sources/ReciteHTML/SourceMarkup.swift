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
    /// Tags of elements that open deeper than `maximumDepth` (and their end tags): libxml2 stops
    /// reading a page at 256 levels, so they are left out of what it sees and their text is read
    /// as the text of the element above.
    var deepTags: [Range<Int>] = []

    /// Open elements kept as elements; comfortably below libxml2's 256, which counts the
    /// elements it adds itself.
    static let maximumDepth = 200
    private static let void: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                                            "param", "source", "track", "wbr", "keygen"]
    /// Elements a new block closes, as HTML parsers do for an unclosed `<p>`.
    private static let closesParagraph: Set<String> = ["p", "div", "ul", "ol", "dl", "table", "h1", "h2", "h3", "h4", "h5", "h6",
                                                       "blockquote", "pre", "section", "article", "header", "footer", "aside",
                                                       "nav", "form", "figure", "hr", "address", "main", "li", "dt", "dd"]

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
        /// The lower-cased element name that starts at `k`, which is moved past it.
        func tagName(_ k: inout Int) -> String {
            var name = ""
            while k < n, isLetter(s[k]) || ("0"..."9").contains(s[k]) || s[k] == "-" || s[k] == ":" {
                name.unicodeScalars.append(lower(s[k]))
                k += 1
            }
            return name
        }
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
        // Open elements (name, and whether its tags are left out), with a count per name so an
        // end tag whose element is not open costs nothing to check.
        var open: [(name: String, deep: Bool)] = []
        var openCount: [String: Int] = [:]
        func pop() {
            let last = open.removeLast()
            openCount[last.name]! -= 1
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
                var k = i + 2
                let name = tagName(&k)
                let end = tagEnd(k)
                hide(i..<end)
                if openCount[name, default: 0] > 0 {
                    while let last = open.last, last.name != name { pop() }
                    if open.last?.deep == true { deepTags.append(i..<end) }
                    pop()
                }
                i = end
            } else if isLetter(next) {
                var k = i + 1
                let name = tagName(&k)
                let end = tagEnd(k)
                hide(i..<end)
                startTags[name, default: []].append(i..<end)
                let selfClosing = end >= 2 && s[end - 2] == "/"
                if !Self.void.contains(name) && !selfClosing {
                    if Self.closesParagraph.contains(name), open.last?.name == "p" { pop() }
                    if ["li", "dt", "dd", "td", "th", "tr", "option"].contains(name), open.last?.name == name { pop() }
                    let deep = open.count >= Self.maximumDepth
                    if deep { deepTags.append(i..<end) }
                    open.append((name, deep))
                    openCount[name, default: 0] += 1
                }
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
