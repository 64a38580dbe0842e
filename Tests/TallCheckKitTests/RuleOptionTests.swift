import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// Rule options are typed values each rule decodes in its own file, structured ones included,
/// and a slip in a key or a rule id is answered with what was meant.
@Suite("Typed rule options, and did-you-mean")
struct RuleOptionTests {
    /// The linter finds matrix rules by their types, not by a cast to the protocol: every rule
    /// that is one must be among them, or it would build its own matrix.
    @Test func theLinterKnowsEveryMatrixRule() {
        for type in Rules.all {
            let rule = type.init()
            #expect((Linter.matrixRule(rule) != nil) == (rule is any MatrixRule), "\(type.description.id)")
        }
        #expect(Rules.all.contains { Linter.matrixRule($0.init()) != nil })
    }

    @Test func everyOptionIsOwnedByOneRuleAndNamedOnce() {
        let keys = Rules.options.map { $0.key }
        #expect(keys == ["tall_variant_height", "unused_image_ignore", "image_weight"].filter(keys.contains))
        #expect(Set(keys) == ["tall_variant_height", "unused_image_ignore", "image_weight"])
        #expect(Set(ConfigurationFile.keys).count == ConfigurationFile.keys.count)
    }

    @Test func structuredOptionsDecodeTheirOwnValuesAndReadBackTheirCanonicalText() throws {
        let file = try ConfigurationFile(
            yaml: """
                unused_image_ignore: ["Remote/**", "a: b", "quote\\"d"]
                image_weight: {max_pixels: 5000, overrides: {"Art/**": {max_bytes: 9}, "x": {max_pixels: 3}}}
                """)
        let ignore = try #require(file.layer.option(UnusedImageIgnore.self))
        #expect(ignore.globs == ["Remote/**", "a: b", "quote\"d"])
        let budget = try #require(file.layer.imageWeight)
        #expect(
            budget
                == ImageWeightBudget(
                    maxBytes: 512_000, maxPixels: 5000,
                    overrides: [.init(glob: "Art/**", maxBytes: 9), .init(glob: "x", maxPixels: 3)]))
        // The configuration keeps each as canonical text; the text decodes to the same value.
        #expect(UnusedImageIgnore(ignore.description) == ignore)
        #expect(ImageWeightBudget(budget.description) == budget)
        #expect(ImageWeightBudget.defaultValue.description == #"{"max_bytes":"512000","max_pixels":"4194304"}"#)
        // And the rules get them.
        let configuration = LintConfiguration.resolved(file.layer)
        #expect(UnusedImage(configuration: configuration).ignored == ignore.globs)
        #expect(ImageWeight(configuration: configuration).budget == budget)
        #expect(UnusedImage(configuration: LintConfiguration()).ignored.isEmpty)
    }

    @Test func aMistypedKeyOrRuleIdSaysWhatWasMeant() throws {
        func message(_ yaml: String) -> String {
            do {
                _ = try ConfigurationFile(yaml: yaml, path: "cfg.yml")
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(
            message("exluded: [Old]\n").hasPrefix(
                "cfg.yml:1: unknown key 'exluded' (did you mean 'excluded'?); known keys:"))
        #expect(
            message("image_weight: {max_byte: 3}")
                == "cfg.yml: invalid value for 'image_weight': unknown key 'max_byte' (did you mean 'max_bytes'?); "
                + "expected max_bytes, max_pixels, overrides")
        #expect(
            message("image_weight: {overrides: {\"a/**\": {max_pixel: 3}}}").contains(
                "unknown key 'max_pixel' (did you mean 'max_pixels'?); expected max_bytes, max_pixels"))
        #expect(
            message("disabled_rules: [missing-scales]").contains(
                "no rule 'missing-scales' (did you mean 'missing-scale'?); `tallcheck rules` lists them"))
        #expect(message("severity: {unused_image: note}").contains("did you mean 'unused-image'?"))
        #expect(
            message("tall_variant_height: tall")
                == "cfg.yml: invalid value for 'tall_variant_height': 'tall' is not a number of points such as 88, or any"
        )
        // Nothing close: no guess.
        #expect(!message("disabled_rules: [blurry]").contains("did you mean"))
    }

    @Test func theClosestMatchIsASlipOrNothing() {
        #expect(closestMatch(to: "exlcuded", among: ConfigurationFile.keys) == "excluded")
        #expect(closestMatch(to: "Missing_Scale", among: Rules.ids) == "missing-scale")
        #expect(closestMatch(to: "iphone se 1st", among: ["iPhone SE (1st)", "iPhone 5"]) == "iPhone SE (1st)")
        #expect(closestMatch(to: "zzz", among: Rules.ids) == nil)
        #expect(closestMatch(to: "iPhone 99", among: ["iPhone", "iPhone 5"]) == nil)
        #expect(closestMatch(to: "iphone 15 pr", among: ["iPhone 15", "iPhone 15 Pro"]) == "iPhone 15 Pro")
        #expect(closestMatch(to: "", among: Rules.ids) == nil)
    }
}
