#import <UIKit/UIKit.h>

UIImage *PKSpinner(void) { return [UIImage imageNamed:@"pod-spinner"]; }
