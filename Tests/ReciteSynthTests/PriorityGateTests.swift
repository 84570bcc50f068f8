import Foundation
import Testing
@testable import ReciteCache
@testable import ReciteEspeak
@testable import ReciteNeural
@testable import ReciteSynth
@testable import ReciteWorkers

/// The workers' places go to the most urgent caller first, and to equals in their order.
@Suite struct PriorityGateTests {
    @Test func aFreedPlaceGoesToTheLowestPriorityNumberThenTheEarliest() throws {
        let gate = PriorityGate(places: 1)
        gate.enter(priority: 9)  // the one place, held
        let served = Served()
        // (priority, name), arriving in this order while the place is held.
        let callers = [(5, "five"), (1, "one, first"), (3, "three"), (1, "one, second"), (0, "zero")]
        for (k, (priority, name)) in callers.enumerated() {
            Thread.detachNewThread {
                gate.enter(priority: priority)
                served.append(name)
                gate.leave()
            }
            // Each waits before the next arrives, so arrival order is known.
            try Self.waitUntil { gate.waitingCount == k + 1 }
        }
        gate.leave()
        try Self.waitUntil { served.names.count == callers.count }
        #expect(served.names == ["zero", "one, first", "one, second", "three", "five"])
        // Every place came back: two callers at once get in without waiting.
        gate.enter(priority: 4)
        #expect(gate.waitingCount == 0)
        gate.leave()
    }

    @Test func placesAreTakenWithoutWaitingWhileFree() {
        let gate = PriorityGate(places: 3)
        for priority in [2, 1, 0] { gate.enter(priority: priority) }
        #expect(gate.waitingCount == 0)
        for _ in 0..<3 { gate.leave() }
    }

    final class Served: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func append(_ name: String) { lock.withLock { list.append(name) } }
        var names: [String] { lock.withLock { list } }
    }

    static func waitUntil(_ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard Date() < deadline else { throw CancellationError() }
            usleep(1_000)
        }
    }
}
