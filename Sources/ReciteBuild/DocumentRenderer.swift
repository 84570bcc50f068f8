import Foundation
import ReciteAudio
import ReciteMarkdown
import ReciteNormalize
import RecitePronounce
import ReciteScript
import ReciteSegment
import ReciteSSML
import ReciteSynth
import ReciteTiming

/// Runs every stage for one document: parse, normalize, pronounce, segment, synthesize, stitch.
public struct DocumentRenderer: Sendable {
    public var pipeline: Pipeline
    public var normalizer: Normalizer
    public var pronouncer = Pronouncer()

    /// Loads the pipeline's normalization rules once for the whole run.
    public init(pipeline: Pipeline) throws(ConfigurationError) {
        self.pipeline = pipeline
        do {
            normalizer = try Normalizer.load(rulesFolder: pipeline.rulesFolder.map { URL(fileURLWithPath: $0) },
                                             userRuleFiles: pipeline.userRuleFiles.map { URL(fileURLWithPath: $0) })
        } catch {
            throw ConfigurationError("Cannot load the normalization rules: \(error)")
        }
    }

    /// A parsed and prepared document: the script, its source and its segments.
    public struct Prepared: Sendable {
        public var source: SourceText
        public var script: Script
        public var segments: [Segment]
        public var warnings: [Warning]
    }

    /// Parses a document and runs the text stages; no audio yet.
    public func prepare(_ job: Job) throws(DocumentError) -> Prepared {
        guard let data = FileManager.default.contents(atPath: job.source) else {
            throw DocumentError(path: job.source, message: "Cannot read the file; check that it exists and is readable.")
        }
        let bytes = [UInt8](data)
        var script: Script
        var source: SourceText
        var warnings: [Warning] = []
        switch job.format {
        case .markdown:
            do {
                source = try SourceText(path: job.source, bytes: bytes)
            } catch {
                throw DocumentError(path: job.source, location: error.location,
                                    message: "The file is not valid UTF-8 (byte \(error.byteOffset)); convert it to UTF-8.")
            }
            script = MarkdownParser.parse(source, options: pipeline.markdown)
        case .ssml:
            let result = try SSMLParser.parse(bytes: bytes, path: job.source, defaultLanguage: pipeline.language)
            script = result.script
            warnings = result.warnings
            source = result.source
        }
        script = normalizer.normalize(script)
        script = pronouncer.pronounce(script)
        let segments = Segmenter(pauses: pipeline.pauses).segments(of: script)
        return Prepared(source: source, script: script, segments: segments, warnings: warnings)
    }

    /// Synthesizes a prepared document segment by segment, writing the WAV file at `path` as it
    /// goes (memory stays that of one segment), and returns its timing sidecar.
    public func render(_ prepared: Prepared, to path: String, audioName: String) throws -> TimingSidecar {
        try EspeakEngine.withShared { engine in
            var stitcher = Stitcher(sampleRate: engine.sampleRate, script: prepared.script,
                                    source: prepared.source, audioName: audioName)
            let writer = try WAVWriter(path: path, sampleRate: engine.sampleRate)
            for segment in prepared.segments {
                let audio = segment.markup.isEmpty ? nil : try engine.synthesize(request(for: segment))
                try writer.write(stitcher.append(segment, audio: audio))
            }
            try writer.close()
            return stitcher.finish()
        }
    }

    /// The synthesis request of a segment: its text and voice, with the pipeline's prosody.
    func request(for segment: Segment) -> SynthesisRequest {
        let sameLanguage = segment.language.lowercased() == pipeline.language.lowercased()
        return SynthesisRequest(markup: segment.markup, language: segment.language,
                                voiceName: segment.voiceName ?? (sameLanguage ? pipeline.voice : nil),
                                rate: pipeline.rate, pitch: pipeline.pitch, volume: pipeline.volume)
    }
}
