import ReciteTestSupport
import Foundation

/// The programs the real-reader checks need, found on this machine or nil (the tests that need
/// them are then skipped, saying which is missing). `.ci/install-deps` installs them in CI.
enum ExternalTools {
    /// Headless Chromium (Debian's `chromium`); `RECITE_CHROMIUM` names another.
    static let chromium: String? = ProcessInfo.processInfo.environment["RECITE_CHROMIUM"]
        ?? ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap(onPath).first

    static let python: String? = onPath("python3")

    /// A Python that has the `srt` package (PyPI): `RECITE_SRT_PYTHON`, the venv `.ci/install-deps`
    /// makes (`~/venvs/captions`), or the system's.
    static let srtPython: String? = {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        let candidates = [ProcessInfo.processInfo.environment["RECITE_SRT_PYTHON"], home + "/venvs/captions/bin/python", python]
        return candidates.compactMap { $0 }.first { candidate in
            FileManager.default.isExecutableFile(atPath: candidate)
                && (try? run(candidate, ["-c", "import srt"]).status) == 0
        }
    }()

    /// The DevTools-protocol driver beside these tests.
    static let chromiumEval = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Browser/chromium_eval.py").path

    static func onPath(_ name: String) -> String? { ExternalProgram.onPath(name) }

    static func run(_ executable: String, _ arguments: [String]) throws -> ExternalProgram.Outcome {
        try ExternalProgram.run(executable, arguments)
    }

    /// Evaluates `expression` in the page at `url` in headless Chromium; its value, decoded.
    static func evaluate<T: Decodable>(_ expression: String, in url: URL, as type: T.Type) throws -> T {
        let script = url.deletingLastPathComponent().appendingPathComponent("check-\(UUID().uuidString).js")
        try Data(expression.utf8).write(to: script)
        let outcome = try run(python!, [chromiumEval, chromium!, url.absoluteString, script.path, "60"])
        guard outcome.status == 0 else { throw Failure(message: "chromium_eval: \(outcome.stderr)") }
        return try JSONDecoder().decode(T.self, from: Data(outcome.stdout.utf8))
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
