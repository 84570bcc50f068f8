import ReciteXML

/// One entry of a book's table of contents, with the entries nested under it.
public struct TOCEntry: Sendable, Equatable {
    public var title: String
    /// The archive entry it points into.
    public var entry: String
    /// The `id` of the element it starts at, inside `entry`; nil for the document's start.
    public var fragment: String?
    public var children: [TOCEntry]

    public init(title: String, entry: String, fragment: String?, children: [TOCEntry] = []) {
        self.title = title
        self.entry = entry
        self.fragment = fragment
        self.children = children
    }

    /// Every entry in reading order, parents before their children, with its depth (0 at the top).
    public static func flatten(_ entries: [TOCEntry], depth: Int = 0) -> [(entry: TOCEntry, depth: Int)] {
        entries.flatMap { [($0, depth)] + flatten($0.children, depth: depth + 1) }
    }

    /// The EPUB 3 navigation document's `<nav epub:type="toc">`: nested `<ol>` of `<li>` with an
    /// `<a href>` (or a `<span>` heading with no target, whose children still count).
    static func fromNavigation(_ document: XMLElement, entry: String) -> [TOCEntry] {
        let navs = document.descendants(named: "nav")
        guard let toc = navs.first(where: { ($0.attributes["epub:type"] ?? $0.attributes["type"] ?? "").split(separator: " ").contains("toc") })
                ?? navs.first,
              let list = toc.descendants(named: "ol").first else { return [] }
        return items(of: list, base: directory(of: entry), depth: 0)
    }

    private static func items(of list: XMLElement, base: String, depth: Int) -> [TOCEntry] {
        guard depth < 32 else { return [] }
        var result: [TOCEntry] = []
        for item in list.childElements where item.name == "li" {
            let link = item.childElements.first { $0.name == "a" }
            let nested = item.childElements.first { $0.name == "ol" }.map { items(of: $0, base: base, depth: depth + 1) } ?? []
            let title = (link ?? item.childElements.first { $0.name == "span" })?.textContent.collapsedWhitespace ?? ""
            if let href = link?.attributes["href"], let target = EPUBPackage.resolve(href, against: base) {
                result.append(TOCEntry(title: title, entry: target, fragment: fragment(of: href), children: nested))
            } else {
                // A heading without a target: its children stand in its place.
                result.append(contentsOf: nested)
            }
        }
        return result
    }

    /// The EPUB 2 NCX: `navMap` of nested `navPoint`s, each with `navLabel/text` and `content src`.
    static func fromNCX(_ document: XMLElement, entry: String) -> [TOCEntry] {
        guard let map = document.descendants(named: "navMap").first else { return [] }
        return points(of: map, base: directory(of: entry), depth: 0)
    }

    private static func points(of parent: XMLElement, base: String, depth: Int) -> [TOCEntry] {
        guard depth < 32 else { return [] }
        return parent.childElements.filter { $0.name == "navPoint" }.flatMap { point -> [TOCEntry] in
            let title = point.descendants(named: "navLabel").first?.textContent.collapsedWhitespace ?? ""
            let children = points(of: point, base: base, depth: depth + 1)
            guard let src = point.childElements.first(where: { $0.name == "content" })?.attributes["src"],
                  let target = EPUBPackage.resolve(src, against: base) else { return children }
            return [TOCEntry(title: title, entry: target, fragment: fragment(of: src), children: children)]
        }
    }

    private static func fragment(of href: String) -> String? {
        guard let hash = href.firstIndex(of: "#") else { return nil }
        let id = String(href[href.index(after: hash)...])
        return id.isEmpty ? nil : EPUBPackage.decodePercent(id)
    }

    private static func directory(of entry: String) -> String {
        guard let slash = entry.lastIndex(of: "/") else { return "" }
        return String(entry[..<slash])
    }
}

extension String {
    var collapsedWhitespace: String {
        split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
