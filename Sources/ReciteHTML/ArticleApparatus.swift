import Foundation

/// What sits inside an article's own markup but is not its text, and what a listener would hear
/// as noise: heading permalinks ("¶", "#", said "hash"), edit links ("[edit]"), citation marks
/// ("[12]"), footnote back-links ("^", "↩", said "caret"), reference lists and bibliographies,
/// navigation boxes, photo credits, and the blocks that announce other pages ("Related",
/// "Popular on …", newsletters, share bars, comments) by what their headings say.
///
/// General rules, not page-specific ones: the vocabularies of class names, ARIA's `doc-*` roles
/// (DPUB-ARIA), link targets inside the page (`href="#…"`), and the shape of the text.
extension ArticleExtractor {
    /// Marks the apparatus as dropped (article mode only: `whole` reads everything).
    mutating func dropApparatus() {
        measure()
        for i in page.nodes.indices where !dropped[i] && !page.nodes[i].isText {
            if isApparatus(i) { dropSubtree(i) }
        }
        measure()
        let total = max(1, prose(page.body))
        for i in page.nodes.indices where !dropped[i] && Self.headingNames.contains(page.nodes[i].name) {
            let heading = Self.headingText(page.text(of: i))
            if Self.referenceHeadings.contains(heading) || Self.isAnnouncingHeading(heading) {
                // What a heading of links announces ends where prose resumes: one paragraph after a
                // heading that only begins like one ("Popular anger grows"), two after a whole one
                // ("Latest headlines" over a line of headlines is not the article resuming).
                let resumes = Self.referenceHeadings.contains(heading) || Self.announcesProse(heading) ? 0
                    : Self.announcingPrefixes.contains { heading == $0.trimmingCharacters(in: .whitespaces) } ? 2 : 1
                dropSection(startingAt: i, total: total, unlessProse: resumes)
            }
        }
        propagate()
        dropSignposts()
    }

    // MARK: - Elements

    /// Whether element `i` is apparatus by its names, role, target or text.
    func isApparatus(_ i: Int) -> Bool {
        let node = page.nodes[i]
        // The page itself is never apparatus, whatever its names say (`<body class="permalink">`
        // marks a blog's page of one post).
        if i == page.body || node.name == "html" { return false }
        let role = node.attributes["role"]?.lowercased() ?? ""
        if Self.apparatusRoles.contains(role) { return true }
        let names = ClassHints.names(node.attributes)
        let words = names.split(separator: " ")
        // Notes are a book's text ("Sometimes known as alert spam"); citations are not.
        if Self.noteRoles.contains(role) || words.contains(where: { name in Self.noteNames.contains { name.contains($0) } }) {
            return isCitations(i)
        }
        if words.contains(where: { name in Self.apparatusNames.contains { name.contains($0) } }) {
            // A wrapper named so that holds the article (a "footnotes" class on a whole post) is not.
            if textLength[i] < 3000 || prose(i) * 2 < prose(page.body) { return true }
        }
        // A credit's own element, not the figure or caption that holds it.
        if words.contains(where: { name in Self.creditNames.contains { name.contains($0) } }),
           textLength[i] < 150, node.name != "figure", node.name != "figcaption" { return true }
        let text = page.text(of: i).trimmingCharacters(in: .whitespacesAndNewlines)
        let href = node.attributes["href"] ?? ""
        switch node.name {
        case "a":
            // A link within the page whose text is only symbols: a permalink ("¶", "#", "§", "🔗")
            // or a back-link ("↑", "^", "↩").
            if href.hasPrefix("#") || isInHeading(i) {
                if text.isEmpty || Self.isSymbols(text) { return true }
                if Self.backLinkWords.contains(text.lowercased()) { return true }
                if href.hasPrefix("#") && Self.isCitationMark(text) && (isRaised(i) || text.hasPrefix("[")) { return true }
            }
            if let title = node.attributes["title"]?.lowercased(), isInHeading(i),
               title.contains("permalink") || title.contains("link to this") || title.contains("direct link") {
                return true
            }
            if isInHeading(i), Self.isEditMark(text) { return true }
            // A link that points onward with arrows ("Photo Gallery>>>", "More »"): a way to
            // another page, and its arrows would be said "greater than".
            if text.count <= 40, text.range(of: #"(>>|»|›|→)\s*$"#, options: .regularExpression) != nil { return true }
            // "Continue reading", "Read the rest of this entry": the way to the rest, on another page.
            if text.count <= 60, text.range(of: #"^(continue reading|read the rest|keep reading|read full (story|article|post))\b"#,
                                            options: [.regularExpression, .caseInsensitive]) != nil { return true }
        case "sup":
            // A citation mark: "[12]", "[a]", "[note 3]", "[citation needed]", a link to a note.
            if Self.isCitationMark(text), (i..<page.subtreeEnd(i)).contains(where: { page.nodes[$0].name == "a" }) { return true }
            if text.hasPrefix("["), text.hasSuffix("]"), text.count <= 30 { return true }
        case "span", "small", "div":
            if isInHeading(i), Self.isEditMark(text) { return true }
            if textLength[i] < 120, Self.isCredit(text), isNearFigure(i) { return true }
        case "p", "cite", "figcaption":
            if textLength[i] < 120, Self.isCredit(text) { return true }
            if node.name == "p", textLength[i] < 300, Self.isNewsletterPitch(text) { return true }
        default:
            break
        }
        return false
    }

    /// Whether `i` lies in a heading.
    func isInHeading(_ i: Int) -> Bool {
        var k = page.nodes[i].parent
        for _ in 0..<4 where k >= 0 {
            if Self.headingNames.contains(page.nodes[k].name) { return true }
            k = page.nodes[k].parent
        }
        return false
    }

    /// Whether `i` is set as a superscript (a citation mark), in a `<sup>` or so named.
    func isRaised(_ i: Int) -> Bool {
        var k = i
        for _ in 0..<3 where k >= 0 {
            let node = page.nodes[k]
            if node.name == "sup" || ClassHints.names(node.attributes).contains("sup") { return true }
            k = node.parent
        }
        return false
    }

    /// Whether `i` is a figure's part (or an image's): a credit belongs to one.
    func isNearFigure(_ i: Int) -> Bool {
        var k = i
        for _ in 0..<4 where k >= 0 {
            let node = page.nodes[k]
            if node.name == "figure" || node.name == "figcaption" { return true }
            let names = ClassHints.names(node.attributes)
            if ["figure", "caption", "image", "photo", "media", "picture"].contains(where: { names.contains($0) }) { return true }
            k = node.parent
        }
        return false
    }

    /// Whether notes are citations (sources, with links, "Retrieved", years and pages) rather
    /// than remarks in prose.
    func isCitations(_ i: Int) -> Bool {
        if linkDensity(i) > 0.35 { return true }
        let text = page.text(of: i).lowercased()
        let marks = ["retrieved", "archived from", "isbn", "doi:", "pp.", "vol.", "accessed", "et al.", "op. cit", "ibid"]
        let found = marks.reduce(0) { $0 + text.components(separatedBy: $1).count - 1 }
        let items = max(1, count("li", in: i) + count("p", in: i))
        return found * 2 >= items
    }

    // MARK: - Sections

    /// Drops the section a heading opens: its `<section>` (or other container) when the heading
    /// leads it, else the heading and the siblings after it up to the next heading as high.
    /// With `unlessProse` (n > 0), the section ends where n paragraphs in a row resume the
    /// article, and prose straight under the heading makes it the article's own section.
    mutating func dropSection(startingAt heading: Int, total: Int, unlessProse: Int = 0) {
        let level = Self.headingLevel(page.nodes[heading].name)
        // A heading in a wrapper of its own (`<div class="mw-heading">`): its siblings are the wrapper's.
        var lead = heading
        var dropping: [Int] = []
        while dropping.isEmpty {
            let parent = page.nodes[lead].parent
            guard parent >= 0, parent != page.body, !isArticleContainer(parent), page.nodes[parent].name != "html" else { break }
            let others = page.nodes[parent].children.filter { $0 != lead && !dropped[$0] && textLength[$0] > 0 }
            if others.isEmpty { lead = parent; continue }
            // The heading leads a container that is not the article's: the container is the section.
            let first = page.nodes[parent].children.first { !dropped[$0] && textLength[$0] > 0 }
            if first == lead, prose(parent) * 2 < total { dropping = [parent] }
            break
        }
        // A box of prose under a heading that only begins like an announcement: what it announces
        // is the run after the heading, inside the box.
        if unlessProse > 0, let box = dropping.first, isProse([box]) { dropping = [] }
        if dropping.isEmpty {
            let parent = page.nodes[lead].parent
            guard parent >= 0, let at = page.nodes[parent].children.firstIndex(of: lead) else { return }
            dropping = [lead]
            var summary = false  // the next block sums up the story a linked headline announced
            let after = page.nodes[parent].children[(at + 1)...].filter { !page.nodes[$0].isText || textLength[$0] > 0 }
            for (n, s) in after.enumerated() {
                if let h = firstHeading(s), Self.headingLevel(page.nodes[h].name) <= level { break }
                // The links it announces end where the article's prose resumes (a "Related
                // stories" box set between two paragraphs); prose straight after it is a section's.
                if unlessProse > 0, !summary, n + unlessProse <= after.count,
                   after[n..<(n + unlessProse)].allSatisfy({ isProse([$0]) && firstHeading($0) == nil }) {
                    if !dropping.dropFirst().contains(where: { textLength[$0] > 0 }) { return }
                    break
                }
                dropping.append(s)
                if textLength[s] > 0 { summary = Self.headingNames.contains(page.nodes[s].name) && linkLength[s] * 2 > textLength[s] }
            }
        }
        // Never the bulk of the article; and "Notes" or "Sources" that are prose are the article's.
        guard dropping.reduce(0, { $0 + prose($1) }) * 2 < total else { return }
        if Self.ambiguousHeadings.contains(Self.headingText(page.text(of: heading))) {
            let items = dropping.reduce(0) { $0 + count("li", in: $1) }
            let paragraphText = dropping.reduce(0) { sum, s in
                sum + (s..<page.subtreeEnd(s)).reduce(0) { $0 + (page.nodes[$1].name == "p" && !dropped[$1] ? textLength[$1] : 0) }
            }
            let text = dropping.reduce(0) { $0 + textLength[$1] }
            guard items >= 1, paragraphText * 5 < text * 2 else { return }
        }
        for s in dropping { dropSubtree(s) }
        // A box left with only its own heading ("Extras" over the headlines just dropped) goes too.
        var holder = page.nodes[dropping[0]].parent
        // (A box emptied whole is looked through: the heading may be in the box around it.)
        while holder >= 0, holder != page.body, !isArticleContainer(holder), !hasText(holder) { holder = page.nodes[holder].parent }
        if holder >= 0, holder != page.body, !isArticleContainer(holder), hasOnlyHeadings(holder) { dropSubtree(holder) }
    }

    /// Whether blocks are prose: a sentence's worth (40 characters) in paragraphs, a fifth of
    /// their text at most in links (teasers' headlines are links over their summaries).
    func isProse(_ blocks: [Int]) -> Bool {
        var paragraphText = 0, text = 0, links = 0
        for b in blocks {
            text += textLength[b]
            links += linkLength[b]
            for k in b..<page.subtreeEnd(b) where !dropped[k] && page.nodes[k].name == "p" { paragraphText += textLength[k] }
        }
        return paragraphText >= 40 && links * 5 <= text
    }

    /// Whether any text is left under `i`.
    func hasText(_ i: Int) -> Bool {
        (i..<page.subtreeEnd(i)).contains { !dropped[$0] && page.nodes[$0].isText && !page.nodes[$0].text.allSatisfy(\.isWhitespace) }
    }

    /// Whether all the text left under `i` is in headings (and there is some).
    func hasOnlyHeadings(_ i: Int) -> Bool {
        var k = i + 1, heading = false
        let end = page.subtreeEnd(i)
        while k < end {
            if dropped[k] { k += 1; continue }
            let node = page.nodes[k]
            if Self.headingNames.contains(node.name) {
                heading = true
                k = page.subtreeEnd(k)
                continue
            }
            if node.isText, !node.text.allSatisfy(\.isWhitespace) { return false }
            k += 1
        }
        return heading
    }

    /// The first heading in `i`'s subtree (itself included), if it comes before any text.
    func firstHeading(_ i: Int) -> Int? {
        for k in i..<page.subtreeEnd(i) where !dropped[k] {
            if Self.headingNames.contains(page.nodes[k].name) { return k }
            if page.nodes[k].isText, !page.nodes[k].text.allSatisfy(\.isWhitespace) { return nil }
        }
        return nil
    }

    func isArticleContainer(_ i: Int) -> Bool {
        let node = page.nodes[i]
        return node.name == "article" || node.name == "main" || node.attributes["itemprop"]?.lowercased() == "articlebody"
    }

    static func headingLevel(_ name: String) -> Int {
        Int(name.dropFirst()) ?? 6
    }

    // MARK: - Vocabularies

    /// DPUB-ARIA and ARIA roles of notes and their links.
    static let apparatusRoles: Set<String> = ["doc-noteref", "doc-backlink", "doc-bibliography", "doc-biblioref", "doc-pagebreak"]
    /// Roles and names of notes: dropped when they are citations (`isCitations`).
    static let noteRoles: Set<String> = ["doc-endnotes", "doc-footnote", "doc-endnote"]
    static let noteNames = ["footnotes", "endnotes", "footnote-list"]
    /// Parts of class or id names that mark apparatus (MediaWiki's, Sphinx's, Markdown
    /// processors', documentation generators').
    static let apparatusNames = ["headerlink", "header-link", "heading-anchor", "anchor-link", "anchorjs", "permalink", "hash-link",
                                 "editsection", "edit-section", "edit-link", "mw-cite-backlink", "cite-backlink", "footnote-ref",
                                 "footnote-backref", "footnote-back", "backref", "reflist", "refbegin", "references", "bibliography", "citation-needed", "navbox", "vertical-navbox", "sistersitebox",
                                 "sister-project", "commonscat", "noprint", "catlinks", "printfooter", "mw-jump", "portal-bar",
                                 "ambox", "metadata", "authorbox", "author-box", "author-bio", "newsletter", "share-bar", "sharebar",
                                 "social-share", "share-buttons", "sharing", "related-posts", "related-articles", "related-stories",
                                 "relatedposts", "most-popular", "mostpopular", "popular-posts", "comments", "comment-list"]
    /// Parts of names that mark a photo's credit.
    static let creditNames = ["credit", "attribution", "copyright", "photographer"]

    /// Headings of a reference apparatus (lower-cased, without "[edit]").
    static let referenceHeadings: Set<String> = ["references", "reference", "notes", "footnotes", "endnotes", "citations", "sources",
                                                 "bibliography", "works cited", "notes and references", "references and notes",
                                                 "further reading", "external links", "literature", "notes and citations",
                                                 "sources and notes", "source notes", "footnotes and references"]

    /// Reference headings that may also head prose ("Notes" in a recipe): dropped only over lists.
    static let ambiguousHeadings: Set<String> = ["notes", "sources", "literature", "reference"]

    /// Headings of blocks that point elsewhere: other articles, newsletters, sharing, comments.
    static let announcingPrefixes = ["related", "popular", "most popular", "most read", "most viewed", "more from", "more on ",
                                     "more stories", "more to read", "more in ", "read more", "read next", "read also", "also read",
                                     "you may also like", "you might also like", "you may like", "recommended", "trending",
                                     "sign up for", "subscribe", "newsletter", "get our", "share this", "share on", "share article",
                                     "comments", "leave a comment", "leave a reply", "join the conversation",
                                     "latest news", "latest stories", "top stories", "editor's picks", "editors' picks",
                                     "editor’s picks", "around the web", "from our partners", "sponsored", "recent posts",
                                     "about the author", "tags", "follow us", "also in ", "you may also be interested",
                                     // readers' comments under their other names, and more link lists
                                     "reader comments", "readers comments", "readers' comments", "user comments", "your comments",
                                     "post a comment", "add a comment", "add your comment", "post your comment", "have your say",
                                     "your say", "talkback", "trackbacks", "pingbacks",
                                     "see also", "more headlines", "more news", "more articles", "other stories", "other news",
                                     "in other news", "most emailed", "most commented", "top headlines",
                                     "latest headlines", "similar articles"]

    /// Announcements that head prose of their own, dropped whatever follows them: readers'
    /// comments, an author's biography, a newsletter's pitch. The others announce links ("Related",
    /// "Popular anger grows" only begins like one): dropped over links, not over paragraphs.
    static func announcesProse(_ heading: String) -> Bool {
        if Self.isCommentCount(heading) { return true }
        for p in proseAnnouncements where heading.hasPrefix(p) {
            // "Comments", "Comments are closed", "Comments on this story", "About the authors";
            // not "Comments from the minister" (a section of the article), nor "Subscribers".
            let rest = heading.dropFirst(p.count)
            if rest.isEmpty || rest == "s" { return true }
            guard rest.first == " " else { continue }
            let words = rest.split(separator: " ")
            if words.count <= 2 || ["on", "to", "for", "about"].contains(words[0]) { return true }
        }
        return false
    }

    static let proseAnnouncements = ["comments", "leave a comment", "leave a reply", "join the conversation", "reader comments",
                                     "readers comments", "readers' comments", "user comments", "your comments", "post a comment",
                                     "add a comment", "add your comment", "post your comment", "have your say", "your say",
                                     "talkback", "trackbacks", "pingbacks", "about the author", "sign up for", "subscribe",
                                     "newsletter", "get our", "share this", "share on", "share article", "follow us"]

    /// A count of readers' comments: "12 comments", "One response to “X”", "5 thoughts on “X”"
    /// (WordPress's own words).
    static func isCommentCount(_ heading: String) -> Bool {
        heading.range(of: #"^(\d+|one|no) (comments?|responses?|replies|reply|reactions?|trackbacks?|thoughts?)( (to|on) .*)?$"#,
                      options: .regularExpression) != nil
    }

    static func isAnnouncingHeading(_ heading: String) -> Bool {
        guard heading.split(separator: " ").count <= 8 else { return false }
        if Self.isCommentCount(heading) { return true }
        return announcingPrefixes.contains { heading == $0.trimmingCharacters(in: .whitespaces) || heading.hasPrefix($0) }
    }

    /// A heading's text, lower-cased, without an edit mark, symbols or trailing punctuation.
    static func headingText(_ text: String) -> String {
        var t = text.lowercased()
        for mark in ["[edit]", "[edit source]", "edit"] where t.hasSuffix(mark) && t.count > mark.count + 2 {
            t = String(t.dropLast(mark.count))
        }
        let kept = t.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == " " || $0 == "'" || $0 == "’" }
        return String(String.UnicodeScalarView(kept)).split(separator: " ").joined(separator: " ")
    }

    /// Text with no letter or digit: "¶", "#", "§", "🔗", "↑", "^", "↩︎".
    static func isSymbols(_ text: String) -> Bool {
        text.count <= 4 && !text.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    /// Back-link words in place of an arrow.
    static let backLinkWords: Set<String> = ["jump up", "back", "back to text", "return to text", "return", "up", "top", "back to top"]

    /// "[12]", "12", "[a]", "[note 3]", "[citation needed]", "†", "*".
    static func isCitationMark(_ text: String) -> Bool {
        text.range(of: #"^\[?\s*((note|n|fn|ref|nb)\s*)?[0-9]{1,4}[a-z]?\s*\]?$|^\[[a-z]{1,2}\]$|^\[citation needed\]$|^[*†‡§]+$"#,
                   options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// "[edit]", "edit", "[edit source]".
    static func isEditMark(_ text: String) -> Bool {
        text.range(of: #"^\[?\s*edit(\s+source)?\s*\]?$"#, options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// A photo credit: "Photo: …", "Image by …", "(Getty Images)", "Name / Agency".
    static func isCredit(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: CharacterSet(charactersIn: " ()[]\n\t"))
        if t.range(of: #"^(photo(graph)?s?|image|picture|illustration|graphic|video|credits?|courtesy|source|photo credit|image credit|image source)\s*(:|by\b|courtesy\b|credit\b)"#,
                   options: [.regularExpression, .caseInsensitive]) != nil { return true }
        let agencies = ["getty images", "shutterstock", "associated press", "ap photo", "reuters", "afp", "istock", "alamy", "unsplash",
                        "wikimedia commons", "epa"]
        let lower = t.lowercased()
        if agencies.contains(where: { lower.hasSuffix($0) }) && t.count < 80 { return true }
        // "Name Surname / The Agency" or "Name/Magazine": a name, a slash, an organisation, no sentence.
        if t.count < 70, !t.hasSuffix("."), t.range(of: #"^[A-Z][\p{L}.'’-]+( [A-Z][\p{L}.'’-]*){0,3} ?/ ?[A-Z][\p{L}&'’ -]+$"#,
                                                  options: .regularExpression) != nil { return true }
        return false
    }

    /// A paragraph that asks the reader to sign up for a newsletter.
    static func isNewsletterPitch(_ text: String) -> Bool {
        text.range(of: #"\b(sign up|subscribe)\b.{0,80}\bnewsletters?\b|^get (our|the) .{0,40}newsletter"#,
                   options: [.regularExpression, .caseInsensitive]) != nil
    }
}
