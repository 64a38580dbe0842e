/* What opening a file costs by the path the probe gives the kernel: openat2 of the whole path
 * from the root (RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS, as tc_open_beneath), openat by name in a
 * folder held open (as FolderCursor), openat2 by name in the folder, and openat of the whole path.
 * Each opens and closes every file of TREE/Images/<folder>/<file>, one thread, three rounds.
 * Usage: cc -O2 -o /tmp/open-paths Benchmarks/open-paths.c && /tmp/open-paths TREE
 * (TREE as Benchmarks/make-tree.py writes it: /tmp/tallcheck-bench-20000). Linux only. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>
#include <time.h>
#include <sys/syscall.h>
#include <linux/openat2.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e3+t.tv_nsec/1e6;}
#define MAX_FILES 100000
char *rel[MAX_FILES]; char *base[MAX_FILES]; int dfd[MAX_FILES]; int n=0;
int main(int argc,char**argv){
  if(argc!=2){fprintf(stderr,"usage: open-paths TREE\n");return 2;}
  const char*root=argv[1]; int rfd=open(root,O_RDONLY|O_DIRECTORY);
  int gfd=rfd<0?-1:openat(rfd,"Images",O_RDONLY|O_DIRECTORY);
  if(gfd<0){perror(root);return 2;}
  DIR*g=fdopendir(dup(gfd)); struct dirent*e;
  while((e=readdir(g))){ if(e->d_name[0]=='.')continue; int sd=openat(gfd,e->d_name,O_RDONLY|O_DIRECTORY);
    DIR*s=fdopendir(dup(sd)); struct dirent*f; while((f=readdir(s))){ if(f->d_name[0]=='.'||n==MAX_FILES)continue;
      char buf[600]; snprintf(buf,sizeof buf,"Images/%s/%s",e->d_name,f->d_name); rel[n]=strdup(buf); base[n]=strdup(f->d_name); dfd[n]=sd; n++;} closedir(s);}
  for(int round=0;round<3;round++){
  double t=now(); for(int i=0;i<n;i++){ struct open_how h={0}; h.flags=O_RDONLY|O_NOFOLLOW|O_CLOEXEC|O_NONBLOCK; h.resolve=RESOLVE_BENEATH|RESOLVE_NO_SYMLINKS|RESOLVE_NO_MAGICLINKS; int fd=syscall(SYS_openat2,rfd,rel[i],&h,sizeof h); close(fd);} double a=now()-t;
  t=now(); for(int i=0;i<n;i++){ int fd=openat(dfd[i],base[i],O_RDONLY|O_NOFOLLOW|O_CLOEXEC|O_NONBLOCK); close(fd);} double b=now()-t;
  t=now(); for(int i=0;i<n;i++){ struct open_how h={0}; h.flags=O_RDONLY|O_NOFOLLOW|O_CLOEXEC|O_NONBLOCK; h.resolve=RESOLVE_BENEATH|RESOLVE_NO_SYMLINKS|RESOLVE_NO_MAGICLINKS; int fd=syscall(SYS_openat2,dfd[i],base[i],&h,sizeof h); close(fd);} double c=now()-t;
  t=now(); for(int i=0;i<n;i++){ int fd=openat(rfd,rel[i],O_RDONLY|O_NOFOLLOW|O_CLOEXEC|O_NONBLOCK); close(fd);} double d=now()-t;
  printf("%d files: openat2 root-rel %.1f ms, openat dirfd %.1f ms, openat2 dirfd %.1f, openat root-rel %.1f\n",n,a,b,c,d);}
}
