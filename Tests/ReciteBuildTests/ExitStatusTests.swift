import Foundation
import ReciteTestSupport
import Testing

/// Every row of the exit-status table (`recite --help`, docs/usage.md), for `build` and `book`
/// alike: a run that ends each way, and the status it gives.
@Suite(.serialized) struct ExitStatusTests {
    enum Row: Int32, CaseIterable, CustomStringConvertible {
        case done = 0, someFailed = 1, configuration = 2, usage = 64, busy = 75
        var description: String { "\(self.rawValue)" }
    }

    /// A folder of one good article and, when asked, one that cannot be read (SSML that is not XML).
    static func articles(broken: Bool) throws -> URL {
        let folder = EndToEndTests.temporaryFolder("exit-status")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("# One\n\nA short article, read to the end.\n".utf8).write(to: folder.appendingPathComponent("1-one.md"))
        if broken { try Data("<speak>not closed".utf8).write(to: folder.appendingPathComponent("2-two.ssml")) }
        return folder
    }

    /// The command line of `command` (build or book) that ends with `row`.
    static func arguments(_ command: String, _ row: Row, input: URL, out: URL) -> [String] {
        let base = [command, input.path, "-o", out.path]
        switch row {
        case .done, .someFailed, .busy: return base
        case .configuration: return base + ["--pipeline", "no-such-pipeline"]
        case .usage: return base + ["--captions", "ass"]
        }
    }

    @Test(arguments: ["build", "book"], Row.allCases)
    func eachWayARunEndsHasItsStatus(command: String, row: Row) throws {
        let input = try Self.articles(broken: row == .someFailed)
        let out = EndToEndTests.temporaryFolder("exit-status-out")
        defer { for folder in [input, out] { try? FileManager.default.removeItem(at: folder) } }
        var holder: Process?
        if row == .busy {
            // Another run's lock, held by another process as a running build holds it.
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let lock = out.appendingPathComponent(".recite.lock").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", #"exec 9>>"$0" && flock -x 9 && exec sleep 600"#, lock]
            try process.run()
            holder = process
            try #require(EndToEndTests.waitUntilLocked(lock), "flock never took the lock")
        }
        defer { holder?.terminate(); holder?.waitUntilExit() }
        let run = try EndToEndTests.recite(Self.arguments(command, row, input: input, out: out))
        #expect(run.status == row.rawValue, "\(command) \(row): \(run.stderr)")
        switch row {
        case .done: #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(command == "book" ? "book.wav" : "1-one.wav").path))
        case .someFailed: #expect(run.stderr.contains("2-two.ssml"), "\(run.stderr)")
        case .configuration: #expect(run.stderr.contains("no-such-pipeline"), "\(run.stderr)")
        case .usage: #expect(run.stderr.contains("--captions") && run.stderr.contains("vtt"), "\(run.stderr)")
        case .busy: #expect(run.stderr.contains("Another recite run"), "\(run.stderr)")
        }
    }

    /// Usage errors the parser finds, and a voice that is not installed, all exit 64; an input
    /// path that does not exist is a configuration error.
    @Test func usageAndConfigurationErrorsAreToldApart() throws {
        let out = EndToEndTests.temporaryFolder("exit-usage").path
        for arguments in [["build", "Samples/articles", "-o", out, "--shard", "4/3"],
                          ["build", "Samples/articles", "-o", out, "--jobs", "0"],
                          ["build", "Samples/articles", "-o", out, "--no-such-option"],
                          ["book", "Samples/articles", "-o", out, "--log-format", "xml"],
                          ["build", "Samples/articles", "-o", out, "--voice", "af_haert"]] {
            let run = try EndToEndTests.recite(arguments)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
        }
        for arguments in [["build", "no-such-folder", "-o", out], ["book", "no-such-folder", "-o", out]] {
            let run = try EndToEndTests.recite(arguments)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("no-such-folder"), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// `book` reports as `build` does: `--log-format json` gives JSON lines, the book among them.
    @Test func bookReportsInJSONLines() throws {
        let input = try Self.articles(broken: false)
        let out = EndToEndTests.temporaryFolder("exit-json")
        defer { for folder in [input, out] { try? FileManager.default.removeItem(at: folder) } }
        let run = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--log-format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let events = run.stderr.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]).flatMap { $0["event"] as? String }
        }
        #expect(events.count == run.stderr.split(separator: "\n").count, "a line that is not JSON: \(run.stderr)")
        #expect(events.first == "started" && events.contains("summary") && events.last == "book", "\(events)")
    }
}
