#!/usr/bin/env python3
"""Writes a large synthetic iOS app for the source-scanning benchmark.

Usage: Benchmarks/make-app.py N OUTPUT_DIR [SWIFT OBJC STORYBOARDS] [--xcode TARGETS] [--name-flow [--no-any-name]]
       [--localized LANGUAGES]

The images are make-tree.py's (about N PNGs); beside them, under App/, SWIFT Swift files of
about 8 KB (default 3,000), OBJC Objective-C files (1,000) and STORYBOARDS storyboards (50).
As in real apps, most code does not load images by name: one Swift file in four and one
Objective-C file in three ask for images (three names each: existing assets, a dynamic name,
and one missing name in every 50th file); the rest is models and view code whose text holds
look-alikes (UIImageView, Image(systemName:), "UIImage(named:" in comments). Every storyboard
names 20 images.

With --localized LANGUAGES it also writes, as the apps whose unused-image was slow hold (Home
Assistant, DuckDuckGo, Brave: thousands of data strings, most sentences in many languages),
App/Resources/LANG.lproj/Localizable.strings for LANGUAGES languages of 1,500 entries each (a
key, and a sentence of words in that language's letters, accented or not), a UTF-16 one among
them, and App/Data/catalog-N.json files of 2,000 records, one naming an asset in every 400.

With --xcode TARGETS it also writes App.xcodeproj: one iOS app whose Xcode 16 synchronized
folders are App/ and Images/ (every source compiled, every image copied), and TARGETS - 1 app
extensions that build the same folders, for the cost of linting each target as its own app.

With --name-flow, one Swift file in four that names no image directly names some by the paths
real apps use instead (issue 35): a wrapper function called with a literal, an enum's raw values,
enum case names loaded as "\\(self)", a constant, a JSON menu under App/Data, Xcode's generated
symbols and SwiftGen's for the sets of App/Generated.xcassets, and a name built away from the
image API ("badge_\\(level)") for Images/Badges. Images/Tiles is reachable only by an
Objective-C "%@.png" that could be any image (left out with --no-any-name, so that nothing
reaches them). Every asset nothing names is written to
OUTPUT_DIR/expected-unused.txt (one name a line): what `unused-image` must report, no more and
no fewer (Benchmarks/check-unused.py compares).
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

FILLER = """
    /// Loads the model for the row and keeps a cache; UIImageView(frame:) is set up in viewDidLoad.
    func configure{n}(with items: [String], limit: Int) -> [String] {{
        var result: [String] = []
        for (index, item) in items.enumerated() where index < limit {{
            let trimmed = item.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {{ continue }}
            result.append("\\(index): \\(trimmed)")  // not UIImage(named: "x"), a comment
        }}
        let symbol = Image(systemName: "star.fill")
        _ = symbol
        return result.sorted()
    }}
"""


USED = set()


def swift_file(index, assets):
    parts = ["import UIKit\nimport SwiftUI\n\n", f"final class Screen{index}: UIViewController {{\n"]
    if index % 4 == 0:
        a, b = assets[index % len(assets)], assets[(index * 7 + 3) % len(assets)]
        USED.update((a, b))
        parts.append(f'    let icon = UIImage(named: "{a}")\n')
        parts.append(f'    let badge = UIImage(named: "{b}")\n')
        parts.append('    func flag(_ code: String) -> UIImage? { UIImage(named: "flag_\\(code)") }\n')
        if index % 200 == 0:
            parts.append(f'    let gone = UIImage(named: "Missing{index}")\n')
    elif index % 4 == 1 and NAME_FLOW:
        parts.append(indirect_names(index, assets))
    n = 0
    while sum(len(p) for p in parts) < 8000:
        parts.append(FILLER.format(n=n))
        n += 1
    parts.append("}\n")
    return "".join(parts)


def objc_file(index, assets):
    lines = ["#import <UIKit/UIKit.h>\n\n", f"@implementation Legacy{index}\n"]
    if index % 3 == 0:
        USED.add(assets[index % len(assets)])
        lines.append(f'- (UIImage *)icon {{ return [UIImage imageNamed:@"{assets[index % len(assets)]}"]; }}\n')
    if index == 1 and NAME_FLOW:
        if ANY_NAME:
            lines.append('- (UIImage *)picture:(NSString *)name { return [UIImage imageNamed:[NSString stringWithFormat:@"%@.png", name]]; }\n')
        lines.append('- (UIImage *)flag:(NSString *)c { return [UIImage imageNamed:[NSString stringWithFormat:@"flag_%@", c]]; }\n')
    for n in range(40):
        lines.append(f"- (NSInteger)value{n} {{ /* [UIImage imageNamed:@\"x\"] */ return {n} * 2; }}\n")
    lines.append("@end\n")
    return "".join(lines)


def storyboard(index, assets):
    USED.update(assets[(index * 20 + n) % len(assets)] for n in range(20))
    views = "".join(
        f'                        <imageView id="v{index}-{n}" image="{assets[(index * 20 + n) % len(assets)]}"/>\n'
        for n in range(20))
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
    <scenes>
        <scene sceneID="s{index}">
            <objects>
                <viewController id="c{index}" sceneMemberID="viewController">
                    <view key="view" id="r{index}">
                        <subviews>
{views}                        </subviews>
                    </view>
                </viewController>
            </objects>
        </scene>
    </scenes>
</document>
"""


NAME_FLOW = False
ANY_NAME = True  # --no-any-name leaves out the Objective-C "%@.png" that could be any image.
DATA = []  # Names only App/Data/menu.json holds.
# Sets of App/Generated.xcassets (gen-icon-K), badges (Images/Badges/badge_K) and tiles
# (Images/Tiles/tile_K) in --name-flow trees.
GENERATED_SETS, BADGES, TILES = 120, 30, 20


def indirect_names(index, assets):
    """Swift that names five assets and three generated sets without an image API in sight of the
    name; a sixth asset goes to the JSON menu."""
    pick = [assets[(index * 13 + k * 101) % len(assets)] for k in range(6)]
    USED.update(pick)
    DATA.append(pick[5])
    k = (index // 4) % GENERATED_SETS
    symbol, member = f"genIcon{k}", f"genIcon{(k + 1) % GENERATED_SETS}"
    return f"""    // Names that reach an image API by a path of their own.
    func icon{index}(_ name: String) -> UIImage? {{ UIImage(named: name) }}
    lazy var wrapped = icon{index}("{pick[0]}")
    enum Art{index}: String {{ case first = "{pick[1]}", second = "{pick[2]}" }}
    enum Named{index} {{
        case {pick[3]}
        var image: UIImage? {{ UIImage(named: "\\(self)") }}
    }}
    static let constant{index} = "{pick[4]}"
    var level{index} = 3
    var badge{index}: String {{ "badge_\\(level{index})" }}
    var generated{index}: some View {{ Image(.{symbol}) }}
    let member{index}: UIImage = .{member}
    let swiftGen{index} = Asset.genIcon{(k + 2) % GENERATED_SETS}.image
"""


def generated_catalog(root, used_sets):
    """App/Generated.xcassets: GENERATED_SETS sets of one @2x PNG each."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_tree", os.path.join(HERE, "make-tree.py"))
    tree = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tree)
    catalog = os.path.join(root, "App", "Generated.xcassets")
    os.makedirs(catalog, exist_ok=True)
    with open(os.path.join(catalog, "Contents.json"), "w") as handle:
        handle.write('{"info": {"author": "xcode", "version": 1}}\n')
    for k in range(GENERATED_SETS):
        folder = os.path.join(catalog, f"gen-icon-{k}.imageset")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "Contents.json"), "w") as handle:
            handle.write('{"images": [{"idiom": "universal", "filename": "icon@2x.png", "scale": "2x"}], '
                         '"info": {"author": "xcode", "version": 1}}\n')
        with open(os.path.join(folder, "icon@2x.png"), "wb") as handle:
            handle.write(tree.png(40, 40, 7 + k * 31))
    for family, count in (("Badges", BADGES), ("Tiles", TILES)):
        folder = os.path.join(root, "Images", family)
        os.makedirs(folder, exist_ok=True)
        for k in range(count):
            stem = f"{family[:-1].lower()}_{k}"
            for scale in (2, 3):
                with open(os.path.join(folder, f"{stem}@{scale}x.png"), "wb") as handle:
                    handle.write(tree.png(20 * scale, 20 * scale, 11 + k * 17 + scale))


def pbxproj(targets):
    """A project whose targets all build the synchronized folders App and Images."""
    objects = [
        'G1 = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };',
        'G2 = {isa = PBXFileSystemSynchronizedRootGroup; path = Images; sourceTree = "<group>"; };',
        'G0 = {isa = PBXGroup; children = (G1, G2, ); sourceTree = "<group>"; };',
        'C0 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 12.0; SDKROOT = iphoneos; '
        'TARGETED_DEVICE_FAMILY = 1; }; name = Release; };',
        'L0 = {isa = XCConfigurationList; buildConfigurations = (C0, ); };',
    ]
    ids = []
    for index in range(targets):
        kind = "application" if index == 0 else "app-extension"
        ids.append(f"T{index}")
        objects.append(f'T{index} = {{isa = PBXNativeTarget; buildConfigurationList = L0; buildPhases = (); '
                       f'fileSystemSynchronizedGroups = (G1, G2, ); name = Target{index}; '
                       f'productType = "com.apple.product-type.{kind}"; }};')
    objects.append(f'P0 = {{isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; projectDirPath = ""; '
                   f'targets = ({", ".join(ids)}, ); }};')
    body = "\n".join("\t\t" + line for line in objects)
    return f"// !$*UTF8*$!\n{{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {{\n{body}\n\t}};\n\trootObject = P0;\n}}\n"


# The letters each language's sentences are made of: ASCII, Latin with accents, Greek, Cyrillic, kana.
ALPHABETS = ["abcdefghijklmnopqrstuvwxyz", "abcdeéèêfghiîjklmnoôpqrstuùvwxyzç", "αβγδεζηθικλμνξοπρστυφχψω",
             "абвгдежзийклмнопрстуфхцчшщыэюя", "あいうえおかきくけこさしすせそたちつてとなにぬねの"]
STRINGS_PER_LANGUAGE = 1500


def localized(root, languages, assets):
    """Localizable.strings in `languages` languages and JSON catalogs (see the module's doc)."""
    import random
    for number in range(languages):
        rng = random.Random(number)
        letters = ALPHABETS[number % len(ALPHABETS)]
        lines = []
        for entry in range(STRINGS_PER_LANGUAGE):
            words = " ".join("".join(rng.choice(letters) for _ in range(rng.randint(2, 9)))
                             for _ in range(rng.randint(3, 12)))
            lines.append(f'"settings.row.{entry}.title" = "{words.capitalize()} {entry}";\n')
        folder = os.path.join(root, "App", "Resources", f"l{number}.lproj")
        os.makedirs(folder, exist_ok=True)
        text = "".join(lines)
        with open(os.path.join(folder, "Localizable.strings"), "wb") as handle:
            # Xcode's older projects keep some as UTF-16 with a byte order mark.
            handle.write(b"\xff\xfe" + text.encode("utf-16-le") if number == 1 else text.encode())
    os.makedirs(os.path.join(root, "App", "Data"), exist_ok=True)
    for number in range(max(1, languages // 4)):
        records = []
        for entry in range(2000):
            icon = assets[(number * 2000 + entry) % len(assets)] if entry % 400 == 0 else f"glyph-{entry}"
            records.append(f'{{"id": {entry}, "name": "Item {number}-{entry}", "icon": "{icon}", '
                           f'"summary": "A record of the catalog, number {entry}"}}')
            if entry % 400 == 0:
                USED.add(icon)
        with open(os.path.join(root, "App", "Data", f"catalog-{number}.json"), "w") as handle:
            handle.write("[\n" + ",\n".join(records) + "\n]\n")


def main():
    global NAME_FLOW, ANY_NAME
    if "--no-any-name" in sys.argv:
        ANY_NAME = False
        sys.argv.remove("--no-any-name")
    if "--name-flow" in sys.argv:
        NAME_FLOW = True
        sys.argv.remove("--name-flow")
    xcode = 0
    if "--xcode" in sys.argv:
        at = sys.argv.index("--xcode")
        xcode = int(sys.argv[at + 1])
        del sys.argv[at:at + 2]
    languages = 0
    if "--localized" in sys.argv:
        at = sys.argv.index("--localized")
        languages = int(sys.argv[at + 1])
        del sys.argv[at:at + 2]
    count, root = int(sys.argv[1]), sys.argv[2]
    swift, objc, boards = (int(x) for x in (sys.argv[3:6] if len(sys.argv) >= 6 else (3000, 1000, 50)))
    subprocess.run([sys.executable, os.path.join(HERE, "make-tree.py"), str(count), root], check=True,
                   stdout=subprocess.DEVNULL)
    assets = sorted({name.split("@")[0].split("-568h")[0].removesuffix(".png")
                     for _, _, files in os.walk(os.path.join(root, "Images")) for name in files})
    for kind, total, make, ext in (("Swift", swift, swift_file, "swift"), ("ObjC", objc, objc_file, "m"),
                                   ("Storyboards", boards, storyboard, "storyboard")):
        for index in range(total):
            folder = os.path.join(root, "App", kind, f"Part{index // 100:02d}")
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, f"File{index}.{ext}"), "w") as handle:
                handle.write(make(index, assets))
    if languages:
        localized(root, languages, assets)
    if NAME_FLOW:
        used_sets = set()
        for index in range(1, swift, 4):
            k = (index // 4) % GENERATED_SETS
            used_sets.update((k, (k + 1) % GENERATED_SETS, (k + 2) % GENERATED_SETS))
        generated_catalog(root, used_sets)
        os.makedirs(os.path.join(root, "App", "Data"), exist_ok=True)
        with open(os.path.join(root, "App", "Data", "menu.json"), "w") as handle:
            handle.write("[" + ", ".join(f'{{"title": "Item {n}", "icon": "{name}"}}' for n, name in enumerate(DATA))
                         + "]\n")
        unused = sorted(set(assets) - USED) + [f"gen-icon-{k}" for k in range(GENERATED_SETS) if k not in used_sets]
        unused += [f"tile_{k}" for k in range(TILES)]
        with open(os.path.join(root, "expected-unused.txt"), "w") as handle:
            handle.write("".join(f"{name}\n" for name in unused))
        print(f"{len(unused)} images nothing names, in {root}/expected-unused.txt")
    if xcode:
        os.makedirs(os.path.join(root, "App.xcodeproj"), exist_ok=True)
        with open(os.path.join(root, "App.xcodeproj", "project.pbxproj"), "w") as handle:
            handle.write(pbxproj(xcode))
    print(f"{swift} Swift, {objc} Objective-C, {boards} storyboards beside the images in {root}")


if __name__ == "__main__":
    main()
