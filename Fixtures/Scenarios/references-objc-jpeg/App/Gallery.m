#import <UIKit/UIKit.h>

/* [UIImage imageNamed:@"photo"] in a comment asks for nothing */
UIImage *withoutExtension(void) { return [UIImage imageNamed:@"photo"]; }
UIImage *withExtension(void) { return [UIImage imageNamed:@"photo.jpg"]; }
