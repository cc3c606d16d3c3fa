// The least a restart that checks every content file can cost on a machine: one lstat per file and nothing else, in C,
// on N threads. A restart also decodes its snapshot, so on a 2-core machine it cannot end before
// (this program's CPU + the decode's CPU) / 2. See docs/reference/performance.md, round 29.
//   gcc -O2 -pthread bench/lstat-floor.c -o /tmp/lstat-floor
//   git -C <site> ls-files -z -- content > /tmp/files.z
//   cd <site> && /usr/bin/time -f '%e s wall, %U s user, %S s system' /tmp/lstat-floor 2 /tmp/files.z
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static char **paths;
static long count;
static long threads;

/** Thread `arg` stats every `threads`-th path from its own index on; answers how many could not be statted. */
static void *stat_share(void *arg) {
  long failed = 0;
  struct stat info;
  for (long at = (long)arg; at < count; at += threads) if (lstat(paths[at], &info) != 0) failed++;
  return (void *)failed;
}

int main(int argc, char **argv) {
  if (argc != 3 || (threads = atol(argv[1])) < 1 || threads > 64) {
    fprintf(stderr, "usage: lstat-floor <threads 1-64> <NUL-separated path list>\n");
    return 2;
  }
  FILE *list = fopen(argv[2], "rb");
  if (!list) { perror(argv[2]); return 1; }
  fseek(list, 0, SEEK_END);
  long size = ftell(list);
  rewind(list);
  char *text = malloc(size + 1);
  if (!text || fread(text, 1, size, list) != (size_t)size) { fprintf(stderr, "%s: could not read it\n", argv[2]); return 1; }
  text[size] = 0;
  for (long at = 0; at < size; at++) if (text[at] == 0) count++;
  paths = malloc(count * sizeof(char *));
  long found = 0;
  for (char *path = text; path < text + size && found < count; path += strlen(path) + 1) paths[found++] = path;
  count = found;

  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  pthread_t workers[64];
  for (long t = 0; t < threads; t++) pthread_create(&workers[t], NULL, stat_share, (void *)t);
  long failed = 0;
  for (long t = 0; t < threads; t++) { void *result; pthread_join(workers[t], &result); failed += (long)result; }
  clock_gettime(CLOCK_MONOTONIC, &end);
  double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
  printf("%ld files (%ld not found), %ld threads: %.2f s wall for the lstat calls\n", count, failed, threads, seconds);
  return 0;
}
