#import <UIKit/UIKit.h>

static UIImage *Logo(void) { return [UIImage imageNamed:@"BioCollect-logo"]; }
