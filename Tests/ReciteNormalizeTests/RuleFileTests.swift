import Foundation
import ReciteTestSupport
import Testing
@testable import ReciteNormalize

/// The rule tables: files and built-in copy agree, a user's tables and rules take effect.
@Suite struct RuleFileTests {
    let folder = Fixtures.repositoryRoot.appendingPathComponent("Pipelines/rules")

    @Test func theBuiltInTablesAreThePipelinesRulesFiles() throws {
        let files = try RuleBook.files(in: folder)
        #expect(!files.isEmpty)
        #expect(Set(files.keys) == Set(EmbeddedRuleFiles.files.keys), "run python3 Pipelines/rules/embed.py")
        for (name, text) in files {
            #expect(EmbeddedRuleFiles.files[name] == text.trimmingCharacters(in: .newlines), "\(name) differs; run python3 Pipelines/rules/embed.py")
        }
    }

    @Test func everyRuleFileLoads() throws {
        let book = try RuleBook(files: RuleBook.files(in: folder))
        #expect(book.rules(for: "en-US").units["mph"]?.plural == "miles per hour")
        #expect(book.rules(for: "en-GB").dateOrder == .dayMonthYear)
        #expect(book.rules(for: "en-GB").units["mph"] != nil)
        #expect(book.rules(for: "fr-CA").language == "fr")
        // A language without files gets no rules (issue 16: no English in other languages).
        #expect(book.rules(for: "xx").language == "und" && !book.rules(for: "xx").verbalizes)
    }

    @Test func aUnitAddedToATableIsRead() throws {
        var files = EmbeddedRuleFiles.files
        files["en.units.yml"]! += "\nunits: [unclosed\n"
        // A YAML error: the loader says which file.
        let error = #expect(throws: RuleFileError.self) { try RuleBook(files: files) }
        #expect(error?.file == "en.units.yml")
        var good = EmbeddedRuleFiles.files
        good["en-GB.units.yml"] = "units:\n  furlong: furlong | furlongs\n"
        let rules = try RuleBook(files: good).rules(for: "en-GB")
        #expect(rules.allUnits["furlong"]?.plural == "furlongs")
    }

    @Test func userRulesRunFirstAndTheirOutputIsReadOn() throws {
        let rules = try UserRules(text: "# mine\n^(\\d+)sqm$ → \\1 m²\n\\bACME\\b -> Acme Corporation\n", file: "mine.txt")
        let normalizer = try Normalizer(userRules: rules)
        #expect(normalizer.normalize(line: "12sqm at ACME.", language: "en-US") == "twelve square meters at Acme Corporation.")
    }

    @Test func aRuleWithoutAnArrowIsAnErrorThatNamesTheLine() {
        #expect(throws: RuleFileError(file: "x.txt:2", message: "has no arrow; write PATTERN → REPLACEMENT")) {
            try UserRules(text: "# ok\nnope\n", file: "x.txt")
        }
    }

    @Test func aPrefixedUnitIsOneWordInGermanAsInEnglish() {
        // German nouns take a capital: the prefix and the unit make one noun (Duden: "Kilometer").
        let read = Normalizer().normalize(line: "3 km, 2,5 kg, 5 MB, 3 GHz und 5 mm", language: "de-DE")
        #expect(read == "3 Kilometer, 2,5 Kilogramm, 5 Megabyte, 3 Gigahertz und 5 Millimeter", "\(read)")
        #expect(Normalizer().normalize(line: "3 km", language: "en-US") == "three kilometers")
    }
}
