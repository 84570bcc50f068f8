/// Listings inside an article's container: runs of cards of one kind that each announce another
/// page (an events calendar's entries, "more stories" tiles, a shop's product tiles). A card is
/// short, and most of its words are its link: a title to click, with a date, a venue or a price.
/// Prose, and a list article's items (a linked heading over paragraphs of their own), are longer.
extension ArticleExtractor {
    /// The fewest cards of one kind in a row that make a listing.
    static let listingRun = 3

    /// Drops the runs of teaser cards under `root`, unless they are most of its prose.
    mutating func dropListings(in root: Int) {
        measure()
        let rootText = max(1, textLength[root])
        for parent in root..<page.subtreeEnd(root) where !dropped[parent] && !page.nodes[parent].isText {
            let children = page.nodes[parent].children.filter { !dropped[$0] && !page.nodes[$0].isText && textLength[$0] > 0 }
            guard children.count >= Self.listingRun else { continue }
            var run: [Int] = []
            func flush(_ run: [Int]) {
                guard run.count >= Self.listingRun else { return }
                let text = run.reduce(0) { $0 + textLength[$1] }
                if text * 2 < rootText { for card in run { dropSubtree(card) } }
            }
            for child in children {
                if isCard(child), let last = run.last, Self.kind(page.nodes[last]) == Self.kind(page.nodes[child]) {
                    run.append(child)
                } else {
                    flush(run)
                    run = isCard(child) ? [child] : []
                }
            }
            flush(run)
        }
    }

    /// A card: a box of under 300 characters, with no paragraph of prose, under 120 of them
    /// outside links, and its first link at least 40% of its text; a paragraph is one only when
    /// its link is nearly all of it (short paragraphs that link a phrase are prose).
    func isCard(_ i: Int) -> Bool {
        let length = textLength[i]
        let name = page.nodes[i].name
        guard Self.cardNames.contains(name) || name == "p", length >= 10, length < 300, linkLength[i] > 0,
              length - linkLength[i] < 120 else { return false }
        let end = page.subtreeEnd(i)
        // A card is small in markup too; a deep or wide tree of empty elements is not looked through.
        guard end - i <= Self.largestCard else { return false }
        if (i..<end).contains(where: { ["p", "blockquote", "pre"].contains(page.nodes[$0].name) && !dropped[$0] && textLength[$0] > 120 }) {
            return false
        }
        guard let link = (i..<end).first(where: { page.nodes[$0].name == "a" && !dropped[$0] && textLength[$0] > 0 }) else { return false }
        return name == "p" ? textLength[link] * 10 >= length * 7 : textLength[link] * 5 >= length * 2
    }

    /// The most nodes a card's subtree has.
    static let largestCard = 400

    static let cardNames: Set<String> = ["li", "div", "article", "section", "dt", "dd", "tr", "figure"]

    /// What makes cards of one kind: the element's name and its classes.
    static func kind(_ node: HTMLPage.Node) -> String {
        node.name + " " + (node.attributes["class"] ?? "")
    }
}
