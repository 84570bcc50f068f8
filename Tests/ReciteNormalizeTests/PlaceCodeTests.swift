import Testing
@testable import ReciteNormalize

/// A number and a letter after a word of place name the place; a glued "C" is Celsius only where
/// the stretch speaks of temperature.
@Suite struct PlaceCodeTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    @Test(arguments: [
        ("Bus 38A runs every hour", "Bus thirty eight A- runs every hour"),
        ("Take Gate 23B or Seat 14C", "Take Gate twenty three B or Seat fourteen C"),
        ("Runway 09L/27R is closed", "Runway zero nine L, twenty seven R is closed"),
        // Traps: with no word of place before it, the letter is a unit.
        ("a 10A fuse and 5V and 12V", "a ten amp fuse and five volts and twelve volts"),
        ("it draws 38A at peak", "it draws thirty eight amps at peak"),
    ])
    func codesAfterAWordOfPlace(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("It was 32C today", "It was thirty two degrees Celsius today"),
        ("Temperatures reaching 19 to 22C inland, or just 13C in the north-east, locally warmer, but nearer 16C on the coasts",
         "Temperatures reaching nineteen to twenty two degrees Celsius inland, or just thirteen degrees Celsius in the north-east, locally warmer, but nearer sixteen degrees Celsius on the coasts"),
        // Traps: no word of temperature, a battery's charge rate.
        ("A 5C charge rate for the battery", "A five C charge rate for the battery"),
        ("as low as –50 C", "as low as minus fifty C"),
    ])
    func celsiusWithItsProof(_ input: String, _ expected: String) { #expect(say(input) == expected) }
}
