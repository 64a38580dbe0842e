#import "Menu.h"

@implementation Menu
- (void)layout {
    UIImage *art = [UIImage imageNamed:@"menu-art"];
}
@end
