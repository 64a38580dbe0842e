#define kHeaderIcon @"header-icon"
