#import <UIKit/UIKit.h>

#if TARGET_OS_TV
UIImage *Shelf(void) { return [UIImage imageNamed:@"tv-shelf"]; }
#endif
// An empty name clears the image on purpose.
void Clear(UIImageView *view) { view.image = [UIImage imageNamed:@""]; }
