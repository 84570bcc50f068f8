import Foundation

/// What the page's own stylesheets hide: the `#id` and `.class` selectors of top-level rules that
/// say `display: none` or `visibility: hidden` (`<style>#printDesc{display:none;}</style>`, a
/// copy of the article kept for printing). A browser shows none of it, so a listener should not
/// hear it: a page that holds its article twice, once hidden, was read twice.
///
/// Only what needs no rendering to decide: rules inside `@media`, `@supports` and the like
/// (print-only or small-screen rules) and compound selectors (`.js .menu`, `a:hover span`) are
/// left out, and so are rules marked for screens that a script changes (`:not(...)` and other
/// pseudo-classes). The text read is bounded, so a huge stylesheet costs little.
struct StyleRules {
    /// Ids and classes (lower-cased) that top-level rules hide.
    var hiddenIDs: Set<String> = []
    var hiddenClasses: Set<String> = []

    /// At most this many characters of stylesheet text are read.
    static let maximumText = 256 << 10

    init(page: HTMLPage) {
        var css = ""
        var length = 0  // counted as it grows: a page of many small stylesheets costs no more than one
        for (i, node) in page.nodes.enumerated() where node.name == "style" && length < Self.maximumText {
            // A `<style>` inside `<noscript>` applies only without scripts; one for print, not at all.
            if let media = node.attributes["media"]?.lowercased(), !media.contains("screen") && !media.contains("all") { continue }
            if Self.isInNoscript(page, i) { continue }
            let text = page.text(of: i).prefix(Self.maximumText - length)
            length += text.count + 1
            css += text + "\n"
        }
        parse(css)
    }

    init(css: String) {
        parse(String(css.prefix(Self.maximumText)))
    }

    static func isInNoscript(_ page: HTMLPage, _ i: Int) -> Bool {
        var k = page.nodes[i].parent
        while k >= 0 {
            if page.nodes[k].name == "noscript" { return true }
            k = page.nodes[k].parent
        }
        return false
    }

    /// Reads `selectors { declarations }` at the top level; at-rules' blocks are skipped whole.
    private mutating func parse(_ css: String) {
        let text = Self.withoutComments(css)
        var depth = 0
        var prelude = ""
        var body = ""
        var inAtRule = false
        for c in text {
            switch c {
            case "{":
                if depth == 0 { inAtRule = prelude.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("@") }
                depth += 1
            case "}":
                if depth == 1 && !inAtRule { add(selectors: prelude, declarations: body) }
                depth = max(0, depth - 1)
                if depth == 0 { prelude = ""; body = ""; inAtRule = false }
            case ";" where depth == 0:
                prelude = ""  // `@import …;`, `@charset …;`
            default:
                if depth == 0 { prelude.append(c) } else if depth == 1 { body.append(c) }
            }
        }
    }

    private mutating func add(selectors: String, declarations: String) {
        let d = declarations.lowercased().filter { !$0.isWhitespace }
        guard d.contains("display:none") || d.contains("visibility:hidden") else { return }
        for selector in selectors.split(separator: ",") {
            let s = selector.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            // One simple selector: an optional element name, then one `#id` or `.class`.
            guard let mark = s.firstIndex(where: { $0 == "#" || $0 == "." }) else { continue }
            let tag = s[..<mark], name = s[s.index(after: mark)...]
            guard tag.allSatisfy({ $0.isLetter || $0.isNumber }), !name.isEmpty,
                  name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { continue }
            if s[mark] == "#" { hiddenIDs.insert(String(name)) } else { hiddenClasses.insert(String(name)) }
        }
    }

    static func withoutComments(_ css: String) -> String {
        var out = ""
        var rest = Substring(css)
        while let open = rest.range(of: "/*") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "*/") else { return out }
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    var isEmpty: Bool { hiddenIDs.isEmpty && hiddenClasses.isEmpty }

    /// Whether a top-level rule hides an element with these attributes.
    func hides(_ attributes: [String: String]) -> Bool {
        if let id = attributes["id"]?.lowercased(), hiddenIDs.contains(id) { return true }
        guard !hiddenClasses.isEmpty, let classes = attributes["class"]?.lowercased() else { return false }
        return classes.split(whereSeparator: \.isWhitespace).contains { hiddenClasses.contains(String($0)) }
    }
}
