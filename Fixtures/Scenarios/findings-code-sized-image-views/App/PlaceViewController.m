#import <UIKit/UIKit.h>

@implementation PlaceViewController
- (void)viewDidLoad {
    UIImageView *inputFrame = [[UIImageView alloc] initWithFrame:CGRectMake(28, 7, 229, 31)];
    inputFrame.image = [UIImage imageNamed:@"textfield.png"];
    UIImageView *spinner = [[UIImageView alloc] initWithFrame:self.view.bounds];
    spinner.image = [UIImage imageNamed:@"spin.png"];
}
@end
