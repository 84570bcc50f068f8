import Foundation

/// Signposts that a page's markup leaves unnamed, found by their shape: the site's own name as a
/// heading over its pages (a link home), a paragraph that introduces links as a heading would
/// ("You may also be interested in:"), a last link to a section ("More Football News from
/// TEAMtalk"), an invitation to follow someone ("Follow @name on Twitter."), the links to a
/// story's pages ("Page 1 2 3 Next »"), a row of a story's tools ("Email | Print | Share") and a
/// card that calls the reader to another medium ("Miley Cyrus Engaged … Watch Video"). None of
/// them is the article's text, and each would be read as a sentence.
extension ArticleExtractor {
    /// Marks the signposts as dropped (article mode, after the apparatus).
    mutating func dropSignposts() {
        measure()
        for i in page.nodes.indices where !dropped[i] && !page.nodes[i].isText {
            let name = page.nodes[i].name
            if Self.headingNames.contains(name), isSiteName(i) {
                dropSubtree(masthead(of: i))
            } else if ["div", "p", "span", "td"].contains(name), textLength[i] < 60, Self.isPagination(page.text(of: i)) {
                dropSubtree(i)
            } else if Self.toolHolders.contains(name), textLength[i] < 150, Self.isToolRow(page.text(of: i)) {
                dropSubtree(i)
            } else if Self.toolHolders.contains(name) || name == "span", textLength[i] < 30, Self.isCommentTally(page.text(of: i)) {
                dropSubtree(i)
            } else if Self.toolHolders.contains(name) || name == "span" || name == "dd", isFiling(i) {
                dropSubtree(i)
            } else if name == "a", let card = mediaCard(calledBy: i) {
                dropSubtree(card)
            } else if name == "p" {
                if let links = linksAnnounced(by: i) {
                    for k in [i] + links { dropSubtree(k) }
                } else if isSectionLink(i) || isFollowUs(i) {
                    dropSubtree(i)
                }
            }
        }
        propagate()
    }

    // MARK: - The site's name

    /// A heading that is one link to the site's home page (`PageMetadata.isSiteName`), with text
    /// left to read.
    func isSiteName(_ i: Int) -> Bool {
        textLength[i] > 0 && linkLength[i] == textLength[i] && PageMetadata.isSiteName(page, i)
    }

    /// The site's name with its motto: the box that holds the heading, when it holds little else.
    func masthead(of heading: Int) -> Int {
        let parent = page.nodes[heading].parent
        guard parent >= 0, parent != page.body, !isArticleContainer(parent),
              textLength[parent] <= textLength[heading] + Self.mottoLength, paragraphs[parent] <= 1 else { return heading }
        return parent
    }

    /// The most text a site's motto has beside its name.
    static let mottoLength = 160

    // MARK: - Announcing paragraphs

    /// For a short paragraph that ends in a colon and says what a heading over other pages says
    /// ("Related:", "You may also be interested in:"), the paragraphs or lists of links after it;
    /// nil when it is not one, or no links follow.
    func linksAnnounced(by i: Int) -> [Int]? {
        guard textLength[i] < 80, linkLength[i] == 0 else { return nil }
        let text = page.text(of: i).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasSuffix(":"), Self.isAnnouncingHeading(Self.headingText(text)) else { return nil }
        let parent = page.nodes[i].parent
        guard parent >= 0, let at = page.nodes[parent].children.firstIndex(of: i) else { return nil }
        var links: [Int] = []
        for s in page.nodes[parent].children[(at + 1)...] where !dropped[s] && textLength[s] > 0 {
            guard !page.nodes[s].isText, linkDensity(s) >= 0.7 else { break }
            links.append(s)
        }
        return links.isEmpty ? nil : links
    }

    // MARK: - Section links

    /// A paragraph that is one link to more of a section or a source ("More Football News from
    /// TEAMtalk", "More stories"), not a sentence of the article.
    func isSectionLink(_ i: Int) -> Bool {
        guard textLength[i] > 0, textLength[i] < 80, linkDensity(i) >= 0.9 else { return false }
        let text = page.text(of: i).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.range(of: #"^more\b.{0,40}\b(news|stories|articles|coverage|headlines)\b"#,
                          options: [.regularExpression, .caseInsensitive]) != nil
    }

    // MARK: - Invitations

    /// A short paragraph that asks the reader to follow the writer or the site on a social
    /// network: "Follow @DJMatthewDalton on Twitter.", "Follow us on Facebook".
    func isFollowUs(_ i: Int) -> Bool {
        guard textLength[i] > 0, textLength[i] < 120 else { return false }
        let text = page.text(of: i).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.range(of: #"^follow\b.{0,60}\b(on|at)\s+(twitter|facebook|instagram|linkedin|mastodon|bluesky|threads|x)\b"#,
                          options: [.regularExpression, .caseInsensitive]) != nil
    }

    // MARK: - Calls to watch or view

    /// The words of a link that calls the reader to a video, a gallery or a larger photo.
    static let mediaCalls: Set<String> = ["watch video", "watch the video", "watch now", "play video", "play the video",
                                          "view full size", "view larger", "view larger image", "view gallery", "view slideshow",
                                          "view photos", "view images", "see photos", "see images", "see the photos",
                                          "see gallery", "see slideshow", "photo gallery"]

    /// For a link that calls to a video or a gallery ("Watch Video", "View Full Size"), the card it
    /// ends: the box of its headline or shortened caption (under 160 characters of other text, no
    /// sentence: a headline, a question, or a caption cut short with "…"), widened while the
    /// boxes around it add nothing. Nil when the link stands in prose.
    func mediaCard(calledBy link: Int) -> Int? {
        let words = page.text(of: link).lowercased().split(whereSeparator: { !$0.isLetter })
        guard !words.isEmpty, words.count <= 4, Self.mediaCalls.contains(words.joined(separator: " ")) else { return nil }
        var card = page.nodes[link].parent
        while card >= 0, card != page.body, textLength[card] == textLength[link] { card = page.nodes[card].parent }
        guard card >= 0, card != page.body, !isArticleContainer(card), paragraphs[card] == 0,
              textLength[card] - textLength[link] < 160 else { return nil }
        let other = page.text(of: card).replacingOccurrences(of: page.text(of: link), with: " ")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if other.hasSuffix("."), !other.hasSuffix("..."), other.contains(" ") { return nil }
        while true {
            let parent = page.nodes[card].parent
            guard parent >= 0, parent != page.body, !isArticleContainer(parent), textLength[parent] == textLength[card] else { break }
            card = parent
        }
        return card
    }

    // MARK: - Pagination

    /// The links to a story's pages: "Page 1", "Pages: 1 2 3 Next »", "« Previous | Next ›" —
    /// the words page, next and previous with numbers and arrows, nothing else.
    static func isPagination(_ text: String) -> Bool {
        let t = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard t.range(of: #"\b(page|pages|next|prev|previous)\b"#, options: .regularExpression) != nil else { return false }
        return t.range(of: #"^((page|pages|next|prev|previous|of|\d{1,3})\b|[:|«»‹›<>…·.]|\s)+$"#, options: .regularExpression) != nil
    }

    // MARK: - Filing and tallies

    /// The words that file a story: "Filed under: News", "Posted in Local | …", "Tags: a, b".
    static let filingLabels = ["filed under", "filed in", "posted in", "posted under", "categories", "category", "tags", "tagged",
                               "tagged with", "topics", "labels", "keywords", "sections", "more about"]

    /// Where a story is filed: a label and links, nothing else ("Filed under: <a>News</a>",
    /// "Tags: <a>a</a>, <a>b</a>"), under 200 characters; or any short label with a colon over
    /// two links or more that make 70% of it ("Share: <a>Twitter</a> <a>Facebook</a>").
    func isFiling(_ i: Int) -> Bool {
        guard textLength[i] > 0, textLength[i] < 200, linkLength[i] > 0, page.subtreeEnd(i) - i <= Self.largestCard else { return false }
        let outside = textOutsideLinks(i)
        let links = (i..<page.subtreeEnd(i)).filter { !dropped[$0] && page.nodes[$0].name == "a" && textLength[$0] > 0 }.count
        let label = outside.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0 == " " || $0 == ":" }
        let words = String(String.UnicodeScalarView(label)).split(separator: " ").joined(separator: " ")
        guard !words.isEmpty else { return false }
        let bare = words.hasSuffix(":") ? String(words.dropLast()) : words
        if Self.filingLabels.contains(bare) { return true }
        return words.hasSuffix(":") && !bare.contains(":") && bare.split(separator: " ").count <= 3 && links >= 2
            && linkLength[i] * 10 >= textLength[i] * 7
    }

    /// A tally of readers' comments set as a line: "Comments (3)", "3 Comments", "No comments".
    static func isCommentTally(_ text: String) -> Bool {
        let t = headingText(text)
        return isCommentCount(t) || t.range(of: #"^(comments?|responses?|replies) \d+$"#, options: .regularExpression) != nil
    }

    // MARK: - Tool rows

    /// Blocks only: a phrase in a line of prose ("If <span>send email</span> is …") is not a row.
    static let toolHolders: Set<String> = ["div", "p", "td", "ul", "li", "table", "tr"]

    /// The words of a story's tools: e-mail it, print it, share it, change its type's size.
    static let toolWords: Set<String> = ["print", "printer", "friendly", "email", "e", "mail", "share", "save", "bookmark", "send",
                                         "this", "article", "story", "page", "to", "a", "friend", "font", "text", "size", "larger",
                                         "smaller", "increase", "decrease", "reset", "comment", "comments", "digg", "reddit", "delicious",
                                         "del", "icio", "us", "stumbleupon", "facebook", "twitter", "rss", "toolbar", "tools", "subscribe",
                                         "reprint", "reprints", "licensing", "permalink", "submit", "link", "it", "on", "and", "or", "yahoo", "buzz",
                                         "newsvine", "google", "technorati", "fark", "myspace", "linkedin"]

    /// A row of tools: two or more words, every one of them a tool's ("Email this | Print this |
    /// Share", "Text size: A A A"), with the letters of a type-size control allowed.
    static func isToolRow(_ text: String) -> Bool {
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter })
        guard words.count >= 2, words.contains(where: { ["print", "email", "share", "font", "bookmark"].contains($0) }) else { return false }
        return words.allSatisfy { toolWords.contains(String($0)) || $0 == "a" }
    }
}
