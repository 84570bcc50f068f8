import Foundation
import ReciteBuild

/// How `recite build` talks while it works: a progress bar on a terminal; on a pipe (cron) only
/// errors and one summary line; JSON lines for log collectors. Everything goes to stderr, so
/// stdout stays for `--dry-run`'s script.
final class BuildReporter: @unchecked Sendable {
    enum Format: String, CaseIterable { case text, json }

    private let format: Format
    private let quiet: Bool
    private let verbose: Bool
    private let terminal: Bool
    private let lock = NSLock()
    private var total = 0, done = 0, failed = 0, seconds = 0.0
    private let started = Date()
    private var barShown = false

    init(format: Format, quiet: Bool, verbose: Bool) {
        self.format = format
        self.quiet = quiet
        self.verbose = verbose
        terminal = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    func handle(_ event: BuildRunner.Event) {
        lock.lock()
        defer { lock.unlock() }
        switch format {
        case .json: json(event)
        case .text: text(event)
        }
    }

    func summary(_ s: BuildRunner.Summary, dryRun: Bool) {
        lock.lock()
        defer { lock.unlock() }
        clearBar()
        switch format {
        case .json:
            emit(["event": "summary", "rendered": s.rendered, "failed": s.failed, "unchanged": s.unchanged,
                  "audioSeconds": (s.audioSeconds * 1000).rounded() / 1000, "segmentsSynthesized": s.segmentsSynthesized,
                  "segmentsFromCache": s.segmentsFromCache, "wallSeconds": (Date().timeIntervalSince(started) * 1000).rounded() / 1000])
        case .text:
            guard !quiet else { return }
            let verb = dryRun ? "read" : "rendered"
            let segments = dryRun ? "" : ", \(s.unchanged) unchanged, \(s.segmentsSynthesized) segments synthesized, \(s.segmentsFromCache) from cache"
            write("\(verb) \(s.rendered) documents (\(String(format: "%.1f", s.audioSeconds)) s of audio)\(segments), \(s.failed) failed in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        }
    }

    /// What a `recite book` run wrote: its line of text, or a JSON "book" event.
    func book(path: String, chapters: Int, duration: Double, line: String) {
        lock.lock()
        defer { lock.unlock() }
        switch format {
        case .json: emit(["event": "book", "path": path, "chapters": chapters, "duration": (duration * 1000).rounded() / 1000])
        case .text: if !quiet { write(line) }
        }
    }

    // MARK: - Text

    private func text(_ event: BuildRunner.Event) {
        switch event {
        case .started(let documents):
            total = documents
            drawBar()
        case .finished(let entry):
            done += 1
            if entry.status == .failed { failed += 1 } else { seconds += entry.duration ?? 0 }
            if verbose && entry.status == .ok {
                let how = entry.unchanged == true ? "unchanged" : "rendered"
                above("\(how) \(entry.source) → \(entry.outputs.audio) (\(String(format: "%.1f", entry.duration ?? 0)) s)")
            }
            drawBar()
        case .warning(let line):
            if verbose || terminal { above(line) }
        case .notice(let line):
            if !quiet { above(line) }
        case .error(let line):
            above(line)
        }
    }

    /// A line printed above the progress bar (which is drawn again under it).
    private func above(_ line: String) {
        clearBar()
        write(line)
    }

    private func drawBar() {
        guard terminal, !quiet, total > 0 else { return }
        let width = 30
        let filled = done * width / total
        let bar = String(repeating: "=", count: filled) + (filled < width ? ">" : "") + String(repeating: " ", count: max(0, width - filled - 1))
        let failures = failed > 0 ? " · \(failed) failed" : ""
        let line = "[\(bar)] \(done)/\(total) documents · \(String(format: "%.0f", seconds)) s of audio · \(String(format: "%.0f", Date().timeIntervalSince(started))) s\(failures)"
        FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
        barShown = true
    }

    private func clearBar() {
        guard barShown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        barShown = false
    }

    private func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    // MARK: - JSON lines

    private func json(_ event: BuildRunner.Event) {
        switch event {
        case .started(let documents):
            emit(["event": "started", "documents": documents])
        case .finished(let entry):
            var fields: [String: Any] = ["event": "document", "source": entry.source, "status": entry.status.rawValue,
                                         "audio": entry.outputs.audio, "unchanged": entry.unchanged == true]
            if let d = entry.duration { fields["duration"] = d }
            if let h = entry.cacheHits { fields["cacheHits"] = h }
            if let e = entry.error { fields["error"] = e }
            emit(fields)
        case .warning(let line), .notice(let line):
            emit(["event": "warning", "message": line])
        case .error(let line):
            emit(["event": "error", "message": line])
        }
    }

    private func emit(_ fields: [String: Any]) {
        var stamped = fields
        stamped["time"] = ISO8601DateFormatter().string(from: Date())
        guard let data = try? JSONSerialization.data(withJSONObject: stamped, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        FileHandle.standardError.write(data + Data("\n".utf8))
    }
}
