import Foundation

/// Runs the independent programs tests check Recite's outputs with (ffprobe, Python packages,
/// Chromium), and finds them.
public enum ExternalProgram {
    public typealias Outcome = ChildRun.Outcome

    /// `name` on the `PATH`, or nil.
    public static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public static func run(_ executable: String, _ arguments: [String]) throws -> Outcome {
        try ChildRun.run(executable, arguments, reportsLeftBehind: false)
    }
}
