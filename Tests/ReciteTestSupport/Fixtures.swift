import Foundation
import ReciteScript
import Testing

/// Paths shared by the test targets.
public enum Fixtures {
    /// The repository root (tests run from anywhere).
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// `../shared` beside the checkout, present in CI and on developers' machines, absent in a
    /// user's clone: tests that need it are skipped there.
    public static let shared: URL? = {
        let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("corpus").path) ? url : nil
    }()
}
