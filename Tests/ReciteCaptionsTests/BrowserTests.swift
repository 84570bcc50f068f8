import ReciteTestSupport
import Foundation
import ReciteAudio
import ReciteScript
import Testing
@testable import ReciteCaptions
@testable import ReciteTiming

/// Our files in real readers: Chromium's WebVTT parser through `<track>`, the read-along page
/// played and sought in headless Chromium, and PyPI's `srt` parser reading our SubRip back.
@Suite(.timeLimit(.minutes(2))) struct BrowserTests {
    static let hasBrowser = ExternalTools.chromium != nil && ExternalTools.python != nil

    /// A document long enough to scroll, with text that needs escaping, rendered as a made-up
    /// sidecar beside a silent WAV of its length (the browser does not care what the audio says).
    static func document(in folder: URL) throws -> (SourceText, TimingSidecar) {
        let paragraph = CueSplittingTests.long.split(separator: "\n").first { $0.hasPrefix("The old towpath") }!
        var text = ""
        for k in 1...6 { text += "## Part \(k): salt & pepper <3\n\n\(paragraph)\n\n" }
        let (source, sidecar) = SyntheticSidecar().make(text, audio: "doc.wav")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try SoundFile.writeWAV([Int16](repeating: 0, count: Int(sidecar.duration * 22050)), sampleRate: 22050,
                               to: folder.appendingPathComponent("doc.wav").path)
        return (source, sidecar)
    }

    static func temporaryFolder(_ name: String) -> URL {
        Fixtures.scratch("recite-\(name)-\(UUID().uuidString)")
    }

    struct BrowserCue: Decodable {
        var start: Double
        var end: Double
        var text: String
    }

    @Test(.enabled(if: hasBrowser, "needs chromium and python3 (apt-get install chromium)"))
    func chromiumLoadsEveryWebVTTCue() throws {
        let folder = Self.temporaryFolder("vtt")
        let (source, sidecar) = try Self.document(in: folder)
        let cues = CueBuilder().cues(for: sidecar, source: source)
        try Data(WebVTTWriter.document(cues).utf8).write(to: folder.appendingPathComponent("doc.vtt"))
        let page = folder.appendingPathComponent("track.html")
        try Data(#"<!DOCTYPE html><meta charset="utf-8"><video preload="auto" src="doc.wav"><track kind="captions" src="doc.vtt" default></video>"#.utf8).write(to: page)
        let loaded = try ExternalTools.evaluate("""
            (async () => {
              const element = document.querySelector("track");
              if (element.readyState < 2) {
                await new Promise((ok, fail) => {
                  element.addEventListener("load", ok);
                  element.addEventListener("error", () => fail(new Error("the track did not load")));
                });
              }
              if (element.readyState !== 2) throw new Error("track readyState " + element.readyState);
              return Array.from(element.track.cues, (c) => ({ start: c.startTime, end: c.endTime, text: c.getCueAsHTML().textContent }));
            })()
            """, in: page, as: [BrowserCue].self)
        #expect(cues.count > 20)
        #expect(loaded.count == cues.count)
        for (ours, theirs) in zip(cues, loaded) {
            #expect(Int((theirs.start * 1000).rounded()) == ours.start)
            #expect(Int((theirs.end * 1000).rounded()) == ours.end)
            #expect(theirs.text == ours.lines.joined(separator: "\n"))
        }
        #expect(loaded.contains { $0.text.contains("salt & pepper <3") })
    }

    struct Sample: Decodable {
        var time: Double
        /// The start and end of every highlighted word.
        var now: [[Double]]
    }

    struct ReadAlongRun: Decodable {
        var seeks: [Sample]
        var played: [Sample]
        var clicked: Sample
        var clickedStart: Double
        var lastInView: Bool
    }

    @Test(.enabled(if: hasBrowser, "needs chromium and python3 (apt-get install chromium)"))
    func theReadAlongPageHighlightsTheWordBeingSpoken() throws {
        let folder = Self.temporaryFolder("html")
        let (source, sidecar) = try Self.document(in: folder)
        let page = folder.appendingPathComponent("doc.html")
        try Data(ReadAlongPage(sidecar: sidecar, source: source, language: "en").html().utf8).write(to: page)
        let shown = ShownText.shownWords(of: sidecar, source: source)
        let middle = { (k: Int) in (shown[k].start + shown[k].end) / 2 }
        // Inside words at the start, middle and end, in a pause after a sentence, before the first word.
        let pause = zip(shown, shown.dropFirst()).first { $1.start - $0.end > 0.2 }!
        let times = [middle(0), middle(7), (pause.0.end + pause.1.start) / 2, middle(shown.count / 2), middle(shown.count - 1)]
        let clickIndex = shown.count / 3
        let run = try ExternalTools.evaluate("""
            (async (times, clickIndex) => {
              const audio = document.querySelector("audio");
              if (audio.readyState < 1) await new Promise((ok) => audio.addEventListener("loadedmetadata", ok, { once: true }));
              const frame = () => new Promise((ok) => requestAnimationFrame(() => ok()));
              // Waits for a condition, checked every frame; fails (not hangs) after a generous deadline.
              const until = (test, what, seconds = 20) => new Promise((ok, fail) => {
                const deadline = performance.now() + seconds * 1000;
                const check = () => test() ? ok() : performance.now() > deadline ? fail(new Error("timed out waiting for " + what))
                                                                                   : requestAnimationFrame(check);
                check();
              });
              // Plays until the media clock has moved on by `seconds` (timeupdate events), then pauses.
              async function playFor(seconds) {
                const from = audio.currentTime;
                const playing = new Promise((ok) => audio.addEventListener("playing", ok, { once: true }));
                await audio.play();
                await playing;
                await new Promise((ok, fail) => {
                  const timer = setTimeout(() => fail(new Error("the media clock stayed at " + audio.currentTime)), 20000);
                  const moved = () => {
                    if (audio.currentTime < from + seconds) return;
                    audio.removeEventListener("timeupdate", moved);
                    clearTimeout(timer);
                    ok();
                  };
                  audio.addEventListener("timeupdate", moved);
                  moved();
                });
                audio.pause();
              }
              const sample = () => ({ time: audio.currentTime,
                now: Array.from(document.querySelectorAll(".w.now"), (w) => [Number(w.dataset.start), Number(w.dataset.end)]) });
              async function seek(t) {
                const seeked = new Promise((ok) => audio.addEventListener("seeked", ok, { once: true }));
                audio.currentTime = t;
                await seeked;
                await frame();
              }
              const seeks = [];
              for (const t of times) { await seek(t); seeks.push(sample()); }
              // The view followed the last word (near the end of a page taller than the window).
              const inView = () => {
                const box = document.querySelector(".w.now").getBoundingClientRect();
                return box.top >= 0 && box.bottom <= window.innerHeight && window.scrollY > 0;
              };
              const lastInView = await until(inView, "the last word to scroll into view").then(() => true, () => false);
              // Playing: the highlight follows the audio.
              await seek(times[1]);
              const played = [];
              for (let k = 0; k < 3; k++) {
                await playFor(0.35);
                await frame();
                played.push(sample());
              }
              const word = document.querySelectorAll("main .w")[clickIndex];
              word.click();
              const clicked = sample();
              audio.pause();
              return { seeks, played, clicked, clickedStart: Number(word.dataset.start), lastInView };
            })(\(times), \(clickIndex))
            """, in: page, as: ReadAlongRun.self)

        /// The shown word whose time span holds `t`, or nil in a pause.
        func expected(_ t: Double) -> ShownWord? { shown.first { $0.start <= t && t < $0.end } }
        func check(_ sample: Sample) {
            // A time within 2 ms of a word boundary could round either way: nothing to assert.
            guard !shown.contains(where: { abs($0.start - sample.time) < 0.002 || abs($0.end - sample.time) < 0.002 }) else { return }
            if let word = expected(sample.time) {
                #expect(sample.now.count == 1, "at \(sample.time) s")
                #expect(sample.now.first.map { abs($0[0] - word.start) < 1e-5 && abs($0[1] - word.end) < 1e-5 } == true,
                        "at \(sample.time) s: \(sample.now) highlighted, \(word.text) [\(word.start), \(word.end)] expected")
            } else {
                #expect(sample.now.isEmpty, "at \(sample.time) s, in a pause: \(sample.now) highlighted")
            }
        }
        #expect(run.seeks.count == times.count)
        for (sample, t) in zip(run.seeks, times) {
            #expect(abs(sample.time - t) < 0.001)
            check(sample)
        }
        #expect(run.seeks[2].now.isEmpty)
        #expect(run.lastInView)
        // Playback moved on from where it started, and the highlight moved with it.
        #expect(run.played.count == 3 && run.played.last!.time > times[1] + 0.3)
        for sample in run.played { check(sample) }
        #expect(abs(run.clicked.time - shown[clickIndex].start) < 1e-5 && abs(run.clickedStart - shown[clickIndex].start) < 1e-5)
        check(run.clicked)
    }

    struct ParsedSubtitle: Decodable {
        var index: Int
        var start: Int
        var end: Int
        var content: String
    }

    @Test(.enabled(if: ExternalTools.srtPython != nil, "needs Python's srt package (.ci/install-deps puts it in ~/venvs/captions)"))
    func theSrtPackageReadsOurSubRipBack() throws {
        let folder = Self.temporaryFolder("srt")
        let (source, sidecar) = try Self.document(in: folder)
        let cues = CueBuilder().cues(for: sidecar, source: source)
        let file = folder.appendingPathComponent("doc.srt")
        try Data(SubRipWriter.document(cues).utf8).write(to: file)
        let outcome = try ExternalTools.run(ExternalTools.srtPython!, ["-c", """
            import json, srt, sys
            with open(sys.argv[1], encoding="utf-8") as f:
                subtitles = list(srt.parse(f.read()))
            print(json.dumps([{"index": s.index, "start": round(s.start.total_seconds() * 1000),
                               "end": round(s.end.total_seconds() * 1000), "content": s.content} for s in subtitles]))
            """, file.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let parsed = try JSONDecoder().decode([ParsedSubtitle].self, from: Data(outcome.stdout.utf8))
        #expect(parsed.count == cues.count)
        for (k, (ours, theirs)) in zip(cues, parsed).enumerated() {
            #expect(theirs.index == k + 1)
            #expect(theirs.start == ours.start && theirs.end == ours.end)
            #expect(theirs.content == ours.lines.joined(separator: "\n"))
        }
    }
}
