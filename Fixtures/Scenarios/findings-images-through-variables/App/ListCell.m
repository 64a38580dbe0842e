@implementation ListCell
- (void)setThumbnailImage:(UIImage *)thumbnailImage {
    self.icon = thumbnailImage;
}
- (void)setIcon:(UIImage *)icon
{
    self.thumbnailView.image = icon;
}
- (void)showArt {
    UIImage *img = [UIImage imageNamed:@"cloud"];
    for (UIImageView *view in self.artViews) {
        view.image = img;
    }
    self.badgeView.image = [UIImage imageNamed:@"badge"];
}
@end
