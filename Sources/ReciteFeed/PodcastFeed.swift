import Foundation

/// A podcast feed as Recite writes it: the channel and its episodes, one per document, with
/// every URL absolute already. `rss()` turns it into RSS 2.0 with the iTunes and Podcasting 2.0
/// namespaces, which every podcast app reads.
public struct PodcastFeed: Sendable, Equatable {
    public var title: String
    /// The feed's own address (`BASE/feed.xml`), also the channel's link.
    public var feedURL: String
    public var link: String
    public var description: String
    public var author: String?
    /// BCP 47 (`en-US`).
    public var language: String
    /// The artwork's absolute URL.
    public var imageURL: String?
    public var lastBuildDate: Date
    /// Newest first.
    public var items: [Item]

    public init(title: String, feedURL: String, link: String, description: String, author: String?, language: String,
                imageURL: String?, lastBuildDate: Date, items: [Item]) {
        self.title = title
        self.feedURL = feedURL
        self.link = link
        self.description = description
        self.author = author
        self.language = language
        self.imageURL = imageURL
        self.lastBuildDate = lastBuildDate
        self.items = items
    }

    /// One episode: a document's audio and what goes with it.
    public struct Item: Sendable, Equatable {
        public var title: String
        public var description: String
        /// Stable across runs; not a link.
        public var guid: String
        public var published: Date
        public var enclosure: Enclosure
        public var duration: Double
        public var transcripts: [Link]
        /// The Podcasting 2.0 JSON chapters file.
        public var chapters: String?

        public init(title: String, description: String, guid: String, published: Date, enclosure: Enclosure, duration: Double,
                    transcripts: [Link] = [], chapters: String? = nil) {
            self.title = title
            self.description = description
            self.guid = guid
            self.published = published
            self.enclosure = enclosure
            self.duration = duration
            self.transcripts = transcripts
            self.chapters = chapters
        }
    }

    public struct Enclosure: Sendable, Equatable {
        public var url: String
        /// Bytes.
        public var length: Int
        /// MIME type (`audio/mpeg`).
        public var type: String

        public init(url: String, length: Int, type: String) {
            self.url = url
            self.length = length
            self.type = type
        }
    }

    /// A URL and its MIME type.
    public struct Link: Sendable, Equatable {
        public var url: String
        public var type: String

        public init(url: String, type: String) {
            self.url = url
            self.type = type
        }
    }
}
