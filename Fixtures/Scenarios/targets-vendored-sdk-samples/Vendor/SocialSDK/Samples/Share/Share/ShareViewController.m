#import <UIKit/UIKit.h>

static UIImage *Button(void) { return [UIImage imageNamed:@"share-button"]; }
