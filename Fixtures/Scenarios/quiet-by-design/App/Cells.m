#import <UIKit/UIKit.h>

static void Clear(UIImageView *view) { view.image = [UIImage imageNamed:@""]; }
static UIImage *Backdrop(void) { return [UIImage imageNamed:@"Backdrop"]; }
static UIImage *Divider(void) { return [UIImage imageNamed:@"Divider"]; }
static UIImage *Gear(void) { return [UIImage imageNamed:@"Gear"]; }
