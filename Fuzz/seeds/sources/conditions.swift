#if os(macOS)
let a = Image("mac")
#elseif canImport(UIKit) && !targetEnvironment(macCatalyst)
let b = UIImage(named: "b")
#else
#endif
// SDKROOT = appletvos
#include "Base.xcconfig"
TARGETED_DEVICE_FAMILY = $(FAMILY);
#if TARGET_OS_TV
[UIImage imageNamed:@"tv"];
#endif
#if __TVOS__
UIImage.FromBundle ("x");
#endif
