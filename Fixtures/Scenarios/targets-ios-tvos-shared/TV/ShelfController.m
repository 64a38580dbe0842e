#import <UIKit/UIKit.h>

static UIImage *Shelf(void) { return [UIImage imageNamed:@"shelf"]; }
