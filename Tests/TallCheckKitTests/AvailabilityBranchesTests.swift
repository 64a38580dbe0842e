import Testing

@testable import TallCheckCore

/// The `else` of an availability check runs only on the platform it names, below its version:
/// on every other platform the `*` makes the check true.
@Suite struct AvailabilityBranchesTests {
    static func reference(_ line: Int, _ name: String) -> ImageReference {
        ImageReference(path: "A.swift", line: line, column: 1, name: .literal(name), api: "UIImage(named:)", lookup: .named)
    }

    @Test func theElseOfAnIOSCheckIsIOSOnly() {
        let source = """
            if #available(iOS 13.0, *) {
                icon = UIImage(systemName: "lock.rotation") // { not a brace that counts
            } else {
                icon = UIImage(named: "lock.rotation")
            }
            guard #available(iOS 14, *) else {
                return UIImage(named: "legacy")
            }
            let always = UIImage(named: "always")
            if #available(iOS 13, *), enabled { x() } else { y = UIImage(named: "notNarrowed") }
            """
        let found = AvailabilityBranches.apply(
            to: [Self.reference(4, "lock.rotation"), Self.reference(7, "legacy"), Self.reference(9, "always"),
                 Self.reference(10, "notNarrowed")],
            in: Array(source.utf8))
        #expect(found.map(\.platforms) == [[.iOS], [.iOS], nil, nil])
        // A visionOS target keeps the name, never reports it.
        #expect(found[0].compiled(for: .visionOS).keepsOnly)
        #expect(!found[0].compiled(for: .iOS).keepsOnly)
    }

    @Test func objectiveCChecksToo() {
        let source = """
            - (void)viewDidLoad {
                if (@available(iOS 13.0, *)) {
                    image = [UIImage systemImageNamed:@"trash"];
                } else {
                    image = [UIImage imageNamed:@"trash"];
                }
            }
            """
        let found = ObjectiveCReferenceScanner.references(in: Array(source.utf8), path: "V.m")
        #expect(found.map(\.literalName) == ["trash"])
        #expect(found.map(\.platforms) == [[.iOS]])
    }
}
