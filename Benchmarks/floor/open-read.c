/* The kernel's part of reading a vdir: what any reader that opens each file pays.
 *
 *   open-read DIRECTORY...
 *
 * Each directory on a thread of its own (as freetime reads two people on two cores): every
 * file not starting with `.` is opened by its name in the directory, fstat'ed, read once into a
 * buffer of 128 KiB and closed, the four system calls freetime makes for a small file. Nothing
 * is parsed. Prints the bytes read.
 */
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static void *read_directory(void *path) {
  static __thread char buffer[1 << 17];
  long long bytes = 0;
  int directory = open(path, O_RDONLY | O_DIRECTORY);
  DIR *listing = directory < 0 ? NULL : fdopendir(dup(directory));
  if (!listing) {
    perror(path);
    return (void *)-1;
  }
  struct dirent *entry;
  while ((entry = readdir(listing))) {
    if (entry->d_name[0] == '.') continue;
    int fd = openat(directory, entry->d_name, O_RDONLY);
    if (fd < 0) continue;
    struct stat info;
    if (fstat(fd, &info) == 0) {
      ssize_t n = read(fd, buffer, sizeof buffer);
      if (n > 0) bytes += n;
    }
    close(fd);
  }
  closedir(listing);
  close(directory);
  return (void *)(long)bytes;
}

int main(int argc, char **argv) {
  pthread_t threads[64];
  int n = argc - 1 < 64 ? argc - 1 : 64;
  for (int i = 0; i < n; i++) pthread_create(&threads[i], NULL, read_directory, argv[i + 1]);
  long long total = 0;
  int failed = 0;
  for (int i = 0; i < n; i++) {
    void *result;
    pthread_join(threads[i], &result);
    if ((long)result < 0) failed = 1;
    else total += (long)result;
  }
  printf("%lld bytes\n", total);
  return failed ? 2 : 0;
}
