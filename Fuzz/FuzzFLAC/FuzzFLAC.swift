import Foundation
import ReciteAudio

/// An article's FLAC file, as a FLAC book finds it in the output folder (a user may have put any
/// file there), joined twice into a book as `BookBinder` does: its length read by libsndfile, its
/// frames split by libavformat, renumbered and checked by `FLACFrame`. A refusal is a result;
/// a crash is a finding.
private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recite-fuzz-flac-\(getpid())").path

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFLAC(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let article = folder + "/article.flac", book = folder + "/book.flac"
    defer {
        try? FileManager.default.removeItem(atPath: article)
        try? FileManager.default.removeItem(atPath: book)
    }
    guard FileManager.default.createFile(atPath: article, contents: data.map { Data(bytes: $0, count: size) } ?? Data()),
          let info = try? SoundFile.info(of: article), info.channels == 1, info.frames < 1 << 24 else { return 0 }
    try? FLACBookJoiner.write(path: book, articles: [(article, info.frames), (article, info.frames)], pause: 40,
                              sampleRate: info.sampleRate, metadata: AudioMetadata())
    return 0
}
