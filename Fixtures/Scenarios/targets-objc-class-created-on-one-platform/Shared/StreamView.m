#import "OnScreenControls.h"
#import "Menu.h"

@implementation StreamView
- (void)setUp {
    _menu = [[Menu alloc] init];
#if !TARGET_OS_TV
    _controls = [[OnScreenControls alloc] initWithView:self];
#endif
    UIImage *shelf = [UIImage imageNamed:@"shelf"];
}
@end
