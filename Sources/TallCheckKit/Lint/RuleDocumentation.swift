/// `docs/rules.md`, generated from the rule definitions (`tallcheck rules --markdown`), so the
/// documentation says what the rules and their tests say.
public enum RuleDocumentation {
    /// The whole page.
    public static func markdown(_ descriptions: [RuleDescription] = Rules.descriptions) -> String {
        var out = """
            # TallCheck rules

            Generated from the rule definitions by `tallcheck rules --markdown` \
            (`Scripts/make-rules-doc`); do not edit by hand. A test fails when this file is out of date.


            """
        out += table(descriptions, linkingTo: "")
        for description in descriptions {
            out += "\n" + markdown(for: description, headingLevel: 2)
        }
        return out
    }

    /// Every rule with its severity and summary, as a Markdown table whose ids link to their
    /// sections in `page` (`docs/rules.md` from the README, empty within that page).
    public static func table(_ descriptions: [RuleDescription] = Rules.descriptions, linkingTo page: String) -> String {
        var out = "| rule | severity | summary |\n|---|---|---|\n"
        for description in descriptions {
            out +=
                "| [`\(description.id)`](\(page)#\(description.id)) | \(description.severity.rawValue)"
                + "\(description.isOptIn ? " (opt-in)" : "") | \(tableCell(description.summary)) |\n"
        }
        return out
    }

    /// The README's rule table, between its markers; `Scripts/make-rules-doc` writes it.
    public static let readmeTableMarkers = (
        begin: "<!-- rules table: generated -->\n", end: "<!-- end of rules table -->\n"
    )

    /// The README's rule table with its markers.
    public static func readmeTable() -> String {
        readmeTableMarkers.begin + table(linkingTo: "docs/rules.md") + readmeTableMarkers.end
    }

    /// One rule: heading, severity, summary, rationale and its examples as file lists.
    public static func markdown(for description: RuleDescription, headingLevel: Int) -> String {
        var out = String(repeating: "#", count: headingLevel) + " \(description.id)\n\n"
        out +=
            "Default severity: **\(description.severity.rawValue)**"
            + (description.isOptIn ? " (opt-in: enable with `opt_in_rules`)" : "") + "\n\n"
        out += description.summary + "\n\n" + description.rationale + "\n"
        for (title, examples) in [
            ("Triggers on", description.triggeringExamples), ("Does not trigger on", description.nonTriggeringExamples),
        ] where !examples.isEmpty {
            out += "\n" + title + ":\n\n"
            for example in examples { out += "- " + summary(of: example) + "\n" }
        }
        return out
    }

    /// `Logo.png` 100×40, `Logo@2x.png` 200×80 (iOS 8.0); catalog sets with their entries
    /// (`A.xcassets/star.imageset` entries: `star.png` universal 1x, `star@2x.png` universal 2x)
    /// and unreadable `Contents.json` files with the reason. `code` marks file names: backticks
    /// in Markdown, nothing on a terminal.
    public static func summary(of example: RuleExample, code: (String) -> String = { "`\($0)`" }) -> String {
        var parts = example.files.map { file in
            code(file.path) + " "
                + (file.facts.pixelSize.map { "\($0)" } ?? "(\(file.facts.problem?.shortName ?? "corrupt"))")
                + (file.facts.format != .png && file.facts.format != .unknown ? " \(file.facts.format.rawValue)" : "")
                + (file.facts.png?.isCgBI == true ? " CgBI" : "")
                + (file.facts.byteCount.map { ", \($0) bytes" } ?? "")
                + (file.content?.recompressedBytes.map { " (\($0) at zlib level 9)" } ?? "")
                + (file.content?.digest.map { " pixels #\($0.high)" } ?? "")
                + (file.content?.identity.map { " file #\($0.inode)" } ?? "")
        }
        for set in example.catalogSets {
            let entries = set.entries.map { entry in
                (entry.filename.map { code($0) + " " } ?? "no file, ") + entry.slotDescription
            }
            parts.append(code(set.folder) + " entries: " + (entries.isEmpty ? "none" : entries.joined(separator: ", ")))
        }
        for problem in example.catalogProblems {
            parts.append(code(problem.path) + (problem.isMissing ? " missing" : " unreadable: " + problem.reason))
        }
        for (treePath, bundlePath) in (example.bundlePaths ?? [:]).sorted(by: { $0.key < $1.key }) {
            parts.append(code(treePath) + " copied to " + code(bundlePath))
        }
        for reference in example.references {
            let name =
                if case .literal(let literal) = reference.name { "\"\(literal)\"" } else { reference.shownName }
            var drawn = ""
            if reference.drawnScaled {
                drawn = " and draws it scaled"
                if let view = reference.viewSize {
                    let sides = [
                        view.points.width > 0 ? formatPoints(view.points.width) + " pt wide" : nil,
                        view.points.height > 0 ? formatPoints(view.points.height) + " pt high" : nil,
                    ]
                    drawn += " into " + (view.fits ? "an aspect-fit view " : "a view ")
                        + sides.compactMap { $0 }.joined(separator: " and ")
                }
            }
            parts.append(
                code("\(reference.path):\(reference.line)") + " asks for " + name + " with " + code(reference.api)
                    + drawn)
        }
        for (path, names) in example.codeNames.sorted(by: { $0.key < $1.key }) {
            parts.append(
                code(path) + " spells " + names.map { "\($0.shown) (line \($0.line))" }.joined(separator: ", "))
        }
        var summary = parts.joined(separator: ", ")
        var context: [String] = []
        if let info = example.info { context.append("Info.plist " + describe(info)) }
        if let target = example.deploymentTarget { context.append("deployment target iOS \(target)") }
        if !context.isEmpty { summary += " (" + context.joined(separator: ", ") + ")" }
        return summary
    }

    /// The keys an example's Info.plist sets: `UIDeviceFamily iPhone, iPad`.
    private static func describe(_ info: AppInfo) -> String {
        func idioms(_ values: [Idiom: String]) -> String {
            values.sorted { $0.key.rawValue > $1.key.rawValue }.map(\.value).joined(separator: ", ")
        }
        var keys: [String] = []
        if let families = info.deviceFamilies {
            keys.append(
                "UIDeviceFamily " + families.map(\.deviceName).sorted().joined(separator: ", "))
        }
        if !info.launchStoryboardName.isEmpty {
            keys.append("UILaunchStoryboardName " + idioms(info.launchStoryboardName))
        }
        if !info.launchImageFile.isEmpty { keys.append("UILaunchImageFile " + idioms(info.launchImageFile)) }
        let entries = info.launchImages.values.joined().map { "\($0.name) \($0.size) pt" }
        if !entries.isEmpty { keys.append("UILaunchImages " + entries.sorted().joined(separator: ", ")) }
        return keys.isEmpty ? "without launch keys" : keys.joined(separator: "; ")
    }

    private static func tableCell(_ text: String) -> String {
        text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}
