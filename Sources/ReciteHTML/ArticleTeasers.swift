import Foundation

/// Teasers for the site's other articles, anywhere on the page: three or more boxes of one kind,
/// each opening with a headline that links within the site, over a line or two of summary. Beside
/// a short article they outvote it (six summaries against two paragraphs), so they are dropped
/// before scoring, unless the page is little else (an index of stories). A list article's items
/// link elsewhere, or say more than a summary, and are not teasers.
extension ArticleExtractor {
    /// The fewest teasers of one kind in a row that make a run.
    static let teaserRun = 3
    /// The prose a page keeps outside its teasers for them to be left out.
    static let proseBesideTeasers = 150

    mutating func dropTeaserRuns() {
        measure()
        let host = Self.siteHost(page)
        var cards: [Int] = []
        for parent in page.nodes.indices where !dropped[parent] && !page.nodes[parent].isText {
            let children = page.nodes[parent].children.filter { !dropped[$0] && !page.nodes[$0].isText && textLength[$0] > 0 }
            guard children.count >= Self.teaserRun else { continue }
            // Boxes of one kind side by side: teasers when three or more of them are, and most
            // (a card whose headline is too short to tell, "Rugby Recap", goes with its row).
            var group: [Int] = [], teasers: [Int] = [], run: [Int] = []
            func flush() {
                if teasers.count >= Self.teaserRun, teasers.count * 3 >= group.count * 2 { cards += group }
                group = []
                teasers = []
            }
            for child in children {
                if let last = group.last, Self.kind(page.nodes[last]) != Self.kind(page.nodes[child]) { flush() }
                group.append(child)
                let teaser = isTeaserCard(child, host: host)
                if teaser { teasers.append(child) }
                // Three in a row are teasers whatever else their row holds.
                if teaser, let last = run.last, Self.kind(page.nodes[last]) == Self.kind(page.nodes[child]) {
                    run.append(child)
                } else {
                    if run.count >= Self.teaserRun { cards += run }
                    run = teaser ? [child] : []
                }
            }
            flush()
            if run.count >= Self.teaserRun { cards += run }
        }
        cards = Array(Set(cards)).sorted()
        cards = cards.filter { c in !cards.contains { $0 != c && page.isInside(c, $0) } }
        guard !cards.isEmpty, prose(page.body) - cards.reduce(0, { $0 + prose($1) }) >= Self.proseBesideTeasers else { return }
        for card in cards { dropSubtree(card) }
    }

    /// A box under 500 characters whose headline (its first heading, or else its first text), 15
    /// characters or more, links within the site (or to a player a script opens), with no
    /// paragraph over 300 characters.
    func isTeaserCard(_ i: Int, host: String?) -> Bool {
        // A table's cells are cards too on an old page's row of teasers.
        guard Self.cardNames.contains(page.nodes[i].name) || page.nodes[i].name == "td", (20..<500).contains(textLength[i]) else { return false }
        let end = page.subtreeEnd(i)
        guard end - i <= Self.largestCard else { return false }
        // Its headline: its first heading, or else its first text (a label over it, "Politics", is not).
        let heading = (i..<end).first { Self.headingNames.contains(page.nodes[$0].name) && !dropped[$0] && textLength[$0] > 0 }
        let headline = heading.map { $0..<page.subtreeEnd($0) } ?? i..<end
        // Its first text, past up to two short labels over it ("BUSINESS", "Politics").
        let texts = headline.lazy.filter { page.nodes[$0].isText && !self.dropped[$0] && self.textLength[$0] > 0 }.prefix(3)
        guard let first = texts.first(where: { textLength[$0] >= 15 }) ?? texts.first,
              texts.prefix(while: { $0 != first }).allSatisfy({ textLength[$0] < 15 }) else { return false }
        var link = page.nodes[first].parent
        while link > i, page.nodes[link].name != "a" { link = page.nodes[link].parent }
        let href = page.nodes[link].attributes["href"] ?? ""
        guard link > i, textLength[link] >= 15, Self.isInternal(href, host: host) || Self.opensByScript(href) else { return false }
        return !(i..<end).contains { page.nodes[$0].name == "p" && !dropped[$0] && textLength[$0] > 300 }
    }

    /// A link to another page of the same site: relative, or to the host most of the page's
    /// absolute links go to.
    static func isInternal(_ href: String, host: String?) -> Bool {
        let h = href.trimmingCharacters(in: .whitespaces).lowercased()
        if h.isEmpty || h.hasPrefix("#") || h.hasPrefix("javascript:") || h.hasPrefix("mailto:") { return false }
        guard h.contains("://") || h.hasPrefix("//") else { return true }
        return host != nil && hostOf(h) == host
    }

    /// A link that a script follows ("javascript:pop_me_up('http://…/video')"): a video's or a
    /// gallery's player opened over the page, another page for a teaser's purposes.
    static func opensByScript(_ href: String) -> Bool {
        href.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("javascript:")
    }

    /// The host most of the page's absolute links point to ("www." left off), three of them at
    /// least: the site's own.
    static func siteHost(_ page: HTMLPage) -> String? {
        var counts: [String: Int] = [:]
        for node in page.nodes where node.name == "a" {
            guard let href = node.attributes["href"]?.lowercased(), href.contains("://") || href.hasPrefix("//"),
                  let host = hostOf(href) else { continue }
            counts[host, default: 0] += 1
        }
        guard let most = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }), most.value >= 3 else { return nil }
        return most.key
    }

    static func hostOf(_ url: String) -> String? {
        guard let r = url.range(of: "//") else { return nil }
        let rest = url[r.upperBound...]
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }
        guard !host.isEmpty else { return nil }
        return String(host.hasPrefix("www.") ? host.dropFirst(4) : host)
    }
}
