import Foundation

/// Runs the independent programs tests check Recite's outputs with (ffprobe, Python packages,
/// Chromium), and finds them.
public enum ExternalProgram {
    public struct Outcome {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// `name` on the `PATH`, or nil.
    public static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public static func run(_ executable: String, _ arguments: [String]) throws -> Outcome {
        let outcome = try ChildRun.run(executable, arguments, reportsLeftBehind: false)
        return Outcome(status: outcome.status, stdout: outcome.stdout, stderr: outcome.stderr)
    }
}
