import Foundation
import ReciteScript

/// Reduces a page to its article, as a reader view does: drops the page's furniture, scores the
/// containers of paragraphs, takes the best one with the siblings that belong with it, and
/// cleans link lists, forms and galleries out of the result.
///
/// Recite's own heuristics: paragraphs vote for the elements that hold them (text length and
/// commas, less for links), semantic elements (`<article>`, `<main>`, `itemprop=articleBody`)
/// and class/id words (`ClassHints`) move the votes, and link density decides what is a list of
/// links rather than prose.
struct ArticleExtractor {
    let page: HTMLPage
    /// `dropped[i]`: node `i` and its subtree are not read.
    var dropped: [Bool]
    /// Figures per node over what is not dropped.
    var textLength: [Int]
    var linkLength: [Int]
    var commas: [Int]
    var paragraphs: [Int]

    /// Elements never read, in either mode.
    static let neverRead: Set<String> = ["script", "style", "noscript", "template", "head", "svg", "math", "canvas",
                                         "iframe", "embed", "param", "video", "audio", "input", "button", "select",
                                         "textarea", "option", "dialog", "map", "area", "link", "meta", "title"]
    /// Page furniture by element name (article mode).
    static let furniture: Set<String> = ["nav", "aside", "footer", "menu", "form", "label", "fieldset"]
    /// Page furniture by ARIA role.
    static let furnitureRoles: Set<String> = ["navigation", "banner", "contentinfo", "complementary", "dialog", "alertdialog",
                                              "menu", "menubar", "search", "tooltip", "toolbar", "tablist"]

    init(page: HTMLPage) {
        self.page = page
        let count = page.nodes.count
        dropped = [Bool](repeating: false, count: count)
        textLength = [Int](repeating: 0, count: count)
        linkLength = [Int](repeating: 0, count: count)
        commas = [Int](repeating: 0, count: count)
        paragraphs = [Int](repeating: 0, count: count)
    }

    // MARK: - Dropping

    /// Marks what is never read: scripts, styles, forms' controls, hidden parts (by their own
    /// attributes, or by a rule of the page's stylesheet, `StyleRules`).
    mutating func dropHidden() {
        for (i, node) in page.nodes.enumerated() where !node.isText {
            if Self.neverRead.contains(node.name) || Self.isHidden(node) { dropped[i] = true }
            if node.name == "object", !Self.showsFallback(node) { dropped[i] = true }
        }
        propagate()
        let rules = StyleRules(page: page)
        guard !rules.isEmpty else { return }
        measure()
        let total = textLength[page.body]
        for (i, node) in page.nodes.enumerated() where !node.isText && !dropped[i] && i != page.body && rules.hides(node.attributes) {
            // A rule that hides most of the page is one a script undoes (a page shown once loaded).
            if textLength[i] * 2 <= total { dropSubtree(i) }
        }
    }

    /// Whether a browser shows an `<object>`'s content (its fallback) rather than the object: it
    /// does for a plugin's (Flash, a player named by `classid`), since browsers run none now, so a
    /// video's caption written as fallback is on the page; not for an image, a page or a PDF.
    static func showsFallback(_ node: HTMLPage.Node) -> Bool {
        let type = node.attributes["type"]?.lowercased() ?? ""
        let data = (node.attributes["data"] ?? "").lowercased().split(separator: "?").first.map(String.init) ?? ""
        if type.hasPrefix("image/") || type.hasPrefix("text/") || type.contains("pdf") { return false }
        let shown = [".svg", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".pdf", ".html", ".htm"]
        if type.isEmpty, node.attributes["classid"] == nil, shown.contains(where: { data.hasSuffix($0) }) { return false }
        return true
    }

    static func isHidden(_ node: HTMLPage.Node) -> Bool {
        if node.attributes["hidden"] != nil || node.attributes["aria-hidden"] == "true" { return true }
        if let style = node.attributes["style"]?.lowercased().filter({ !$0.isWhitespace }),
           style.contains("display:none") || style.contains("visibility:hidden") { return true }
        // Utility classes: `hidden` unless a wider screen shows it (`hidden md:block`), and
        // `md:hidden`/`lg:hidden` (the copy for small screens; a reader is a wide one).
        if let classes = node.attributes["class"]?.lowercased().split(whereSeparator: \.isWhitespace), !classes.isEmpty {
            if classes.contains(where: { $0.hasSuffix(":hidden") && ["md", "lg", "xl"].contains($0.dropLast(7).split(separator: ":").last ?? "") }) {
                return true
            }
            if classes.contains("hidden") && !classes.contains(where: { c in
                c.contains(":") && ["block", "flex", "grid", "inline", "inline-block", "inline-flex", "table", "contents"].contains(c.split(separator: ":").last ?? "")
            }) {
                return true
            }
        }
        return false
    }

    /// Marks the page's furniture: navigation, sidebars, footers, comments, share bars, ads,
    /// cookie notices, by element, role and names, unless it holds most of the page's prose.
    mutating func dropFurniture() {
        measure()
        let total = max(1, paragraphs[page.body] > 0 ? prose(page.body) : textLength[page.body])
        for (i, node) in page.nodes.enumerated() where !node.isText && !dropped[i] && i != page.body {
            if node.name == "html" || node.name == "body" || node.name == "article" || node.name == "main" { continue }
            if node.attributes["itemprop"]?.lowercased() == "articlebody" { continue }
            let role = node.attributes["role"]?.lowercased() ?? ""
            let names = ClassHints.names(node.attributes)
            var furniture = Self.furniture.contains(node.name) || Self.furnitureRoles.contains(role)
            // A page's header is furniture; an article's own (its headline, its standfirst) is not.
            if node.name == "header" { furniture = page.first("h1", in: i) == nil && !isInArticle(i) }
            if !furniture, ClassHints.isNegative(names), !ClassHints.isPositive(names) { furniture = true }
            // A wrapper named like furniture that holds most of the prose is the page itself (an
            // ASP.NET page is one `<form>`); on a page without paragraphs, most of the text.
            let share = paragraphs[page.body] > 0 ? prose(i) : textLength[i]
            // Readers' comments outnumber a short article's paragraphs, and are still comments when
            // the article stands outside them, headline and all.
            let comments = ClassHints.namesComments(names) && page.first("h1", in: i) == nil && total - share >= Self.articleBesideComments
            if furniture, share * 2 > total, !comments, !(Self.furniture.contains(node.name) && node.name != "form") { continue }
            if furniture { dropped[i] = true }
        }
        propagate()
    }

    /// The prose an article keeps outside a block of comments for the block to be left out.
    static let articleBesideComments = 300

    /// Whether `i` lies inside an `<article>`, a `<main>` or an element marked as the article's body.
    func isInArticle(_ i: Int) -> Bool {
        var k = page.nodes[i].parent
        while k >= 0 {
            let node = page.nodes[k]
            if node.name == "article" || node.name == "main" || node.attributes["itemprop"]?.lowercased() == "articlebody" { return true }
            k = node.parent
        }
        return false
    }

    /// Marks every node under a dropped one as dropped.
    mutating func propagate() {
        for i in page.nodes.indices where !dropped[i] {
            let parent = page.nodes[i].parent
            if parent >= 0 && dropped[parent] { dropped[i] = true }
        }
    }

    /// Text length in paragraphs (`<p>`, `<pre>`, and text-holding `<div>`s) under `i`.
    func prose(_ i: Int) -> Int {
        var sum = 0
        for k in i..<page.subtreeEnd(i) where !dropped[k] && isParagraph(k) { sum += textLength[k] }
        return sum
    }

    // MARK: - Measuring

    /// Sums text length, link text, commas and paragraphs bottom-up over what is not dropped.
    mutating func measure() {
        for i in page.nodes.indices {
            textLength[i] = 0; linkLength[i] = 0; commas[i] = 0; paragraphs[i] = 0
        }
        for i in page.nodes.indices.reversed() where !dropped[i] {
            let node = page.nodes[i]
            if node.isText {
                var length = 0, c = 0
                for s in node.text.unicodeScalars {
                    if !s.isWhiteSpace { length += 1 }
                    if s == "," || s == "，" || s == "、" { c += 1 }
                }
                textLength[i] = length
                commas[i] = c
            } else {
                if node.name == "a" { linkLength[i] = textLength[i] }
                if node.name == "p" && textLength[i] >= 25 { paragraphs[i] += 1 }
            }
            let parent = node.parent
            if parent >= 0 {
                textLength[parent] += textLength[i]
                linkLength[parent] += linkLength[i]
                commas[parent] += commas[i]
                paragraphs[parent] += paragraphs[i]
            }
        }
    }

    func linkDensity(_ i: Int) -> Double {
        textLength[i] == 0 ? 0 : Double(linkLength[i]) / Double(textLength[i])
    }

    static let blockNames: Set<String> = ["p", "div", "section", "article", "main", "header", "footer", "aside", "nav",
                                          "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd",
                                          "blockquote", "pre", "table", "thead", "tbody", "tfoot", "tr", "td", "th",
                                          "figure", "figcaption", "hr", "address", "details", "summary", "center",
                                          "form", "fieldset", "caption", "body", "html"]

    /// A paragraph for scoring: `<p>`, `<pre>`, `<td>`, `<blockquote>`, or a `<div>`/`<section>`
    /// with text of its own and no block children.
    func isParagraph(_ i: Int) -> Bool {
        let node = page.nodes[i]
        switch node.name {
        case "p", "pre", "td", "blockquote": return true
        case "div", "section", "article", "span", "font":
            return node.children.contains { page.nodes[$0].isText && !page.nodes[$0].text.allSatisfy(\.isWhitespace) }
                && !node.children.contains { Self.blockNames.contains(page.nodes[$0].name) }
        default: return false
        }
    }

    // MARK: - Scoring

    static let looseHolders: Set<String> = ["div", "font", "td", "section", "article", "center", "form", "span"]

    /// The text (its commas, its links' text) of `i`'s own text nodes and inline children, not of its blocks.
    func looseText(_ i: Int) -> (length: Int, commas: Int, links: Int) {
        var length = 0, c = 0, links = 0
        for child in page.nodes[i].children where !dropped[child] {
            let node = page.nodes[child]
            if node.isText || !Self.blockNames.contains(node.name) {
                length += textLength[child]
                c += commas[child]
                links += linkLength[child]
            }
        }
        return (length, c, links)
    }

    /// The article's top-level elements in document order.
    mutating func extract() -> [Int] {
        dropHidden()
        dropFurniture()
        dropApparatus()
        dropTeaserRuns()
        dropSignedComments()
        measure()
        var score: [Int: Double] = [:]
        // A block's vote: more for commas and length, scaled down by the share of it that is links.
        func vote(length: Int, commas: Int, linkShare: Double) -> Double {
            (1 + Double(commas) + min(3, Double(length) / 100)) * (1 - linkShare)
        }
        // The vote goes to `first` and two elements above it, halving at each step.
        func cast(_ vote: Double, from first: Int) {
            var k = first
            var share = 1.0
            for _ in 0..<3 where k >= 0 {
                if score[k] == nil { score[k] = baseScore(k) }
                score[k]! += vote * share
                share /= 2
                k = page.nodes[k].parent
            }
        }
        for i in page.nodes.indices where !dropped[i] && !page.nodes[i].isText && isParagraph(i) {
            let length = textLength[i]
            guard length >= 25 else { continue }
            // A paragraph that is mostly a link (a story's title, its commas in the title) votes as
            // little as its own words outside the link.
            let paragraphVote = vote(length: length, commas: commas[i], linkShare: linkDensity(i))
            cast(paragraphVote, from: page.nodes[i].parent)
            if page.nodes[i].name != "p", score[i] == nil { score[i] = baseScore(i) + paragraphVote }
        }
        // Prose set loose beside blocks (lines between `<br>`s after a photo's box, as old pages
        // write an article): it votes for the element it lies in, which is its paragraph and its
        // container at once.
        for i in page.nodes.indices where !dropped[i] && Self.looseHolders.contains(page.nodes[i].name) && !isParagraph(i) {
            let (length, c, links) = looseText(i)
            guard length >= 140 else { continue }
            cast(vote(length: length, commas: c, linkShare: Double(links) / Double(length)), from: i)
        }
        for (i, s) in score { score[i] = s * (1 - linkDensity(i)) }
        guard var top = score.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })?.key else {
            return [page.body]
        }
        // Climb while the parent is about as good as the best: the article is its paragraphs'
        // common container. (Measured against each step's own score, the climb would drift, a
        // quarter lost at each, out to a page's columns.)
        let bestScore = score[top]!
        while true {
            let parent = page.nodes[top].parent
            guard parent >= 0, parent != page.body, page.nodes[parent].name != "html",
                  let p = score[parent], p >= bestScore * 0.75 || prose(parent) <= prose(top) else { break }
            // A table's row is its columns side by side: the article's cell does not take in the
            // rail beside it, unless a cell there scores half as well (an article set in two).
            if Self.cellNames.contains(page.nodes[top].name), prose(parent) > prose(top),
               !page.nodes[parent].children.contains(where: { $0 != top && Self.cellNames.contains(page.nodes[$0].name) && (score[$0] ?? 0) >= bestScore * 0.5 }) {
                break
            }
            top = parent
        }
        // Other good candidates beside it (not its ancestors, not inside it): if two of them share
        // a container with it below the body, the article is split in parts and that is it. A
        // candidate inside another is the same part (a rail's panel and the rail).
        let near = score.sorted { $0.value > $1.value }.prefix(6).filter { $0.value >= score[top]! * 0.6 }.map(\.key)
            .filter { !page.isInside(top, $0) && !page.isInside($0, top) }
        let best = near.filter { b in !near.contains { $0 != b && page.isInside(b, $0) } }
        if best.count >= 2 {
            var ancestor = top
            while ancestor != page.body, best.filter({ page.isInside($0, ancestor) }).count < 2 {
                ancestor = page.nodes[ancestor].parent
                if ancestor < 0 { ancestor = page.body; break }
            }
            if ancestor != page.body { top = ancestor }
        }
        // Siblings that belong with it.
        let topScore = score[top] ?? 0
        let threshold = max(10, topScore * 0.2)
        let parent = page.nodes[top].parent
        var roots: [Int] = []
        if parent >= 0 {
            let topClass = page.nodes[top].attributes["class"] ?? ""
            for s in page.nodes[parent].children where !dropped[s] {
                let node = page.nodes[s]
                if s == top { roots.append(s); continue }
                if node.isText { continue }
                // Cells beside the article's cell are the page's other columns (a rail of notices
                // in a table layout), unless one scores half as well as it (an article set in two).
                if Self.cellNames.contains(page.nodes[top].name), Self.cellNames.contains(node.name) {
                    if let sc = score[s], sc >= topScore * 0.5 { roots.append(s) }
                    continue
                }
                var bonus = 0.0
                if !topClass.isEmpty, node.attributes["class"] == topClass { bonus = topScore * 0.2 }
                // A well-scored sibling that is mostly links is a column of them (a section's
                // stories, a blog roll) whose titles' commas voted for it.
                if let sc = score[s], sc + bonus >= threshold, linkDensity(s) <= 0.5 { roots.append(s); continue }
                // A block of prose beside it (an introduction in a box of its own).
                if paragraphs[s] >= 1, prose(s) >= 140, linkDensity(s) < 0.2, ClassHints.weight(node.attributes) >= 0, !isTeaser(s) {
                    roots.append(s)
                    continue
                }
                if node.name == "p" {
                    let density = linkDensity(s), length = textLength[s]
                    let text = page.text(of: s)
                    if length > 80 && density < 0.25 { roots.append(s) } else if length > 0, density == 0,
                        text.range(of: #"\.( |$)"#, options: .regularExpression) != nil { roots.append(s) }
                }
            }
        } else {
            roots = [top]
        }
        roots += partsBeside(top)
        if let dek = standfirst(outside: roots) { roots.append(dek) }
        roots += betweenHeadlineAndBody(roots)
        roots = Array(Set(roots)).sorted()
        roots = roots.filter { r in !roots.contains { $0 != r && page.isInside(r, $0) } }
        for root in roots {
            clean(root)
            dropListings(in: root)
        }
        return roots
    }

    /// Other parts of an article split into blocks of the same kind (`<div class="article-block">`
    /// twice, an ad between them): siblings of the top candidate or of its near ancestors whose
    /// first class is theirs (and not a layout word) and that hold prose, not links.
    func partsBeside(_ top: Int) -> [Int] {
        var parts: [Int] = []
        var a = top
        for _ in 0..<3 {
            let parent = page.nodes[a].parent
            guard parent >= 0, a != page.body else { break }
            if let kind = Self.firstClass(page.nodes[a]), !Self.layoutClasses.contains(kind) {
                for s in page.nodes[parent].children where s != a && !dropped[s] && Self.firstClass(page.nodes[s]) == kind {
                    if prose(s) >= 140 && linkDensity(s) < 0.2 && !isTeaser(s) { parts.append(s) }
                }
            }
            a = parent
        }
        return parts
    }

    /// A block that announces another article: its heading is a link (a "more to read" card).
    func isTeaser(_ i: Int) -> Bool {
        (i..<page.subtreeEnd(i)).contains { k in
            ArticleExtractor.headingNames.contains(page.nodes[k].name) && !dropped[k] && textLength[k] > 0
                && Double(linkLength[k]) / Double(textLength[k]) > 0.5
        }
    }

    static let headingNames: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
    static let cellNames: Set<String> = ["td", "th"]

    static let layoutClasses: Set<String> = ["row", "col", "column", "container", "wrapper", "wrap", "clearfix", "cf", "grid",
                                             "section", "block", "inner", "outer", "box", "module", "widget", "item"]

    static func firstClass(_ node: HTMLPage.Node) -> String? {
        node.attributes["class"]?.lowercased().split(separator: " ").first.map(String.init)
    }

    func baseScore(_ i: Int) -> Double {
        let node = page.nodes[i]
        var s: Double
        switch node.name {
        case "article": s = 15
        case "main": s = 10
        case "div": s = 5
        case "section": s = 3
        case "pre", "td", "blockquote": s = 3
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": s = -3
        case "h1", "h2", "h3", "h4", "h5", "h6", "th": s = -5
        default: s = 0
        }
        if node.attributes["itemprop"]?.lowercased() == "articlebody" { s += 30 }
        return s + ClassHints.weight(node.attributes)
    }

    mutating func dropSubtree(_ i: Int) {
        for k in i..<page.subtreeEnd(i) { dropped[k] = true }
    }

    func count(_ name: String, in i: Int) -> Int {
        (i..<page.subtreeEnd(i)).reduce(0) { $0 + (!dropped[$1] && page.nodes[$1].name == name ? 1 : 0) }
    }
}
