import Foundation
import ReciteTestSupport
import ReciteTiming
import Testing

/// Running the built `recite` with its standard output kept too, and reading what a build says.
enum RunSupport {
    typealias Output = ChildRun.Outcome

    /// Runs `recite arguments` from the repository root, `input` on its standard input.
    static func recite(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> Output {
        try run(EndToEndTests.executable.path, Fixtures.namingVoice(arguments), input: input, environment: environment)
    }

    /// Runs any program the same way (`setpriv`, `mount`), with `ChildRun`'s deadline.
    static func run(_ executable: String, _ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> Output {
        try ChildRun.run(executable, arguments, input: input, environment: environment, directory: Fixtures.repositoryRoot)
    }

    /// The counts of a build's summary line: "rendered R documents (… s of audio), U unchanged,
    /// S segments synthesized, C from cache, F failed in … s".
    struct Summary: Equatable, CustomStringConvertible {
        var rendered: Int, unchanged: Int, synthesized: Int, fromCache: Int, failed: Int
        var description: String { "rendered \(rendered), \(unchanged) unchanged, \(synthesized) synthesized, \(fromCache) from cache, \(failed) failed" }
    }

    static func summary(_ stderr: String) -> Summary? {
        let pattern = #"rendered (\d+) documents \([^)]*\), (\d+) unchanged, (\d+) segments synthesized, (\d+) from cache, (\d+) failed"#
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.matches(in: stderr, range: NSRange(stderr.startIndex..., in: stderr)).last else { return nil }
        let numbers = (1...5).map { Int((stderr as NSString).substring(with: match.range(at: $0)))! }
        return Summary(rendered: numbers[0], unchanged: numbers[1], synthesized: numbers[2], fromCache: numbers[3], failed: numbers[4])
    }

    static func sidecar(_ folder: URL, _ stem: String) throws -> TimingSidecar {
        try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: folder.appendingPathComponent(stem + ".timing.json")))
    }

    /// Every file under `folder` (relative paths) whose name ends with one of `suffixes`, leaving
    /// out the cache and lock files.
    static func files(in folder: URL, endingWith suffixes: [String]) -> [String] {
        let all = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return all.filter { path in !path.hasPrefix(".recite") && suffixes.contains { path.hasSuffix($0) } }.sorted()
    }

    /// A seeded generator (`RECITE_TEST_SEED` replays a failing schedule).
    typealias SeededGenerator = ReciteTestSupport.SeededGenerator

    /// Waits until `condition` holds, checking every 10 ms; false if it still does not after
    /// `seconds` (a generous deadline: the event is what the test waits for, not the time).
    static func waitUntil(seconds: Double = 60, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }
}
