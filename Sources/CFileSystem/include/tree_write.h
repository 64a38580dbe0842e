#ifndef TALLCHECK_TREE_WRITE_H
#define TALLCHECK_TREE_WRITE_H

/// Renames the entry `from` of the folder open as `from_folder` to `to` in `to_folder`, never
/// replacing what is there (EEXIST): Linux's renameat2 with RENAME_NOREPLACE, macOS's
/// renameatx_np with RENAME_EXCL, else a hard link made and the old name unlinked. Neither name
/// is followed if it is a symbolic link. Returns 0, or -1 with errno set.
int tc_rename_noreplace(int from_folder, const char *from, int to_folder, const char *to);

#endif
