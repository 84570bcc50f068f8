import Foundation

/// Places where tests kill the process (SIGKILL, which nothing can catch or clean up after), to
/// check that a run killed at any moment leaves the earlier outputs whole. Inert unless the
/// environment variable `RECITE_KILL_AT` names the place, in a build with `TestHooks`.
public enum KillPoint {
    private static let place = TestHooks.value("RECITE_KILL_AT")

    /// Kills this process if `RECITE_KILL_AT` is `name`.
    public static func reach(_ name: String) {
        guard let place, place == name else { return }
        kill(getpid(), SIGKILL)
    }
}
