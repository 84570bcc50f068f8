import Foundation
import ReciteBuild
import ReciteAudio
import ReciteSystem

/// Encodes each article's kept chapter (`EncodedChapterStore`) as soon as the build has rendered
/// it, `jobs` at a time, while later articles are still being synthesized. Encoding (AAC above
/// all) is most of a lossy book's CPU time: run after all synthesis, it adds to the wall time;
/// run beside it, it fills the cores synthesis leaves idle, and the bind finds nearly every
/// chapter kept. A chapter that fails here is left to the bind, which encodes it again and
/// reports why.
public final class ChapterPrecoder: @unchecked Sendable {
    private let store: EncodedChapterStore
    private let format: AudioFormat
    private let bitRate: Int?
    private let jobs: Int
    private let condition = NSCondition()
    /// Guarded by `condition`: articles' audio files to encode, in the order they were rendered.
    private var waiting: [String] = []
    /// Guarded by `condition`: threads encoding now, and the keys they are writing (an article
    /// twice in a book has one key, and one temporary file name: it must be written once).
    private var running = 0
    private var inProgress = Set<String>()

    init(store: EncodedChapterStore, format: AudioFormat, bitRate: Int?, jobs: Int) {
        self.store = store
        self.format = format
        self.bitRate = bitRate
        self.jobs = max(1, jobs)
    }

    /// Queues an article's rendered audio file; returns at once.
    public func submit(audio path: String) {
        condition.lock()
        waiting.append(path)
        let startThread = running < jobs
        if startThread { running += 1 }
        condition.unlock()
        if startThread { BlockingThreads.start { [self] in drain() } }
    }

    /// Waits until every queued article is encoded (or has failed).
    public func finish() {
        condition.lock()
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    private func drain() {
        while true {
            condition.lock()
            guard !waiting.isEmpty else {
                running -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let path = waiting.removeFirst()
            condition.unlock()
            encode(path)
        }
    }

    private func encode(_ path: String) {
        guard let rate = try? SoundFile.info(of: path).sampleRate,
              let key = try? store.key(audioFile: path, settings: ChapterEncoder.settings(format, inputRate: rate, bitRate: bitRate)),
              store.header(key) == nil else { return }
        condition.lock()
        let taken = inProgress.insert(key).inserted
        condition.unlock()
        guard taken else { return }
        defer {
            condition.lock()
            inProgress.remove(key)
            condition.unlock()
        }
        try? ChapterEncoder.encode(.file(path), format: format, bitRate: bitRate, jobs: jobs, to: store.path(key))
    }
}

extension BookBinder {
    /// A precoder for this book's kept chapters, or nil when the book is not bound from them.
    public func chapterPrecoder() -> ChapterPrecoder? {
        guard ChapterEncoder.keepsPackets(format) else { return nil }
        return ChapterPrecoder(store: store, format: format, bitRate: bitRate, jobs: jobs)
    }
}
