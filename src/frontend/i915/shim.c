/*
 * libgtsim-i915 libc entry points: discovery of the one render node
 * /dev/dri/renderD128 (226:128) and its sysfs device, and the fd
 * operations on it.  Both the plain and the *64 / _chk names are wrapped
 * (Meson-built drivers call the former, CMake-built ones the latter).
 *
 * Discovery is by path redirection: at load the library writes a small
 * tree (temporary directory T) holding sys/devices/pci0000:00/0000:00:02.0
 * (vendor, device, subsystem ids, revision, class, uevent, config,
 * drm/renderD128), sys/dev/char/226:128, sys/class/drm/renderD128 and
 * dev/dri/{renderD128,by-path/pci-0000:00:02.0-render}; every wrapped call
 * on a path under /dev/dri, /sys/dev/char/226:*, /sys/class/drm or
 * /sys/devices/pci0000:00/0000:00:02.0 goes to T instead, so the host's
 * own GPU nodes are hidden and directory listings, readlink, realpath and
 * fopen work as on sysfs.  stat of the node reports a character device
 * 226:128; opening it returns a render-node fd (i915.c).
 */
#include "i915.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <linux/close_range.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define EXPORT __attribute__((visibility("default")))

#define REAL(name)                                                                                           \
    static __typeof__(&name) real_##name;                                                                    \
    if (!real_##name)                                                                                        \
    real_##name = (__typeof__(&name))dlsym(RTLD_NEXT, #name)

/* ---- the tree ---- */

static char root[80]; /* T, "" until built */
static size_t rootlen;
static pid_t root_pid;
static pthread_once_t root_once = PTHREAD_ONCE_INIT;
static char node_path[128]; /* T/dev/dri/renderD128 */

static int put_file(const char *rel, const void *data, size_t len)
{
    char p[PATH_MAX];
    snprintf(p, sizeof(p), "%s/%s", root, rel);
    REAL(open);
    int fd = real_open(p, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0444);
    if (fd < 0)
        return -1;
    ssize_t n = write(fd, data, len);
    REAL(close);
    real_close(fd);
    return n == (ssize_t)len ? 0 : -1;
}

static int put_str(const char *rel, const char *s)
{
    return put_file(rel, s, strlen(s));
}

static void put_dir(const char *rel)
{
    char p[PATH_MAX];
    snprintf(p, sizeof(p), "%s/%s", root, rel);
    mkdir(p, 0755);
}

static void put_link(const char *rel, const char *target)
{
    char p[PATH_MAX];
    snprintf(p, sizeof(p), "%s/%s", root, rel);
    (void)!symlink(target, p); /* a failure shows in the lookups */
}

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    return flag == FTW_DP ? rmdir(p) : unlink(p);
}

static void root_remove(void)
{
    if (root[0] && getpid() == root_pid)
        nftw(root, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

#define PCI "sys/devices/pci0000:00/0000:00:02.0"

/* Trees left by processes that did not exit normally (killed by a signal):
 * gtsim-i915-PID-* whose PID no longer runs. */
static void remove_stale(const char *dir)
{
    REAL(opendir);
    DIR *d = real_opendir(dir);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d));) {
        long pid;
        char rest[32];
        if (sscanf(e->d_name, "gtsim-i915-%ld-%31s", &pid, rest) != 2 || pid <= 0)
            continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        char p[PATH_MAX];
        snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
        nftw(p, rm_one, 16, FTW_DEPTH | FTW_PHYS);
    }
    closedir(d);
}

static void root_build(void)
{
    const char *tmp = getenv("TMPDIR");
    const char *dir = tmp && *tmp && strlen(tmp) < 40 ? tmp : "/tmp";
    remove_stale(dir);
    char t[80];
    snprintf(t, sizeof(t), "%s/gtsim-i915-%ld-XXXXXX", dir, (long)getpid());
    if (!mkdtemp(t)) {
        fprintf(stderr, "gtsim-i915: cannot create the device tree in %s: %s\n", t, strerror(errno));
        return;
    }
    snprintf(root, sizeof(root), "%s", t);
    const struct i915_identity *id = i915_identity();
    char s[512];
    put_dir("sys");
    put_dir("sys/devices");
    put_dir("sys/devices/pci0000:00");
    put_dir(PCI);
    put_dir(PCI "/drm");
    put_dir(PCI "/drm/renderD128");
    put_dir("sys/bus");
    put_dir("sys/bus/pci");
    put_dir("sys/bus/pci/drivers");
    put_dir("sys/bus/pci/drivers/i915");
    put_dir("sys/dev");
    put_dir("sys/dev/char");
    put_dir("sys/class");
    put_dir("sys/class/drm");
    put_dir("dev");
    put_dir("dev/dri");
    put_dir("dev/dri/by-path");
    int ok = 0;
    ok |= put_str(PCI "/vendor", "0x8086\n");
    snprintf(s, sizeof(s), "0x%04x\n", id->device);
    ok |= put_str(PCI "/device", s);
    ok |= put_str(PCI "/subsystem_vendor", "0x8086\n");
    ok |= put_str(PCI "/subsystem_device", "0x2212\n");
    snprintf(s, sizeof(s), "0x%02x\n", id->revision);
    ok |= put_str(PCI "/revision", s);
    ok |= put_str(PCI "/class", "0x030000\n");
    snprintf(s, sizeof(s),
             "DRIVER=i915\nPCI_CLASS=30000\nPCI_ID=8086:%04X\nPCI_SUBSYS_ID=8086:2212\nPCI_SLOT_NAME=0000:00:02.0\n"
             "MODALIAS=pci:v00008086d%08Xsv00008086sd00002212bc03sc00i00\n",
             id->device, id->device);
    ok |= put_str(PCI "/uevent", s);
    /* PCI configuration header: vendor@0 device@2 revision@8 class@9..11
     * subsystem vendor@0x2c subsystem@0x2e */
    uint8_t cfg[256] = {0};
    cfg[0] = 0x86, cfg[1] = 0x80, cfg[2] = (uint8_t)id->device, cfg[3] = (uint8_t)(id->device >> 8);
    cfg[4] = 0x07; /* memory + I/O + bus master */
    cfg[8] = id->revision, cfg[11] = 0x03;
    cfg[0x2c] = 0x86, cfg[0x2d] = 0x80, cfg[0x2e] = 0x12, cfg[0x2f] = 0x22;
    ok |= put_file(PCI "/config", cfg, sizeof(cfg));
    put_link(PCI "/subsystem", "../../../bus/pci");
    put_link(PCI "/driver", "../../../bus/pci/drivers/i915");
    ok |= put_str(PCI "/drm/renderD128/dev", "226:128\n");
    ok |= put_str(PCI "/drm/renderD128/uevent", "MAJOR=226\nMINOR=128\nDEVNAME=dri/renderD128\nDEVTYPE=drm_minor\n");
    put_link(PCI "/drm/renderD128/device", "../../../0000:00:02.0");
    put_link(PCI "/drm/renderD128/subsystem", "../../../../../class/drm");
    put_link("sys/dev/char/226:128", "../../devices/pci0000:00/0000:00:02.0/drm/renderD128");
    put_link("sys/class/drm/renderD128", "../../devices/pci0000:00/0000:00:02.0/drm/renderD128");
    ok |= put_str("dev/dri/renderD128", "");
    put_link("dev/dri/by-path/pci-0000:00:02.0-render", "../renderD128");
    if (ok)
        fprintf(stderr, "gtsim-i915: cannot write the device tree in %s\n", root);
    rootlen = strlen(root);
    snprintf(node_path, sizeof(node_path), "%s/dev/dri/renderD128", root);
    root_pid = getpid();
    atexit(root_remove);
}

__attribute__((destructor)) static void shim_fini(void)
{
    root_remove();
}

static int has_prefix(const char *p, const char *pre)
{
    size_t n = strlen(pre);
    return !strncmp(p, pre, n) && (p[n] == 0 || p[n] == '/');
}

/* The path to use for p: T/p for the device's paths, else p. */
static const char *redirect(const char *p, char *buf, size_t len)
{
    if (!p || p[0] != '/')
        return p;
    if (!has_prefix(p, "/dev/dri") && strncmp(p, "/sys/dev/char/226:", 18) && !has_prefix(p, "/sys/class/drm") &&
        !has_prefix(p, "/sys/devices/pci0000:00/0000:00:02.0"))
        return p;
    pthread_once(&root_once, root_build);
    if (!root[0])
        return p;
    snprintf(buf, len, "%s%s", root, p);
    return buf;
}

/* 1 if the (redirected) path names the render node. */
static int is_node(const char *rp)
{
    if (!root[0] || strncmp(rp, root, rootlen))
        return 0;
    char r[PATH_MAX];
    REAL(realpath);
    return real_realpath(rp, r) && !strcmp(r, node_path);
}

static void node_stat(struct stat *st)
{
    st->st_mode = S_IFCHR | 0666;
    st->st_rdev = makedev(226, 128);
    st->st_size = 0;
}

/* ---- open ---- */

static int open_common(const char *path, int flags, mode_t mode, int dirfd, int at)
{
    char b[PATH_MAX];
    const char *rp = redirect(path, b, sizeof(b));
    if (rp != path && is_node(rp)) {
        if (flags & O_DIRECTORY) {
            errno = ENOTDIR;
            return -1;
        }
        if ((flags & (O_CREAT | O_EXCL)) == (O_CREAT | O_EXCL)) {
            errno = EEXIST;
            return -1;
        }
        return i915_open(flags);
    }
    if (at) {
        REAL(openat);
        return real_openat(dirfd, rp, flags, mode);
    }
    REAL(open);
    return real_open(rp, flags, mode);
}

#define MODE_ARG(flags)                                                                                      \
    mode_t mode = 0;                                                                                         \
    if ((flags) & (O_CREAT | __O_TMPFILE)) {                                                                 \
        va_list ap;                                                                                          \
        va_start(ap, flags);                                                                                 \
        mode = va_arg(ap, mode_t);                                                                           \
        va_end(ap);                                                                                          \
    }

EXPORT int open(const char *path, int flags, ...)
{
    MODE_ARG(flags);
    return open_common(path, flags, mode, AT_FDCWD, 0);
}

EXPORT int open64(const char *path, int flags, ...)
{
    MODE_ARG(flags);
    return open_common(path, flags | O_LARGEFILE, mode, AT_FDCWD, 0);
}

EXPORT int __open_2(const char *path, int flags)
{
    return open_common(path, flags, 0, AT_FDCWD, 0);
}

EXPORT int __open64_2(const char *path, int flags)
{
    return open_common(path, flags | O_LARGEFILE, 0, AT_FDCWD, 0);
}

EXPORT int openat(int dirfd, const char *path, int flags, ...)
{
    MODE_ARG(flags);
    return open_common(path, flags, mode, dirfd, 1);
}

EXPORT int openat64(int dirfd, const char *path, int flags, ...)
{
    MODE_ARG(flags);
    return open_common(path, flags | O_LARGEFILE, mode, dirfd, 1);
}

EXPORT int __openat_2(int dirfd, const char *path, int flags)
{
    return open_common(path, flags, 0, dirfd, 1);
}

EXPORT int __openat64_2(int dirfd, const char *path, int flags)
{
    return open_common(path, flags | O_LARGEFILE, 0, dirfd, 1);
}

EXPORT FILE *fopen(const char *path, const char *mode)
{
    char b[PATH_MAX];
    const char *rp = redirect(path, b, sizeof(b));
    if (rp != path && is_node(rp)) {
        errno = EACCES; /* a stdio stream of the node is not modelled */
        return NULL;
    }
    REAL(fopen);
    return real_fopen(rp, mode);
}

EXPORT FILE *fopen64(const char *path, const char *mode)
{
    char b[PATH_MAX];
    const char *rp = redirect(path, b, sizeof(b));
    if (rp != path && is_node(rp)) {
        errno = EACCES;
        return NULL;
    }
    REAL(fopen64);
    return real_fopen64(rp, mode);
}

/* ---- stat ---- */

#define STAT_PATH(fn, st_t, follow)                                                                          \
    EXPORT int fn(const char *path, st_t *st)                                                                \
    {                                                                                                        \
        char b[PATH_MAX];                                                                                    \
        const char *rp = redirect(path, b, sizeof(b));                                                       \
        REAL(fn);                                                                                            \
        int r = real_##fn(rp, st);                                                                           \
        if (!r && rp != path && (follow || !S_ISLNK(st->st_mode)) && is_node(rp))                           \
            node_stat((struct stat *)st);                                                                    \
        return r;                                                                                            \
    }
STAT_PATH(stat, struct stat, 1)
STAT_PATH(stat64, struct stat64, 1)
STAT_PATH(lstat, struct stat, 0)
STAT_PATH(lstat64, struct stat64, 0)

#define STAT_FD(fn, st_t)                                                                                    \
    EXPORT int fn(int fd, st_t *st)                                                                          \
    {                                                                                                        \
        REAL(fn);                                                                                            \
        int r = real_##fn(fd, st);                                                                           \
        if (!r && i915_is_fd(fd))                                                                            \
            node_stat((struct stat *)st);                                                                    \
        return r;                                                                                            \
    }
STAT_FD(fstat, struct stat)
STAT_FD(fstat64, struct stat64)

#define STAT_AT(fn, st_t)                                                                                    \
    EXPORT int fn(int dirfd, const char *path, st_t *st, int flags)                                          \
    {                                                                                                        \
        char b[PATH_MAX];                                                                                    \
        const char *rp = redirect(path, b, sizeof(b));                                                       \
        REAL(fn);                                                                                            \
        int r = real_##fn(dirfd, rp, st, flags);                                                             \
        if (!r && rp != path && !(S_ISLNK(st->st_mode)) && is_node(rp))                                      \
            node_stat((struct stat *)st);                                                                    \
        else if (!r && !path[0] && (flags & AT_EMPTY_PATH) && i915_is_fd(dirfd))                     \
            node_stat((struct stat *)st);                                                                    \
        return r;                                                                                            \
    }
STAT_AT(fstatat, struct stat)
STAT_AT(fstatat64, struct stat64)

/* Binaries built against glibc < 2.33 call the versioned __xstat family. */
int __xstat(int ver, const char *path, struct stat *st);
int __xstat64(int ver, const char *path, struct stat64 *st);
int __lxstat(int ver, const char *path, struct stat *st);
int __lxstat64(int ver, const char *path, struct stat64 *st);
int __fxstat(int ver, int fd, struct stat *st);
int __fxstat64(int ver, int fd, struct stat64 *st);
#define XSTAT_PATH(fn, st_t, follow)                                                                         \
    EXPORT int fn(int ver, const char *path, st_t *st)                                                       \
    {                                                                                                        \
        char b[PATH_MAX];                                                                                    \
        const char *rp = redirect(path, b, sizeof(b));                                                       \
        REAL(fn);                                                                                            \
        if (!real_##fn) {                                                                                    \
            errno = ENOSYS;                                                                                  \
            return -1;                                                                                       \
        }                                                                                                    \
        int r = real_##fn(ver, rp, st);                                                                      \
        if (!r && rp != path && (follow || !S_ISLNK(st->st_mode)) && is_node(rp))                           \
            node_stat((struct stat *)st);                                                                    \
        return r;                                                                                            \
    }
XSTAT_PATH(__xstat, struct stat, 1)
XSTAT_PATH(__xstat64, struct stat64, 1)
XSTAT_PATH(__lxstat, struct stat, 0)
XSTAT_PATH(__lxstat64, struct stat64, 0)
#define XSTAT_FD(fn, st_t)                                                                                   \
    EXPORT int fn(int ver, int fd, st_t *st)                                                                 \
    {                                                                                                        \
        REAL(fn);                                                                                            \
        if (!real_##fn) {                                                                                    \
            errno = ENOSYS;                                                                                  \
            return -1;                                                                                       \
        }                                                                                                    \
        int r = real_##fn(ver, fd, st);                                                                      \
        if (!r && i915_is_fd(fd))                                                                            \
            node_stat((struct stat *)st);                                                                    \
        return r;                                                                                            \
    }
XSTAT_FD(__fxstat, struct stat)
XSTAT_FD(__fxstat64, struct stat64)

EXPORT int access(const char *path, int mode)
{
    char b[PATH_MAX];
    REAL(access);
    return real_access(redirect(path, b, sizeof(b)), mode);
}

EXPORT int faccessat(int dirfd, const char *path, int mode, int flags)
{
    char b[PATH_MAX];
    REAL(faccessat);
    return real_faccessat(dirfd, redirect(path, b, sizeof(b)), mode, flags);
}

/* ---- directories, links, names ---- */

EXPORT DIR *opendir(const char *path)
{
    char b[PATH_MAX];
    REAL(opendir);
    return real_opendir(redirect(path, b, sizeof(b)));
}

EXPORT int scandir(const char *path, struct dirent ***list, int (*sel)(const struct dirent *),
                   int (*cmp)(const struct dirent **, const struct dirent **))
{
    char b[PATH_MAX];
    REAL(scandir);
    return real_scandir(redirect(path, b, sizeof(b)), list, sel, cmp);
}

EXPORT int scandir64(const char *path, struct dirent64 ***list, int (*sel)(const struct dirent64 *),
                     int (*cmp)(const struct dirent64 **, const struct dirent64 **))
{
    char b[PATH_MAX];
    REAL(scandir64);
    return real_scandir64(redirect(path, b, sizeof(b)), list, sel, cmp);
}

EXPORT ssize_t readlink(const char *path, char *buf, size_t len)
{
    char b[PATH_MAX];
    REAL(readlink);
    return real_readlink(redirect(path, b, sizeof(b)), buf, len);
}

ssize_t __readlink_chk(const char *path, char *buf, size_t len, size_t buflen);
EXPORT ssize_t __readlink_chk(const char *path, char *buf, size_t len, size_t buflen)
{
    if (len > buflen)
        abort(); /* as glibc's fortify check */
    return readlink(path, buf, len);
}

EXPORT char *realpath(const char *path, char *out)
{
    char b[PATH_MAX];
    const char *rp = redirect(path, b, sizeof(b));
    REAL(realpath);
    char *r = real_realpath(rp, out);
    if (r && root[0] && !strncmp(r, root, rootlen) && (r[rootlen] == '/' || !r[rootlen]))
        memmove(r, r + rootlen, strlen(r + rootlen) + 1);
    return r;
}

char *__realpath_chk(const char *path, char *out, size_t outlen);
EXPORT char *__realpath_chk(const char *path, char *out, size_t outlen)
{
    if (outlen < PATH_MAX)
        abort();
    return realpath(path, out);
}

/* ---- fds ---- */

EXPORT int close(int fd)
{
    REAL(close);
    if (i915_is_fd(fd))
        i915_fd_forget(fd);
    return real_close(fd);
}

EXPORT int close_range(unsigned first, unsigned last, int flags)
{
    REAL(close_range);
    int r = real_close_range(first, last, flags);
    if (!r && !(flags & CLOSE_RANGE_CLOEXEC))
        i915_fd_forget_range(first, last);
    return r;
}

int i915_real_close(int fd)
{
    REAL(close);
    return real_close(fd);
}

int i915_real_dupfd(int fd, int cloexec)
{
    REAL(fcntl);
    return real_fcntl(fd, cloexec ? F_DUPFD_CLOEXEC : F_DUPFD, 0);
}

int i915_real_dup_cloexec(int fd)
{
    REAL(fcntl);
    return real_fcntl(fd, F_DUPFD_CLOEXEC, 3);
}

EXPORT int dup(int fd)
{
    REAL(dup);
    int r = real_dup(fd);
    if (r >= 0)
        i915_fd_dup(fd, r);
    return r;
}

EXPORT int dup2(int fd, int fd2)
{
    REAL(dup2);
    if (fd != fd2 && i915_is_fd(fd2) && fcntl(fd, F_GETFD) >= 0)
        i915_fd_forget(fd2);
    int r = real_dup2(fd, fd2);
    if (r >= 0)
        i915_fd_dup(fd, r);
    return r;
}

EXPORT int dup3(int fd, int fd2, int flags)
{
    REAL(dup3);
    if (fd != fd2 && i915_is_fd(fd2) && fcntl(fd, F_GETFD) >= 0)
        i915_fd_forget(fd2);
    int r = real_dup3(fd, fd2, flags);
    if (r >= 0)
        i915_fd_dup(fd, r);
    return r;
}

static int fcntl_common(int fd, int cmd, void *arg, int is64)
{
    int r;
    if (is64) {
        REAL(fcntl64);
        r = real_fcntl64(fd, cmd, arg);
    } else {
        REAL(fcntl);
        r = real_fcntl(fd, cmd, arg);
    }
    if (r >= 0 && (cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC))
        i915_fd_dup(fd, r);
    return r;
}

EXPORT int fcntl(int fd, int cmd, ...)
{
    va_list ap;
    va_start(ap, cmd);
    void *arg = va_arg(ap, void *);
    va_end(ap);
    return fcntl_common(fd, cmd, arg, 0);
}

EXPORT int fcntl64(int fd, int cmd, ...)
{
    va_list ap;
    va_start(ap, cmd);
    void *arg = va_arg(ap, void *);
    va_end(ap);
    return fcntl_common(fd, cmd, arg, 1);
}

EXPORT int ioctl(int fd, unsigned long req, ...)
{
    va_list ap;
    va_start(ap, req);
    void *arg = va_arg(ap, void *);
    va_end(ap);
    if (i915_is_fd(fd)) {
        int r = i915_ioctl(fd, req, arg);
        if (r < 0) {
            errno = -r;
            return -1;
        }
        return 0;
    }
    REAL(ioctl);
    return real_ioctl(fd, req, arg);
}

void *i915_real_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
    REAL(mmap);
    return real_mmap(addr, len, prot, flags, fd, off);
}

int i915_real_munmap(void *addr, size_t len)
{
    REAL(munmap);
    return real_munmap(addr, len);
}

EXPORT void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
    if (fd >= 0 && !(flags & MAP_ANONYMOUS) && i915_is_fd(fd))
        return i915_mmap(addr, len, prot, flags, fd, (uint64_t)off);
    return i915_real_mmap(addr, len, prot, flags, fd, off);
}

EXPORT void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off64_t off)
{
    return mmap(addr, len, prot, flags, fd, (off_t)off);
}

EXPORT int munmap(void *addr, size_t len)
{
    int r = i915_real_munmap(addr, len);
    if (!r)
        i915_munmap_done(addr, len);
    return r;
}
