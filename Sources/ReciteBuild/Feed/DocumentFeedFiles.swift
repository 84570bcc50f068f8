import Foundation
import ReciteAudio
import ReciteCaptions
import ReciteFeed
import ReciteMarkdown
import ReciteTiming

/// What a feed item needs from one rendered document: its Podcasting 2.0 transcript and
/// chapters (written in the document's batch, beside its audio) and its title and description.
struct DocumentFeedFiles {
    var job: Job
    var prepared: DocumentRenderer.Prepared
    var sidecar: TimingSidecar

    /// The words as the reader sees them, once for all of the document's feed files.
    private let shown: [ShownWord]

    init(job: Job, prepared: DocumentRenderer.Prepared, sidecar: TimingSidecar) {
        self.job = job
        self.prepared = prepared
        self.sidecar = sidecar
        shown = ShownText.shownWords(of: sidecar, source: prepared.source)
        frontMatter = job.format == .markdown ? FrontMatterFields.read(path: job.source) : [:]
    }

    /// The front matter's fields, for a Markdown document.
    private let frontMatter: [String: String]

    /// The EPUB chapter's entry, the front-matter title, the page's title or the first heading
    /// as it reads (markup gone, references decoded); else the file's name.
    var title: String {
        if let given = job.chapterTitle ?? frontMatter["title"] ?? prepared.pageTitle, !FeedText.clean(given).isEmpty { return given }
        if let heading = sidecar.blocks.indices.first(where: { ["title", "heading"].contains(sidecar.blocks[$0].kind) }) {
            let text = text(ofBlock: heading)
            if !text.isEmpty { return text }
        }
        return DocumentRenderer.title(of: prepared) ?? URL(fileURLWithPath: job.outputStem).lastPathComponent
    }

    /// The front matter's `description` (or `summary`, `excerpt`), the page's meta description,
    /// else the first paragraph as it reads. `FeedText` cuts it for the feed.
    var description: String {
        if let given = frontMatter["description"] ?? frontMatter["summary"] ?? frontMatter["excerpt"], !FeedText.clean(given).isEmpty {
            return given
        }
        if let given = prepared.pageDescription, !FeedText.clean(given).isEmpty { return given }
        guard let paragraph = sidecar.blocks.indices.first(where: { sidecar.blocks[$0].kind == "paragraph" }) else { return title }
        return text(ofBlock: paragraph)
    }

    /// The caption cues as transcript segments, in seconds.
    var transcript: PodcastTranscript {
        let cues = CueBuilder().cues(forShownWords: shown)
        return PodcastTranscript(segments: cues.map {
            PodcastTranscript.Segment(startTime: Double($0.start) / 1000, endTime: Double($0.end) / 1000, body: $0.text)
        })
    }

    /// A chapter at each title and heading of levels 1 to 3, where its first word is said; one
    /// at the start, named for the document, when the first heading comes later.
    var chapters: PodcastChapters {
        var chapters: [PodcastChapters.Chapter] = []
        for (index, block) in sidecar.blocks.enumerated() where block.kind == "title" || (block.kind == "heading" && (block.level ?? 1) <= 3) {
            let name = FeedText.cut(text(ofBlock: index), to: FeedText.titleLimit)
            guard !name.isEmpty, block.start >= (chapters.last?.startTime ?? -1) else { continue }
            if chapters.last?.startTime == block.start { continue }
            chapters.append(PodcastChapters.Chapter(startTime: Self.milliseconds(block.start), title: name))
        }
        if (chapters.first?.startTime ?? 1) > 0.5 {
            chapters.insert(PodcastChapters.Chapter(startTime: 0, title: FeedText.cut(title, to: FeedText.titleLimit)), at: 0)
        } else if !chapters.isEmpty {
            chapters[0].startTime = 0
        }
        return PodcastChapters(chapters: chapters)
    }

    /// A block's shown words joined as the source joins them (markup gone, punctuation kept).
    func text(ofBlock index: Int) -> String {
        var text = ""
        for word in shown where word.block == index {
            if !text.isEmpty && !word.gluedToPrevious { text += " " }
            text += word.text
        }
        return text.isEmpty ? FeedText.clean(sidecar.blocks[index].text) : text
    }

    static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
}

extension BuildRunner {
    /// Writes `NAME.transcript.json` and `NAME.chapters.json` into the document's batch and puts
    /// its title and description in its manifest entry, when the run makes a feed.
    func writeFeedFiles(of prepared: DocumentRenderer.Prepared, job: Job, sidecar: TimingSidecar, pipeline: Pipeline,
                        into entry: inout Manifest.Entry, batch: AtomicBatch) throws {
        guard pipeline.feedFiles else { return }
        let files = DocumentFeedFiles(job: job, prepared: prepared, sidecar: sidecar)
        let transcript = job.outputStem + ".transcript.json"
        let chapters = job.outputStem + ".chapters.json"
        try batch.write(try files.transcript.json(), to: path(transcript))
        entry.outputs.transcript = transcript
        let list = files.chapters
        if !list.chapters.isEmpty {
            try batch.write(try list.json(), to: path(chapters))
            entry.outputs.chapters = chapters
        }
        entry.title = FeedText.cut(files.title, to: FeedText.titleLimit)
        entry.summary = FeedText.cut(files.description, to: FeedText.descriptionLimit)
    }
}
