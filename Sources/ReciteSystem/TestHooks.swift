import Foundation

/// The environment variables that make a process misbehave on purpose (crash, hang, be killed at
/// a named place), so that tests can prove a run survives it. They are compiled only into debug
/// builds, which the test suite uses, and into builds made with `RECITE_TEST_HOOKS=1` in the
/// environment (`make soak`): a release build ignores them.
public enum TestHooks {
    #if RECITE_TEST_HOOKS
    public static let compiledIn = true
    #else
    public static let compiledIn = false
    #endif

    /// The variable's value when hooks are compiled in and it is set and not empty; else nil.
    public static func value(_ name: String) -> String? {
        #if RECITE_TEST_HOOKS
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
        #else
        nil
        #endif
    }
}
