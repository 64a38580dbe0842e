@implementation ListController
- (instancetype)init {
    _folderImage = [UIImage imageNamed:@"folder"];
    return self;
}
- (void)configure:(ListCell *)cell {
    cell.thumbnailImage = self.folderImage;
}
@end
