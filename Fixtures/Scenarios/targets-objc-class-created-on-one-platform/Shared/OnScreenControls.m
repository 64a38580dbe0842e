#import "OnScreenControls.h"

@implementation OnScreenControls
- (void)layout {
    UIImage *a = [UIImage imageNamed:@"a-button"];
    UIImage *b = [UIImage imageNamed:@"b-button"];
}
@end
