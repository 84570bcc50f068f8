import Foundation
import ReciteAudio
import ReciteCache
import ReciteCaptions
import ReciteEspeak
import ReciteNeural
import ReciteScript
import ReciteSegment
import ReciteSynth
import ReciteSystem
import ReciteTiming
import ReciteWorkers

/// Runs `recite build`: every job through the stages, outputs written atomically, one manifest.
/// A document that fails is reported and skipped; the others complete.
public struct BuildRunner: Sendable {
    public struct Options: Sendable {
        public var inputs: [String]
        public var outputFolder: String
        public var pipeline: Pipeline
        /// Print each document's spoken script instead of synthesizing.
        public var dryRun = false
        /// Synthesis worker processes.
        public var jobs = 1
        /// The segment cache; nil for `OUT/.recite-cache`.
        public var cacheFolder: String?
        /// Build only this part of the input (`--shard K/N`).
        public var shard: Shard?
        /// The audio format of every document, over what any pipeline or `recite.yml` says: a
        /// book's chapters are rendered in the format the book is joined from.
        public var format: AudioFormat?
        /// The feed the command line asks for (`--feed`, `--base-url`, `--feed-keep-days`), over
        /// the pipelines' `feed:` settings; `enabled` is `--feed` itself. Nil for commands that
        /// make no feed (`recite book`), whatever their pipeline says.
        public var feed: FeedSettings?

        public init(inputs: [String], outputFolder: String, pipeline: Pipeline, dryRun: Bool = false, jobs: Int = 1,
                    cacheFolder: String? = nil, shard: Shard? = nil, feed: FeedSettings? = nil) {
            self.shard = shard
            self.feed = feed
            self.inputs = inputs
            self.outputFolder = outputFolder
            self.pipeline = pipeline
            self.dryRun = dryRun
            self.jobs = jobs
            self.cacheFolder = cacheFolder
        }
    }

    public struct Summary: Sendable {
        public var rendered = 0
        public var failed = 0
        public var audioSeconds = 0.0
        public var segmentsSynthesized = 0
        public var segmentsFromCache = 0
        /// Documents found unchanged since the last good run, and not rendered again.
        public var unchanged = 0
    }

    /// The cache folder a run over `outputFolder` uses unless told otherwise.
    public static func defaultCacheFolder(for outputFolder: String) -> String {
        URL(fileURLWithPath: outputFolder).appendingPathComponent(".recite-cache").path
    }

    /// The list of the cache keys the last complete run used, kept in the cache folder for
    /// `cache prune`; each shard keeps its own, and prune keeps what any of them used.
    public static func lastRunKeysFile(in cacheFolder: String, shard: Shard? = nil) -> String {
        let name = shard.map { "last-run.\($0.fileTag).keys" } ?? "last-run.keys"
        return URL(fileURLWithPath: cacheFolder).appendingPathComponent(name).path
    }

    /// Every key a last run (full or shard) recorded in `cacheFolder`; nil if none did.
    public static func keysInUse(in cacheFolder: String) -> Set<String>? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: cacheFolder) else { return nil }
        let files = names.filter { $0.hasPrefix("last-run") && $0.hasSuffix(".keys") }
        guard !files.isEmpty else { return nil }
        var keys = Set<String>()
        for name in files {
            let text = (try? String(contentsOfFile: URL(fileURLWithPath: cacheFolder).appendingPathComponent(name).path, encoding: .utf8)) ?? ""
            keys.formUnion(text.split(separator: "\n").map(String.init))
        }
        return keys
    }

    /// What the runner tells its caller as it goes; the command line turns these into a progress
    /// bar, quiet lines or JSON. Events may come from several threads at once.
    public enum Event: Sendable {
        case started(documents: Int)
        case finished(Manifest.Entry)
        case warning(String)
        /// A warning that a run nobody watches (cron) must print too: its work is not kept.
        case notice(String)
        case error(String)
    }

    public let options: Options
    public let report: @Sendable (Event) -> Void
    /// Warnings said once per run, whatever the number of documents they concern.
    private let once = OncePerRun()
    /// Where `--dry-run` writes the script.
    public let output: @Sendable (String) -> Void

    public init(options: Options, report: @escaping @Sendable (Event) -> Void,
                output: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.options = options
        self.report = report
        self.output = output
    }

    /// The key of the warning that a neural voice ignores pitch.
    static let pitchNotice = "pitch"

    /// eSpeak NG's workers and, on first use, one worker per neural voice that says `jobs`
    /// segments at once: the model (about 85 MB in memory) is loaded once, not once per job, and
    /// ONNX Runtime's threads share the cores between the segments.
    static func engines(jobs: Int, espeak: WorkerConfiguration) -> EngineRouter {
        let threads = max(1, ProcessInfo.processInfo.activeProcessorCount / max(1, jobs))
        return EngineRouter(espeak: LazyWorkerPool(size: jobs, configuration: espeak)) { settings in
            NeuralVoices.shared.prepared(for: settings).map {
                LazyWorkerPool(size: 1, configuration: WorkerConfiguration(neural: $0, threads: threads, slots: max(1, jobs), phonemes: espeak.phonemes))
            }
        }
    }

    public func run() throws -> Summary {
        let found = try Discovery.jobs(for: options.inputs, excluding: options.outputFolder) { report(.warning($0)) }
        let jobs = options.shard.map { shard in found.filter(shard.contains) } ?? found
        let renderers = try Renderers(jobs: jobs, pipeline: options.pipeline, format: options.format, feed: options.feed)
        // A feed that cannot be linked stops the run here, before the output folder exists.
        let feed = try renderers.feed.map { (settings) throws(ConfigurationError) in
            try FeedPublisher(settings: settings, outputFolder: options.outputFolder, inputs: options.inputs, pipeline: options.pipeline)
        }
        // Forked now, while the build has one thread: a document is read in a child first.
        let reader = GuardedReader(jobs: jobs, renderers: renderers)
        defer { reader.stop() }
        if options.dryRun {
            return try dryRun(jobs, reader: reader)
        }
        let lock = try OutputLock(folder: options.outputFolder, shard: options.shard)
        defer { withExtendedLifetime(lock) {} }
        let cacheFolder = options.cacheFolder ?? Self.defaultCacheFolder(for: options.outputFolder)
        for folder in Set([options.outputFolder, cacheFolder]) { AtomicOutput.removeStalePartials(under: URL(fileURLWithPath: folder)) }
        let workers = renderers.workerConfiguration
        let synthesizer = CachingSynthesizer(Self.engines(jobs: options.jobs, espeak: workers),
                                             cache: SegmentCache(folder: cacheFolder, engineVersion: EspeakEngine.version + " " + workers.identity),
                                             storeFailed: { [self] error in cacheStopped(in: cacheFolder, error) })
        if renderers.usesNeuralVoice && renderers.pitchChanged, once.first(Self.pitchNotice) {
            report(.warning("A neural voice cannot change its pitch: the pipeline's pitch is ignored for it."))
        }

        report(.started(documents: jobs.count))
        let earlier = Dictionary(loadManifest().documents.map { ($0.outputs.audio, $0) }, uniquingKeysWith: { a, _ in a })
        // One document more than workers at once keeps every worker busy across document
        // boundaries (one is being read and prepared while the others synthesize); each renders
        // a batch of segments at a time, so memory stays bounded whatever the document.
        let results = ResultSlots(count: jobs.count)
        let order = Self.longestFirst(jobs)
        BlockingThreads.run(count: min(max(1, options.jobs) + 1, max(1, jobs.count))) { _ in
            while let taken = results.take() {
                let i = order[taken]
                let entry = process(jobs[i], reader: reader.bind(i), renderers: renderers, synthesizer: synthesizer,
                                    earlier: earlier, priority: taken)
                results.store(entry, at: i)
                report(.finished(entry))
            }
        }
        let entries = results.entries
        var summary = Summary()
        for entry in entries {
            if entry.status == .ok {
                summary.rendered += 1
                summary.audioSeconds += entry.duration ?? 0
                if entry.unchanged == true { summary.unchanged += 1 }
            } else {
                summary.failed += 1
            }
        }
        try OutputLock.withManifestLock(folder: options.outputFolder) {
            // A feed that keeps removed documents' items a while keeps their files too.
            try writeManifest(entries, found: found, removingVanished: (feed?.settings.keepDays ?? 0) == 0)
            // Beside the manifest it is made from; every document found counts as present,
            // whichever shard rendered it.
            try feed?.publish(manifest: loadManifest(), thisRun: entries, present: Set(found.map(\.outputStem)))
        }
        summary.segmentsFromCache = synthesizer.hits
        summary.segmentsSynthesized = synthesizer.misses
        let keysFile = Self.lastRunKeysFile(in: cacheFolder, shard: options.shard)
        do {
            try AtomicOutput.write(Data(synthesizer.keysUsed.sorted().joined(separator: "\n").utf8), to: keysFile)
        } catch {
            // Without this run's list, `cache prune` must not go by the last one's.
            unlink(keysFile)
            cacheStopped(in: cacheFolder, error)
        }
        return summary
    }

    static let cacheNotice = "cache"

    /// The cache only saves work: when it cannot grow, the run goes on without it, said once.
    func cacheStopped(in folder: String, _ error: any Error) {
        guard once.first(Self.cacheNotice) else { return }
        report(.notice("recite: warning: the segment cache in \(folder) stopped growing. \(FileSystemError.readable(error, action: "write")) "
            + "Documents are rendered all the same; what the cache could not keep is synthesized again next time."))
    }

    /// The documents' indices, largest source first: the longest document starts at once and
    /// renders beside the others, instead of last and alone on the workers (a 2.6-hour article
    /// among short ones left one core idle for its last minute). Outputs and the manifest keep
    /// the documents' own order.
    static func longestFirst(_ jobs: [Job]) -> [Int] {
        let sizes = jobs.map { job -> Int in
            ((try? FileManager.default.attributesOfItem(atPath: job.source)[.size]) as? NSNumber)?.intValue ?? 0
        }
        return jobs.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
    }

    // MARK: - One document

    /// One document: kept as it is if unchanged since the last good run, else rendered.
    /// `priority`: the document's place in the run's order; its segments go to the workers ahead
    /// of those of documents started later (`PriorityGate`).
    func process(_ job: Job, reader: () -> Result<DocumentRenderer.Prepared, DocumentError>, renderers: Renderers,
                 synthesizer: CachingSynthesizer, earlier: [String: Manifest.Entry], priority: Int = 0) -> Manifest.Entry {
        let (renderer, fingerprints) = renderers.for(job)
        let audio = job.outputStem + "." + renderer.pipeline.format.fileExtension
        let keysFile = synthesizer.documentKeysFile(for: path(audio))
        // The fast path of a nightly rerun: the source and the files it named last time are
        // unchanged, so the document is not even parsed; its recorded cache keys stay in use.
        if let kept = earlier[audio], kept.status == .ok, let recorded = kept.fingerprint,
           fingerprints.fingerprint(of: job, dependencies: kept.dependencies ?? []) == recorded,
           outputsExist(kept), let keys = try? String(contentsOfFile: keysFile, encoding: .utf8) {
            synthesizer.noteUsed(keys: keys.split(separator: "\n").map(String.init))
            var unchanged = kept
            unchanged.unchanged = true
            unchanged.cacheHits = nil
            return unchanged
        }
        // This document may need synthesis: eSpeak NG's workers start while it is parsed, unless
        // its pipeline's language has a natural voice. A neural worker renders eSpeak NG's
        // reference itself, so for a natural voice they would sit idle, holding memory (32 MB
        // of a Spanish passage's 720); a stretch in a language without one starts them on use.
        if renderer.neuralVoice == nil { synthesizer.prepareForRequests() }
        // Parsing is cheap next to synthesis, and it names the files the output depends on.
        let before = fingerprints.sourceDigest(of: job)
        let prepared = reader()
        // A long document leaves its text stages' copies freed but held by the allocator.
        if let count = try? prepared.get().segments.count, count >= DocumentRenderer.longDocumentSegments {
            MemoryTuning.releaseFreedMemory()
        }
        let dependencies = (try? prepared.get())?.dependencies ?? []
        let after = fingerprints.sourceDigest(of: job)
        var fingerprint = after.map { fingerprints.fingerprint(of: job, source: $0, dependencies: dependencies) }
        if after != before, (try? prepared.get()) != nil {
            // Rewritten while it was read: what was read is rendered, and it is read again next run.
            fingerprint = nil
            report(.notice("\(job.source): warning: the file changed while Recite read it; it is rendered as it was read, and read again next run."))
        }
        if let fingerprint, var kept = earlier[job.outputStem + "." + renderer.pipeline.format.fileExtension], kept.status == .ok,
           kept.fingerprint == fingerprint, outputsExist(kept) {
            // Unchanged: keep the outputs; only note its segments so `cache prune` keeps them.
            if let prepared = try? prepared.get() {
                let keys = prepared.segments.filter { !$0.speech.isEmpty }.map { synthesizer.cache.key(for: renderer.request(for: $0)) }
                synthesizer.noteUsed(keys: keys)
                record(keys, in: keysFile)
            }
            kept.dependencies = dependencies.isEmpty ? nil : dependencies
            kept.unchanged = true
            kept.cacheHits = nil
            return kept
        }
        let counting = DocumentSynthesizer(synthesizer, priority: priority)
        var entry = renderUncounted(job, prepared: prepared, renderer: renderer, synthesizer: counting)
        if entry.status == .ok {
            entry.cacheHits = counting.hits
            entry.fingerprint = fingerprint
            entry.dependencies = dependencies.isEmpty ? nil : dependencies
            // The keys the render looked up: every segment's, computed once.
            record(counting.keys.sorted(), in: keysFile)
        }
        return entry
    }

    /// Records a document's segment keys for the next run's fast unchanged path.
    /// One that cannot be written is removed, so that no run goes by an earlier render's keys.
    private func record(_ keys: [String], in keysFile: String) {
        do {
            try AtomicOutput.write(Data(keys.joined(separator: "\n").utf8), to: keysFile)
        } catch {
            unlink(keysFile)
        }
    }

    private func renderUncounted(_ job: Job, prepared: Result<DocumentRenderer.Prepared, DocumentError>,
                                 renderer: DocumentRenderer, synthesizer: any SegmentSynthesizer) -> Manifest.Entry {
        var outputs = Manifest.Entry.Outputs(audio: job.outputStem + "." + renderer.pipeline.format.fileExtension,
                                             timing: job.outputStem + ".timing.json")
        let audioPath = path(outputs.audio)
        let timingPath = path(outputs.timing)
        do {
            let prepared = try prepared.get()
            for warning in prepared.warnings { report(.warning(warning.description)) }
            if renderer.ignoresPitch(prepared), once.first(Self.pitchNotice) {
                report(.warning("\(job.source): warning: a neural voice cannot change its pitch: <prosody pitch> is ignored (said once per run)."))
            }
            // The audio, its sidecar and captions replace yesterday's together, or not at all.
            let batch = AtomicBatch()
            var rendered: TimingSidecar?
            try batch.write(to: audioPath) { temporary in
                rendered = try renderer.render(prepared, with: synthesizer, to: temporary,
                                               audioName: URL(fileURLWithPath: outputs.audio).lastPathComponent)
            }
            let sidecar = rendered!
            try batch.write(to: timingPath) { try TimingSidecarWriter.write(sidecar, to: $0) }
            try writeReadingOutputs(of: prepared, sidecar: sidecar, stem: job.outputStem, pipeline: renderer.pipeline,
                                    into: &outputs, batch: batch)
            var entry = Manifest.Entry(source: job.source, status: .ok, outputs: outputs,
                                       duration: sidecar.duration, words: sidecar.words.count,
                                       error: nil, warnings: prepared.warnings.isEmpty ? nil : prepared.warnings.map(\.description))
            entry.voices = sidecar.voices
            try writeFeedFiles(of: prepared, job: job, sidecar: sidecar, pipeline: renderer.pipeline, into: &entry, batch: batch)
            try batch.commit()
            return entry
        } catch {
            let message = (error as? DocumentError)?.description ?? "\(job.source): error: \(FileSystemError.readable(error))"
            report(.error(message))
            // The earlier good output, if any, stays in place; the manifest says how long it is.
            let kept = try? SoundFile.info(of: audioPath)
            return Manifest.Entry(source: job.source, status: .failed, outputs: outputs,
                                  duration: kept?.duration, words: nil, error: message, warnings: nil)
        }
    }

    func dryRun(_ jobs: [Job], reader: GuardedReader) throws -> Summary {
        var summary = Summary()
        for (index, job) in jobs.enumerated() {
            do {
                let prepared = try reader.prepare(index).get()
                // An EPUB's chapters share their source: each says which it is.
                output("# \(job.source)" + (job.chapter.map { " — chapter \($0 + 1)" + (job.chapterTitle.map { ": \($0)" } ?? "") } ?? ""))
                for segment in prepared.segments {
                    let words = segment.words.map(\.spoken).joined(separator: " ")
                    output("[\(prepared.script.blocks[segment.blockIndex].kind.name)] \(words)")
                }
                summary.rendered += 1
            } catch {
                report(.error("\(error)"))
                summary.failed += 1
            }
        }
        return summary
    }

    /// Per-document results, filled by several threads, read in input order at the end.
    final class ResultSlots: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private var slots: [Manifest.Entry?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func take() -> Int? {
            lock.withLock {
                guard next < slots.count else { return nil }
                next += 1
                return next - 1
            }
        }

        func store(_ entry: Manifest.Entry, at index: Int) { lock.withLock { slots[index] = entry } }
        var entries: [Manifest.Entry] { lock.withLock { slots.compactMap { $0 } } }
    }

    /// A renderer per pipeline: the run's, and one for each folder with a `recite.yml`.
    struct Renderers: Sendable {
        private var byConfiguration: [String: (DocumentRenderer, DocumentFingerprint)] = [:]
        private let main: (renderer: DocumentRenderer, fingerprints: DocumentFingerprint)

        /// The run's feed settings, all pipelines' and the command line's; nil when no feed is made.
        let feed: FeedSettings?

        init(jobs: [Job], pipeline base: Pipeline, format: AudioFormat? = nil, feed command: FeedSettings? = nil) throws(ConfigurationError) {
            var pipeline = base
            if let format { pipeline.format = format }
            let paths = Set(jobs.compactMap(\.folderConfiguration)).sorted()
            var folderPipelines: [String: Pipeline] = [:]
            for path in paths {
                var folderPipeline = try Pipeline.loadFolderConfiguration(path: path, over: pipeline)
                if let format { folderPipeline.format = format }
                folderPipelines[path] = folderPipeline
            }
            // One feed for the output folder: if the command line or any pipeline asks for it,
            // every document gets what the feed links to.
            let asking = ([pipeline] + paths.map { folderPipelines[$0]! }).compactMap(\.feed).filter(\.enabled)
            var settings = asking.reduce(nil) { lower, upper in upper.over(lower) }
            if let command { settings = command.over(settings) }
            // Only a command that makes feeds passes `command` (`recite build`; not `book`).
            if let command, command.enabled || !asking.isEmpty { self.feed = settings } else { self.feed = nil }
            if self.feed != nil {
                pipeline = Self.withFeedFiles(pipeline)
                folderPipelines = folderPipelines.mapValues(Self.withFeedFiles)
            }
            main = (try DocumentRenderer(pipeline: pipeline), DocumentFingerprint(pipeline: pipeline))
            // Loading rule tables takes milliseconds before any document starts: folders whose
            // settings keep the same rules share the normalizer.
            var normalizers = [pipeline.normalizerInputs: main.renderer.normalizer]
            for path in paths {
                let folderPipeline = folderPipelines[path]!
                let renderer = try DocumentRenderer(pipeline: folderPipeline, normalizer: normalizers[folderPipeline.normalizerInputs])
                normalizers[folderPipeline.normalizerInputs] = renderer.normalizer
                byConfiguration[path] = (renderer, DocumentFingerprint(pipeline: folderPipeline))
            }
        }

        /// A pipeline whose documents go in a feed: captions in both formats (the feed's
        /// transcripts), the JSON transcript and chapters, and MP3 unless a format was chosen.
        static func withFeedFiles(_ pipeline: Pipeline) -> Pipeline {
            var p = pipeline
            p.feedFiles = true
            for format in [CaptionFormat.vtt, .srt] where !p.captions.contains(format) { p.captions.append(format) }
            if !p.formatChosen { p.format = .mp3 }
            return p
        }

        /// The workers this run needs: warmed up with the run's voice, and reporting phonemes if
        /// any of its pipelines asks for them.
        var workerConfiguration: WorkerConfiguration {
            let pipeline = main.renderer.pipeline
            let phonemes = pipeline.phonemes || byConfiguration.values.contains { $0.0.pipeline.phonemes }
            let voice = main.renderer.neuralVoice?.espeakVoice ?? pipeline.voice
            return WorkerConfiguration(warmLanguage: pipeline.language, warmVoice: voice, phonemes: phonemes)
        }

        /// Whether a pipeline of the run says its documents with a neural voice.
        var usesNeuralVoice: Bool {
            main.renderer.neuralVoice != nil || byConfiguration.values.contains { $0.0.neuralVoice != nil }
        }

        /// Whether a pipeline of the run asks for a pitch other than the default.
        var pitchChanged: Bool {
            main.renderer.pipeline.pitch != Pipeline.builtIn.pitch || byConfiguration.values.contains { $0.0.pipeline.pitch != Pipeline.builtIn.pitch }
        }

        func `for`(_ job: Job) -> (renderer: DocumentRenderer, fingerprints: DocumentFingerprint) {
            job.folderConfiguration.flatMap { byConfiguration[$0] } ?? main
        }
    }

    // MARK: - Output folder

    /// Removes the temporary files (`.NAME.PID.partial`) of runs that were killed: their process
    /// is gone. A live process's files (another shard's) are left alone.

    func path(_ relative: String) -> String {
        URL(fileURLWithPath: options.outputFolder).appendingPathComponent(relative).path
    }

    /// The manifest of the last run in this output folder (empty if none).
    func loadManifest() -> Manifest {
        guard let data = FileManager.default.contents(atPath: path("manifest.json")),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: data) else { return Manifest(documents: []) }
        return manifest
    }

    /// Every output of an entry is there, the audio as long as the manifest says.
    func outputsExist(_ entry: Manifest.Entry) -> Bool {
        guard entry.outputs.all.allSatisfy({ FileManager.default.fileExists(atPath: path($0)) }),
              let info = try? SoundFile.info(of: path(entry.outputs.audio)) else { return false }
        // Lossy encoders pad the end a little (MP3 by tens of milliseconds).
        let lossless = entry.outputs.audio.hasSuffix(".wav") || entry.outputs.audio.hasSuffix(".flac")
        return abs(info.duration - (entry.duration ?? -1)) < (lossless ? 0.001 : 0.2)
    }

    /// Writes the manifest, keeping the entries of documents this run did not touch.
    /// Writes the manifest: this run's entries, over the earlier ones (other shards', other
    /// inputs'), less those of documents that are gone (`vanished`), whose outputs go with them
    /// once the new manifest is in place: the output folder mirrors the input.
    func writeManifest(_ entries: [Manifest.Entry], found: [Job] = [], removingVanished: Bool = true) throws {
        let manifestPath = path("manifest.json")
        let touched = Set(entries.map(\.outputs.audio))
        let earlier = loadManifest().documents.filter { !touched.contains($0.outputs.audio) }
        let gone = removingVanished ? Set(vanished(earlier, found: found).map(\.outputs.audio)) : []
        var documents = earlier.filter { !gone.contains($0.outputs.audio) } + entries
        documents.sort { $0.outputs.audio < $1.outputs.audio }
        try AtomicOutput.write(try Self.encoder.encode(Manifest(documents: documents)), to: manifestPath)
        for entry in earlier where gone.contains(entry.outputs.audio) {
            for output in entry.outputs.all { unlink(path(output)) }
        }
    }

    /// Earlier entries whose document is gone: it lay under one of this run's inputs, and the
    /// run did not find it (deleted, or renamed: the new name is a new document). Entries of
    /// other inputs stay, and so do those of other shards (`found` is every shard's documents).
    /// An input in which nothing was found at all (a network folder not mounted tonight, say)
    /// removes nothing.
    func vanished(_ earlier: [Manifest.Entry], found: [Job]) -> [Manifest.Entry] {
        func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
        func isUnder(_ path: String, _ root: String) -> Bool { path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/") }
        let sources = found.map { absolute($0.source) }
        let roots = options.inputs.map(absolute).filter { root in sources.contains { isUnder($0, root) } }
        let stems = Set(found.map(\.outputStem))
        return earlier.filter { entry in
            let source = absolute(entry.source)
            return roots.contains { isUnder(source, $0) } && !stems.contains((entry.outputs.audio as NSString).deletingPathExtension)
        }
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

/// Which once-per-run warnings were given; shared by the run's threads.
final class OncePerRun: @unchecked Sendable {
    private let lock = NSLock()
    private var given = Set<String>()

    /// True the first time `key` is asked for in this run.
    func first(_ key: String) -> Bool {
        lock.withLock { given.insert(key).inserted }
    }
}
