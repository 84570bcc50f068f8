import Foundation

extension PodcastFeed {
    static let itunes = "http://www.itunes.com/dtds/podcast-1.0.dtd"
    static let podcast = "https://podcastindex.org/namespace/1.0"
    static let atom = "http://www.w3.org/2005/Atom"

    /// The feed as RSS 2.0. Every value goes through `XMLWriter`'s escaping; titles and
    /// descriptions are cleaned and cut (`FeedText`), so any document's metadata gives a valid feed.
    public func rss() -> String {
        var xml = XMLWriter()
        xml.start("rss", [("version", "2.0"), ("xmlns:itunes", Self.itunes), ("xmlns:podcast", Self.podcast),
                          ("xmlns:atom", Self.atom)])
        xml.start("channel")
        xml.element("title", FeedText.cut(title, to: FeedText.titleLimit))
        xml.element("link", link)
        xml.element("atom:link", nil, [("href", feedURL), ("rel", "self"), ("type", "application/rss+xml")])
        xml.element("description", FeedText.cut(description, to: FeedText.descriptionLimit))
        xml.element("language", FeedText.clean(language))
        xml.element("lastBuildDate", Self.rfc822(lastBuildDate))
        xml.element("generator", "Recite")
        if let author {
            xml.element("itunes:author", FeedText.cut(author, to: FeedText.titleLimit))
        }
        if let imageURL {
            xml.element("itunes:image", nil, [("href", imageURL)])
            xml.start("image")
            xml.element("url", imageURL)
            xml.element("title", FeedText.cut(title, to: FeedText.titleLimit))
            xml.element("link", link)
            xml.end()
        }
        xml.element("itunes:explicit", "false")
        xml.element("itunes:type", "episodic")
        for item in items { write(item, to: &xml) }
        return xml.finish()
    }

    private func write(_ item: Item, to xml: inout XMLWriter) {
        xml.start("item")
        xml.element("title", FeedText.cut(item.title, to: FeedText.titleLimit))
        let description = FeedText.cut(item.description, to: FeedText.descriptionLimit)
        xml.element("description", description)
        xml.element("itunes:summary", description)
        xml.element("guid", item.guid, [("isPermaLink", "false")])
        xml.element("pubDate", Self.rfc822(item.published))
        xml.element("enclosure", nil, [("url", item.enclosure.url), ("length", String(item.enclosure.length)),
                                       ("type", item.enclosure.type)])
        xml.element("itunes:duration", Self.duration(item.duration))
        xml.element("itunes:explicit", "false")
        xml.element("itunes:episodeType", "full")
        for transcript in item.transcripts {
            var attributes = [("url", transcript.url), ("type", transcript.type)]
            if transcript.type != "application/json" { attributes.append(("language", FeedText.clean(language))) }
            if transcript.type == "text/vtt" { attributes.append(("rel", "captions")) }
            xml.element("podcast:transcript", nil, attributes)
        }
        if let chapters = item.chapters {
            xml.element("podcast:chapters", nil, [("url", chapters), ("type", "application/json+chapters")])
        }
        xml.end()
    }

    /// RFC 822 date-time as RSS 2.0 wants it (`Tue, 10 Jun 2025 04:00:00 +0000`), in UTC and
    /// English whatever the machine's locale.
    static func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: date)
    }

    /// `itunes:duration` as `HH:MM:SS` of whole seconds, rounded (apps read both this and seconds).
    static func duration(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded()))
        return String(format: "%02d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
    }
}
