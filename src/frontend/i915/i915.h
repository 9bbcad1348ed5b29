/*
 * libgtsim-i915: the i915 kernel interface of a simulated Intel GPU, loaded
 * into a program with LD_PRELOAD (issue 11).  shim.c wraps the libc entry
 * points (paths, fds, mmap, ioctl); i915.c answers the uAPI with a gtsim
 * device running in the program's own process (include/gtsim.h only).
 *
 * A render-node fd is a real fd: a memfd that also holds the buffer
 * objects' pages (a BO's fake mmap offset is its offset in that memfd, so
 * mmap on the device fd maps the BO's pages MAP_SHARED).  Dup'ed fds share
 * one "file" (one GEM handle namespace), as on the kernel.
 */
#ifndef GTSIM_I915_H
#define GTSIM_I915_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The PCI identity of the simulated device (sysfs and GETPARAM agree). */
struct i915_identity {
    const char *platform; /* gtsim platform name */
    uint16_t device;      /* PCI device id */
    uint8_t revision;
};
const struct i915_identity *i915_identity(void);

/* Open a new file of the render node (flags as open(2)): a new fd, or -1
 * with errno. */
int i915_open(int flags);
/* 1 if fd is a render-node fd of this library. */
int i915_is_fd(int fd);
/* newfd (a real fd just made by dup/dup2/dup3/fcntl from oldfd) refers to
 * the same file as oldfd, if oldfd is a render-node fd. */
void i915_fd_dup(int oldfd, int newfd);
/* fd is about to be closed (or replaced by dup2): forget it; the file's
 * state goes with its last fd. */
void i915_fd_forget(int fd);
/* close_range(first, last): forget the render-node fds in it. */
void i915_fd_forget_range(unsigned first, unsigned last);
/* An ioctl on a render-node fd: 0, or -errno. */
int i915_ioctl(int fd, unsigned long request, void *arg);
/* mmap of a render-node fd at offset: the mapping of the live buffer
 * object whose mmap offset it is (len at most its size), tracked until
 * munmap; else MAP_FAILED with errno (EINVAL as the kernel). */
void *i915_mmap(void *addr, size_t len, int prot, int flags, int fd, uint64_t offset);
/* [addr, addr+len) was unmapped: the BO mappings wholly inside it end. */
void i915_munmap_done(void *addr, size_t len);

/* Pointers the caller passes are copied with these: -EFAULT instead of a
 * crash for a bad pointer. */
int i915_copy_from_user(void *dst, uint64_t src, size_t len);
int i915_copy_to_user(uint64_t dst, const void *src, size_t len);

/* The real libc functions (shim.c), for i915.c's own use. */
void *i915_real_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
int i915_real_munmap(void *addr, size_t len);
int i915_real_close(int fd);
int i915_real_dup_cloexec(int fd); /* a new fd (close-on-exec) not seen by i915_fd_dup */
int i915_real_dupfd(int fd, int cloexec);

#endif
