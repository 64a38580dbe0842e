[UIImage imageNamed:@"a"]; [UIImage imageNamed:[NSString stringWithFormat:@"f_%@", c]];
[UIImage imageWithContentsOfFile:[[NSBundle mainBundle] pathForResource:@"p" ofType:@"jpg"]];
