import Foundation

/// What an element's `class` and `id` say about it: words that mark the article's content and
/// words that mark the page's furniture (navigation, comments, share bars, advertisements).
enum ClassHints {
    /// Parts of names that mark content.
    static let positive = ["article", "content", "entry", "post", "story", "body", "text", "main", "blog", "prose",
                           "hentry", "h-entry", "page"]
    /// Parts of names that mark furniture.
    static let negative = ["comment", "sidebar", "side-bar", "footer", "nav", "menu", "share", "sharing", "social",
                           "related", "recommend", "promo", "sponsor", "advert", "cookie", "consent", "gdpr",
                           "newsletter", "subscribe", "signup", "sign-up", "popup", "modal", "breadcrumb", "pagination",
                           "pager", "paging", "page-links", "page_links", "pagelinks", "next-prev", "prev-next", "next-previous", "widget", "banner", "masthead", "toolbar", "outbrain", "taboola", "disqus",
                           "skip-link", "visually-hidden", "sr-only", "screen-reader", "byline", "author", "dateline", "timestamp", "caption-credit", "credit",
                           "tags", "tag-list", "more-from", "read-more", "readmore", "trending", "popular", "most-read",
                           "subscription", "paywall", "login", "print", "rss", "feed", "header",
                           "rightrail", "right-rail", "right_rail", "leftrail", "left-rail", "left_rail", "siderail", "side-rail",
                           // bookmarking and sharing widgets; a site's name and motto above its pages
                           "sociable", "addthis", "addtoany", "shareaholic", "site-title", "site-name", "site-description", "blog-title", "blog-description",
                           // readers' comments under their other names, and the tallest advertisement
                           "reply", "replies", "discussion", "talkback", "respond", "feedback", "guestbook", "shoutbox", "skyscraper"]
    /// Whole words (between dashes, underscores, spaces) that mark advertisements, rails, polls,
    /// tool rows and mottos.
    static let adWords: Set<String> = ["ad", "ads", "adv", "adslot", "adunit", "advertisement", "advertising", "dfp", "gpt",
                                       // and a page's rail (its sidebar) and its polls, which are words too short to find inside others
                                       "rail", "poll", "polls",
                                       // a story's tools (font size, e-mail, print) and a site's motto
                                       "tools", "tagline", "slogan"]

    /// The names of an element, lower-cased: its class and id, without utility classes.
    static func names(_ attributes: [String: String]) -> String {
        meaningful(attributes["class"] ?? "") + " " + meaningful(identifier(attributes))
    }

    /// The id, unless it is a heading's text made into an anchor (`sharing-with-a-single-developer`,
    /// as documentation generators write): that says what the section is about, not what it is.
    static func identifier(_ attributes: [String: String]) -> String {
        guard let id = attributes["id"] else { return "" }
        return id.split(whereSeparator: { $0 == "-" || $0 == "_" }).count >= 4 ? "" : id
    }

    /// A class list without the utility classes of atomic CSS and responsive frameworks
    /// (`Pos(r)`, `md:hidden`, `pb-5@m-`, `Mstart(82px)!--modalFloatingCloseBtn`): they say how
    /// an element looks at some width, not what it is.
    static func meaningful(_ classes: String) -> String {
        classes.lowercased().split(whereSeparator: \.isWhitespace)
            .filter { !$0.contains(where: { "():!@[]".contains($0) }) && !$0.contains("--") && !isUtility($0) && !isVisibility($0) }
            .joined(separator: " ")
    }

    /// Whether a class says where an element is shown or hidden (Bootstrap's `hidden-print`,
    /// `d-print-none`, `visible-xs`, Foundation's `hide-for-small`, `no-print`): how it looks on
    /// paper or a phone, not what it is. (Hidden on screen is read from `hidden` and the page's
    /// stylesheet.) And what a wrapper has beside it (`has-sidebar`, `no-comments`).
    /// Checked by splitting on hyphens, not with a regular expression: it runs for every class of
    /// every element, and Foundation's expressions leak under the address sanitizer.
    static func isVisibility<S: StringProtocol>(_ name: S) -> Bool {
        let parts = String(name).split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, let head = parts.first else { return false }
        // "no-comments", "has-sidebar", "with-image", "without-ads".
        if ["no", "has", "with", "without"].contains(head), parts[1].first.map({ $0 >= "a" && $0 <= "z" }) == true { return true }
        guard ["hidden", "visible", "hide", "show", "d"].contains(head) else { return false }
        // "hide-for-small", "visible-on-mobile": an optional "on" or "for", then the medium.
        var k = 1
        if ["on", "for"].contains(parts[k]), parts.count > 2 { k += 1 }
        guard Self.media.contains(parts[k]) else { return false }
        // Anything after is letters, digits and hyphens ("d-print-none", "hidden-xs-down").
        return parts[(k + 1)...].allSatisfy { part in !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) } }
    }

    static let media: Set<String> = ["print", "mobile", "tablet", "desktop", "phone", "xs", "sm", "md", "lg", "xl", "xxl", "small", "medium", "large"]

    /// Prefixes of utility classes (Tailwind's and the like): `text-18`, `text-blurple`,
    /// `font-light`, `p-16`, `-tracking-1`.
    static let utilityPrefixes = ["text", "font", "bg", "border", "leading", "tracking", "shadow", "rounded", "p", "px", "py",
                                  "pt", "pb", "pl", "pr", "m", "mx", "my", "mt", "mb", "ml", "mr", "w", "h", "gap", "z",
                                  "opacity", "decoration", "underline", "max-w", "min-h", "space-x", "space-y"]

    /// Whether a class says only how something looks: a utility prefix followed by no word of
    /// content or furniture (`text-18` is one, `text-content` is not).
    static func isUtility<S: StringProtocol>(_ name: S) -> Bool {
        let bare = name.drop { $0 == "-" }
        guard let dash = bare.firstIndex(of: "-"), utilityPrefixes.contains(String(bare[..<dash])) else { return false }
        let rest = bare[bare.index(after: dash)...]
        return !positive.contains { $0 != "text" && rest.contains($0) } && !isNegativeName(rest)
    }

    /// Words that hold a furniture word but name content: an opinion piece ("commentary-text"),
    /// a plan, a drawing surface.
    static let contentWords = ["commentary", "commentator", "blueprint", "footprint", "canvas"]

    /// Whether a name (one class, or the id) says furniture.
    static func isNegativeName<S: StringProtocol>(_ name: S) -> Bool {
        var name = String(name)
        for word in contentWords where name.contains(word) { name = name.replacingOccurrences(of: word, with: " ") }
        if negative.contains(where: { name.contains($0) }) { return true }
        return name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { adWords.contains(String($0)) }
    }

    /// Whether a name says content; a name that says furniture too ("jp-relatedposts",
    /// "post-comments") does not.
    static func isPositiveName<S: StringProtocol>(_ name: S) -> Bool {
        positive.contains { name.contains($0) } && !isNegativeName(name)
    }

    /// Whether a name says readers' comments ("comment_container", "comments", "respond").
    static func namesComments(_ names: String) -> Bool {
        names.split(separator: " ").contains { name in
            ["comment", "respond", "discussion", "talkback", "replies"].contains { name.contains($0) } && !name.contains("commentary")
        }
    }

    /// Whether any of the names (classes and id, space-separated) says content.
    static func isPositive(_ names: String) -> Bool {
        names.split(separator: " ").contains { isPositiveName($0) }
    }

    /// Whether any of the names says furniture.
    static func isNegative(_ names: String) -> Bool {
        names.split(separator: " ").contains { isNegativeName($0) }
    }

    /// A score for the names: +25 for content words, −25 for furniture words, in class and id each.
    static func weight(_ attributes: [String: String]) -> Double {
        var w = 0.0
        for value in [meaningful(attributes["class"] ?? ""), meaningful(identifier(attributes))] {
            guard !value.isEmpty else { continue }
            if isNegative(value) { w -= 25 }
            if isPositive(value) { w += 25 }
        }
        return w
    }
}
