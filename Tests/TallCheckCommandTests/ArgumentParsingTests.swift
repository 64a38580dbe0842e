import ArgumentParser
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import tallcheck

@Suite("Command-line arguments")
struct ArgumentParsingTests {
    @Test func lintTakesItsDefaultsWithoutArguments() throws {
        let lint = try #require(try TallCheck.parseAsRoot(["lint"]) as? Lint)
        #expect(lint.path == ".")
        #expect(lint.reporter == nil)
        #expect(lint.deploymentTarget == nil)
        #expect(!lint.walk.followSymlinks)
    }

    @Test func deploymentTargetIsParsedIntoAVersion() throws {
        let lint = try #require(
            try TallCheck.parseAsRoot(["lint", "App", "--deployment-target", "8.1", "--follow-symlinks"]) as? Lint)
        #expect(lint.deploymentTarget == OSVersion(8, 1))
        #expect(lint.walk.followSymlinks)
    }

    @Test(arguments: [
        (["lint", "--deployment-target", "eight"], "--deployment-target must be a version such as 7.0, not 'eight'"),
        (
            ["lint", "--reporter", "pdf"],
            "--reporter must be one of text, xcode, json, sarif, junit, checkstyle, github"
        ),
        (["lint", "--tall-variant-height", "tall"], "--tall-variant-height must be"),
        (["resolve"], "give an image NAME, --launch or --batch"),
        (["align", "--scale", "2"], "Give exactly one of --rect, --point or --flip-y."),
        (["align", "--scale", "2", "--point", "1,2,3", "--floor"], "--point takes 2 numbers, x,y; got '1,2,3'."),
    ])
    func badArgumentsAreRefusedWithAMessageThatSaysWhy(arguments: [String], message: String) {
        do {
            _ = try TallCheck.parseAsRoot(arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            let text = TallCheck.message(for: error)
            #expect(text.contains(message), "\(text)")
        }
    }

    @Test func everyRegisteredReporterIsAcceptedByName() throws {
        for reporter in Reporters.all {
            let lint = try #require(try TallCheck.parseAsRoot(["lint", "--reporter", reporter.identifier]) as? Lint)
            #expect(lint.reporter == reporter.identifier)
        }
    }
}
