#import <UIKit/UIKit.h>

@implementation DropViewController
- (void)tapped:(UITapGestureRecognizer *)gesture {
    NSUInteger num = arc4random() % 3 + 1;
    NSString *filename = [NSString stringWithFormat:@"m%lu", (unsigned long)num];
    UIImage *image = [UIImage imageNamed:filename];
    [self.view addSubview:[[UIImageView alloc] initWithImage:image]];
}
@end
