#import <UIKit/UIKit.h>

UIImage *Picture(NSString *name) {
    return [UIImage imageNamed:[NSString stringWithFormat:@"%@.png", name]];
}

UIImage *Flag(NSString *code) {
    return [UIImage imageNamed:[NSString stringWithFormat:@"flag_%@", code]];
}
