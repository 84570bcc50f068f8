import ArgumentParser
import Foundation
import ReciteAudio
import ReciteBuild
import ReciteCaptions
import ReciteMarkdown
import ReciteNeural
import ReciteSystem
import ReciteWorkers

/// The options of every command that renders documents (`build`, `book`): where, with which
/// pipeline, and what to add to it for this run.
struct RenderOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Output folder.")
    var output: String

    @Option(help: "Pipeline: a YAML file, or the name of one in Pipelines/ (default: Pipelines/default.yml).")
    var pipeline: String?

    @Option(help: "Segment cache folder (default: OUT/.recite-cache).")
    var cache: String?

    @Option(name: .customLong("jobs"), help: "Synthesis worker processes (default: the number of cores).")
    var jobsOption: Int?

    /// `--jobs`, or one worker per core. (An optional, so that the help shows the default once.)
    var jobs: Int { jobsOption ?? ProcessInfo.processInfo.activeProcessorCount }

    @Option(name: .customLong("lexicon"), help: ArgumentHelp("A pronunciation lexicon (PLS, .yml or .tsv) for this run, over the pipeline's; repeatable.", valueName: "file"))
    var lexicons: [String] = []

    @Option(help: ArgumentHelp("Voice for the documents' language: a Kokoro voice (af_heart) or blend (af_bella(2)+af_sky(1)), a Piper voice (en_US-joe-medium, NAME#SPEAKER, X.onnx), an eSpeak NG voice (en-gb+f3), or espeak for eSpeak NG in every language (default: each language's natural voice where one is installed, else eSpeak NG's); see `recite voices`.", valueName: "voice"))
    var voice: String?

    @Flag(help: "Add to every word of the timing sidecar the phonemes eSpeak NG spoke for it (IPA).")
    var phonemes = false

    @Option(help: "Audio format (default: the pipeline's, else wav); m4b is AAC in MP4, for audiobook players; for `recite book`, epub is a read-along EPUB 3.")
    var format: OutputFormat?

    @Option(name: .customLong("bitrate"), help: ArgumentHelp("Kilobits per second for m4b, mp3, opus and ogg (default: 64, Opus 32); m4b averages it on running speech, at a constant quality.", valueName: "kbps"))
    var bitRate: Int?

    @Option(help: ArgumentHelp("Bring each document to a loudness: \(LoudnessTarget.choices) (default: the pipeline's, else off).",
                               valueName: "target"))
    var loudness: LoudnessTarget?

    @Option(help: ArgumentHelp("Caption files to write beside the audio, added to the pipeline's: vtt, srt or vtt,srt.",
                               valueName: "formats"))
    var captions: CaptionList?

    @Flag(help: "Also write a read-along page NAME.html beside the audio (it highlights each word as it is spoken).")
    var html = false

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs takes 1 to 256 workers.") }
        if let bitRate, !(8...320).contains(bitRate) { throw ValidationError("--bitrate takes 8 to 320 kilobits per second.") }
        // A voice name that cannot read stops the run before any work, naming the nearest ones
        // (a voice file that is missing or damaged stops it too, as a configuration error).
        if let voice, !voice.contains("/"), !voice.hasSuffix(".onnx"), let problem = VoiceAssignment.problem(with: voice) {
            throw ValidationError("--voice \(problem)")
        }
    }

    /// A voice given as a path, with `~` expanded.
    private static func expanded(_ voice: String) -> String {
        voice.contains("/") || voice.hasSuffix(".onnx") ? (voice as NSString).expandingTildeInPath : voice
    }

    /// The pipeline named (or the default), with this run's additions.
    func loadPipeline() throws(ConfigurationError) -> Pipeline {
        // The workers read their time limit from the environment: a bad value stops the run here.
        if let problem = SegmentTimeLimit.problem { throw ConfigurationError(problem) }
        var pipeline = try PipelineLocator.load(self.pipeline)
        pipeline.lexicons += lexicons.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        if phonemes { pipeline.phonemes = true }
        if let voice {
            pipeline.voice = Self.expanded(voice)
            // A neural voice of another language than the pipeline's says documents in its own:
            // `--voice de_DE-thorsten-high` reads German, `--voice ef_dora` Spanish, with that
            // language's rules for numbers and units.
            if let neural = try? NeuralVoices.shared.resolve(pipeline.voice),
               VoiceAssignment.base(neural.language) != VoiceAssignment.base(pipeline.language) {
                pipeline.language = neural.language
                pipeline.markdown.defaultLanguage = neural.language
            }
        }
        if let format = format?.audio {
            pipeline.format = format
            pipeline.formatChosen = true
        }
        if let bitRate { pipeline.bitRate = bitRate * 1000 }
        if let loudness { pipeline.loudness = loudness }
        for format in captions?.formats ?? [] where !pipeline.captions.contains(format) { pipeline.captions.append(format) }
        if html { pipeline.html = true }
        return pipeline
    }

}

/// Runs a rendering command's body, turning configuration errors and a busy output folder into
/// their message and exit status (2 and 75).
func exitingOnRunErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ConfigurationError {
        FileHandle.standardError.write(Data("recite: \(error)\n".utf8))
        throw ExitCode(ExitStatus.configuration)
    } catch let error as OutputLock.Busy {
        FileHandle.standardError.write(Data("recite: \(error)\n".utf8))
        throw ExitCode(ExitStatus.busy)
    } catch let error where FileSystemError.isFoundation(error) || error is FileSystemError {
        // The run could not finish (its manifest, say, could not be written): said in words.
        FileHandle.standardError.write(Data("recite: \(FileSystemError.readable(error, action: "write"))\n".utf8))
        throw ExitCode(ExitStatus.someFailed)
    }
}
