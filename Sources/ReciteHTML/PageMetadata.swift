import Foundation

/// What a page says about itself: its title, author and language, from Open Graph and other
/// `<meta>` tags, schema.org JSON-LD, and `<title>`.
struct PageMetadata {
    /// The article's title, and the `<meta>` element it came from (nil when it came from `<title>`).
    var title: String?
    var titleMeta: Int?
    /// The `<title>` element, or on a page without one or an `<h1>`, the element its class names
    /// the headline (`<span class="articleHeadline">`): where the title is read from.
    var titleElement: Int?
    var author: String?
    var authorMeta: Int?
    var language: String?
    /// The page's summary of itself (Open Graph or `<meta name="description">`), for a feed.
    var description: String?

    init(page: HTMLPage) {
        var metas: [String: (String, Int)] = [:]
        var jsonLD: [String] = []
        for (i, node) in page.nodes.enumerated() where !node.isText {
            switch node.name {
            case "meta":
                let key = (node.attributes["property"] ?? node.attributes["name"] ?? node.attributes["itemprop"] ?? "").lowercased()
                if let content = node.attributes["content"], !key.isEmpty, metas[key] == nil {
                    metas[key] = (content.trimmingCharacters(in: .whitespacesAndNewlines), i)
                }
            case "title":
                if titleElement == nil { titleElement = i }
            case "script":
                jsonLD.append(page.text(of: i))
            case "html":
                language = node.attributes["lang"] ?? node.attributes["xml:lang"]
            default:
                break
            }
        }
        let schema = Self.schemaFields(jsonLD)
        if let (t, i) = metas["og:title"] ?? metas["twitter:title"] ?? metas["dc.title"] ?? metas["headline"], !t.isEmpty {
            title = t
            titleMeta = i
        } else if let t = schema.headline {
            title = t
        } else if let element = titleElement, !page.text(of: element).allSatisfy(\.isWhitespace) {
            title = page.text(of: element).trimmingCharacters(in: .whitespacesAndNewlines)
        } else if let h1 = page.nodes.indices.first(where: { page.nodes[$0].name == "h1" && !Self.isSiteName(page, $0) }) {
            // No title in the head: the page's first headline is its title (not the site's name).
            title = page.text(of: h1).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        } else if let headline = page.nodes.indices.first(where: { Self.isNamedHeadline(page, $0) }) {
            // Nor a headline: old pages' table layouts name theirs by class.
            titleElement = headline
            title = page.text(of: headline).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        if let (a, i) = metas["author"] ?? metas["article:author"] ?? metas["parsely-author"] ?? metas["dc.creator"],
           !a.isEmpty, !a.hasPrefix("http") {
            author = a
            authorMeta = i
        } else {
            author = schema.author
        }
        if language?.isEmpty ?? false { language = nil }
        description = (metas["og:description"] ?? metas["description"] ?? metas["twitter:description"]).map(\.0)
        if description?.isEmpty ?? false { description = nil }
    }

    /// Whether element `i` is named the headline by its class ("articleHeadline", "entry-title")
    /// and holds a line of text.
    static func isNamedHeadline(_ page: HTMLPage, _ i: Int) -> Bool {
        guard !page.nodes[i].isText, let names = page.nodes[i].attributes["class"]?.lowercased(),
              names.contains("headline") || ["entry-title", "post-title", "article-title", "story-title"].contains(where: { names.contains($0) })
        else { return false }
        return (3...300).contains(page.text(of: i).trimmingWhitespace.count)
    }

    /// Whether heading `i` is one link to the site's home page: the site's name, not a headline.
    static func isSiteName(_ page: HTMLPage, _ i: Int) -> Bool {
        let links = (i..<page.subtreeEnd(i)).filter { page.nodes[$0].name == "a" }
        guard links.count == 1, let href = page.nodes[links[0]].attributes["href"], isHome(href) else { return false }
        return page.text(of: links[0]).trimmingWhitespace == page.text(of: i).trimmingWhitespace
    }

    /// "/", "./", "/index.html", "http://www.example.com/": a site's root.
    static func isHome(_ href: String) -> Bool {
        let h = href.trimmingCharacters(in: .whitespaces).lowercased()
        return h.range(of: #"^((https?:)?//[^/?#]+)?(/|\./)?(index\.\w+)?$"#, options: .regularExpression) != nil && !h.isEmpty
    }

    /// `headline` and the author's `name` of the first schema.org article in JSON-LD scripts.
    static func schemaFields(_ scripts: [String]) -> (headline: String?, author: String?) {
        for script in scripts {
            guard let data = script.data(using: .utf8),
                  let json = try? JSONSerialization.jsonObject(with: data) else { continue }
            var objects: [[String: Any]] = []
            if let o = json as? [String: Any] {
                objects = [o] + ((o["@graph"] as? [[String: Any]]) ?? [])
            } else if let a = json as? [[String: Any]] {
                objects = a
            }
            for o in objects {
                guard let headline = o["headline"] as? String else { continue }
                var author: String?
                if let a = o["author"] as? [String: Any] { author = a["name"] as? String }
                if let a = o["author"] as? [[String: Any]] { author = a.compactMap { $0["name"] as? String }.joined(separator: ", ") }
                if let a = o["author"] as? String { author = a }
                return (headline.trimmingCharacters(in: .whitespacesAndNewlines), author)
            }
        }
        return (nil, nil)
    }
}
