import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// `MSBuildText` against the project reader (`MSBuildProject`): what the one reads, the other
/// edits.
@Suite("fix: .csproj text")
struct MSBuildTextTests {
    /// Random spellings of one item (every quote, white space around `=`, named entities,
    /// character references, `%XX` escapes, `Include` or `Update`, `Link` as attribute or child):
    /// after the rename, the project reader reads the new name in each, and after the deletion
    /// no item.
    @Test func everySpellingTheReaderReadsIsEdited() throws {
        var random = SeededRandom()
        let alphabet = Array("aZ09 &'\"<>%;$@~()-_.+#!é日")
        func name() -> String {
            var base = ""
            for _ in 0..<(1 + random.next(6)) { base.append(alphabet[random.next(alphabet.count)]) }
            return "x" + base + "x"
        }
        /// MSBuild's spelling of a path: `%XX` for any ASCII character at random, and for `%`,
        /// `*`, `?` always; `\` or `/` between components.
        func msbuild(_ path: String) -> String {
            var out = ""
            for character in path {
                if character == "/" {
                    out += random.next(2) == 0 ? "\\" : "/"
                } else if let ascii = character.asciiValue, "%*?".contains(character) || random.next(4) == 0 {
                    out += "%" + String(ascii, radix: 16, uppercase: random.next(2) == 0).leftPadded(to: 2)
                } else {
                    out.append(character)
                }
            }
            return out
        }
        /// XML's spelling of text, in an attribute with `quote` (nil in element text).
        func xml(_ text: String, quote: Character?) -> String {
            var out = ""
            for scalar in text.unicodeScalars {
                let character = Character(scalar)
                let mustEscape = character == "&" || character == "<" || character == quote
                switch mustEscape ? 1 + random.next(3) : random.next(6) {
                case 1:
                    let named: [Character: String] = ["&": "amp", "<": "lt", ">": "gt", "\"": "quot", "'": "apos"]
                    out += named[character].map { "&\($0);" } ?? "&#\(scalar.value);"
                case 2: out += "&#\(scalar.value);"
                case 3: out += "&#x\(String(scalar.value, radix: 16));"
                default: out.append(character)
                }
            }
            return out
        }
        func space() -> String { ["", " ", "  ", "\n    ", "\t", "\r\n"][random.next(6)] }
        for round in 0..<300 {
            let old = name() + "~ipad@2x.png"
            let new = name() + "@2x~ipad.png"
            let quote: Character = random.next(2) == 0 ? "\"" : "'"
            let attribute = random.next(3) == 0 ? "Update" : "Include"
            var element =
                "<BundleResource\(space() == "" ? " " : "\n  ")\(attribute)\(space())=\(space())\(quote)"
                + xml(msbuild("Images/" + old), quote: quote) + "\(quote)"
            switch random.next(4) {
            case 0: element += " />"
            case 1:
                element +=
                    " Link\(space())=\(space())\(quote)" + xml(msbuild("Resources/" + old), quote: quote)
                    + "\(quote)/>"
            case 2:
                element +=
                    "><Link>\(space())" + xml(msbuild("Resources/" + old), quote: nil)
                    + "\(space())</Link></BundleResource>"
            default:
                element +=
                    ">\(space())<LogicalName>\(space())" + xml(msbuild(old), quote: nil)
                    + "\(space())</LogicalName>\(space())</BundleResource>"
            }
            let project = Array(
                "<Project>\r\n<ItemGroup>\n  \(element)\n  <None Include=\"Images\\keep.png\" />\n</ItemGroup></Project>\n"
                    .utf8)
            let context = Comment(rawValue: "round \(round): \(String(decoding: project, as: UTF8.self))")
            let before = try MSBuildProject(data: project, path: "App.csproj").items
            #expect(before.first?.include == "Images/" + old, context)
            let text = try MSBuildText(project, projectPath: "App.csproj")

            let renamed = TextEdit.apply(try text.renaming("Images/" + old, to: new).get(), to: project)
            let items = try MSBuildProject(data: renamed, path: "App.csproj").items
            #expect(items.map(\.include) == ["Images/" + new, "Images/keep.png"], context)
            if let link = before.first?.link {
                #expect(link == "Resources/" + old, context)
                #expect(items.first?.link == "Resources/" + new, context)
            }
            if let logicalName = before.first?.logicalName {
                #expect(logicalName == old, context)
                #expect(items.first?.logicalName == new, context)
            }

            let removed = TextEdit.apply(try text.removing("Images/" + old).get(), to: project)
            #expect(
                try MSBuildProject(data: removed, path: "App.csproj").items.map(\.include) == ["Images/keep.png"],
                context)
        }
    }
}

extension String {
    /// Padded with zeros on the left to `count` characters.
    fileprivate func leftPadded(to count: Int) -> String {
        String(repeating: "0", count: max(0, count - self.count)) + self
    }
}
