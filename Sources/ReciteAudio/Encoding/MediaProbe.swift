import CFFmpeg

/// The FFmpeg libraries Recite runs with, as `recite --version` names them.
public enum FFmpegVersion {
    /// "FFmpeg 5.1.8-0+deb12u1 (libavformat 59.27.100, libavcodec 59.37.100, libswresample 4.7.100)".
    public static var description: String {
        func dotted(_ version: UInt32) -> String { "\(version >> 16).\((version >> 8) & 0xff).\(version & 0xff)" }
        return "FFmpeg \(String(cString: av_version_info())) (libavformat \(dotted(avformat_version())), "
            + "libavcodec \(dotted(avcodec_version())), libswresample \(dotted(swresample_version())))"
    }
}

/// Reads what libsndfile cannot (an M4B's length and rate) through FFmpeg's demuxers: enough for
/// a rerun to see that an earlier output is whole and can be kept.
enum MediaProbe {
    /// The container's `title` tag.
    static func title(of path: String) -> String? {
        var context: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_open_input(&context, path, nil, nil) >= 0, let opened = context else { return nil }
        defer { avformat_close_input(&context) }
        guard let entry = av_dict_get(opened.pointee.metadata, "title", nil, 0), let value = entry.pointee.value else { return nil }
        return String(cString: value)
    }

    static func info(of path: String) -> SoundFile.Info? {
        var context: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_open_input(&context, path, nil, nil) >= 0, let opened = context else { return nil }
        defer { avformat_close_input(&context) }
        guard avformat_find_stream_info(opened, nil) >= 0 else { return nil }
        let index = av_find_best_stream(opened, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        guard index >= 0, let stream = opened.pointee.streams[Int(index)] else { return nil }
        let parameters = stream.pointee.codecpar.pointee
        let rate = Int(parameters.sample_rate)
        guard rate > 0, stream.pointee.duration > 0 else { return nil }
        let seconds = Double(stream.pointee.duration) * Double(stream.pointee.time_base.num) / Double(stream.pointee.time_base.den)
        return SoundFile.Info(frames: Int((seconds * Double(rate)).rounded()), sampleRate: rate,
                              channels: Int(parameters.ch_layout.nb_channels))
    }
}
