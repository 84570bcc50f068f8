import Foundation
import ReciteAudio
import ReciteScript
import ReciteSynth
import ReciteTiming

/// Runs `recite build`: every job through the stages, outputs written atomically, one manifest.
/// A document that fails is reported and skipped; the others complete.
public struct BuildRunner {
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

        public init(inputs: [String], outputFolder: String, pipeline: Pipeline, dryRun: Bool = false, jobs: Int = 1,
                    cacheFolder: String? = nil) {
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

    /// The list of the cache keys the last complete run used, kept in the cache folder for `cache prune`.
    public static func lastRunKeysFile(in cacheFolder: String) -> String {
        URL(fileURLWithPath: cacheFolder).appendingPathComponent("last-run.keys").path
    }

    public let options: Options
    /// Where progress, warnings and errors go (a line each).
    public let report: @Sendable (String) -> Void
    /// Where `--dry-run` writes the script.
    public let output: @Sendable (String) -> Void

    public init(options: Options, report: @escaping @Sendable (String) -> Void,
                output: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.options = options
        self.report = report
        self.output = output
    }

    public func run() throws -> Summary {
        let jobs = try Discovery.jobs(for: options.inputs, excluding: options.outputFolder)
        let renderer = try DocumentRenderer(pipeline: options.pipeline)
        if options.dryRun {
            return try dryRun(jobs, renderer: renderer)
        }
        let lock = try OutputLock(folder: options.outputFolder)
        defer { withExtendedLifetime(lock) {} }
        let cacheFolder = options.cacheFolder ?? Self.defaultCacheFolder(for: options.outputFolder)
        let synthesizer = CachingSynthesizer(try WorkerPool(size: options.jobs), cache: try SegmentCache(folder: cacheFolder))

        var summary = Summary()
        var entries: [Manifest.Entry] = []
        let fingerprints = DocumentFingerprint(pipeline: options.pipeline)
        let earlier = Dictionary(loadManifest().documents.map { ($0.outputs.audio, $0) }, uniquingKeysWith: { a, _ in a })
        for job in jobs {
            let fingerprint = fingerprints.fingerprint(of: job)
            if let fingerprint, var kept = earlier[job.outputStem + ".wav"], kept.status == .ok,
               kept.fingerprint == fingerprint, outputsExist(kept) {
                // Unchanged: keep the outputs; only note its segments so `cache prune` keeps them.
                if let prepared = try? renderer.prepare(job) {
                    synthesizer.noteUsed(prepared.segments.filter { !$0.markup.isEmpty }.map(renderer.request(for:)))
                }
                kept.unchanged = true
                kept.cacheHits = nil
                summary.rendered += 1
                summary.unchanged += 1
                summary.audioSeconds += kept.duration ?? 0
                entries.append(kept)
                continue
            }
            var entry = render(job, renderer: renderer, synthesizer: synthesizer)
            entry.fingerprint = entry.status == .ok ? fingerprint : nil
            if entry.status == .ok {
                summary.rendered += 1
                summary.audioSeconds += entry.duration ?? 0
            } else {
                summary.failed += 1
            }
            entries.append(entry)
        }
        try writeManifest(entries)
        summary.segmentsFromCache = synthesizer.hits
        summary.segmentsSynthesized = synthesizer.misses
        try AtomicOutput.write(Data(synthesizer.keysUsed.sorted().joined(separator: "\n").utf8),
                               to: Self.lastRunKeysFile(in: cacheFolder))
        return summary
    }

    // MARK: - One document

    func render(_ job: Job, renderer: DocumentRenderer, synthesizer: CachingSynthesizer) -> Manifest.Entry {
        let hitsBefore = synthesizer.hits
        var entry = renderUncounted(job, renderer: renderer, synthesizer: synthesizer)
        if entry.status == .ok { entry.cacheHits = synthesizer.hits - hitsBefore }
        return entry
    }

    private func renderUncounted(_ job: Job, renderer: DocumentRenderer, synthesizer: any SegmentSynthesizer) -> Manifest.Entry {
        var outputs = Manifest.Entry.Outputs(audio: job.outputStem + ".wav", timing: job.outputStem + ".timing.json")
        let audioPath = path(outputs.audio)
        let timingPath = path(outputs.timing)
        do {
            let prepared = try renderer.prepare(job)
            for warning in prepared.warnings { report(warning.description) }
            var rendered: TimingSidecar?
            try AtomicOutput.write(to: audioPath) { temporary in
                rendered = try renderer.render(prepared, with: synthesizer, to: temporary,
                                               audioName: URL(fileURLWithPath: outputs.audio).lastPathComponent)
            }
            let sidecar = rendered!
            try AtomicOutput.write(try Self.encoder.encode(sidecar), to: timingPath)
            try writeReadingOutputs(of: prepared, sidecar: sidecar, stem: job.outputStem, into: &outputs)
            report("rendered \(job.source) → \(audioPath) (\(String(format: "%.1f", sidecar.duration)) s, \(sidecar.words.count) words)")
            return Manifest.Entry(source: job.source, status: .ok, outputs: outputs,
                                  duration: sidecar.duration, words: sidecar.words.count,
                                  error: nil, warnings: prepared.warnings.isEmpty ? nil : prepared.warnings.map(\.description))
        } catch {
            let message = (error as? DocumentError)?.description ?? "\(job.source): error: \(error)"
            report(message)
            // The earlier good output, if any, stays in place; the manifest says how long it is.
            let kept = try? SoundFile.info(of: audioPath)
            return Manifest.Entry(source: job.source, status: .failed, outputs: outputs,
                                  duration: kept?.duration, words: nil, error: message, warnings: nil)
        }
    }

    func dryRun(_ jobs: [Job], renderer: DocumentRenderer) throws -> Summary {
        var summary = Summary()
        for job in jobs {
            do {
                let prepared = try renderer.prepare(job)
                output("# \(job.source)")
                for segment in prepared.segments {
                    let words = segment.words.map(\.spoken).joined(separator: " ")
                    output("[\(prepared.script.blocks[segment.blockIndex].kind.name)] \(words)")
                }
                summary.rendered += 1
            } catch {
                report("\(error)")
                summary.failed += 1
            }
        }
        return summary
    }

    // MARK: - Output folder

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
        return abs(info.duration - (entry.duration ?? -1)) < 0.001
    }

    /// Writes the manifest, keeping the entries of documents this run did not touch.
    func writeManifest(_ entries: [Manifest.Entry]) throws {
        let manifestPath = path("manifest.json")
        let touched = Set(entries.map(\.outputs.audio))
        var documents = loadManifest().documents.filter { !touched.contains($0.outputs.audio) } + entries
        documents.sort { $0.outputs.audio < $1.outputs.audio }
        try AtomicOutput.write(try Self.encoder.encode(Manifest(documents: documents)), to: manifestPath)
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
