import Foundation

/// Cleaning inside the article: link lists, forms, galleries, bylines, datelines and the
/// publisher's notices that the page's own markup left in.
extension ArticleExtractor {
    /// Drops, inside the article, what is not prose: link lists, forms, galleries, furniture
    /// that the page's own markup left in.
    mutating func clean(_ root: Int) {
        measure()
        let rootProse = prose(root)
        for i in root..<page.subtreeEnd(root) where !dropped[i] && !page.nodes[i].isText {
            let node = page.nodes[i]
            guard i != root else { continue }
            let weight = ClassHints.weight(node.attributes)
            // A byline ("By Alex Heath, deputy editor", the name a link) is the page's metadata,
            // said only when the pipeline asks for it.
            if textLength[i] < 200, linkLength[i] > 0, !Self.headingNames.contains(node.name),
               Self.isByline(page.text(of: i)) {
                dropSubtree(i)
                continue
            }
            switch node.name {
            case "h1", "h2", "h3", "h4", "h5", "h6":
                // A heading that is a link (a list article's items) is still a heading.
                if weight < 0 { dropSubtree(i) }
            case "div", "section", "ul", "ol", "table", "header", "footer", "aside", "dl":
                if textLength[i] < 300, paragraphs[i] <= 1, Self.isNotice(page.text(of: i)) { dropSubtree(i); continue }
                // Named like furniture but holding most of the article: a wrapper ("contentWithSidebar").
                if weight < 0 && prose(i) * 2 < rootProse { dropSubtree(i); continue }
                guard commas[i] < 10 else { continue }
                let density = linkDensity(i)
                let images = count("img", in: i)
                if density > 0.5 && textLength[i] < 2000 { dropSubtree(i); continue }
                if weight <= 0 && density > 0.25 && textLength[i] < 200 && paragraphs[i] == 0 && !isProseList(i) { dropSubtree(i); continue }
                if images >= 3 && textLength[i] < 100 && page.first("figure", in: i) == nil { dropSubtree(i); continue }
                // A narrow box floated beside the text ("<table align=left width=170>"), a quarter
                // of it links: the site's side panel set into the story ("Your Dolphins source").
                if isFloatedPanel(i), density > 0.25, textLength[i] < 1500, paragraphs[i] <= 1 { dropSubtree(i); continue }
            case "p", "span", "time", "small":
                // A dateline or reading time ("Published on June 25", "5 min read") said as prose is noise.
                if textLength[i] < 60, Self.isDateline(page.text(of: i)) { dropSubtree(i); continue }
                if textLength[i] < 300, Self.isNotice(page.text(of: i)) { dropSubtree(i); continue }
                if textLength[i] < 150, Self.isMediaMessage(page.text(of: i)) { dropSubtree(i) }
            default:
                break
            }
        }
        dropLinkLines(in: root)
        dropPullQuotes(in: root)
    }

    /// Lines of links set loose among the article's blocks ("Home | News | Local", a trail of
    /// sections, "Prev · Next"): a run of inline text between blocks or `<br>`s, 150 characters
    /// at most, with two links or more that make 70% of it, or one link after a label that points
    /// to a neighbouring story or a forum ("Previous story: …"). A sentence that links a phrase is
    /// not one; nor is a line that is one link.
    mutating func dropLinkLines(in root: Int) {
        measure()
        for e in root..<page.subtreeEnd(root) where !dropped[e] && !page.nodes[e].isText {
            var run: [Int] = []
            func flush() {
                defer { run = [] }
                let text = run.reduce(0) { $0 + textLength[$1] }, links = run.reduce(0) { $0 + linkLength[$1] }
                guard text > 0, text <= 150, links > 0,
                      run.reduce(0, { $0 + page.subtreeEnd($1) - $1 }) <= Self.largestCard else { return }
                let count = run.reduce(0) { sum, k in sum + (k..<page.subtreeEnd(k)).filter { page.nodes[$0].name == "a" && textLength[$0] > 0 }.count }
                let isLinkLine = count >= 2 && links * 10 >= text * 7
                guard isLinkLine || (count == 1 && Self.storyNavigationLabels.contains(label(of: run))) else { return }
                for k in run { dropSubtree(k) }
            }
            for child in page.nodes[e].children where !dropped[child] {
                let name = page.nodes[child].name
                if !page.nodes[child].isText && (Self.blockNames.contains(name) || name == "br") { flush() } else { run.append(child) }
            }
            flush()
        }
    }

    /// A box floated to one side and narrow: `align="left"` or `"right"` (or a float in its style)
    /// with a width under 360 pixels, or none given.
    func isFloatedPanel(_ i: Int) -> Bool {
        let attributes = page.nodes[i].attributes
        let style = (attributes["style"] ?? "").lowercased().filter { !$0.isWhitespace }
        let align = (attributes["align"] ?? "").lowercased()
        guard align == "left" || align == "right" || style.contains("float:left") || style.contains("float:right") else { return false }
        let digits = (attributes["width"] ?? "").prefix { $0.isASCII && $0.isNumber }
        return (attributes["width"] ?? "").contains("%") ? false : (Int(digits) ?? 0) < 360
    }

    /// The words before a link to a neighbouring story ("Previous story: <a>…</a>"), and an
    /// invitation to a forum ("Discuss this story on the <a>… message board</a>").
    static let storyNavigationLabels: Set<String> = ["previous story", "next story", "previous article", "next article",
                                                     "previous post", "next post", "previous entry", "next entry",
                                                     "older post", "newer post", "discuss this story on the",
                                                     "discuss this article on the", "discuss this on the"]

    /// The words of a run outside its links, lower-cased, without punctuation.
    func label(of run: [Int]) -> String {
        run.map(textOutsideLinks).joined(separator: " ").lowercased().split(whereSeparator: { !$0.isLetter }).joined(separator: " ")
    }

    /// The text of `i` and what it holds that lies in no link (none when `i` is a link).
    func textOutsideLinks(_ i: Int) -> String {
        guard page.nodes[i].name != "a" else { return "" }
        var outside = ""
        for k in i..<page.subtreeEnd(i) where page.nodes[k].isText && !dropped[k] && !isInLink(k, below: i) {
            outside += " " + page.nodes[k].text
        }
        return outside
    }

    /// A list whose items are sentences that link a phrase ("A <a>second review</a> by auditors
    /// agreed"), not links with a word or two beside them: each item has more text outside its
    /// links than in them, and the items have four words outside links on average.
    func isProseList(_ i: Int) -> Bool {
        let node = page.nodes[i]
        guard node.name == "ul" || node.name == "ol" else { return false }
        let items = node.children.filter { !dropped[$0] && page.nodes[$0].name == "li" }
        guard items.count >= 2, items.allSatisfy({ textLength[$0] - linkLength[$0] > linkLength[$0] }) else { return false }
        var words = 0
        for t in i..<page.subtreeEnd(i) where page.nodes[t].isText && !dropped[t] && !isInLink(t, below: i) {
            words += page.nodes[t].text.split(whereSeparator: { $0.isWhitespace }).filter { $0.contains(where: \.isLetter) }.count
        }
        return words >= 4 * items.count
    }

    /// Whether text node `t` lies in a link inside `root`.
    func isInLink(_ t: Int, below root: Int) -> Bool {
        var k = page.nodes[t].parent
        while k >= 0 && k != root {
            if page.nodes[k].name == "a" { return true }
            k = page.nodes[k].parent
        }
        return false
    }

    /// A notice that is the publisher's, not the article's: a copyright line ("© 2012 The
    /// Associated Press. All rights reserved. This material may not be published …") or the label
    /// of an advertisement's slot ("Advertisement", "Story continues below advertisement").
    static func isNotice(_ text: String) -> Bool {
        let t = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if t.isEmpty { return false }
        if ["advertisement", "advertisements", "ad", "sponsored", "sponsored content", "story continues below advertisement",
            "article continues below advertisement", "continue reading below", "scroll to continue with content"].contains(t) { return true }
        if t.contains("all rights reserved") || t.contains("may not be published, broadcast, rewritten") { return true }
        // Where the story ran in print ("A version of this article appeared July 24, 2012, on page
        // A2 in the U.S. edition …"), and the newspaper's line for writing to its reporters
        // ("Write to Caroline Porter at caroline.porter@wsj.com").
        if ["a version of this article appear", "a version of this story appear", "this article appeared in print",
            "a version of this article is in print"].contains(where: { t.hasPrefix($0) }) { return true }
        // A disclaimer: "The opinions expressed in this release … do not necessarily reflect …".
        if t.contains("do not necessarily reflect"), t.contains("views") || t.contains("opinions") { return true }
        if t.hasPrefix("write to "), t.split(separator: " ").count <= 30, t.split(separator: " ").contains(where: { $0.contains("@") && $0.contains(".") }) {
            return true
        }
        return t.range(of: #"^(©|\(c\)|copyright\b)"#, options: .regularExpression) != nil && t.split(separator: " ").count <= 40
    }

    /// A byline: "By Alex Heath, deputy editor", "By HERB KEINON | Jan 9, 2008"; a name after
    /// "By", and no more than a name, a role and a date. "By the end of the meeting, the
    /// council had agreed …" is a sentence.
    static func isByline(_ text: String) -> Bool {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count >= 2, words.count <= 14, words[0].lowercased() == "by" else { return false }
        return words[1].first.map { $0.isUppercase || !$0.isLetter } ?? false
    }

    static func isDateline(_ text: String) -> Bool {
        let t = text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        if t.range(of: #"^\d+\s*(min|minute)s?\.?\s+read"#, options: .regularExpression) != nil { return true }
        return ["published", "updated", "posted", "last updated", "last modified"].contains { t.hasPrefix($0) }
    }
}
