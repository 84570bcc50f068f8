import ArgumentParser
import Foundation
import ReciteBuild
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

    @Option(help: ArgumentHelp("Caption files to write beside the audio, added to the pipeline's: vtt, srt or vtt,srt.",
                               valueName: "formats"))
    var captions: String?

    @Flag(help: "Also write a read-along page NAME.html beside the audio (it highlights each word as it is spoken).")
    var html = false

    @Flag(help: "Print what would be said, per block, without synthesizing.")
    var dryRun = false

    @Flag(name: .shortAndLong, help: "Print errors only.")
    var quiet = false

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs takes 1 to 256 workers.") }
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
        let quiet = self.quiet
        do {
            var pipeline = try PipelineLocator.load(self.pipeline)
            for format in try captionFormats() where !pipeline.captions.contains(format) { pipeline.captions.append(format) }
            if html { pipeline.html = true }
            let runner = BuildRunner(
                options: .init(inputs: paths, outputFolder: output, pipeline: pipeline, dryRun: dryRun, jobs: jobs, cacheFolder: cache),
                report: { line in
                    if !quiet || line.contains(": error:") { FileHandle.standardError.write(Data((line + "\n").utf8)) }
                })
            let summary = try runner.run()
            if !quiet {
                let verb = dryRun ? "read" : "rendered"
                let segments = dryRun ? "" : ", \(summary.unchanged) unchanged, \(summary.segmentsSynthesized) segments synthesized, \(summary.segmentsFromCache) from cache"
                FileHandle.standardError.write(Data("\(verb) \(summary.rendered) documents (\(String(format: "%.1f", summary.audioSeconds)) s of audio)\(segments), \(summary.failed) failed\n".utf8))
            }
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
