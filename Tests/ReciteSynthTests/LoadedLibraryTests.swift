import Foundation
import Testing
@testable import ReciteCache
@testable import ReciteEspeak
@testable import ReciteNeural
@testable import ReciteSynth
@testable import ReciteWorkers

/// `LoadedLibrary`, on the real eSpeak NG library this process links: the loader's program
/// headers must lead to the library's writable data, the memory `EngineSnapshot` saves.
@Suite struct LoadedLibraryTests {
    @Test func eSpeakNGsWritableSegmentHoldsItsDataAndNotItsCode() throws {
        let library = try #require(dlopen("libespeak-ng.so.1", RTLD_NOW))
        defer { dlclose(library) }
        let code = try #require(dlsym(library, "espeak_Synth"))
        // `version_string` is an initialized global: it lives in `.data`.
        let data = try #require(dlsym(library, "version_string"))
        let loaded = try #require(LoadedLibrary(containing: code))
        #expect(loaded.writableSegment.contains(UInt(bitPattern: data)))
        #expect(!loaded.writableSegment.contains(UInt(bitPattern: code)))
        if let relroEnd = loaded.relocationReadOnlyEnd {
            #expect(relroEnd <= UInt(bitPattern: data), "the read-only part after relocation ends before .data")
        }
    }

    @Test func anAddressNoLibraryHoldsFindsNone() {
        let heap = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)
        defer { heap.deallocate() }
        #expect(LoadedLibrary(containing: heap) == nil)
    }
}
