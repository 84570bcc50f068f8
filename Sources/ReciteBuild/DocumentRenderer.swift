import Foundation
import ReciteAudio
import ReciteCmarkGFM
import ReciteFeed
import ReciteHTML
import ReciteMarkdown
import ReciteNeural
import ReciteNormalize
import RecitePronounce
import ReciteSSML
import ReciteScript
import ReciteSegment
import ReciteSynth
import ReciteSystem
import ReciteTiming

/// Runs every stage for one document: parse, normalize, pronounce, segment, synthesize, stitch.
public struct DocumentRenderer: Sendable {
    public var pipeline: Pipeline
    public var normalizer: Normalizer
    public var pronouncer: Pronouncer
    /// Which voice reads each language (`VoiceAssignment`).
    public var voices: VoiceAssignment
    /// The voice of the pipeline's language when it is a neural one.
    public var neuralVoice: PreparedVoice?
    /// Segments synthesized at a time. Small: memory is about two of these per document in
    /// flight (one written, the next synthesized), and documents render side by side, so the
    /// pool stays busy without big batches. A segment is a sentence: 32 of them are about the
    /// eight paragraphs a batch held before, a minute or two of audio.
    public static let batchSize = 32

    /// Segments (sentences) from which a document counts as long (about an hour of audio).
    static let longDocumentSegments = 800

    /// A long document (a book) renders alone most of the time, in batches of 8: its own memory
    /// (script, segments, sidecar) is large already, and two workers stay fed by eight.
    static func batchSize(segments: Int) -> Int {
        segments >= longDocumentSegments ? batchSize / 4 : batchSize
    }

    /// Batches synthesized ahead of the one being written: about `batchSize` segments. One
    /// batch of 8 ahead left the workers idle a third of the time on a long document of short
    /// lines (an emoji list: each batch waits for its slowest segment before the next starts).
    static func batchesAhead(size: Int) -> Int {
        max(1, batchSize / max(1, size))
    }

    /// Loads the pipeline's normalization rules and lexicons once for the whole run; a lexicon
    /// that cannot be read, or that has a pronunciation eSpeak NG cannot say in the pipeline's
    /// language, stops the run before any document.
    /// `normalizer`, when given, is one already made for the same rules (`Pipeline.normalizerInputs`).
    public init(pipeline: Pipeline, normalizer: Normalizer? = nil) throws(ConfigurationError) {
        self.pipeline = pipeline
        if let normalizer {
            self.normalizer = normalizer
        } else {
            self.normalizer = try pipeline.makeNormalizer()
        }
        do {
            // A speaker of a multi-speaker voice is the pipeline voice's (prepared first, so
            // that every lookup of the name finds it with its speaker).
            if let voice = pipeline.voice, pipeline.speaker != nil { _ = try NeuralVoices.shared.resolve(voice, speaker: pipeline.speaker) }
        } catch {
            throw ConfigurationError("\(error) (the pipeline's voice)")
        }
        voices = VoiceAssignment(pipeline: pipeline)
        if let problem = voices.problem() { throw ConfigurationError("\(problem) (the pipeline's voice)") }
        if case .neural(let voice) = voices.choice(for: pipeline.language) { neuralVoice = voice }
        do {
            pronouncer = try Pronouncer(lexiconFiles: pipeline.lexicons)
            _ = try pronouncer.index(for: pipeline.language)
        } catch {
            throw ConfigurationError("\(error)")
        }
    }

    /// A parsed and prepared document: the script, its source and its segments.
    public struct Prepared: Sendable {
        public var source: SourceText
        public var script: Script
        public var segments: [Segment]
        public var warnings: [Warning]
        /// Local files besides the source that decide the output (clips, lexicons).
        public var dependencies: [String] = []
        /// An HTML page's title and meta description, as text (a feed item's).
        public var pageTitle: String? = nil
        public var pageDescription: String? = nil
    }

    /// Parses a document and runs the text stages; no audio yet.
    public func prepare(_ job: Job) throws(DocumentError) -> Prepared {
        if let marker = Self.crashMarker, job.source.hasSuffix(marker) {
            // A real memory fault, as a bug in a C library would make.
            UnsafeMutablePointer<Int>(bitPattern: 16)!.pointee = 1
        }
        guard let data = FileManager.default.contents(atPath: job.source) else {
            throw DocumentError(path: job.source, message: "Cannot read the file; check that it exists and is readable.")
        }
        let bytes = [UInt8](data)
        if let marker = Self.rewriteMarker, job.source.hasSuffix(marker), let handle = FileHandle(forWritingAtPath: job.source) {
            // An editor saving the file just after Recite read it.
            _ = try? handle.seekToEnd()
            try? handle.write(contentsOf: Data(" Rewritten.\n".utf8))
            try? handle.close()
        }
        var script: Script
        var source: SourceText
        var warnings: [Warning] = []
        var dependencies: [String] = []
        var pageTitle: String?, pageDescription: String?
        switch job.format {
        case .markdown:
            do {
                source = try SourceText(path: job.source, bytes: bytes)
            } catch {
                throw DocumentError(path: job.source, location: error.location,
                                    message: "The file is not valid UTF-8 (byte \(error.byteOffset)); convert it to UTF-8.")
            }
            (script, warnings) = MarkdownParser.read(source, options: pipeline.markdown)
        case .ssml:
            let result = try SSMLParser.parse(bytes: bytes, path: job.source, defaultLanguage: pipeline.language,
                                              inputRoot: job.root, isPlayableAudio: Self.isPlayableAudio)
            script = result.script
            warnings = result.warnings
            source = result.source
            dependencies = result.dependencies
        case .html:
            let result = try HTMLReader.read(bytes: bytes, path: job.source, options: pipeline.htmlOptions)
            script = result.script
            warnings = result.warnings
            source = result.source
            pageTitle = result.title
            pageDescription = result.description
        case .epub:
            (source, script, warnings) = try EPUBChapterReader.read(
                book: job.source, chapter: job.chapter ?? 0, defaultLanguage: pipeline.language,
                readXHTML: { (bytes: [UInt8], path: String) throws(DocumentError) in try self.readXHTML(bytes, path: path) })
        }
        script = normalizer.normalize(consume script)
        script = try pronouncer.pronounce(script)
        let segments = Segmenter(pauses: pipeline.pauses, sentenceWords: BenchmarkSwitches.sentenceWords ?? 40).segments(of: script)
        // A voice the document names (SSML `<voice name>`) that is a neural voice must be usable.
        for name in Set(segments.compactMap(\.voiceName)) {
            do {
                _ = try NeuralVoices.shared.resolve(name)
            } catch {
                throw DocumentError(path: job.source, message: "\(error) (named by <voice name=\"\(name)\">)")
            }
        }
        return Prepared(source: source, script: script, segments: segments, warnings: warnings, dependencies: dependencies,
                        pageTitle: pageTitle, pageDescription: pageDescription)
    }

    /// An EPUB's XHTML document, whole (a book's pages have no clutter to take away), as a script.
    func readXHTML(_ bytes: [UInt8], path: String) throws(DocumentError) -> (script: Script, warnings: [Warning]) {
        var options = pipeline.htmlOptions
        options.content = .whole
        options.readsTitle = false
        options.byline = false
        let result = try HTMLReader.read(bytes: bytes, path: path, options: options)
        return (result.script, result.warnings)
    }

    /// For tests of isolation only: reading a document whose path ends with the value of
    /// `RECITE_TEST_CRASH_READING` crashes the process that reads it.
    static let crashMarker = TestHooks.value("RECITE_TEST_CRASH_READING")
    /// For tests only: a document whose path ends with `RECITE_TEST_REWRITE_READING` is added to
    /// each time it has been read.
    static let rewriteMarker = TestHooks.value("RECITE_TEST_REWRITE_READING")

    /// A clip can be spliced in if libsndfile reads its header (WAV, FLAC and the other formats it knows).
    @Sendable static func isPlayableAudio(_ path: String) -> Bool {
        guard let info = try? SoundFile.info(of: path) else { return false }
        return info.sampleRate > 0 && info.channels > 0
    }

    /// Synthesizes a prepared document, a batch of segments at a time, writing the WAV file at
    /// `path` as it goes (memory stays that of one batch), and returns its timing sidecar.
    public func render(_ prepared: Prepared, with synthesizer: any SegmentSynthesizer, to path: String,
                       audioName: String) throws -> TimingSidecar {
        // One rate per file: the document's voice's; audio of other voices is resampled to it.
        let sampleRate = self.sampleRate(of: prepared, synthesizer: synthesizer)
        var stitcher = Stitcher(sampleRate: sampleRate, script: prepared.script,
                                source: prepared.source, audioName: audioName)
        stitcher.includesPhonemes = pipeline.phonemes
        // Markdown and HTML know HTML5's references; SSML's five predefined ones are among them.
        stitcher.references = .html5
        // About one sidecar word per segment word (a few more where one is read as several).
        stitcher.reserve(words: prepared.segments.reduce(0) { $0 + $1.words.count } * 21 / 20)
        let metadata = AudioMetadata(title: Self.title(of: prepared), artist: pipeline.artist, album: pipeline.album)
        // Leveled audio is rendered to a WAV first, measured, then written (`LoudnessNormalizer`);
        // so is a feed's MP3 or M4A, whose chapters (its headings' times) go before its audio.
        let leveling = pipeline.loudness != .off
        let embedsChapters = pipeline.feedFiles && (pipeline.format == .mp3 || pipeline.format == .m4b)
        let twoStage = leveling || embedsChapters
        let rendering = twoStage ? Self.unleveledPath(beside: path) : path
        defer { if twoStage { unlink(rendering) } }
        let writer = try SoundWriter(path: rendering, sampleRate: sampleRate, format: twoStage ? .wav : pipeline.format,
                                     metadata: metadata, bitRate: pipeline.bitRate)
        var stretches: [LoudnessNormalizer.Stretch] = []
        var position = 0
        // Later batches are synthesized while this one is stitched and written, so the workers
        // do not wait for the disk, nor for the end of a small batch.
        let size = Self.batchSize(segments: prepared.segments.count)
        let batches = stride(from: 0, to: prepared.segments.count, by: size).map {
            prepared.segments[$0..<min($0 + size, prepared.segments.count)]
        }
        let requests = { (batch: ArraySlice<Segment>) in batch.filter { !$0.speech.isEmpty }.map(self.request(for:)) }
        let ahead = Self.batchesAhead(size: size)
        var inFlight: [Prefetch] = []
        var issued = 0
        for batch in batches {
            while issued < batches.count, inFlight.count <= ahead {
                inFlight.append(Prefetch(synthesizer, requests(batches[issued])))
                issued += 1
            }
            var audio = try inFlight.removeFirst().wait()[...]
            for segment in batch {
                let segmentAudio: SynthesizedAudio?
                if let clip = segment.clip {
                    segmentAudio = try clipAudio(clip, segment: segment, prepared: prepared, sampleRate: sampleRate)
                } else {
                    segmentAudio = segment.speech.isEmpty ? nil : audio.popFirst()?.resampled(to: sampleRate)
                }
                let piece = stitcher.append(segment, audio: segmentAudio)
                try writer.writeSilence(piece.silence)
                try writer.write(piece.samples)
                position += piece.silence
                if leveling, !piece.samples.isEmpty {
                    Self.extend(&stretches, position..<position + piece.samples.count, voice: Self.voiceKey(segment))
                }
                position += piece.samples.count
            }
        }
        try writer.close()
        var sidecar = stitcher.finish()
        sidecar.voices = voiceLabels(of: prepared)
        guard twoStage else { return sidecar }
        // Room tone at the head moves every word by its length.
        let head = (pipeline.loudness.headSeconds * Double(sampleRate)).rounded()
        let tail = (pipeline.loudness.tailSeconds * Double(sampleRate)).rounded()
        if head + tail > 0 { sidecar = sidecar.shifted(by: head / Double(sampleRate), lengthenedBy: (head + tail) / Double(sampleRate)) }
        var tags = metadata
        if embedsChapters { tags.chapters = Self.chapterMarks(sidecar) }
        let final = try SoundWriter(path: path, sampleRate: sampleRate, format: pipeline.format, metadata: tags, bitRate: pipeline.bitRate)
        if leveling {
            _ = try LoudnessNormalizer.normalize(rendering, sampleRate: sampleRate, stretches: stretches,
                                                 target: pipeline.loudness, into: final)
        } else {
            _ = try SoundFile.stream(rendering) { try final.write($0) }
        }
        try final.close()
        return sidecar
    }

    /// A chapter for each title and heading (levels 1 to 3) from where it is said, as a feed's
    /// `NAME.chapters.json` lists them; nothing for a document without headings.
    static func chapterMarks(_ sidecar: TimingSidecar) -> [ChapterMark] {
        let heads = sidecar.blocks.filter { $0.kind == "title" || ($0.kind == "heading" && ($0.level ?? 1) <= 3) }
        var marks: [ChapterMark] = []
        for block in heads where block.start > (marks.last?.start ?? -1) {
            let title = FeedText.clean(block.text)
            guard !title.isEmpty else { continue }
            marks.append(ChapterMark(title: title, start: marks.isEmpty ? 0 : block.start, end: sidecar.duration))
        }
        for i in marks.indices.dropLast() { marks[i].end = marks[i + 1].start }
        return marks
    }

    /// A temporary file beside `path`, named as `AtomicOutput` names its own (so that one a killed
    /// run left is removed by the next).
    static func unleveledPath(beside path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent()
            .appendingPathComponent(".unleveled-\(UUID().uuidString.prefix(8)).\(getpid()).partial").path
    }

    /// What tells one voice from another for leveling: its name and language.
    static func voiceKey(_ segment: Segment) -> String {
        "\(segment.voiceName ?? "")|\(segment.language)"
    }

    /// Adds `samples` to the last stretch when the same voice reads on, else starts another.
    static func extend(_ stretches: inout [LoudnessNormalizer.Stretch], _ samples: Range<Int>, voice: String) {
        if let last = stretches.last, last.voice == voice {
            stretches[stretches.count - 1].samples = last.samples.lowerBound..<samples.upperBound
        } else {
            stretches.append(LoudnessNormalizer.Stretch(samples: samples, voice: voice))
        }
    }

    /// A clip's samples at the output rate; a clip that cannot be read fails the document, located.
    func clipAudio(_ path: String, segment: Segment, prepared: Prepared, sampleRate: Int) throws(DocumentError) -> SynthesizedAudio {
        do {
            return SynthesizedAudio(sampleRate: sampleRate, samples: try AudioClip.load(path, sampleRate: sampleRate), events: [])
        } catch {
            let location = segment.clipSource.map { SourceLocation(line: $0.line, column: $0.column) }
            throw DocumentError(path: prepared.script.path, location: location,
                                message: "The <audio> clip cannot be spliced in: \(error.message). Convert it to WAV or FLAC.")
        }
    }

    /// A document's title for the audio file's tags: its front-matter title or first heading, as
    /// written in the source.
    static func title(of prepared: Prepared) -> String? {
        guard let block = prepared.script.blocks.first(where: {
            if case .heading = $0.kind { return true }
            return $0.kind == .title
        }) else { return nil }
        let words = block.runs.filter { $0.spoken != nil }.map { prepared.source.text(of: $0.source) }
        var seen = Set<Int>()
        let unique = zip(block.runs.filter { $0.spoken != nil }, words).filter { seen.insert($0.0.source.offset).inserted }.map(\.1)
        return unique.isEmpty ? nil : unique.joined(separator: " ")
    }

    /// Whether a neural voice says a segment of `prepared` that asks for another pitch
    /// (`<prosody pitch>`), which VITS voices cannot do.
    func ignoresPitch(_ prepared: Prepared) -> Bool {
        prepared.segments.contains { segment in
            segment.speech.changesPitch && request(for: segment).engine != .espeak
        }
    }

    /// The synthesis request of a segment: its text and voice, with the pipeline's prosody.
    ///
    /// A neural voice (the pipeline's, or one the document names) says the segment; eSpeak NG's
    /// voice of the neural voice's language then gives it phonemes. The pipeline's neural voice
    /// says every segment in its language that names no other voice.
    func request(for segment: Segment) -> SynthesisRequest {
        let traits = segment.voiceTraits.isEmpty ? nil : segment.voiceTraits
        switch choice(for: segment) {
        case .neural(let neural):
            return SynthesisRequest(speech: segment.speech, language: segment.language, voiceName: neural.espeakVoice,
                                    rate: pipeline.rate, pitch: pipeline.pitch, volume: pipeline.volume,
                                    engine: .neural(NeuralSettings(neural)))
        case .espeak(let name):
            // Traits choose among the language's voices: the pipeline's fixed voice would override them.
            return SynthesisRequest(speech: segment.speech, language: segment.language,
                                    voiceName: segment.voiceName ?? (traits == nil ? name : nil), voiceTraits: traits,
                                    rate: pipeline.rate, pitch: pipeline.pitch, volume: pipeline.volume)
        }
    }

    /// The voice that says `segment`: the one it names, else its language's (`VoiceAssignment`).
    func choice(for segment: Segment) -> VoiceAssignment.Choice {
        if let name = segment.voiceName {
            if let neural = try? NeuralVoices.shared.resolve(name) { return .neural(neural) }
            return .espeak(name)
        }
        return voices.choice(for: segment.language)
    }

    /// The voices that say `prepared`, most words first, as its sidecar and manifest name them.
    func voiceLabels(of prepared: Prepared) -> [String] {
        var words: [String: Int] = [:]
        var order: [String] = []
        for segment in prepared.segments where !segment.speech.isEmpty {
            let label = choice(for: segment).label(language: segment.language)
            if words[label] == nil { order.append(label) }
            words[label, default: 0] += max(1, segment.words.count)
        }
        return order.enumerated().sorted { words[$0.element]! != words[$1.element]! ? words[$0.element]! > words[$1.element]! : $0.offset < $1.offset }.map(\.element)
    }

    /// The rate a document is written at: its language's voice's (audio of other voices is
    /// resampled to it).
    func sampleRate(of prepared: Prepared, synthesizer: any SegmentSynthesizer) -> Int {
        if case .neural(let voice) = voices.choice(for: prepared.script.language) { return voice.sampleRate }
        return synthesizer.sampleRate
    }
}
