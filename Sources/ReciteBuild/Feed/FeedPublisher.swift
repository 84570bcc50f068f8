import Foundation
import ReciteAudio
import ReciteFeed
import ReciteSystem

/// Writes `OUT/feed.xml` from the manifest after every run: one item per document whose audio
/// is there, with what `EpisodeList` keeps of earlier runs (first `pubDate`s, removed documents
/// still within `keepDays`). The feed and its state are each replaced atomically, also when some
/// documents failed: they keep their earlier item while their earlier files exist.
struct FeedPublisher: Sendable {
    static let feedName = "feed.xml"
    static let stateName = ".recite-feed.json"

    let settings: FeedSettings
    let address: FeedAddress
    let outputFolder: String
    let title: String
    let language: String

    /// Checks the settings (`FeedSettings.checked`); the channel is named after the first folder
    /// given, else the output folder, unless the settings name it.
    init(settings: FeedSettings, outputFolder: String, inputs: [String], pipeline: Pipeline) throws(ConfigurationError) {
        address = try settings.checked()
        self.settings = settings
        self.outputFolder = outputFolder
        var isFolder: ObjCBool = false
        let folder = inputs.first { FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && isFolder.boolValue } ?? outputFolder
        title = settings.title ?? URL(fileURLWithPath: folder).standardizedFileURL.lastPathComponent
        language = settings.language ?? pipeline.language
    }

    /// Updates the feed for the documents `manifest` lists; `thisRun` are this run's entries
    /// (they win over earlier ones of the same document, such as yesterday's WAV), `present`
    /// the output stems of every document in this run's inputs.
    func publish(manifest: Manifest, thisRun: [Manifest.Entry], present: Set<String>, now: Date = Date()) throws {
        let now = EpisodeList.wholeSeconds(now)
        var entries: [String: Manifest.Entry] = [:]
        for entry in manifest.documents where entries[Self.stem(of: entry)] == nil || exists(entry.outputs.audio) {
            entries[Self.stem(of: entry)] = entry
        }
        for entry in thisRun { entries[Self.stem(of: entry)] = entry }
        let candidates = entries.map { stem, entry in
            EpisodeList.Candidate(stem: stem, present: present.contains(stem), audioExists: exists(entry.outputs.audio),
                                  audioModified: modified(entry.outputs.audio),
                                  title: entry.status == .ok ? entry.title : nil, description: entry.status == .ok ? entry.summary : nil)
        }
        let statePath = path(Self.stateName)
        let (stems, state) = EpisodeList(keepDays: settings.keepDays ?? 0).update(FeedState.load(statePath), with: candidates, now: now)
        let items = stems.compactMap { stem in entries[stem].flatMap { item(stem: stem, entry: $0, episode: state.episodes[stem]!) } }
        let feed = PodcastFeed(title: title, feedURL: address.url(of: Self.feedName), link: address.base,
                               description: settings.description ?? "\(title), read aloud by Recite.", author: settings.author,
                               language: language, imageURL: try image(), lastBuildDate: now, items: items)
        try AtomicOutput.write(try state.json(), to: statePath)
        try AtomicOutput.write(Data(feed.rss().utf8), to: path(Self.feedName))
    }

    /// One episode; nil if its audio went between the list and here.
    func item(stem: String, entry: Manifest.Entry, episode: FeedState.Episode) -> PodcastFeed.Item? {
        let audio = entry.outputs.audio
        guard let size = size(audio) else { return nil }
        let duration = entry.duration ?? (try? SoundFile.info(of: path(audio)))?.duration ?? 0
        let transcripts = [("vtt", "text/vtt"), ("srt", "application/srt"), ("transcript.json", "application/json")]
            .filter { exists(stem + "." + $0.0) }
            .map { PodcastFeed.Link(url: address.url(of: stem + "." + $0.0), type: $0.1) }
        let chapters = stem + ".chapters.json"
        let name = URL(fileURLWithPath: stem).lastPathComponent
        return PodcastFeed.Item(title: episode.title ?? name, description: episode.description ?? episode.title ?? name,
                                guid: "recite:" + stem, published: episode.published,
                                enclosure: .init(url: address.url(of: audio), length: size, type: Self.mimeType(of: audio)),
                                duration: duration, transcripts: transcripts,
                                chapters: exists(chapters) ? address.url(of: chapters) : nil)
    }

    /// The artwork's URL: a URL as given, or the file copied beside the feed.
    func image() throws -> String? {
        guard let image = settings.image else { return nil }
        if settings.imageIsURL { return image }
        let name = FeedSettings.imageCopyName(image)
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: image))
        } catch {
            throw FileSystemError("read the feed's image", path: image, error: error)
        }
        if FileManager.default.contents(atPath: path(name)) != data { try AtomicOutput.write(data, to: path(name)) }
        return address.url(of: name)
    }

    static func stem(of entry: Manifest.Entry) -> String {
        let timing = entry.outputs.timing
        return timing.hasSuffix(".timing.json") ? String(timing.dropLast(".timing.json".count)) : timing
    }

    /// What podcast apps expect in `enclosure type`.
    static func mimeType(of audio: String) -> String {
        switch URL(fileURLWithPath: audio).pathExtension.lowercased() {
        case "mp3": "audio/mpeg"
        case "m4b", "m4a": "audio/mp4"
        case "flac": "audio/flac"
        case "ogg", "opus": "audio/ogg"
        default: "audio/wav"
        }
    }

    private func path(_ relative: String) -> String {
        URL(fileURLWithPath: outputFolder).appendingPathComponent(relative).path
    }

    private func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    private func size(_ relative: String) -> Int? {
        ((try? FileManager.default.attributesOfItem(atPath: path(relative)))?[.size] as? NSNumber)?.intValue
    }

    private func modified(_ relative: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path(relative)))?[.modificationDate] as? Date
    }
}
