import Foundation
import ReciteBuild
import ReciteAudio

/// Turns the chapters' rendered audio into files an EPUB 3 reading system must play (a core
/// media type: AAC in MP4, or MP3).
///
/// A seam on purpose: the EPUB writer does not know where the packets come from.
protocol ChapterAudioEncoder {
    /// The file name extension, without the dot.
    var fileExtension: String { get }
    /// The media type the package declares.
    var mediaType: String { get }
    /// Writes the audio of each of `inputs` (files libsndfile reads) to the path at the same
    /// index of `outputs`.
    func encode(_ inputs: [String], to outputs: [String]) throws
}

/// AAC-LC in MP4 from the chapters an M4B book is bound from (`EncodedChapterStore`): a chapter
/// not kept yet is encoded once, and every chapter's packets are copied into its own `.m4a`
/// (`BookRemuxer`), so a rerun, or an M4B book of the same folder, encodes nothing again.
///
/// Each file's first packet starts at minus the encoder's delay, so its MP4 edit list trims the
/// priming: sample `s` of the chapter's FLAC plays at `s / rate`, and the sidecar's times hold.
struct KeptChapterAudio: ChapterAudioEncoder {
    var store: EncodedChapterStore
    var bitRate: Int?
    /// Chapters encoded at once.
    var jobs = 1
    /// The path the kept chapters' use is recorded under (`EncodedChapterStore.prune`).
    var book: String

    var fileExtension: String { "m4a" }
    var mediaType: String { "audio/mp4" }

    func encode(_ inputs: [String], to outputs: [String]) throws {
        let keys = try inputs.map { input in
            let rate = try SoundFile.info(of: input).sampleRate
            return try store.key(audioFile: input, settings: ChapterEncoder.settings(.m4b, inputRate: rate, bitRate: bitRate))
        }
        let sizes = inputs.map { (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? NSNumber)?.intValue ?? 0 }
        let headers = try store.ensure(zip(keys, inputs).map { ($0, .file($1)) }, sizes: sizes, format: .m4b, bitRate: bitRate, jobs: jobs)
        for (k, output) in outputs.enumerated() {
            try BookRemuxer.write(path: output, format: .m4b, chapters: [(store.path(keys[k]), headers[k])], metadata: AudioMetadata())
        }
        try store.recordUse(Array(Set(keys)).sorted(), book: book)
    }
}
