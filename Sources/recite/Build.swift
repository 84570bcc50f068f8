import ArgumentParser
import Foundation
import ReciteAudio
import ReciteBuild
import ReciteSynth
import ReciteCaptions

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render documents and folders of documents to audio with timing sidecars.",
        discussion: """
        Folders are walked recursively for Markdown (.md, .markdown) and SSML (.ssml, and .xml whose root \
        is <speak>); their tree is mirrored under the output folder. Each document NAME gives NAME.wav and \
        NAME.timing.json (and NAME.vtt, NAME.srt, NAME.html when asked for), and the run writes manifest.json. Exit status: 0 all done, 1 some documents \
        failed, 2 usage or configuration error, 75 another run holds the output folder.
        """)

    @Argument(help: "Documents and folders to render.")
    var paths: [String]

    @Option(name: .shortAndLong, help: "Output folder.")
    var output: String

    @Option(help: "Pipeline: a YAML file, or the name of one in Pipelines/ (default: Pipelines/default.yml).")
    var pipeline: String?

    @Option(help: "Segment cache folder (default: OUT/.recite-cache).")
    var cache: String?

    @Option(help: "Synthesis worker processes (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .customLong("lexicon"), help: ArgumentHelp("A pronunciation lexicon (PLS, .yml or .tsv) for this run, over the pipeline's; repeatable.", valueName: "file"))
    var lexicons: [String] = []

    @Flag(help: "Add to every word of the timing sidecar the phonemes eSpeak NG spoke for it (IPA).")
    var phonemes = false

    @Option(help: "Audio format: wav (default), flac, ogg, opus or mp3.")
    var format: String?

    @Option(help: ArgumentHelp("Caption files to write beside the audio, added to the pipeline's: vtt, srt or vtt,srt.",
                               valueName: "formats"))
    var captions: String?

    @Flag(help: "Also write a read-along page NAME.html beside the audio (it highlights each word as it is spoken).")
    var html = false

    @Flag(help: "Print what would be said, per block, without synthesizing.")
    var dryRun = false

    @Option(help: ArgumentHelp("Build only part K of N of the input (e.g. 2/8), for schedulers that spread a collection over machines.", valueName: "K/N"))
    var shard: String?

    @Option(help: "text: a progress bar on a terminal, else errors and a summary line; json: one JSON object per line.")
    var logFormat: String = "text"

    @Flag(name: .shortAndLong, help: "Print errors only.")
    var quiet = false

    @Flag(help: "Print a line per document.")
    var verbose = false

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs takes 1 to 256 workers.") }
        if let format, AudioFormat(rawValue: format.lowercased()) == nil {
            throw ValidationError("--format takes wav, flac, ogg, opus or mp3; got \"\(format)\".")
        }
        if let shard, Shard(shard) == nil { throw ValidationError("--shard takes K/N with 1 ≤ K ≤ N, e.g. 2/8; got \"\(shard)\".") }
        guard BuildReporter.Format(rawValue: logFormat) != nil else { throw ValidationError("--log-format takes text or json.") }
    }

    /// The formats `--captions` names (comma-separated); a name it does not know is a
    /// configuration error (exit status 2).
    func captionFormats() throws(ConfigurationError) -> [CaptionFormat] {
        guard let captions else { return [] }
        return try captions.split(separator: ",").map { (name) throws(ConfigurationError) in
            let name = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard let format = CaptionFormat(rawValue: name) else {
                throw ConfigurationError("--captions takes vtt, srt or both (vtt,srt); \"\(name)\" is not one of them.")
            }
            return format
        }
    }

    func run() throws {
        MemoryTuning.keepFreedMemory()
        let reporter = BuildReporter(format: BuildReporter.Format(rawValue: logFormat) ?? .text, quiet: quiet, verbose: verbose)
        do {
            var pipeline = try PipelineLocator.load(self.pipeline)
            pipeline.lexicons += lexicons.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            if phonemes { pipeline.phonemes = true }
            if let format { pipeline.format = AudioFormat(rawValue: format.lowercased())! }
            for format in try captionFormats() where !pipeline.captions.contains(format) { pipeline.captions.append(format) }
            if html { pipeline.html = true }
            let runner = BuildRunner(
                options: .init(inputs: paths, outputFolder: output, pipeline: pipeline, dryRun: dryRun, jobs: jobs,
                               cacheFolder: cache, shard: shard.flatMap(Shard.init)),
                report: reporter.handle)
            let summary = try runner.run()
            reporter.summary(summary, dryRun: dryRun)
            if summary.failed > 0 { throw ExitCode(ExitStatus.someFailed) }
        } catch let error as ConfigurationError {
            FileHandle.standardError.write(Data("recite: \(error)\n".utf8))
            throw ExitCode(ExitStatus.configuration)
        } catch let error as OutputLock.Busy {
            FileHandle.standardError.write(Data("recite: \(error)\n".utf8))
            throw ExitCode(ExitStatus.busy)
        }
    }
}
