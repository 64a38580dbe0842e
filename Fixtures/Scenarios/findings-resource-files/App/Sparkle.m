#import <UIKit/UIKit.h>

NSData *SparkleData(void) {
    NSURL *url = [[NSBundle mainBundle] URLForResource:@"Sparkle" withExtension:@"png"];
    return [NSData dataWithContentsOfURL:url];
}
