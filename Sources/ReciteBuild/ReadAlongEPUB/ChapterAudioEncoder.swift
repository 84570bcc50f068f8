import Foundation
import ReciteAudio

/// Turns a chapter's rendered audio into a file an EPUB 3 reading system must play (a core media
/// type: AAC in MP4, or MP3).
///
/// A seam on purpose: today each chapter is rendered as FLAC (as for an M4B book) and encoded to
/// AAC here; once encoded chapters are kept beside the book, an implementation can hand those over
/// instead without the EPUB writer changing.
protocol ChapterAudioEncoder {
    /// The file name extension, without the dot.
    var fileExtension: String { get }
    /// The media type the package declares.
    var mediaType: String { get }
    /// Writes the audio of `input` (a file libsndfile reads) to `output`.
    func encode(_ input: String, to output: String) throws
}

/// AAC-LC in MP4 through FFmpeg's libraries (`SoundWriter` in its `m4b` mode), mono, at the
/// chapter's own sample rate, so the sidecar's times hold in the encoded audio.
struct AACChapterEncoder: ChapterAudioEncoder {
    var bitRate: Int?
    var fileExtension: String { "m4a" }
    var mediaType: String { "audio/mp4" }

    func encode(_ input: String, to output: String) throws {
        let info = try SoundFile.info(of: input)
        let writer = try SoundWriter(path: output, sampleRate: info.sampleRate, format: .m4b, bitRate: bitRate)
        _ = try SoundFile.stream(input) { try writer.write($0) }
        try writer.close()
    }
}
