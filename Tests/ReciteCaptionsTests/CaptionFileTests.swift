import Testing
@testable import ReciteCaptions

/// The exact text of caption files: timestamps, header, numbering, blank lines, escaping.
@Suite struct CaptionFileTests {
    @Test(arguments: [
        (0, "00:00:00.000", "00:00:00,000"),
        (1250, "00:00:01.250", "00:00:01,250"),
        (59_999, "00:00:59.999", "00:00:59,999"),
        (3_725_042, "01:02:05.042", "01:02:05,042"),
        (360_000_000, "100:00:00.000", "100:00:00,000"),
    ])
    func timestamps(milliseconds: Int, vtt: String, srt: String) {
        #expect(Timestamp.webVTT(milliseconds) == vtt)
        #expect(Timestamp.subRip(milliseconds) == srt)
    }

    static let cues = [
        Cue(start: 0, end: 1250, lines: ["Salt & pepper, 3 < 4 > 2 --> done"], words: 0...6),
        Cue(start: 1300, end: 4012, lines: ["A bright two-room flat on the third floor,", "close to the river."], words: 7...17),
    ]

    @Test func webVTTHasTheHeaderBlankLinesAndEscapedMarkup() {
        #expect(WebVTTWriter.document(Self.cues) == """
        WEBVTT

        00:00:00.000 --> 00:00:01.250
        Salt &amp; pepper, 3 &lt; 4 &gt; 2 --&gt; done

        00:00:01.300 --> 00:00:04.012
        A bright two-room flat on the third floor,
        close to the river.

        """)
    }

    @Test func subRipNumbersItsCuesFromOne() {
        #expect(SubRipWriter.document(Self.cues) == """
        1
        00:00:00,000 --> 00:00:01,250
        Salt & pepper, 3 < 4 > 2 --> done

        2
        00:00:01,300 --> 00:00:04,012
        A bright two-room flat on the third floor,
        close to the river.


        """)
    }

    @Test func noCuesStillMakeAValidWebVTTFile() {
        #expect(WebVTTWriter.document([]) == "WEBVTT\n")
        #expect(SubRipWriter.document([]) == "")
    }

    @Test func formatsAreNamedAsOnTheCommandLine() {
        #expect(CaptionFormat(rawValue: "vtt") == .vtt)
        #expect(CaptionFormat(rawValue: "srt") == .srt)
        #expect(CaptionFormat.vtt.document(Self.cues).hasPrefix("WEBVTT\n\n"))
        #expect(CaptionFormat.srt.document(Self.cues).hasPrefix("1\n"))
    }
}
