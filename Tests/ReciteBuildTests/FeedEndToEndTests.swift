import Foundation
import ReciteAudio
import ReciteTestSupport
import ReciteTiming
import ReciteXML
import Testing

/// `recite build --feed` as a nightly user runs it: a folder of articles, then one added and one
/// removed. The feed is read back with the project's libxml2 reader (and with feedparser and
/// podcastparser, gPodder's parser, when a Python with both is there).
@Suite(.serialized) struct FeedEndToEndTests {
    static let base = "http://127.0.0.1:8000/pod/"

    /// A Python with feedparser and podcastparser: `RECITE_FEED_PYTHON`, or the venv
    /// `.ci/install-deps --test` makes.
    static let feedPython: String? = {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        return [ProcessInfo.processInfo.environment["RECITE_FEED_PYTHON"], home + "/venvs/feeds/bin/python"]
            .compactMap { $0 }
            .first { FileManager.default.isExecutableFile(atPath: $0) && (try? ExternalProgram.run($0, ["-c", "import feedparser, podcastparser"]).status) == 0 }
    }()

    struct Item {
        var title: String
        var description: String
        var guid: String
        var pubDate: String
        var url: String
        var length: Int
        var type: String
        var duration: String
        var transcripts: [String]
        var chapters: String?
    }

    /// The items of `OUT/feed.xml`, in order; the feed must parse.
    static func items(_ out: URL) throws -> [Item] {
        let bytes = try [UInt8](Data(contentsOf: out.appendingPathComponent("feed.xml")))
        let root = try LibXML2.parse(bytes, path: "feed.xml")
        #expect(root.name == "rss" && root.attributes["version"] == "2.0")
        let channel = try #require(root.childElements.first { $0.name == "channel" })
        func text(_ element: XMLElement, _ name: String, prefix: String? = nil) -> String {
            element.childElements.first { $0.name == name && $0.prefix == prefix }?.textContent ?? ""
        }
        #expect(!text(channel, "title").isEmpty && !text(channel, "lastBuildDate").isEmpty)
        #expect(text(channel, "explicit", prefix: "itunes") == "false")
        return channel.childElements.filter { $0.name == "item" }.map { item in
            let enclosure = item.childElements.first(where: { $0.name == "enclosure" })
            let transcripts = item.childElements.filter { $0.name == "transcript" }.compactMap { $0.attributes["url"] }
            return Item(title: text(item, "title"), description: text(item, "description"), guid: text(item, "guid"),
                        pubDate: text(item, "pubDate"), url: enclosure?.attributes["url"] ?? "",
                        length: Int(enclosure?.attributes["length"] ?? "") ?? -1, type: enclosure?.attributes["type"] ?? "",
                        duration: text(item, "duration", prefix: "itunes"),
                        transcripts: transcripts,
                        chapters: item.childElements.first(where: { $0.name == "chapters" })?.attributes["url"])
        }
    }

    /// The file an item's URL names under `out`.
    static func file(_ url: String, in out: URL) -> URL {
        let relative = String(url.dropFirst(base.count)).removingPercentEncoding!
        return out.appendingPathComponent(relative)
    }

    static func seconds(_ duration: String) -> Double {
        duration.split(separator: ":").reduce(0) { $0 * 60 + (Double($1) ?? .nan) }
    }

    /// Every item's enclosure is its file, as long as the file; its duration the sidecar's;
    /// its transcripts and chapters are there and parse.
    static func checkItems(_ items: [Item], out: URL) throws {
        for item in items {
            let audio = file(item.url, in: out)
            let size = try FileManager.default.attributesOfItem(atPath: audio.path)[.size] as? Int
            #expect(item.length == size, "\(item.url)")
            #expect(item.type == "audio/mpeg" && audio.pathExtension == "mp3", "MP3 is a feed's default")
            let stem = audio.deletingPathExtension().path
            let sidecar = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: URL(fileURLWithPath: stem + ".timing.json")))
            #expect(abs(seconds(item.duration) - sidecar.duration) <= 0.5, "\(item.duration) vs \(sidecar.duration)")
            #expect(item.guid.hasPrefix("recite:") && !item.title.isEmpty && !item.description.isEmpty)
            #expect(item.transcripts.count == 3, "\(item.transcripts)")
            for url in item.transcripts { #expect(FileManager.default.fileExists(atPath: file(url, in: out).path), "\(url)") }
            let transcript = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: stem + ".transcript.json"))) as? [String: Any]
            let segments = try #require(transcript?["segments"] as? [[String: Any]])
            #expect(transcript?["version"] as? String == "1.0.0" && !segments.isEmpty)
            #expect(((segments.last?["endTime"] as? Double) ?? 0) <= sidecar.duration + 0.001)
            let chaptersURL = try #require(item.chapters)
            let chapters = try JSONSerialization.jsonObject(with: Data(contentsOf: file(chaptersURL, in: out))) as? [String: Any]
            let list = try #require(chapters?["chapters"] as? [[String: Any]])
            #expect(chapters?["version"] as? String == "1.2.0" && (list.first?["startTime"] as? Double) == 0)
        }
    }

    static func write(_ text: String, _ name: String, in folder: URL) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    static func article(_ title: String) -> String {
        "# \(title)\n\nA short article about \(title.lowercased()), read aloud.\n\n## Second part\n\nIt ends here.\n"
    }

    @Test func aNightlyFolderKeepsGuidsAndDatesAndFollowsAddedAndRemovedDocuments() throws {
        let root = EndToEndTests.temporaryFolder("feed")
        let input = root.appendingPathComponent("My Articles"), out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Self.write("---\ntitle: Front & Matter\ndescription: \"What it is about.\"\n---\n\nThe body, read aloud.\n", "alpha.md", in: input)
        try Self.write(Self.article("Bravo"), "bravo.md", in: input)
        try Self.write(Self.article("Charlie & Co"), "charlie one.md", in: input)
        let arguments = ["build", input.path, "-o", out.path, "--voice", "en-us", "--feed", "--base-url", Self.base]
        let first = try RunSupport.recite(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try Self.items(out)
        #expect(before.count == 3)
        try Self.checkItems(before, out: out)
        let alpha = try #require(before.first { $0.title == "Front & Matter" })
        #expect(alpha.description == "What it is about.")
        #expect(before.contains { $0.url == Self.base + "charlie%20one.mp3" })
        try checkWithPythonParsers(out, episodes: 3)

        // The next night: one article gone, one new (published a second later at least).
        Thread.sleep(forTimeInterval: 1.1)
        try FileManager.default.removeItem(at: input.appendingPathComponent("bravo.md"))
        try Self.write(Self.article("Delta"), "delta.md", in: input)
        let second = try RunSupport.recite(arguments)
        #expect(second.status == 0, "\(second.stderr)")
        let after = try Self.items(out)
        #expect(after.count == 3)
        try Self.checkItems(after, out: out)
        #expect(after.first?.title == "Delta", "the new article comes first")
        #expect(!after.contains { $0.title == "Bravo" }, "the removed article is gone")
        for kept in before where kept.title != "Bravo" {
            let again = try #require(after.first { $0.guid == kept.guid }, "\(kept.title)")
            #expect(again.pubDate == kept.pubDate, "\(kept.title): first pubDate kept")
        }
        try checkWithPythonParsers(out, episodes: 3)
    }

    /// A feed's MP3 carries the document's chapters (ID3v2 CHAP), as its chapters JSON lists
    /// them; read back by ffprobe, an independent reader.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe"), "needs ffprobe (Debian's ffmpeg)"))
    func anEpisodesMP3CarriesItsChapters() throws {
        let root = EndToEndTests.temporaryFolder("feed-chapters")
        let input = root.appendingPathComponent("in"), out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Self.write(Self.article("Bravo"), "bravo.md", in: input)
        let run = try RunSupport.recite(["build", input.path, "-o", out.path, "--voice", "en-us", "--feed", "--base-url", Self.base])
        #expect(run.status == 0, "\(run.stderr)")
        let probe = try RunSupport.run("/usr/bin/ffprobe", ["-v", "error", "-show_chapters", "-of", "json", out.appendingPathComponent("bravo.mp3").path])
        let json = try JSONSerialization.jsonObject(with: Data(probe.stdout.utf8)) as? [String: Any]
        let chapters = (json?["chapters"] as? [[String: Any]]) ?? []
        let titles = chapters.compactMap { ($0["tags"] as? [String: Any])?["title"] as? String }
        #expect(titles == ["Bravo", "Second part"], "\(probe.stdout)")
        let listed = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("bravo.chapters.json"))) as? [String: Any]
        let starts = ((listed?["chapters"] as? [[String: Any]]) ?? []).compactMap { $0["startTime"] as? Double }
        let embedded = chapters.compactMap { ($0["start_time"] as? String).flatMap(Double.init) }
        #expect(starts.count == embedded.count && zip(starts, embedded).allSatisfy { abs($0 - $1) < 0.05 }, "\(starts) \(embedded)")
    }

    @Test func aRemovedDocumentStaysForKeepDays() throws {
        let root = EndToEndTests.temporaryFolder("feed-keep")
        let input = root.appendingPathComponent("in"), out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Self.write(Self.article("One"), "one.md", in: input)
        try Self.write(Self.article("Two"), "two.md", in: input)
        let arguments = ["build", input.path, "-o", out.path, "--voice", "en-us", "--feed", "--base-url", Self.base, "--feed-keep-days", "2"]
        #expect(try RunSupport.recite(arguments).status == 0)
        try FileManager.default.removeItem(at: input.appendingPathComponent("two.md"))
        #expect(try RunSupport.recite(arguments).status == 0)
        #expect(try Self.items(out).map(\.title).sorted() == ["One", "Two"], "kept within two days")
        // Its audio deleted: the item cannot stay.
        try FileManager.default.removeItem(at: out.appendingPathComponent("two.mp3"))
        #expect(try RunSupport.recite(arguments).status == 0)
        #expect(try Self.items(out).map(\.title) == ["One"])
    }

    @Test func aDocumentThatFailsKeepsItsEarlierItem() throws {
        let root = EndToEndTests.temporaryFolder("feed-failed")
        let input = root.appendingPathComponent("in"), out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Self.write(Self.article("Steady"), "steady.md", in: input)
        try Self.write(Self.article("Broken later"), "broken.md", in: input)
        let arguments = ["build", input.path, "-o", out.path, "--voice", "en-us", "--feed", "--base-url", Self.base]
        #expect(try RunSupport.recite(arguments).status == 0)
        let before = try Self.items(out)
        // Not UTF-8 any more: the document fails, its earlier files stay.
        try Data([0x23, 0x20, 0xFF, 0xFE, 0x0A]).write(to: input.appendingPathComponent("broken.md"))
        let failed = try RunSupport.recite(arguments)
        #expect(failed.status == 1, "\(failed.stderr)")
        let after = try Self.items(out)
        #expect(after.map(\.guid).sorted() == before.map(\.guid).sorted())
        let kept = try #require(after.first { $0.guid == "recite:broken" })
        #expect(kept.title == "Broken later")
        try Self.checkItems(after, out: out)
    }

    @Test func hostileTitlesAndDescriptionsGiveAFeedThatParses() throws {
        let root = EndToEndTests.temporaryFolder("feed-hostile")
        let input = root.appendingPathComponent("in"), out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let long = (0..<1500).map { "word\($0)" }.joined(separator: " ")
        try Self.write("---\ntitle: \"A <b>bold</b> & \\\"quoted\\\" 'title' ]]> \\x01\\x1B end\"\ndescription: \"\(long)\"\n---\n\nBody text.\n",
                       "hostile.md", in: input)
        try Self.write("<html><head><title>Page &amp; &lt;script&gt; title</title><meta name=\"description\" content=\"&lt;/description&gt; &amp;amp; &#1; x\"></head>"
                       + "<body><article><h1>Page &amp; heading</h1><p>Some text of the page to read aloud here.</p></article></body></html>",
                       "page.html", in: input)
        try Self.write("# Heading with <angle> & \"quotes\"\n\nFirst paragraph with *emphasis* and `code`.\n", "markup.md", in: input)
        let result = try RunSupport.recite(["build", input.path, "-o", out.path, "--voice", "en-us", "--feed", "--base-url", Self.base])
        #expect(result.status == 0, "\(result.stderr)")
        let items = try Self.items(out)
        #expect(items.count == 3)
        for item in items {
            #expect(item.description.count <= 4000)
            #expect(!(item.title + item.description).unicodeScalars.contains { $0.value < 0x20 })
        }
        let hostile = try #require(items.first { $0.title.contains("bold") })
        #expect(hostile.title.contains("<b>bold</b> & \"quoted\" 'title' ]]>"))
        #expect(hostile.description.hasSuffix("…") && hostile.description.count > 3900)
        try checkWithPythonParsers(out, episodes: 3)
    }

    @Test(arguments: [[], ["--base-url", "example.org/pod"], ["--base-url", "file:///srv/pod"], ["--base-url", "ftp://example.org/"]])
    func aFeedWithoutAGoodBaseURLIsRefusedBeforeAnyWork(_ extra: [String]) throws {
        let out = EndToEndTests.temporaryFolder("feed-refused")
        let result = try RunSupport.recite(["build", "Samples/articles", "-o", out.path, "--voice", "en-us", "--feed"] + extra)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--base-url"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "no output folder")
    }

    @Test func aBaseURLFromReciteYmlWillDo() throws {
        let root = EndToEndTests.temporaryFolder("feed-yml")
        let input = root.appendingPathComponent("in"), out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Self.write(Self.article("One"), "one.md", in: input)
        try Self.write("feed:\n  title: Night Reading\n  author: A. Reader\n  base-url: \(Self.base)\n  image: cover.png\n", "recite.yml", in: input)
        try FileManager.default.copyItem(at: Fixtures.repositoryRoot.appendingPathComponent("Samples/plan.png"),
                                         to: input.appendingPathComponent("cover.png"))
        let result = try RunSupport.recite(["build", input.path, "-o", out.path, "--voice", "en-us"])
        #expect(result.status == 0, "\(result.stderr)")
        let feed = try String(contentsOf: out.appendingPathComponent("feed.xml"), encoding: .utf8)
        #expect(feed.contains("<title>Night Reading</title>") && feed.contains("<itunes:author>A. Reader</itunes:author>"))
        #expect(feed.contains("<itunes:image href=\"\(Self.base)feed-image.png\"/>"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("feed-image.png").path))
        #expect(try Self.items(out).count == 1)
    }

    /// feedparser and podcastparser read the feed with the same episodes, lengths and durations.
    func checkWithPythonParsers(_ out: URL, episodes: Int) throws {
        guard let python = Self.feedPython else {
            print("FeedEndToEndTests: skipped the feedparser and podcastparser checks: no Python with both "
                  + "(set RECITE_FEED_PYTHON, or run .ci/install-deps --test, which puts them in ~/venvs/feeds)")
            return
        }
        let script = """
        import sys, io, feedparser, podcastparser
        data = open(sys.argv[1], 'rb').read()
        f = feedparser.parse(data)
        assert not f.bozo, f.bozo_exception
        p = podcastparser.parse('\(Self.base)feed.xml', io.BytesIO(data))
        assert len(f.entries) == len(p['episodes']) == int(sys.argv[2]), (len(f.entries), len(p['episodes']))
        for a, b in zip(f.entries, p['episodes']):
            assert a.id == b['guid'] and a.enclosures[0]['href'] == b['enclosures'][0]['url'], (a.id, b['guid'])
            assert int(a.enclosures[0]['length']) == b['enclosures'][0]['file_size'] > 0
            assert b['total_time'] > 0 and b['published'] > 0
        print('ok')
        """
        let result = try ExternalProgram.run(python, ["-c", script, out.appendingPathComponent("feed.xml").path, String(episodes)])
        #expect(result.status == 0 && result.stdout.contains("ok"), "\(result.stderr)")
    }
}
