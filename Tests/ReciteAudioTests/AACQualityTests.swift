@testable import ReciteAudio
import Testing

/// `--bitrate` for AAC picks a constant quality from speech measurements (`AACQuality`): the
/// choice must rise with the rate, and rates the quality mode cannot reach stay average-rate.
@Suite struct AACQualityTests {
    @Test func theQualityRisesWithTheRateAskedFor() throws {
        let lambdas = try [8, 16, 24, 32, 48, 64, 80, 95].map { try #require(AACQuality.lambda(averaging: $0 * 1000)) }
        #expect(zip(lambdas, lambdas.dropFirst()).allSatisfy { $0 < $1 }, "\(lambdas)")
        // 64 kb/s lies between the measured 62.0 (quality 1.1) and 66.9 (1.2).
        #expect((130...142).contains(lambdas[5]), "\(lambdas[5])")
    }

    @Test func ratesAboveWhatQualityReachesStayAverageRate() throws {
        #expect(AACQuality.lambda(averaging: 128_000) == nil)
        for (kbps, constant) in [(64, true), (128, false)] {
            #expect(try CodecSetup.opensAtConstantQuality(.m4b, sampleRate: 22050, bitRate: kbps * 1000) == constant, "\(kbps) kb/s")
        }
    }

    @Test func theKeptChaptersKeyNamesTheQuality() {
        let at64 = ChapterEncoder.settings(.m4b, inputRate: 22050, bitRate: 64_000)
        #expect(at64.contains("global_quality="), "\(at64)")
        #expect(at64 != ChapterEncoder.settings(.m4b, inputRate: 22050, bitRate: 48_000))
    }
}
