import Foundation
import ReciteFeed
import ReciteXML
import Testing

/// The feed's XML parses back, with the project's libxml2 reader, whatever a document's title
/// and description hold.
@Suite struct FeedXMLTests {
    static let hostile = [
        "Rock & Roll <b>bold</b> \"quoted\" 'single' ]]> <!-- --> <?pi?> &amp; &#0; &unknown;",
        "Controls: \u{0}\u{1}\u{7}\u{8}\u{B}\u{C}\u{1B}\u{1F}\u{7F}\u{85} end \u{FFFE}\u{FFFF}",
        "Tab\tand\nnewline\r\nand CR",
        "Emoji 🎧 and CJK 读书 and RTL שלום and combining é",
        String(repeating: "long words without end ", count: 500),
        String(repeating: "x", count: 10_000),
        "",
    ]

    static func feed(title: String, description: String) -> PodcastFeed {
        let address = FeedAddress("http://127.0.0.1:8000/out")!
        let item = PodcastFeed.Item(title: title, description: description, guid: "recite:" + title, published: Date(timeIntervalSince1970: 1_700_000_000),
                                    enclosure: .init(url: address.url(of: "a b/c&d<é>.mp3"), length: 1234, type: "audio/mpeg"),
                                    duration: 3725.4,
                                    transcripts: [.init(url: address.url(of: "x.vtt"), type: "text/vtt")],
                                    chapters: address.url(of: "x.chapters.json"))
        return PodcastFeed(title: title, feedURL: address.url(of: "feed.xml"), link: address.base, description: description,
                           author: title, language: "en-US", imageURL: address.url(of: "feed-image.png"),
                           lastBuildDate: Date(timeIntervalSince1970: 1_700_000_000), items: [item])
    }

    @Test(arguments: hostile)
    func hostileMetadataGivesAFeedThatParses(_ text: String) throws {
        let xml = Self.feed(title: text, description: text).rss()
        let root = try LibXML2.parse(Array(xml.utf8), path: "feed.xml")
        #expect(root.name == "rss")
        let channel = try #require(root.childElements.first { $0.name == "channel" })
        let item = try #require(channel.childElements.first { $0.name == "item" })
        let title = try #require(item.childElements.first { $0.name == "title" }).textContent
        let description = try #require(item.childElements.first { $0.name == "description" }).textContent
        #expect(title == FeedText.cut(text, to: FeedText.titleLimit))
        #expect(description.count <= FeedText.descriptionLimit)
        #expect(description == FeedText.cut(text, to: FeedText.descriptionLimit))
        #expect(!description.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" })
        let guid = try #require(item.childElements.first { $0.name == "guid" })
        #expect(guid.attributes["isPermaLink"] == "false")
        #expect(guid.textContent.hasPrefix("recite:"))
    }

    @Test func itemCarriesEnclosureDurationTranscriptsAndChapters() throws {
        let xml = Self.feed(title: "T", description: "D").rss()
        let root = try LibXML2.parse(Array(xml.utf8), path: "feed.xml")
        let item = try #require(root.childElements.first?.childElements.first { $0.name == "item" })
        let enclosure = try #require(item.childElements.first { $0.name == "enclosure" })
        #expect(enclosure.attributes["url"] == "http://127.0.0.1:8000/out/a%20b/c%26d%3C%C3%A9%3E.mp3")
        #expect(enclosure.attributes["length"] == "1234")
        #expect(enclosure.attributes["type"] == "audio/mpeg")
        #expect(item.childElements.first { $0.name == "duration" && $0.prefix == "itunes" }?.textContent == "01:02:05")
        #expect(item.childElements.first { $0.name == "pubDate" }?.textContent == "Tue, 14 Nov 2023 22:13:20 +0000")
        #expect(item.childElements.first { $0.name == "transcript" }?.attributes["type"] == "text/vtt")
        #expect(item.childElements.first { $0.name == "chapters" }?.attributes["type"] == "application/json+chapters")
        #expect(xml.contains("xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\""))
        #expect(xml.contains("xmlns:podcast=\"https://podcastindex.org/namespace/1.0\""))
    }

    @Test func descriptionsAreCutAtAWordBoundary() {
        let text = String(repeating: "word ", count: 2000)
        let cut = FeedText.cut(text, to: FeedText.descriptionLimit)
        #expect(cut.count <= FeedText.descriptionLimit)
        #expect(cut.hasSuffix("word…"))
        #expect(FeedText.cut("  short\u{1}  text ", to: 100) == "short text")
    }

    @Test(arguments: ["http://example.org", "https://example.org/pod/", "http://192.168.1.2:8000/out"])
    func goodBaseURLs(_ text: String) {
        #expect(FeedAddress.problem(with: text) == nil)
        #expect(FeedAddress(text)!.base.hasSuffix("/"))
    }

    @Test(arguments: ["", "example.org", "/srv/out", "file:///srv/out", "ftp://example.org/", "http://", "http:///x", "http://h/?q=1"])
    func badBaseURLs(_ text: String) {
        #expect(FeedAddress.problem(with: text) != nil)
    }
}
