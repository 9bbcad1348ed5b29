/*
 * The i915 device (libgtsim-i915.so) seen from a program: discovery of the
 * render node and its sysfs device, each implemented ioctl with good and
 * bad input (the errno the i915 kernel driver gives), execbuffers with
 * softpin and with relocations whose results are checked in memory, a
 * batch that runs off its object (a GPU hang: context guilty, then EIO),
 * dup'ed fds, two files, and several threads.  Run under
 * `gtsim exec --via i915`; prints "PASS i915_uapi" when every check holds.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <drm.h>
#include <i915_drm.h>

static int failures;
static uint32_t timeline_t1; /* a timeline syncobj at point 5 (test_basic) */
static const char *self_exe;
static int count_entries(const char *dir, const char *prefix);
#define CHECK(cond, ...)                                                                                     \
    do {                                                                                                     \
        if (!(cond)) {                                                                                       \
            failures++;                                                                                      \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                      \
            printf(__VA_ARGS__);                                                                             \
            printf("\n");                                                                                    \
        }                                                                                                    \
    } while (0)

/* ioctl(fd, req, arg) must fail with errno e */
#define EXPECT_ERR(e, fd, req, ...)                                                                          \
    do {                                                                                                     \
        errno = 0;                                                                                           \
        int r_ = ioctl(fd, req, __VA_ARGS__);                                                                        \
        CHECK(r_ == -1 && errno == (e), "%s: got %d errno %d (%s), want %s", #req, r_, errno, strerror(errno), \
              #e);                                                                                           \
    } while (0)
#define EXPECT_OK(fd, req, ...)                                                                              \
    do {                                                                                                     \
        int r_ = ioctl(fd, req, __VA_ARGS__);                                                                        \
        CHECK(r_ == 0, "%s: got %d errno %d (%s)", #req, r_, errno, strerror(errno));                        \
    } while (0)

#define MI_BATCH_BUFFER_END (0x0au << 23)
#define MI_STORE_DATA_IMM ((0x20u << 23) | 2u) /* DWord store, 48-bit address (seed 004) */

static uint32_t gem_create(int fd, uint64_t size)
{
    struct drm_i915_gem_create c = {.size = size};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_CREATE, &c);
    return c.handle;
}

static void *gem_map(int fd, uint32_t h, size_t size)
{
    struct drm_i915_gem_mmap_offset m = {.handle = h, .flags = I915_MMAP_OFFSET_WB};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &m);
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)m.offset);
    CHECK(p != MAP_FAILED, "mmap of a BO: %s", strerror(errno));
    return p == MAP_FAILED ? NULL : p;
}

static void gem_close(int fd, uint32_t h)
{
    struct drm_gem_close c = {.handle = h};
    EXPECT_OK(fd, DRM_IOCTL_GEM_CLOSE, &c);
}

static int execbuf(int fd, struct drm_i915_gem_exec_object2 *o, unsigned n, uint32_t ctx, uint64_t flags)
{
    struct drm_i915_gem_execbuffer2 x = {0};
    x.buffers_ptr = (uintptr_t)o;
    x.buffer_count = n;
    x.flags = flags;
    x.rsvd1 = ctx;
    return ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &x) ? -errno : 0;
}

/* A batch storing value at gva, softpinned at batch_va, data BO at data_va;
 * returns 0 and checks the stored value. */
static void store_softpin(int fd, uint32_t ctx, uint64_t data_va, uint64_t batch_va, uint32_t value)
{
    uint32_t data = gem_create(fd, 4096), batch = gem_create(fd, 4096);
    uint32_t *d = gem_map(fd, data, 4096), *b = gem_map(fd, batch, 4096);
    if (!d || !b)
        return;
    uint32_t cmds[] = {MI_STORE_DATA_IMM, (uint32_t)(data_va + 16), (uint32_t)((data_va + 16) >> 32), value,
                       MI_BATCH_BUFFER_END, 0};
    memcpy(b, cmds, sizeof(cmds));
    struct drm_i915_gem_exec_object2 o[2] = {0};
    o[0].handle = data;
    o[0].offset = data_va;
    o[0].flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_SUPPORTS_48B_ADDRESS | EXEC_OBJECT_WRITE;
    o[1].handle = batch;
    o[1].offset = batch_va;
    o[1].flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_SUPPORTS_48B_ADDRESS;
    int r = execbuf(fd, o, 2, ctx, 0);
    CHECK(r == 0, "softpin execbuffer: %s", strerror(-r));
    CHECK(d[4] == value, "softpin store: 0x%x, want 0x%x", d[4], value);
    CHECK(d[3] == 0 && d[5] == 0, "softpin store touched its neighbours");
    munmap(d, 4096);
    munmap(b, 4096);
    gem_close(fd, data);
    gem_close(fd, batch);
}

/* A softpinned batch storing value at offset 64 of the BO data. */
static void store_into(int fd, uint32_t data, uint64_t data_va, uint32_t value)
{
    uint32_t batch = gem_create(fd, 4096);
    uint32_t *b = gem_map(fd, batch, 4096);
    if (!b)
        return;
    uint32_t cmds[] = {MI_STORE_DATA_IMM, (uint32_t)(data_va + 64), (uint32_t)((data_va + 64) >> 32), value,
                       MI_BATCH_BUFFER_END, 0};
    memcpy(b, cmds, sizeof(cmds));
    struct drm_i915_gem_exec_object2 o[2] = {
        {.handle = data, .offset = data_va, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE},
        {.handle = batch, .offset = data_va + 0x100000, .flags = EXEC_OBJECT_PINNED}};
    int r = execbuf(fd, o, 2, 0, 0);
    CHECK(r == 0, "store_into: %s", strerror(-r));
    munmap(b, 4096);
    gem_close(fd, batch);
}

/* PRIME: export a BO as a dma-buf fd, import it in the same and another file. */
static void test_prime(void)
{
    int a = open("/dev/dri/renderD128", O_RDWR), c = open("/dev/dri/renderD128", O_RDWR);
    struct drm_get_cap cap = {.capability = DRM_CAP_PRIME};
    EXPECT_OK(a, DRM_IOCTL_GET_CAP, &cap);
    CHECK(cap.value == (DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT), "GET_CAP PRIME %llu",
          (unsigned long long)cap.value);
    uint32_t h = gem_create(a, 8192);
    uint32_t *m = gem_map(a, h, 8192);
    if (!m)
        return;
    m[0] = 0x11223344;
    struct drm_prime_handle ph = {.handle = h, .flags = DRM_CLOEXEC | DRM_RDWR};
    EXPECT_OK(a, DRM_IOCTL_PRIME_HANDLE_TO_FD, &ph);
    CHECK(ph.fd > 2 && lseek(ph.fd, 0, SEEK_END) == 8192, "dma-buf size %lld", (long long)lseek(ph.fd, 0, SEEK_END));
    uint32_t *dm = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, ph.fd, 0);
    CHECK(dm != MAP_FAILED && dm[0] == 0x11223344, "the dma-buf does not hold the BO's bytes");
    m[1] = 0x55667788; /* the earlier mapping still aliases the object */
    CHECK(dm != MAP_FAILED && dm[1] == 0x55667788, "the BO's mapping and the dma-buf's differ after export");
    struct drm_prime_handle same = {.fd = ph.fd};
    EXPECT_OK(a, DRM_IOCTL_PRIME_FD_TO_HANDLE, &same);
    CHECK(same.handle == h, "import in the exporting file: handle %u, want %u", same.handle, h);
    struct drm_prime_handle other = {.fd = ph.fd};
    EXPECT_OK(c, DRM_IOCTL_PRIME_FD_TO_HANDLE, &other);
    store_into(c, other.handle, 0x900000, 0xabcdef01); /* the GPU writes through the other file's handle */
    CHECK(dm != MAP_FAILED && dm[16] == 0xabcdef01 && m[16] == 0xabcdef01, "a GPU write through the importer: %x %x",
          dm != MAP_FAILED ? dm[16] : 0, m[16]);
    store_into(a, h, 0x900000, 0x0badcafe);
    CHECK(m[16] == 0x0badcafe, "a GPU write through the exporter: %x", m[16]);
    int plain = open("/proc/self/stat", O_RDONLY);
    struct drm_prime_handle bad = {.fd = plain};
    EXPECT_ERR(EINVAL, a, DRM_IOCTL_PRIME_FD_TO_HANDLE, &bad);
    close(plain);
    bad.fd = 9999;
    EXPECT_ERR(EBADF, a, DRM_IOCTL_PRIME_FD_TO_HANDLE, &bad);
    bad = (struct drm_prime_handle){.handle = 777};
    EXPECT_ERR(ENOENT, a, DRM_IOCTL_PRIME_HANDLE_TO_FD, &bad);
    bad = (struct drm_prime_handle){.handle = h, .flags = 0x10};
    EXPECT_ERR(EINVAL, a, DRM_IOCTL_PRIME_HANDLE_TO_FD, &bad);
    if (dm != MAP_FAILED)
        munmap(dm, 8192);
    munmap(m, 8192);
    gem_close(a, h);
    gem_close(c, other.handle);
    close(ph.fd);
    close(a);
    close(c);
}

/* ---- memory regions (DRM_I915_QUERY_MEMORY_REGIONS, GEM_CREATE_EXT) ---- */

/* GEM_CREATE_EXT of size bytes placed in the n regions {class, instance}
 * of cls[] (n = 0: no MEMORY_REGIONS extension): 0 and *h, or the errno. */
static int create_in(int fd, uint64_t size, const uint16_t (*cls)[2], unsigned n, uint32_t flags, uint32_t *h)
{
    struct drm_i915_gem_memory_class_instance r[8];
    for (unsigned i = 0; i < n && i < 8; i++)
        r[i] = (struct drm_i915_gem_memory_class_instance){cls[i][0], cls[i][1]};
    struct drm_i915_gem_create_ext_memory_regions mr = {
        .base = {.name = I915_GEM_CREATE_EXT_MEMORY_REGIONS}, .num_regions = n, .regions = (uintptr_t)r};
    struct drm_i915_gem_create_ext c = {.size = size, .flags = flags, .extensions = n ? (uintptr_t)&mr : 0};
    if (ioctl(fd, DRM_IOCTL_I915_GEM_CREATE_EXT, &c))
        return errno;
    *h = c.handle;
    return 0;
}

/* The MEMORY_REGIONS query into q (room for 4 regions): 0, or -1. */
static int query_regions(int fd, struct drm_i915_query_memory_regions *q)
{
    struct drm_i915_query_item it = {.query_id = DRM_I915_QUERY_MEMORY_REGIONS};
    struct drm_i915_query qq = {.num_items = 1, .items_ptr = (uintptr_t)&it};
    if (ioctl(fd, DRM_IOCTL_I915_QUERY, &qq) || it.length <= 0 ||
        (size_t)it.length > sizeof(*q) + 4 * sizeof(q->regions[0]))
        return -1;
    it.data_ptr = (uintptr_t)q;
    if (ioctl(fd, DRM_IOCTL_I915_QUERY, &qq) || it.length <= 0)
        return -1;
    return 0;
}

static const uint16_t R_SMEM[1][2] = {{I915_MEMORY_CLASS_SYSTEM, 0}};
static const uint16_t R_LMEM[1][2] = {{I915_MEMORY_CLASS_DEVICE, 0}};

/* An integrated GPU (skl): system memory only. */
static void test_regions_integrated(int fd)
{
    union {
        struct drm_i915_query_memory_regions q;
        uint8_t b[sizeof(struct drm_i915_query_memory_regions) + 4 * sizeof(struct drm_i915_memory_region_info)];
    } u;
    memset(&u, 0, sizeof(u));
    CHECK(query_regions(fd, &u.q) == 0, "MEMORY_REGIONS query failed");
    CHECK(u.q.num_regions == 1 && u.q.regions[0].region.memory_class == I915_MEMORY_CLASS_SYSTEM,
          "integrated: %u regions, first of class %u", u.q.num_regions, u.q.regions[0].region.memory_class);
    uint32_t h = 0;
    CHECK(create_in(fd, 4096, R_SMEM, 1, 0, &h) == 0, "GEM_CREATE_EXT in system memory");
    if (h) {
        struct drm_i915_gem_mmap_offset mo = {.handle = h, .flags = I915_MMAP_OFFSET_FIXED};
        EXPECT_ERR(ENODEV, fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &mo); /* FIXED: discrete only */
        gem_close(fd, h);
    }
    CHECK(create_in(fd, 4096, R_LMEM, 1, 0, &h) == EINVAL, "GEM_CREATE_EXT in local memory on an integrated GPU");
}

/* A discrete GPU (dg1): the query lists system and local memory; objects
 * placed in local memory are written by the GPU (a batch in local memory
 * storing into local and system memory objects) and read back through
 * their FIXED mappings; bad placements give i915's errno.  Prints the
 * handles of the two data objects for live.sh to find their PTEs. */
static void test_regions_discrete(int fd)
{
    union {
        struct drm_i915_query_memory_regions q;
        uint8_t b[sizeof(struct drm_i915_query_memory_regions) + 4 * sizeof(struct drm_i915_memory_region_info)];
    } u0, u1, u2;
    memset(&u0, 0, sizeof(u0));
    CHECK(query_regions(fd, &u0.q) == 0, "MEMORY_REGIONS query failed");
    CHECK(u0.q.num_regions == 2, "discrete: %u regions, want 2", u0.q.num_regions);
    const struct drm_i915_memory_region_info *sm = &u0.q.regions[0], *lm = &u0.q.regions[1];
    CHECK(sm->region.memory_class == I915_MEMORY_CLASS_SYSTEM && sm->region.memory_instance == 0,
          "region 0: class %u instance %u", sm->region.memory_class, sm->region.memory_instance);
    CHECK(lm->region.memory_class == I915_MEMORY_CLASS_DEVICE && lm->region.memory_instance == 0,
          "region 1: class %u instance %u", lm->region.memory_class, lm->region.memory_instance);
    CHECK(lm->probed_size == 4ull << 30, "local memory probed_size %llu, want 4 GiB",
          (unsigned long long)lm->probed_size);
    CHECK(lm->unallocated_size <= lm->probed_size, "local memory unallocated_size above probed_size");

    /* bad placements: the kernel's EINVAL (EFAULT for a bad pointer) */
    uint32_t h = 0;
    const uint16_t unknown[1][2] = {{I915_MEMORY_CLASS_DEVICE, 1}}, bad_class[1][2] = {{7, 0}};
    const uint16_t dup[2][2] = {{I915_MEMORY_CLASS_DEVICE, 0}, {I915_MEMORY_CLASS_DEVICE, 0}};
    const uint16_t both[2][2] = {{I915_MEMORY_CLASS_DEVICE, 0}, {I915_MEMORY_CLASS_SYSTEM, 0}};
    const uint16_t many[8][2] = {{0, 0}};
    CHECK(create_in(fd, 4096, unknown, 1, 0, &h) == EINVAL, "GEM_CREATE_EXT in local memory instance 1");
    CHECK(create_in(fd, 4096, bad_class, 1, 0, &h) == EINVAL, "GEM_CREATE_EXT in memory class 7");
    CHECK(create_in(fd, 4096, dup, 2, 0, &h) == EINVAL, "GEM_CREATE_EXT with a duplicated region");
    CHECK(create_in(fd, 4096, many, 8, 0, &h) == EINVAL, "GEM_CREATE_EXT with 8 regions");
    CHECK(create_in(fd, 4096, both, 0, I915_GEM_CREATE_EXT_FLAG_NEEDS_CPU_ACCESS, &h) == EINVAL,
          "NEEDS_CPU_ACCESS without placements");
    CHECK(create_in(fd, 4096, R_LMEM, 1, I915_GEM_CREATE_EXT_FLAG_NEEDS_CPU_ACCESS, &h) == EINVAL,
          "NEEDS_CPU_ACCESS with one placement");
    CHECK(create_in(fd, 4096, R_LMEM, 1, 1u << 5, &h) == EINVAL, "GEM_CREATE_EXT with an unknown flag");
    {
        struct drm_i915_gem_create_ext_memory_regions mr = {
            .base = {.name = I915_GEM_CREATE_EXT_MEMORY_REGIONS}, .num_regions = 1, .regions = 8};
        struct drm_i915_gem_create_ext c = {.size = 4096, .extensions = (uintptr_t)&mr};
        EXPECT_ERR(EFAULT, fd, DRM_IOCTL_I915_GEM_CREATE_EXT, &c);
        struct drm_i915_gem_memory_class_instance r = {I915_MEMORY_CLASS_DEVICE, 0};
        struct drm_i915_gem_create_ext_memory_regions mr2 = {
            .base = {.name = I915_GEM_CREATE_EXT_MEMORY_REGIONS}, .num_regions = 1, .regions = (uintptr_t)&r};
        mr.regions = (uintptr_t)&r;
        mr.base.next_extension = (uintptr_t)&mr2;
        EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_CREATE_EXT, &c); /* placements given twice */
        mr.base.next_extension = 0;
        mr.pad = 1;
        EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_CREATE_EXT, &c);
    }
    CHECK(create_in(fd, 4096, both, 2, I915_GEM_CREATE_EXT_FLAG_NEEDS_CPU_ACCESS, &h) == 0,
          "NEEDS_CPU_ACCESS with local and system memory");
    if (h)
        gem_close(fd, h);

    /* Linux i915_pci.c dg1_info (fact): no LLC, a 47-bit PPGTT; discrete
     * GPUs refuse SET_DOMAIN and SET/GET_CACHING (ENODEV) */
    int llc = -1;
    drm_i915_getparam_t gp = {.param = I915_PARAM_HAS_LLC, .value = &llc};
    EXPECT_OK(fd, DRM_IOCTL_I915_GETPARAM, &gp);
    CHECK(llc == 0, "dg1 HAS_LLC %d, want 0", llc);
    struct drm_i915_gem_context_param cp = {.param = I915_CONTEXT_PARAM_GTT_SIZE};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &cp);
    CHECK(cp.value == 1ull << 47, "dg1 GTT_SIZE 0x%llx, want 2^47", (unsigned long long)cp.value);
    CHECK(create_in(fd, 8192, R_SMEM, 1, 0, &h) == 0, "GEM_CREATE_EXT of 8 KiB in system memory");
    if (h) {
        struct drm_i915_gem_set_domain sd = {.handle = h, .read_domains = I915_GEM_DOMAIN_CPU};
        EXPECT_ERR(ENODEV, fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd);
        struct drm_i915_gem_caching cg = {.handle = h, .caching = I915_CACHING_CACHED};
        EXPECT_ERR(ENODEV, fd, DRM_IOCTL_I915_GEM_SET_CACHING, &cg);
        EXPECT_ERR(ENODEV, fd, DRM_IOCTL_I915_GEM_GET_CACHING, &cg);
        /* no mappable aperture: no fences, no tiling ioctls (Linux intel_ggtt_fencing.c, fact) */
        struct drm_i915_gem_set_tiling st = {.handle = h, .tiling_mode = I915_TILING_X, .stride = 512};
        EXPECT_ERR(EOPNOTSUPP, fd, DRM_IOCTL_I915_GEM_SET_TILING, &st);
        struct drm_i915_gem_get_tiling gt = {.handle = h};
        EXPECT_ERR(EOPNOTSUPP, fd, DRM_IOCTL_I915_GEM_GET_TILING, &gt);
        int fences = -1;
        drm_i915_getparam_t fp = {.param = I915_PARAM_NUM_FENCES_AVAIL, .value = &fences};
        EXPECT_OK(fd, DRM_IOCTL_I915_GETPARAM, &fp);
        CHECK(fences == 0, "dg1 NUM_FENCES_AVAIL %d, want 0", fences);
        /* softpinned across the end of the 47-bit address space: EINVAL */
        struct drm_i915_gem_exec_object2 eo = {.handle = h, .offset = (1ull << 47) - 4096,
                                               .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_SUPPORTS_48B_ADDRESS};
        CHECK(execbuf(fd, &eo, 1, 0, 0) == -EINVAL, "softpin across 2^47 accepted");
        gem_close(fd, h);
    }

    /* a batch in local memory stores into a local and a system memory object */
    const uint64_t data_size = 1 << 20;
    uint32_t ldata = 0, sdata = 0, batch = 0;
    CHECK(create_in(fd, data_size, R_LMEM, 1, 0, &ldata) == 0, "GEM_CREATE_EXT 1 MiB in local memory");
    CHECK(create_in(fd, 4096, R_SMEM, 1, 0, &sdata) == 0, "GEM_CREATE_EXT in system memory");
    CHECK(create_in(fd, 4096, R_LMEM, 1, 0, &batch) == 0, "GEM_CREATE_EXT of the batch in local memory");
    if (!ldata || !sdata || !batch)
        return;
    printf("local data handle %u, system data handle %u\n", ldata, sdata);
    struct drm_i915_gem_mmap_offset mo = {.handle = ldata, .flags = I915_MMAP_OFFSET_WB};
    EXPECT_ERR(ENODEV, fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &mo); /* discrete: FIXED only */
    mo.flags = I915_MMAP_OFFSET_GTT;
    EXPECT_ERR(ENODEV, fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &mo);
    struct drm_i915_gem_mmap gm = {.handle = ldata, .size = 4096};
    EXPECT_ERR(EOPNOTSUPP, fd, DRM_IOCTL_I915_GEM_MMAP, &gm);
    uint32_t *map[3] = {0};
    const uint32_t hs[3] = {ldata, sdata, batch};
    const uint64_t sizes[3] = {data_size, 4096, 4096};
    for (int i = 0; i < 3; i++) {
        mo = (struct drm_i915_gem_mmap_offset){.handle = hs[i], .flags = I915_MMAP_OFFSET_FIXED};
        EXPECT_OK(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &mo);
        void *p = mmap(NULL, sizes[i], PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)mo.offset);
        CHECK(p != MAP_FAILED, "mmap (FIXED) of object %d: %s", i, strerror(errno));
        map[i] = p == MAP_FAILED ? NULL : p;
    }
    if (!map[0] || !map[1] || !map[2])
        return;
    /* one store per 64 KiB of the local object (every 16th page), two into the system one */
    const uint64_t lva = 0x10000000, sva = 0x20000000, bva = 0x30000000;
    uint32_t *b = map[2], n = 0;
    for (uint32_t k = 0; k < 16; k++) {
        uint64_t a = lva + k * 0x10000 + 4 * k;
        b[n++] = MI_STORE_DATA_IMM;
        b[n++] = (uint32_t)a;
        b[n++] = (uint32_t)(a >> 32);
        b[n++] = 0x9e3779b9u * (k + 1);
    }
    for (uint32_t k = 0; k < 2; k++) {
        b[n++] = MI_STORE_DATA_IMM;
        b[n++] = (uint32_t)(sva + 8 * k);
        b[n++] = 0;
        b[n++] = 0x5a5a0000u + k;
    }
    b[n++] = MI_BATCH_BUFFER_END;
    struct drm_i915_gem_exec_object2 o[3] = {0};
    const uint64_t vas[3] = {lva, sva, bva};
    for (int i = 0; i < 3; i++) {
        o[i].handle = hs[i];
        o[i].offset = vas[i];
        o[i].flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_SUPPORTS_48B_ADDRESS | (i < 2 ? EXEC_OBJECT_WRITE : 0);
    }
    int r = execbuf(fd, o, 3, 0, 0);
    CHECK(r == 0, "execbuffer of the local-memory batch: %s", strerror(-r));
    int bad = 0;
    for (uint32_t k = 0; k < 16; k++) {
        const uint32_t *w = map[0] + (k * 0x10000 + 4 * k) / 4;
        uint32_t want = 0x9e3779b9u * (k + 1);
        if (w[0] != want || (k && w[-1] != 0) || w[1] != 0) {
            bad++;
            CHECK(0, "local object word at 0x%x: 0x%x, want 0x%x", k * 0x10000 + 4 * k, w[0], want);
        }
    }
    CHECK(map[1][0] == 0x5a5a0000u && map[1][1] == 0 && map[1][2] == 0x5a5a0001u,
          "system object: 0x%x 0x%x 0x%x", map[1][0], map[1][1], map[1][2]);
    /* the bound local pages are allocated: at least the 1 MiB object and the batch */
    memset(&u1, 0, sizeof(u1));
    CHECK(query_regions(fd, &u1.q) == 0 && u1.q.num_regions == 2, "MEMORY_REGIONS query after the batch");
    uint64_t before = u0.q.regions[1].unallocated_size, during = u1.q.regions[1].unallocated_size;
    CHECK(during + data_size + 4096 <= before, "local memory unallocated %llu after binding, %llu before",
          (unsigned long long)during, (unsigned long long)before);
    for (int i = 0; i < 3; i++) {
        munmap(map[i], sizes[i]);
        gem_close(fd, hs[i]);
    }
    memset(&u2, 0, sizeof(u2));
    CHECK(query_regions(fd, &u2.q) == 0 && u2.q.regions[1].unallocated_size >= during + data_size + 4096,
          "local memory not returned at close: %llu, %llu while bound",
          (unsigned long long)u2.q.regions[1].unallocated_size, (unsigned long long)during);
    /* an object as large as local memory cannot be bound: ENOSPC */
    uint32_t huge = 0;
    CHECK(create_in(fd, 4ull << 30, R_LMEM, 1, 0, &huge) == 0, "GEM_CREATE_EXT of 4 GiB in local memory");
    if (huge) {
        struct drm_i915_gem_exec_object2 ho = {.handle = huge, .offset = 1ull << 32,
                                               .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_SUPPORTS_48B_ADDRESS};
        r = execbuf(fd, &ho, 1, 0, 0);
        CHECK(r == -ENOSPC, "binding 4 GiB of local memory: %s, want ENOSPC", strerror(-r));
        gem_close(fd, huge);
    }
}

static void test_discovery(void)
{
    DIR *d = opendir("/dev/dri");
    CHECK(d != NULL, "opendir /dev/dri: %s", strerror(errno));
    int n = 0, render = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || !strcmp(e->d_name, "by-path"))
            continue;
        n++;
        render += !strcmp(e->d_name, "renderD128");
    }
    if (d)
        closedir(d);
    CHECK(n == 1 && render == 1, "/dev/dri lists %d nodes (renderD128: %d), want renderD128 alone", n, render);
    struct stat st;
    CHECK(stat("/dev/dri/renderD128", &st) == 0 && S_ISCHR(st.st_mode) && major(st.st_rdev) == 226 &&
              minor(st.st_rdev) == 128,
          "stat /dev/dri/renderD128: not the character device 226:128");
    errno = 0;
    CHECK(stat("/dev/dri/card0", &st) == -1 && errno == ENOENT, "/dev/dri/card0 is not hidden");
    CHECK(stat("/sys/dev/char/226:0", &st) == -1 && errno == ENOENT, "/sys/dev/char/226:0 is not hidden");
    char buf[512] = "";
    ssize_t k = readlink("/sys/dev/char/226:128", buf, sizeof(buf) - 1);
    buf[k > 0 ? k : 0] = 0;
    CHECK(k > 0 && strstr(buf, "/0000:00:02.0/drm/renderD128"), "readlink /sys/dev/char/226:128: '%s'", buf);
    char *rp = realpath("/sys/dev/char/226:128/device", NULL);
    CHECK(rp && !strcmp(rp, "/sys/devices/pci0000:00/0000:00:02.0"), "realpath of the device: '%s'",
          rp ? rp : "(null)");
    free(rp);
    k = readlink("/sys/dev/char/226:128/device/subsystem", buf, sizeof(buf) - 1);
    buf[k > 0 ? k : 0] = 0;
    CHECK(k > 0 && strstr(buf, "/pci") && !strcmp(strrchr(buf, '/'), "/pci"), "device/subsystem -> '%s'", buf);
    CHECK(access("/sys/dev/char/226:128/device/drm", F_OK) == 0, "device/drm missing");
    FILE *f = fopen("/sys/dev/char/226:128/device/vendor", "r");
    CHECK(f && fgets(buf, sizeof(buf), f) && !strcmp(buf, "0x8086\n"), "vendor: '%s'", f ? buf : "(no file)");
    if (f)
        fclose(f);
    f = fopen("/sys/dev/char/226:128/device/device", "r");
    CHECK(f && fgets(buf, sizeof(buf), f) && !strcmp(buf, "0x1912\n"), "device: '%s'", f ? buf : "(no file)");
    if (f)
        fclose(f);
    f = fopen("/sys/dev/char/226:128/device/uevent", "r");
    int slot = 0;
    while (f && fgets(buf, sizeof(buf), f))
        slot |= !strcmp(buf, "PCI_SLOT_NAME=0000:00:02.0\n");
    if (f)
        fclose(f);
    CHECK(slot, "uevent has no PCI_SLOT_NAME=0000:00:02.0");
    int cfd = open("/sys/dev/char/226:128/device/config", O_RDONLY);
    uint8_t cfg[64] = {0};
    CHECK(cfd >= 0 && read(cfd, cfg, 64) == 64 && cfg[0] == 0x86 && cfg[1] == 0x80 && cfg[2] == 0x12 &&
              cfg[3] == 0x19,
          "config: vendor/device bytes wrong");
    if (cfd >= 0)
        close(cfd);
    int fd = open("/dev/dri/by-path/pci-0000:00:02.0-render", O_RDWR | O_CLOEXEC);
    CHECK(fd >= 0, "open by-path: %s", strerror(errno));
    CHECK(fd >= 0 && fstat(fd, &st) == 0 && S_ISCHR(st.st_mode) && st.st_rdev == makedev(226, 128),
          "fstat of the node fd");
    if (fd >= 0)
        close(fd);
    fd = openat(AT_FDCWD, "/dev/dri/renderD128", O_RDWR);
    CHECK(fd >= 0, "openat: %s", strerror(errno));
    if (fd >= 0)
        close(fd);
}

static void test_basic(int fd)
{
    char name[16] = "";
    struct drm_version v = {0};
    EXPECT_OK(fd, DRM_IOCTL_VERSION, &v);
    CHECK(v.name_len == 4, "VERSION name_len %zu", (size_t)v.name_len);
    v.name = name;
    v.name_len = sizeof(name) - 1;
    EXPECT_OK(fd, DRM_IOCTL_VERSION, &v);
    CHECK(!strcmp(name, "i915"), "VERSION name '%s'", name);

    int val = 0;
    struct drm_i915_getparam gp = {.param = I915_PARAM_CHIPSET_ID, .value = &val};
    EXPECT_OK(fd, DRM_IOCTL_I915_GETPARAM, &gp);
    CHECK(val == 0x1912, "CHIPSET_ID 0x%x", val);
    gp.param = 9999;
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GETPARAM, &gp);
    gp.param = I915_PARAM_EU_TOTAL;
    gp.value = (int *)8;
    EXPECT_ERR(EFAULT, fd, DRM_IOCTL_I915_GETPARAM, &gp);
    EXPECT_ERR(EFAULT, fd, DRM_IOCTL_I915_GETPARAM, (void *)16);
    EXPECT_ERR(EINVAL, fd, DRM_IOWR(DRM_COMMAND_BASE + 0x3f, struct drm_i915_getparam), &gp);
    EXPECT_ERR(EACCES, fd, DRM_IOCTL_GEM_FLINK, &(struct drm_gem_flink){.handle = 1});
    struct drm_get_cap cap = {.capability = DRM_CAP_SYNCOBJ};
    EXPECT_OK(fd, DRM_IOCTL_GET_CAP, &cap);
    CHECK(cap.value == 1, "GET_CAP SYNCOBJ %llu", (unsigned long long)cap.value);
    cap.capability = 0x1000;
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_GET_CAP, &cap);

    /* QUERY: topology size then data; an unknown item; a bad item pointer */
    struct drm_i915_query_item it = {.query_id = DRM_I915_QUERY_TOPOLOGY_INFO};
    struct drm_i915_query q = {.num_items = 1, .items_ptr = (uintptr_t)&it};
    EXPECT_OK(fd, DRM_IOCTL_I915_QUERY, &q);
    CHECK(it.length == 16 + 16, "topology length %d", it.length);
    uint8_t topo[64];
    it.data_ptr = (uintptr_t)topo;
    EXPECT_OK(fd, DRM_IOCTL_I915_QUERY, &q);
    struct drm_i915_query_topology_info *ti = (void *)topo;
    CHECK(ti->max_slices == 3 && ti->max_subslices == 4 && ti->max_eus_per_subslice == 8 && ti->data[0] == 1 &&
              ti->data[1] == 7 && ti->data[4] == 0xff,
          "topology blob");
    it.length = 8;
    EXPECT_OK(fd, DRM_IOCTL_I915_QUERY, &q);
    CHECK(it.length == -EINVAL, "short topology buffer: length %d", it.length);
    it = (struct drm_i915_query_item){.query_id = 77};
    EXPECT_OK(fd, DRM_IOCTL_I915_QUERY, &q);
    CHECK(it.length == -EINVAL, "unknown query: length %d", it.length);
    q.items_ptr = 8;
    EXPECT_ERR(EFAULT, fd, DRM_IOCTL_I915_QUERY, &q);
    q.flags = 1;
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_QUERY, &q);

    /* GEM objects */
    struct drm_i915_gem_create c = {.size = 0};
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_CREATE, &c);
    c.size = 5000;
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_CREATE, &c);
    CHECK(c.size == 8192 && c.handle, "GEM_CREATE 5000: size %llu handle %u", (unsigned long long)c.size, c.handle);
    uint32_t h = c.handle;
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_GEM_CLOSE, &(struct drm_gem_close){.handle = 777});
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_GEM_CLOSE, &(struct drm_gem_close){.handle = h, .pad = 1});
    struct drm_i915_gem_mmap_offset mo = {.handle = 777, .flags = I915_MMAP_OFFSET_WB};
    EXPECT_ERR(ENOENT, fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &mo);
    mo.handle = h;
    mo.flags = 7;
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &mo);
    errno = 0;
    CHECK(mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0x7770000) == MAP_FAILED && errno == EINVAL,
          "mmap at no object's offset: errno %d", errno);
    uint8_t *m = gem_map(fd, h, 8192);
    uint8_t pat[100], back[100];
    for (int i = 0; i < 100; i++)
        pat[i] = (uint8_t)(i * 7 + 3);
    if (m)
        memcpy(m + 4000, pat, 100);
    struct drm_i915_gem_pread pr = {.handle = h, .offset = 4000, .size = 100, .data_ptr = (uintptr_t)back};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_PREAD, &pr);
    CHECK(!memcmp(pat, back, 100), "PREAD does not read what the mapping wrote");
    for (int i = 0; i < 100; i++)
        pat[i] = (uint8_t)(255 - i);
    struct drm_i915_gem_pwrite pw = {.handle = h, .offset = 8100, .size = 92, .data_ptr = (uintptr_t)pat};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_PWRITE, &pw);
    CHECK(m && !memcmp(m + 8100, pat, 92), "PWRITE not seen through the mapping");
    pw.size = 93;
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_PWRITE, &pw);
    pw.size = 16;
    pw.data_ptr = 8;
    EXPECT_ERR(EFAULT, fd, DRM_IOCTL_I915_GEM_PWRITE, &pw);
    pr.handle = 777;
    EXPECT_ERR(ENOENT, fd, DRM_IOCTL_I915_GEM_PREAD, &pr);
    struct drm_i915_gem_set_domain sd = {.handle = h, .read_domains = I915_GEM_DOMAIN_RENDER};
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd);
    sd.read_domains = sd.write_domain = I915_GEM_DOMAIN_CPU;
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd);
    sd.handle = 777;
    EXPECT_ERR(ENOENT, fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd);
    struct drm_i915_gem_set_tiling stl = {.handle = h, .tiling_mode = 5};
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_SET_TILING, &stl);
    stl = (struct drm_i915_gem_set_tiling){.handle = h, .tiling_mode = I915_TILING_X, .stride = 1024};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_SET_TILING, &stl);
    struct drm_i915_gem_get_tiling gtl = {.handle = h};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_GET_TILING, &gtl);
    CHECK(gtl.tiling_mode == I915_TILING_X, "GET_TILING %u", gtl.tiling_mode);
    struct drm_i915_gem_madvise mad = {.handle = h, .madv = 7};
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_MADVISE, &mad);
    mad.madv = I915_MADV_DONTNEED;
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_MADVISE, &mad);
    CHECK(mad.retained == 1, "MADVISE retained %u", mad.retained);
    EXPECT_ERR(ENOENT, fd, DRM_IOCTL_I915_GEM_BUSY, &(struct drm_i915_gem_busy){.handle = 777});
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_WAIT, &(struct drm_i915_gem_wait){.bo_handle = h, .flags = 1});
    EXPECT_ERR(ENOENT, fd, DRM_IOCTL_I915_GEM_WAIT, &(struct drm_i915_gem_wait){.bo_handle = 777});
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_WAIT, &(struct drm_i915_gem_wait){.bo_handle = h, .timeout_ns = -1});
    /* the legacy GTT mapping: the same pages */
    struct drm_i915_gem_mmap_gtt mg = {.handle = h};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_MMAP_GTT, &mg);
    uint8_t *g = mmap(NULL, 8192, PROT_READ, MAP_SHARED, fd, (off_t)mg.offset);
    CHECK(g != MAP_FAILED && m && !memcmp(g + 8100, m + 8100, 92), "MMAP_GTT mapping differs");
    if (g != MAP_FAILED)
        munmap(g, 8192);
    mg.handle = 777;
    EXPECT_ERR(ENOENT, fd, DRM_IOCTL_I915_GEM_MMAP_GTT, &mg);
    /* caching */
    struct drm_i915_gem_caching cg = {.handle = h};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_GET_CACHING, &cg);
    CHECK(cg.caching == I915_CACHING_CACHED, "default caching %u (LLC: cached)", cg.caching);
    cg.caching = I915_CACHING_NONE;
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_SET_CACHING, &cg);
    cg.caching = 99;
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_GET_CACHING, &cg);
    CHECK(cg.caching == I915_CACHING_NONE, "caching %u after SET_CACHING NONE", cg.caching);
    cg.caching = 7;
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_SET_CACHING, &cg);
    cg = (struct drm_i915_gem_caching){.handle = 777};
    EXPECT_ERR(ENOENT, fd, DRM_IOCTL_I915_GEM_GET_CACHING, &cg);
    if (m)
        munmap(m, 8192);
    gem_close(fd, h);
    EXPECT_ERR(ENOENT, fd, DRM_IOCTL_I915_GEM_BUSY, &(struct drm_i915_gem_busy){.handle = h});

    /* userptr */
    void *up = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    struct drm_i915_gem_userptr u = {.user_ptr = (uintptr_t)up + 8, .user_size = 4096};
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_USERPTR, &u);
    u = (struct drm_i915_gem_userptr){.user_ptr = (uintptr_t)up, .user_size = 4096, .flags = 0x100};
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_USERPTR, &u);
    void *hole = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    munmap(hole, 4096);
    u = (struct drm_i915_gem_userptr){.user_ptr = (uintptr_t)hole, .user_size = 4096, .flags = I915_USERPTR_PROBE};
    EXPECT_ERR(EFAULT, fd, DRM_IOCTL_I915_GEM_USERPTR, &u);
    u = (struct drm_i915_gem_userptr){.user_ptr = (uintptr_t)up, .user_size = 8192};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_USERPTR, &u);
    gem_close(fd, u.handle);
    munmap(up, 8192);

    /* contexts and VMs */
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE, &(struct drm_i915_gem_context_create){.pad = 1});
    struct drm_i915_gem_context_create_ext cc = {.flags = 1u << 5};
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &cc);
    cc.flags = 0;
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &cc);
    struct drm_i915_gem_context_param p = {.ctx_id = cc.ctx_id, .param = I915_CONTEXT_PARAM_GTT_SIZE};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p);
    CHECK(p.value == 1ull << 48, "GTT_SIZE 0x%llx", (unsigned long long)p.value);
    p.param = 0x999;
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p);
    p.ctx_id = 999;
    p.param = I915_CONTEXT_PARAM_GTT_SIZE;
    EXPECT_ERR(ENOENT, fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p);
    p = (struct drm_i915_gem_context_param){.ctx_id = cc.ctx_id, .param = I915_CONTEXT_PARAM_PRIORITY, .value = 2000};
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM, &p);
    p.value = (uint64_t)-1023;
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM, &p);
    EXPECT_ERR(ENOENT, fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &(struct drm_i915_gem_context_destroy){.ctx_id = 0});
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &(struct drm_i915_gem_context_destroy){.ctx_id = cc.ctx_id});
    EXPECT_ERR(ENOENT, fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY,
               &(struct drm_i915_gem_context_destroy){.ctx_id = cc.ctx_id});
    struct drm_i915_gem_vm_control vc = {.flags = 1};
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_VM_CREATE, &vc);
    vc.flags = 0;
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_VM_CREATE, &vc);
    EXPECT_ERR(ENOENT, fd, DRM_IOCTL_I915_GEM_VM_DESTROY, &(struct drm_i915_gem_vm_control){.vm_id = 0});
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_VM_DESTROY, &(struct drm_i915_gem_vm_control){.vm_id = vc.vm_id});
    EXPECT_ERR(ENOENT, fd, DRM_IOCTL_I915_GEM_VM_DESTROY, &(struct drm_i915_gem_vm_control){.vm_id = vc.vm_id});
    EXPECT_ERR(ENOENT, fd, DRM_IOCTL_I915_GET_RESET_STATS, &(struct drm_i915_reset_stats){.ctx_id = 999});
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GET_RESET_STATS, &(struct drm_i915_reset_stats){.flags = 1});

    /* the render timestamp */
    struct drm_i915_reg_read rr = {.offset = 0x2358 | 1};
    EXPECT_OK(fd, DRM_IOCTL_I915_REG_READ, &rr);
    uint64_t t0 = rr.val;
    store_softpin(fd, 0, 0x10000, 0x20000, 0x1234);
    EXPECT_OK(fd, DRM_IOCTL_I915_REG_READ, &rr);
    CHECK(rr.val > t0, "TIMESTAMP did not advance over a batch (%llu, %llu)", (unsigned long long)t0,
          (unsigned long long)rr.val);
    rr.offset = 0x2000;
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_REG_READ, &rr);

    /* syncobjs */
    struct drm_syncobj_create sc = {.flags = DRM_SYNCOBJ_CREATE_SIGNALED};
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_CREATE, &sc);
    uint32_t sh = sc.handle;
    struct drm_syncobj_wait w = {.handles = (uintptr_t)&sh, .count_handles = 1,
                                 .flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL};
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w);
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_RESET, &((struct drm_syncobj_array){.handles = (uintptr_t)&sh, .count_handles = 1}));
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_SYNCOBJ_WAIT, &w);
    w.flags |= DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    w.timeout_nsec = (int64_t)now.tv_sec * 1000000000 + now.tv_nsec + 1000000; /* 1 ms from now */
    EXPECT_ERR(ETIME, fd, DRM_IOCTL_SYNCOBJ_WAIT, &w);
    uint32_t bad = 999;
    w.handles = (uintptr_t)&bad;
    EXPECT_ERR(ENOENT, fd, DRM_IOCTL_SYNCOBJ_WAIT, &w);
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &(struct drm_syncobj_destroy){.handle = sh});
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_SYNCOBJ_DESTROY, &(struct drm_syncobj_destroy){.handle = sh});

    /* timelines */
    struct drm_syncobj_create t1 = {0}, t2 = {0};
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_CREATE, &t1);
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_CREATE, &t2);
    uint64_t pt = 5;
    struct drm_syncobj_timeline_array ta = {.handles = (uintptr_t)&t1.handle, .points = (uintptr_t)&pt,
                                            .count_handles = 1};
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &ta);
    pt = 0;
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_QUERY, &ta);
    CHECK(pt == 5, "timeline point %llu after signalling 5", (unsigned long long)pt);
    pt = 3;
    struct drm_syncobj_timeline_wait tw = {.handles = (uintptr_t)&t1.handle, .points = (uintptr_t)&pt,
                                           .count_handles = 1, .flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL};
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, &tw);
    pt = 7;
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, &tw);
    tw.flags |= DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;
    clock_gettime(CLOCK_MONOTONIC, &now);
    tw.timeout_nsec = (int64_t)now.tv_sec * 1000000000 + now.tv_nsec + 1000000;
    EXPECT_ERR(ETIME, fd, DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, &tw);
    struct drm_syncobj_transfer tr = {.src_handle = t1.handle, .dst_handle = t2.handle, .src_point = 5,
                                      .dst_point = 9};
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_TRANSFER, &tr);
    tr.src_point = 6;
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_SYNCOBJ_TRANSFER, &tr);
    ta.handles = (uintptr_t)&t2.handle;
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_QUERY, &ta);
    CHECK(pt == 9, "transferred point %llu, want 9", (unsigned long long)pt);
    ta.points = 8;
    EXPECT_ERR(EFAULT, fd, DRM_IOCTL_SYNCOBJ_QUERY, &ta);

    /* syncobj fds: one object seen through two files; sync_files */
    int fd2 = open("/dev/dri/renderD128", O_RDWR);
    struct drm_syncobj_create x1 = {0};
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_CREATE, &x1);
    struct drm_syncobj_handle xh = {.handle = x1.handle};
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &xh);
    struct drm_syncobj_handle ih = {.fd = xh.fd};
    EXPECT_OK(fd2, DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, &ih);
    struct drm_syncobj_wait w2 = {.handles = (uintptr_t)&ih.handle, .count_handles = 1};
    EXPECT_ERR(EINVAL, fd2, DRM_IOCTL_SYNCOBJ_WAIT, &w2); /* no fence yet */
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_SIGNAL,
              &((struct drm_syncobj_array){.handles = (uintptr_t)&x1.handle, .count_handles = 1}));
    EXPECT_OK(fd2, DRM_IOCTL_SYNCOBJ_WAIT, &w2); /* signalled through the other file */
    close(xh.fd);
    int plainfd = open("/proc/self/stat", O_RDONLY);
    ih = (struct drm_syncobj_handle){.fd = plainfd};
    EXPECT_ERR(EINVAL, fd2, DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, &ih);
    close(plainfd);
    struct drm_syncobj_handle sf = {.handle = x1.handle, .flags = DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE};
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &sf);
    struct pollfd pfd = {sf.fd, POLLIN, 0};
    CHECK(poll(&pfd, 1, 0) == 1 && (pfd.revents & POLLIN), "an exported sync_file is not signalled");
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_RESET,
              &((struct drm_syncobj_array){.handles = (uintptr_t)&x1.handle, .count_handles = 1}));
    struct drm_syncobj_handle sf2 = {.handle = x1.handle, .flags = DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE};
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &sf2); /* no fence to export */
    struct drm_syncobj_handle imp = {.handle = x1.handle, .flags = DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE,
                                     .fd = sf.fd};
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, &imp);
    struct drm_syncobj_wait w1 = {.handles = (uintptr_t)&x1.handle, .count_handles = 1};
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w1);
    close(sf.fd);
    imp.fd = 9999;
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, &imp);
    close(fd2);
    timeline_t1 = t1.handle;
}

static void test_execbuffer(int fd)
{
    /* softpin at a high canonical address (bit 47 set, sign-extended) */
    store_softpin(fd, 0, 0xffff800000000000ull, 0xffff800000010000ull, 0xcafe1234);

    /* relocations: the batch's address DWords point at data + 8 */
    uint32_t data = gem_create(fd, 4096), batch = gem_create(fd, 4096);
    uint32_t *d = gem_map(fd, data, 4096), *b = gem_map(fd, batch, 4096);
    uint32_t cmds[] = {MI_STORE_DATA_IMM, 0, 0, 0x5eed5eed, MI_BATCH_BUFFER_END, 0};
    if (b)
        memcpy(b, cmds, sizeof(cmds));
    struct drm_i915_gem_relocation_entry re = {.target_handle = 0, .delta = 8, .offset = 4,
                                               .presumed_offset = ~0ull,
                                               .read_domains = I915_GEM_DOMAIN_RENDER,
                                               .write_domain = I915_GEM_DOMAIN_RENDER};
    struct drm_i915_gem_exec_object2 o[2] = {{.handle = data}, {.handle = batch}};
    o[1].relocation_count = 1;
    o[1].relocs_ptr = (uintptr_t)&re;
    int r = execbuf(fd, o, 2, 0, I915_EXEC_HANDLE_LUT);
    CHECK(r == 0, "relocation execbuffer: %s", strerror(-r));
    CHECK(d && d[2] == 0x5eed5eed, "relocated store: 0x%x", d ? d[2] : 0);
    CHECK(re.presumed_offset == o[0].offset && o[0].offset && !(o[0].offset & 4095),
          "presumed_offset 0x%llx, object offset 0x%llx", (unsigned long long)re.presumed_offset,
          (unsigned long long)o[0].offset);
    CHECK(b && b[1] == (uint32_t)(o[0].offset + 8), "relocation value 0x%x", b ? b[1] : 0);
    /* relocation errors */
    re.target_handle = 5;
    CHECK(execbuf(fd, o, 2, 0, I915_EXEC_HANDLE_LUT) == -ENOENT, "LUT index out of range");
    re.target_handle = 0;
    re.offset = 4094;
    CHECK(execbuf(fd, o, 2, 0, I915_EXEC_HANDLE_LUT) == -EINVAL, "relocation past the object");
    re.offset = 4;
    re.write_domain = I915_GEM_DOMAIN_RENDER | I915_GEM_DOMAIN_SAMPLER;
    CHECK(execbuf(fd, o, 2, 0, I915_EXEC_HANDLE_LUT) == -EINVAL, "two write domains");
    re.write_domain = 0;
    struct drm_i915_gem_exec_object2 bo_bad = {.handle = batch, .relocation_count = 1, .relocs_ptr = 8};
    CHECK(execbuf(fd, &bo_bad, 1, 0, 0) == -EFAULT, "bad relocs_ptr");

    /* fences: FENCE_ARRAY signals a binary syncobj; the timeline-fences
     * extension waits on point 5 and signals point 11 */
    struct drm_syncobj_create bs = {0};
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_CREATE, &bs);
    struct drm_i915_gem_exec_fence ef = {.handle = bs.handle, .flags = I915_EXEC_FENCE_SIGNAL};
    struct drm_i915_gem_execbuffer2 fx = {.buffers_ptr = (uintptr_t)o, .buffer_count = 2,
                                          .flags = I915_EXEC_HANDLE_LUT | I915_EXEC_FENCE_ARRAY,
                                          .num_cliprects = 1, .cliprects_ptr = (uintptr_t)&ef};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &fx);
    struct drm_syncobj_wait sw = {.handles = (uintptr_t)&bs.handle, .count_handles = 1};
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_WAIT, &sw);
    struct drm_i915_gem_exec_fence tf2[2] = {{.handle = timeline_t1, .flags = I915_EXEC_FENCE_WAIT},
                                             {.handle = timeline_t1, .flags = I915_EXEC_FENCE_SIGNAL}};
    uint64_t tv[2] = {5, 11};
    struct drm_i915_gem_execbuffer_ext_timeline_fences tfe = {
        .base = {.name = DRM_I915_GEM_EXECBUFFER_EXT_TIMELINE_FENCES}, .fence_count = 2,
        .handles_ptr = (uintptr_t)tf2, .values_ptr = (uintptr_t)tv};
    fx.flags = I915_EXEC_HANDLE_LUT | I915_EXEC_USE_EXTENSIONS;
    fx.num_cliprects = 0;
    fx.cliprects_ptr = (uintptr_t)&tfe;
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &fx);
    uint64_t pt = 0;
    struct drm_syncobj_timeline_array ta = {.handles = (uintptr_t)&timeline_t1, .points = (uintptr_t)&pt,
                                            .count_handles = 1};
    EXPECT_OK(fd, DRM_IOCTL_SYNCOBJ_QUERY, &ta);
    CHECK(pt == 11, "timeline point %llu after an execbuffer signalling 11", (unsigned long long)pt);
    tv[0] = 12; /* never signalled */
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &fx);
    tf2[0].handle = 999;
    EXPECT_ERR(ENOENT, fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &fx);
    fx.flags |= I915_EXEC_FENCE_ARRAY;
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &fx);
    /* sync_file fences: out through EXECBUFFER2_WR, in from a sync_file */
    struct drm_i915_gem_execbuffer2 ox = {.buffers_ptr = (uintptr_t)o, .buffer_count = 2,
                                          .flags = I915_EXEC_HANDLE_LUT | I915_EXEC_FENCE_OUT};
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &ox);
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &ox);
    int outfd = (int)(ox.rsvd2 >> 32);
    struct pollfd opf = {outfd, POLLIN, 0};
    CHECK(outfd > 2 && poll(&opf, 1, 0) == 1 && (opf.revents & POLLIN), "FENCE_OUT: no signalled sync_file");
    ox.flags = I915_EXEC_HANDLE_LUT | I915_EXEC_FENCE_IN;
    ox.rsvd2 = (uint32_t)outfd;
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &ox);
    close(outfd);
    ox.rsvd2 = 9999;
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &ox);

    /* execbuffer errors */
    struct drm_i915_gem_exec_object2 p[2] = {0};
    p[0].handle = data;
    p[0].offset = 0x100000;
    p[0].flags = EXEC_OBJECT_PINNED;
    p[1].handle = batch;
    p[1].offset = 0x100000;
    p[1].flags = EXEC_OBJECT_PINNED;
    CHECK(execbuf(fd, p, 2, 0, 0) == -EINVAL, "overlapping softpin");
    p[1].offset = 0x101000;
    p[0].offset = 0x800000000000ull; /* not canonical */
    p[0].flags |= EXEC_OBJECT_SUPPORTS_48B_ADDRESS;
    CHECK(execbuf(fd, p, 2, 0, 0) == -EINVAL, "non-canonical softpin");
    p[0].offset = 0x100800; /* not page aligned */
    CHECK(execbuf(fd, p, 2, 0, 0) == -EINVAL, "unaligned softpin");
    p[0].offset = 0x100000;
    p[0].flags = EXEC_OBJECT_PINNED; /* above 4 GiB without 48-bit support */
    p[0].offset = 0x200000000ull;
    CHECK(execbuf(fd, p, 2, 0, 0) == -EINVAL, "softpin above 4 GiB without SUPPORTS_48B_ADDRESS");
    p[0].offset = 0x100000;
    p[0].handle = 777;
    CHECK(execbuf(fd, p, 2, 0, 0) == -ENOENT, "unknown handle");
    p[0].handle = batch;
    CHECK(execbuf(fd, p, 2, 0, 0) == -EINVAL, "an object twice");
    p[0].handle = data;
    p[0].flags |= 1ull << 40;
    CHECK(execbuf(fd, p, 2, 0, 0) == -EINVAL, "unknown object flag");
    p[0].flags = EXEC_OBJECT_PINNED;
    CHECK(execbuf(fd, p, 0, 0, 0) == -EINVAL, "no objects");
    CHECK(execbuf(fd, p, 2, 0, 1ull << 40) == -EINVAL, "unknown execbuffer flag");
    CHECK(execbuf(fd, p, 2, 0, 5) == -EINVAL, "an unknown legacy ring (past I915_EXEC_VEBOX)");
    CHECK(execbuf(fd, p, 2, 4242, 0) == -ENOENT, "unknown context");
    CHECK(execbuf(fd, (void *)8, 2, 0, 0) == -EFAULT, "bad buffers_ptr");
    struct drm_i915_gem_execbuffer2 x = {.buffers_ptr = (uintptr_t)p, .buffer_count = 2};
    x.batch_start_offset = 8192;
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &x);
    x.batch_start_offset = 4000;
    x.batch_len = 200; /* runs off the 4 KiB object */
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &x);
    x.batch_start_offset = 4;
    x.batch_len = 0;
    EXPECT_ERR(EINVAL, fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &x);

    /* a batch that runs off its object into unmapped memory: a GPU hang.
     * The execbuffer is accepted and the context is guilty; a recoverable
     * context goes on until its third hang within 120 s, a
     * non-recoverable one is banned at once (i915 mark_guilty). */
    struct drm_i915_gem_context_create_ext cc = {0}, nr = {0};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &cc);
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &nr);
    struct drm_i915_gem_context_param np = {.ctx_id = nr.ctx_id, .param = I915_CONTEXT_PARAM_RECOVERABLE};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM, &np);
    uint32_t nops = gem_create(fd, 4096); /* zeros: MI_NOOP all the way, no MI_BATCH_BUFFER_END */
    struct drm_i915_gem_exec_object2 h = {.handle = nops, .offset = 0x40000000, .flags = EXEC_OBJECT_PINNED};
    fprintf(stderr, "i915_uapi: GPU page fault reports follow (expected)\n");
    struct drm_i915_reset_stats rs = {.ctx_id = cc.ctx_id};
    for (int i = 1; i <= 3; i++) {
        r = execbuf(fd, &h, 1, cc.ctx_id, 0);
        CHECK(r == 0, "hanging execbuffer %d on a recoverable context: %s", i, strerror(-r));
        EXPECT_OK(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs);
        CHECK(rs.batch_active == (unsigned)i, "batch_active %u after %d hangs", rs.batch_active, i);
    }
    CHECK(execbuf(fd, &h, 1, cc.ctx_id, 0) == -EIO, "a context banned after 3 fast hangs");
    r = execbuf(fd, &h, 1, nr.ctx_id, 0);
    CHECK(r == 0, "hanging execbuffer on a non-recoverable context: %s", strerror(-r));
    CHECK(execbuf(fd, &h, 1, nr.ctx_id, 0) == -EIO, "a non-recoverable context banned after one hang");
    rs.ctx_id = 0;
    EXPECT_OK(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs);
    CHECK(rs.batch_active == 0, "the innocent default context is guilty");
    /* the device still works */
    store_softpin(fd, 0, 0x300000, 0x310000, 0x600d);
    gem_close(fd, nops);
    if (d)
        munmap(d, 4096);
    if (b)
        munmap(b, 4096);
    gem_close(fd, data);
    gem_close(fd, batch);
}

/* Engine maps (i915 set_proto_ctx_engines): physical slots, invalid
 * slots, the LOAD_BALANCE extension (no siblings: the slot stays invalid;
 * one: that engine; several: a virtual engine, read back as
 * INVALID/INVALID_VIRTUAL), BOND, PARALLEL_SUBMIT (GuC only), and the
 * errno of each bad form. */
static int set_engines(int fd, uint32_t ctx, void *map, uint32_t size)
{
    struct drm_i915_gem_context_param p = {.ctx_id = ctx, .param = I915_CONTEXT_PARAM_ENGINES,
                                           .size = size, .value = (uintptr_t)map};
    return ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM, &p) ? -errno : 0;
}

static uint32_t new_ctx(int fd)
{
    struct drm_i915_gem_context_create_ext cc = {0};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &cc);
    return cc.ctx_id;
}

/* MI_STORE_DATA_IMM of value through slot `ring` of ctx's engine map: the
 * execbuffer's result, and the stored value checked when it ran. */
static int store_on(int fd, uint32_t ctx, unsigned ring, uint32_t value)
{
    uint32_t data = gem_create(fd, 4096), batch = gem_create(fd, 4096);
    uint32_t *d = gem_map(fd, data, 4096), *b = gem_map(fd, batch, 4096);
    if (!d || !b)
        return -ENOMEM;
    uint32_t cmds[] = {MI_STORE_DATA_IMM, 0xa00010, 0, value, MI_BATCH_BUFFER_END, 0};
    memcpy(b, cmds, sizeof(cmds));
    struct drm_i915_gem_exec_object2 o[2] = {
        {.handle = data, .offset = 0xa00000, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE},
        {.handle = batch, .offset = 0xb00000, .flags = EXEC_OBJECT_PINNED}};
    int r = execbuf(fd, o, 2, ctx, ring);
    if (!r)
        CHECK(d[4] == value, "store through engine slot %u: 0x%x", ring, d[4]);
    munmap(d, 4096);
    munmap(b, 4096);
    gem_close(fd, data);
    gem_close(fd, batch);
    return r;
}

/* Run cmds (a batch without its MI_BATCH_BUFFER_END) on slot `ring` of ctx
 * with a data object at 0xa00000 (4 KiB, DWord 8 = 0x11111111 first: an
 * interface descriptor source); *stored = its DWord 4 afterwards. */
static int run_on(int fd, uint32_t ctx, unsigned ring, const uint32_t *cmds, unsigned n, uint32_t *stored)
{
    uint32_t data = gem_create(fd, 4096), batch = gem_create(fd, 4096);
    uint32_t *d = gem_map(fd, data, 4096), *b = gem_map(fd, batch, 4096);
    if (!d || !b)
        return -ENOMEM;
    d[8] = 0x11111111;
    memcpy(b, cmds, 4 * n);
    b[n] = MI_BATCH_BUFFER_END;
    struct drm_i915_gem_exec_object2 o[2] = {
        {.handle = data, .offset = 0xa00000, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE},
        {.handle = batch, .offset = 0xb00000, .flags = EXEC_OBJECT_PINNED}};
    int r = execbuf(fd, o, 2, ctx, ring);
    *stored = d[4];
    munmap(d, 4096);
    munmap(b, 4096);
    gem_close(fd, data);
    gem_close(fd, batch);
    return r;
}

/* Two slots of one engine map on the same engine are two logical contexts
 * (i915: an intel_context per slot; Mesa iris submits its render and
 * compute batches so on Gen9): pipeline state one slot programs is not the
 * other's.  Slot 0 points Dynamic State Base Address at unmapped memory;
 * slot 1's MEDIA_INTERFACE_DESCRIPTOR_LOAD of 32 bytes at offset 0xa00020
 * then reads its own base 0 (mapped: the store after it runs) rather than
 * faulting (a hang: no store).  Gen9 command layouts (Mesa genxml gen9.xml). */
static void test_engine_slot_state(int fd)
{
    const struct i915_engine_class_instance rcs = {I915_ENGINE_CLASS_RENDER, 0};
    I915_DEFINE_CONTEXT_PARAM_ENGINES(map, 2) = {.engines = {rcs, rcs}};
    uint32_t ctx = new_ctx(fd);
    CHECK(set_engines(fd, ctx, &map, sizeof(map)) == 0, "engine map render, render");
    uint32_t sba[19] = {0x61010000u | 17};
    sba[6] = 0x40000000u | 1; /* Dynamic State Base Address (unmapped) + Modify Enable */
    uint32_t c0[21] = {0x69040302u}; /* PIPELINE_SELECT GPGPU (mask bits 9:8) */
    memcpy(c0 + 1, sba, sizeof(sba));
    c0[20] = 0;
    uint32_t v = 0;
    CHECK(run_on(fd, ctx, 0, c0, 21, &v) == 0, "slot 0: STATE_BASE_ADDRESS");
    const uint32_t c1[] = {0x69040302u, 0x70020002u, 0, 32, 0xa00020, MI_STORE_DATA_IMM, 0xa00010, 0, 0x5107};
    CHECK(run_on(fd, ctx, 1, c1, sizeof(c1) / 4, &v) == 0, "slot 1: interface descriptor load");
    CHECK(v == 0x5107, "slot 1 runs with its own (fresh) state base addresses: stored 0x%x", v);
    /* slot 0 kept its own base: the same load there faults (the store does not run) */
    v = 0;
    CHECK(run_on(fd, ctx, 0, c1, sizeof(c1) / 4, &v) == 0, "slot 0: interface descriptor load");
    CHECK(v == 0, "slot 0 keeps the base it programmed: stored 0x%x", v);
}

static void test_engine_map(int fd)
{
    const struct i915_engine_class_instance rcs = {I915_ENGINE_CLASS_RENDER, 0},
                                            none = {(uint16_t)I915_ENGINE_CLASS_INVALID,
                                                    (uint16_t)I915_ENGINE_CLASS_INVALID_NONE},
                                            vcs1 = {I915_ENGINE_CLASS_VIDEO, 1}; /* the device has VCS0 only */
    I915_DEFINE_CONTEXT_ENGINES_LOAD_BALANCE(lb, 2) = {.base.name = I915_CONTEXT_ENGINES_EXT_LOAD_BALANCE};
    I915_DEFINE_CONTEXT_PARAM_ENGINES(map, 3) = {.engines = {rcs, none, none}};
    uint32_t ctx = new_ctx(fd);
    CHECK(set_engines(fd, ctx, &map, sizeof(map)) == 0, "engine map render, invalid, invalid");
    CHECK(store_on(fd, ctx, 0, 0xe0) == 0, "execbuffer on the render slot");
    CHECK(store_on(fd, ctx, 1, 0xe1) == -EINVAL, "execbuffer on an invalid slot");
    CHECK(store_on(fd, ctx, 3, 0xe3) == -EINVAL, "execbuffer past the map");

    /* slot 1: one sibling (render itself), slot 2: two (a virtual engine) */
    uint32_t c2 = new_ctx(fd);
    I915_DEFINE_CONTEXT_ENGINES_LOAD_BALANCE(lb2, 2) = {.base.name = I915_CONTEXT_ENGINES_EXT_LOAD_BALANCE,
                                                        .engine_index = 2, .num_siblings = 2,
                                                        .engines = {rcs, rcs}};
    lb.engine_index = 1;
    lb.num_siblings = 1;
    lb.engines[0] = rcs;
    lb.base.next_extension = (uintptr_t)&lb2;
    map.extensions = (uintptr_t)&lb;
    CHECK(set_engines(fd, c2, &map, sizeof(map)) == 0, "load-balanced slots");
    CHECK(store_on(fd, c2, 1, 0xe5) == 0, "execbuffer on a one-sibling slot");
    CHECK(store_on(fd, c2, 2, 0xe6) == 0, "execbuffer on a virtual engine");
    I915_DEFINE_CONTEXT_PARAM_ENGINES(back, 3) = {0};
    struct drm_i915_gem_context_param gp = {.ctx_id = c2, .param = I915_CONTEXT_PARAM_ENGINES,
                                            .size = sizeof(back), .value = (uintptr_t)&back};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &gp);
    CHECK(back.engines[1].engine_class == I915_ENGINE_CLASS_RENDER && back.engines[1].engine_instance == 0,
          "a one-sibling slot reads back as its engine");
    CHECK(back.engines[2].engine_class == (uint16_t)I915_ENGINE_CLASS_INVALID &&
              back.engines[2].engine_instance == (uint16_t)I915_ENGINE_CLASS_INVALID_VIRTUAL,
          "a virtual engine reads back as INVALID/INVALID_VIRTUAL");

    /* no siblings: accepted, the slot stays invalid */
    uint32_t c3 = new_ctx(fd);
    lb.base.next_extension = 0;
    lb.num_siblings = 0;
    CHECK(set_engines(fd, c3, &map, sizeof(map)) == 0, "load balance without siblings");
    CHECK(store_on(fd, c3, 1, 0xe7) == -EINVAL, "execbuffer on a slot left invalid");

    /* bad forms, each on a fresh proto-context */
    struct {
        const char *what;
        int want;
    } bad[] = {
        {"a sibling the device lacks (VCS1)", -EINVAL}, {"a slot already occupied", -EEXIST},
        {"a slot past the map", -EINVAL},                {"a reserved header word set", -EINVAL},
        {"an unknown extension", -EINVAL},               {"parallel submission (GuC only)", -ENODEV},
        {"an engine the device lacks in the map", -ENOENT}, {"a bond on an invalid slot", -EINVAL},
    };
    for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        I915_DEFINE_CONTEXT_ENGINES_LOAD_BALANCE(x, 1) = {.base.name = I915_CONTEXT_ENGINES_EXT_LOAD_BALANCE,
                                                          .engine_index = 1, .num_siblings = 1, .engines = {rcs}};
        I915_DEFINE_CONTEXT_ENGINES_BOND(bd, 1) = {.base.name = I915_CONTEXT_ENGINES_EXT_BOND, .master = rcs,
                                                   .virtual_index = 1, .num_bonds = 1, .engines = {rcs}};
        I915_DEFINE_CONTEXT_PARAM_ENGINES(m, 2) = {.engines = {rcs, none}, .extensions = (uintptr_t)&x};
        switch (i) {
        case 0: x.engines[0] = vcs1; break;
        case 1: x.engine_index = 0; break;
        case 2: x.engine_index = 2; break;
        case 3: x.base.rsvd[3] = 1; break;
        case 4: x.base.name = 99; break;
        case 5: x.base.name = I915_CONTEXT_ENGINES_EXT_PARALLEL_SUBMIT; break;
        case 6: m.engines[1] = vcs1; m.extensions = 0; break;
        case 7: m.extensions = (uintptr_t)&bd; break;
        }
        int r = set_engines(fd, new_ctx(fd), &m, sizeof(m));
        CHECK(r == bad[i].want, "engine map with %s: %d, want %d", bad[i].what, r, bad[i].want);
    }
}

/* The video engines: VCS0 and VECS0 as i915 presents them (GETPARAM
 * HAS_BSD / HAS_VEBOX, QUERY ENGINE_INFO with their capabilities, context
 * isolation of their classes), batches on them through legacy ring
 * selection (I915_EXEC_BSD, its ring-selection bits, I915_EXEC_VEBOX) and
 * through an engine map; a codec command (MFX_PIPE_MODE_SELECT), which
 * gtsim does not model, ends its batch as a hang with a report naming it. */
static void test_video_engines(int fd)
{
    int v = -1;
    drm_i915_getparam_t gp = {.param = I915_PARAM_HAS_BSD, .value = &v};
    EXPECT_OK(fd, DRM_IOCTL_I915_GETPARAM, &gp);
    CHECK(v == 1, "HAS_BSD %d", v);
    gp.param = I915_PARAM_HAS_VEBOX;
    EXPECT_OK(fd, DRM_IOCTL_I915_GETPARAM, &gp);
    CHECK(v == 1, "HAS_VEBOX %d", v);
    gp.param = I915_PARAM_HAS_BSD2;
    EXPECT_OK(fd, DRM_IOCTL_I915_GETPARAM, &gp);
    CHECK(v == 0, "HAS_BSD2 %d (one video engine)", v);
    gp.param = I915_PARAM_HAS_CONTEXT_ISOLATION;
    EXPECT_OK(fd, DRM_IOCTL_I915_GETPARAM, &gp);
    CHECK((v & 0xd) == 0xd, "context isolation of render, video, video enhancement: 0x%x", v);

    char buf[4096] = {0};
    struct drm_i915_query_item it = {.query_id = DRM_I915_QUERY_ENGINE_INFO, .length = sizeof(buf),
                                     .data_ptr = (uintptr_t)buf};
    struct drm_i915_query q = {.num_items = 1, .items_ptr = (uintptr_t)&it};
    EXPECT_OK(fd, DRM_IOCTL_I915_QUERY, &q);
    const struct drm_i915_query_engine_info *ei = (const void *)buf;
    int seen_vcs = 0, seen_vecs = 0;
    for (unsigned i = 0; it.length > 0 && i < ei->num_engines; i++) {
        const struct drm_i915_engine_info *e = &ei->engines[i];
        if (e->engine.engine_class == I915_ENGINE_CLASS_VIDEO) {
            seen_vcs++;
            CHECK(e->engine.engine_instance == 0 &&
                      e->capabilities == (I915_VIDEO_CLASS_CAPABILITY_HEVC |
                                          I915_VIDEO_AND_ENHANCE_CLASS_CAPABILITY_SFC),
                  "VCS0 instance %u capabilities 0x%llx", e->engine.engine_instance,
                  (unsigned long long)e->capabilities);
        }
        if (e->engine.engine_class == I915_ENGINE_CLASS_VIDEO_ENHANCE) {
            seen_vecs++;
            CHECK(e->capabilities == I915_VIDEO_AND_ENHANCE_CLASS_CAPABILITY_SFC, "VECS0 capabilities 0x%llx",
                  (unsigned long long)e->capabilities);
        }
    }
    CHECK(seen_vcs == 1 && seen_vecs == 1, "engine info lists %d video and %d video enhancement engines", seen_vcs,
          seen_vecs);

    /* legacy ring selection on the default context */
    CHECK(store_on(fd, 0, I915_EXEC_BSD, 0xb5d) == 0, "execbuffer on I915_EXEC_BSD");
    CHECK(store_on(fd, 0, I915_EXEC_BSD | I915_EXEC_BSD_RING1, 0xb5e) == 0,
          "I915_EXEC_BSD_RING1 with one video engine");
    CHECK(store_on(fd, 0, I915_EXEC_VEBOX, 0xeb0) == 0, "execbuffer on I915_EXEC_VEBOX");
    CHECK(store_on(fd, 0, I915_EXEC_RENDER | I915_EXEC_BSD_RING1, 0xbad) == -EINVAL,
          "BSD ring selection bits on the render ring");
    /* an engine map of both */
    const struct i915_engine_class_instance vcs = {I915_ENGINE_CLASS_VIDEO, 0},
                                            vecs = {I915_ENGINE_CLASS_VIDEO_ENHANCE, 0};
    I915_DEFINE_CONTEXT_PARAM_ENGINES(map, 2) = {.engines = {vcs, vecs}};
    uint32_t ctx = new_ctx(fd);
    CHECK(set_engines(fd, ctx, &map, sizeof(map)) == 0, "engine map video, video enhancement");
    CHECK(store_on(fd, ctx, 0, 0x5c0) == 0, "execbuffer on the VCS slot");
    CHECK(store_on(fd, ctx, 1, 0x5c1) == 0, "execbuffer on the VECS slot");
    /* MFX_PIPE_MODE_SELECT (seed 004: 7000_0003h, 5 DWords): a hang, the
     * store before it ran, the context is guilty */
    const uint32_t mfx[] = {MI_STORE_DATA_IMM, 0xa00010, 0, 0x5c2, 0x70000003u, 0, 0, 0, 0, 0};
    uint32_t stored = 0;
    CHECK(run_on(fd, ctx, 0, mfx, sizeof(mfx) / 4, &stored) == 0, "a codec command's execbuffer");
    CHECK(stored == 0x5c2, "the MI command before the codec command ran: 0x%x", stored);
    struct drm_i915_reset_stats rs = {.ctx_id = ctx};
    EXPECT_OK(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs);
    CHECK(rs.batch_active == 1, "the codec command's context is guilty once: %u", rs.batch_active);
}

/* GPU memory is the program's memory, as on a GPU sharing the CPU's memory
 * through the LLC (i915 userptr pins the program's own pages):
 * - two userptr objects sharing a page alias: GPU writes through both land
 *   byte for byte, and a read through one sees a write through the other
 *   in the same batch;
 * - a CPU write to a bound page while a batch runs (another thread) is
 *   kept: the GPU writes only the bytes it writes.  (A page copied in and
 *   out around the batch loses both: found as heap corruption in the
 *   OpenCL-CTS test_select, whose buffers share pages with malloc's
 *   chunk headers.) */
static volatile int shared_done;
static int shared_fd;
static uint32_t shared_ctx, shared_loop;
static void *shared_run(void *arg)
{
    struct drm_i915_gem_exec_object2 *o = arg;
    int r = execbuf(shared_fd, o, 2, shared_ctx, 0);
    CHECK(r == 0, "interrupted looping batch: %s", strerror(-r));
    shared_done = 1;
    return NULL;
}
static void on_sigint(int sig)
{
    (void)sig;
}

static void test_shared_memory(int fd)
{
    uint32_t *buf = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(buf != MAP_FAILED, "mmap: %s", strerror(errno));
    if (buf == MAP_FAILED)
        return;
    /* A = pages 0-1, B = pages 1-2: page 1 is A + 4096 and B + 0 */
    struct drm_i915_gem_userptr ua = {.user_ptr = (uintptr_t)buf, .user_size = 8192};
    struct drm_i915_gem_userptr ub = {.user_ptr = (uintptr_t)(buf + 1024), .user_size = 8192};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_USERPTR, &ua);
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_USERPTR, &ub);
    const uint64_t va_a = 0x7000000, va_b = 0x8000000, va_batch = 0x9000000;
    uint32_t batch = gem_create(fd, 4096);
    uint32_t *bm = gem_map(fd, batch, 4096);
    if (!bm)
        return;
    const uint64_t p1a = va_a + 4096, p1b = va_b;
    uint32_t cmds[] = {
        MI_STORE_DATA_IMM, (uint32_t)p1a, (uint32_t)(p1a >> 32), 0xa11a5a,                /* page 1 + 0 via A */
        MI_STORE_DATA_IMM, (uint32_t)(p1b + 4), (uint32_t)((p1b + 4) >> 32), 0xb0b,       /* page 1 + 4 via B */
        (0x2eu << 23) | 3u, (uint32_t)(p1b + 8), (uint32_t)((p1b + 8) >> 32),             /* MI_COPY_MEM_MEM: */
        (uint32_t)p1a, (uint32_t)(p1a >> 32),                                             /* B+8 <- A+0 */
        MI_BATCH_BUFFER_END};
    memcpy(bm, cmds, sizeof(cmds));
    buf[1024 + 3] = 0x5eed; /* a CPU byte the GPU does not write */
    struct drm_i915_gem_exec_object2 o[3] = {
        {.handle = ua.handle, .offset = va_a, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE},
        {.handle = ub.handle, .offset = va_b, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE},
        {.handle = batch, .offset = va_batch, .flags = EXEC_OBJECT_PINNED}};
    int r = execbuf(fd, o, 3, 0, 0);
    CHECK(r == 0, "aliasing userptr execbuffer: %s", strerror(-r));
    CHECK(buf[1024] == 0xa11a5a, "store through A into the shared page: 0x%x", buf[1024]);
    CHECK(buf[1025] == 0xb0b, "store through B into the shared page: 0x%x", buf[1025]);
    CHECK(buf[1026] == 0xa11a5a, "copy through B of A's store in the same batch: 0x%x", buf[1026]);
    CHECK(buf[1027] == 0x5eed, "a CPU DWord in the shared page: 0x%x", buf[1027]);

    /* a CPU write while a batch (looping on itself) runs with A bound */
    struct drm_i915_gem_context_create_ext cc = {0};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &cc);
    shared_fd = fd;
    shared_ctx = cc.ctx_id;
    shared_loop = gem_create(fd, 4096);
    uint32_t *lb = gem_map(fd, shared_loop, 4096);
    if (!lb)
        return;
    uint32_t bbs[] = {(0x31u << 23) | (1u << 8) | 1u, (uint32_t)va_batch, 0, 0}; /* MI_BATCH_BUFFER_START to itself */
    memcpy(lb, bbs, sizeof(bbs));
    struct drm_i915_gem_exec_object2 lo[2] = {
        {.handle = ua.handle, .offset = va_a, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE},
        {.handle = shared_loop, .offset = va_batch, .flags = EXEC_OBJECT_PINNED}};
    struct sigaction sa = {.sa_handler = on_sigint}, old;
    sigaction(SIGINT, &sa, &old);
    fprintf(stderr, "i915_uapi: an interrupted batch's report follows (expected)\n");
    pthread_t th;
    shared_done = 0;
    pthread_create(&th, NULL, shared_run, lo);
    struct timespec ts = {0, 300 * 1000 * 1000};
    nanosleep(&ts, NULL);
    buf[5] = 0x77; /* page 0: bound, the GPU never writes it */
    ts.tv_nsec = 50 * 1000 * 1000;
    for (int i = 0; i < 200 && !shared_done; i++) { /* SIGINT stops the batch (retried: it may not run yet) */
        pthread_kill(th, SIGINT);
        nanosleep(&ts, NULL);
    }
    pthread_join(th, NULL);
    sigaction(SIGINT, &old, NULL);
    CHECK(buf[5] == 0x77, "a CPU write during a batch: 0x%x", buf[5]);

    munmap(lb, 4096);
    munmap(bm, 4096);
    gem_close(fd, shared_loop);
    gem_close(fd, batch);
    gem_close(fd, ua.handle);
    gem_close(fd, ub.handle);
    /* a userptr whose memory is gone: EFAULT at execbuffer (i915's get_user_pages) */
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_USERPTR, &ua);
    munmap(buf, 3 * 4096);
    uint32_t end = gem_create(fd, 4096);
    uint32_t *em = gem_map(fd, end, 4096);
    if (em)
        em[0] = MI_BATCH_BUFFER_END;
    struct drm_i915_gem_exec_object2 go[2] = {
        {.handle = ua.handle, .offset = va_a, .flags = EXEC_OBJECT_PINNED},
        {.handle = end, .offset = va_batch, .flags = EXEC_OBJECT_PINNED}};
    CHECK(execbuf(fd, go, 2, 0, 0) == -EFAULT, "execbuffer with an unmapped userptr object");
    /* read-only memory under a (writable) userptr: EFAULT as well */
    void *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    struct drm_i915_gem_userptr ur = {.user_ptr = (uintptr_t)ro, .user_size = 4096};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_USERPTR, &ur);
    go[0].handle = ur.handle;
    go[0].offset = va_b;
    CHECK(execbuf(fd, go, 2, 0, 0) == -EFAULT, "execbuffer with a userptr object on read-only memory");
    gem_close(fd, ur.handle);
    gem_close(fd, ua.handle);
    munmap(ro, 4096);
    if (em)
        munmap(em, 4096);
    gem_close(fd, end);
}

static void test_fds(void)
{
    int a = open("/dev/dri/renderD128", O_RDWR), c = open("/dev/dri/renderD128", O_RDWR);
    CHECK(a >= 0 && c >= 0, "two opens");
    uint32_t h = gem_create(a, 4096);
    /* another file: its own handles */
    EXPECT_ERR(ENOENT, c, DRM_IOCTL_I915_GEM_BUSY, &(struct drm_i915_gem_busy){.handle = h});
    int d = dup(a), e = fcntl(a, F_DUPFD_CLOEXEC, 100);
    close(a);
    EXPECT_OK(d, DRM_IOCTL_I915_GEM_BUSY, &(struct drm_i915_gem_busy){.handle = h});
    close(d);
    EXPECT_OK(e, DRM_IOCTL_I915_GEM_BUSY, &(struct drm_i915_gem_busy){.handle = h});
    int g = dup2(e, 200);
    CHECK(g == 200, "dup2");
    store_softpin(g, 0, 0x500000, 0x510000, 0xd0d0);
    close(e);
    close(g);
    errno = 0;
    CHECK(ioctl(g, DRM_IOCTL_I915_GEM_BUSY, &(struct drm_i915_gem_busy){.handle = h}) == -1 && errno == EBADF,
          "ioctl on a closed fd: errno %d", errno);
    store_softpin(c, 0, 0x500000, 0x510000, 0xc0c0);
    close(c);
    /* an fd closed behind the library's back, its number reused by a plain
     * file: not a render node any more */
    int s = open("/dev/dri/renderD128", O_RDWR);
    syscall(SYS_close, s);
    int plain = open("/proc/self/stat", O_RDONLY);
    CHECK(plain == s, "fd numbers: %d then %d", s, plain);
    struct drm_version v = {0};
    errno = 0;
    CHECK(ioctl(plain, DRM_IOCTL_VERSION, &v) == -1 && errno == ENOTTY, "a reused fd still answers as i915 (errno %d)",
          errno);
    struct stat st;
    CHECK(fstat(plain, &st) == 0 && S_ISREG(st.st_mode), "a reused fd still stats as the node");
    close(plain);
    /* close_range */
    int r1 = open("/dev/dri/renderD128", O_RDWR), r2 = dup(r1);
    CHECK(close_range((unsigned)r1, (unsigned)r1, 0) == 0, "close_range");
    EXPECT_OK(r2, DRM_IOCTL_VERSION, &v);
    CHECK(close_range((unsigned)r2, (unsigned)r2, 0) == 0, "close_range");
    errno = 0;
    CHECK(ioctl(r2, DRM_IOCTL_VERSION, &v) == -1 && errno == EBADF, "after close_range: errno %d", errno);
}

static int thread_fd;
static void *worker(void *arg)
{
    uintptr_t k = (uintptr_t)arg;
    struct drm_i915_gem_context_create_ext cc = {0};
    EXPECT_OK(thread_fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &cc);
    for (int i = 0; i < 20; i++)
        store_softpin(thread_fd, cc.ctx_id, 0x1000000 * (k + 1), 0x1000000 * (k + 1) + 0x10000,
                      (uint32_t)(k << 16 | i));
    EXPECT_OK(thread_fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &(struct drm_i915_gem_context_destroy){.ctx_id = cc.ctx_id});
    return NULL;
}

static int count_entries(const char *dir, const char *prefix)
{
    int n = 0;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));)
        n += !strncmp(e->d_name, prefix, strlen(prefix));
    if (d)
        closedir(d);
    return n;
}

/* ---- Gen7 (GTSIM_PLATFORM hsw or ivb) ---- */

/* Gen7 commands (32-bit addresses): MI_STORE_DATA_IMM is 4 DWords (header,
 * 0, address, data; public fact: Mesa genxml gen7.xml), 3DPRIMITIVE 7. */
#define G7_MI_STORE_DATA_IMM ((0x20u << 23) | 2u)
#define G7_3DPRIMITIVE 0x7b000005u

static int getparam(int fd, int param, int *v)
{
    struct drm_i915_getparam g = {.param = param, .value = v};
    return ioctl(fd, DRM_IOCTL_I915_GETPARAM, &g) ? -errno : 0;
}

/* A batch softpinned at batch_va in ctx storing value at data_va + 16 of
 * the BO data, softpinned at data_va; the execbuffer's result. */
static int g7_store_pinned(int fd, uint32_t ctx, uint32_t data, uint64_t data_va, uint64_t batch_va, uint32_t value)
{
    uint32_t batch = gem_create(fd, 4096);
    uint32_t *b = gem_map(fd, batch, 4096);
    if (!b)
        return -ENOMEM;
    uint32_t cmds[] = {G7_MI_STORE_DATA_IMM, 0, (uint32_t)(data_va + 16), value, MI_BATCH_BUFFER_END, 0};
    memcpy(b, cmds, sizeof(cmds));
    struct drm_i915_gem_exec_object2 o[2] = {
        {.handle = data, .offset = data_va, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE},
        {.handle = batch, .offset = batch_va, .flags = EXEC_OBJECT_PINNED}};
    int r = execbuf(fd, o, 2, ctx, 0);
    munmap(b, 4096);
    gem_close(fd, batch);
    return r;
}

/* The Gen7 device: its GETPARAM and topology answers (i915 facts: Haswell
 * GT2 1 slice x 2 subslices x 10 EUs; Ivy Bridge has no SSEU description:
 * ENODEV), the 2 GiB PPGTT, 4-byte relocations, a VM per context (each its
 * own page directory), and a draw stopped with a report (no Gen7 3D
 * pipeline). */
static void test_gen7(int fd, int hsw)
{
    int v = 0, r;
    CHECK(getparam(fd, I915_PARAM_CHIPSET_ID, &v) == 0 && v == (hsw ? 0x0412 : 0x0162), "CHIPSET_ID 0x%x", v);
    CHECK(getparam(fd, I915_PARAM_CS_TIMESTAMP_FREQUENCY, &v) == 0 && v == 12500000, "timestamp %d Hz", v);
    CHECK(getparam(fd, I915_PARAM_CMD_PARSER_VERSION, &v) == 0 && v > 0, "CMD_PARSER_VERSION %d", v);
    int eus = 0, ss = 0, ssmask = 0;
    int re = getparam(fd, I915_PARAM_EU_TOTAL, &eus), rs = getparam(fd, I915_PARAM_SUBSLICE_TOTAL, &ss),
        rm = getparam(fd, I915_PARAM_SUBSLICE_MASK, &ssmask);
    struct drm_i915_query_item qi = {.query_id = DRM_I915_QUERY_TOPOLOGY_INFO};
    struct drm_i915_query q = {.num_items = 1, .items_ptr = (uintptr_t)&qi};
    EXPECT_OK(fd, DRM_IOCTL_I915_QUERY, &q);
    if (hsw) {
        CHECK(re == 0 && eus == 20 && rs == 0 && ss == 2 && rm == 0 && ssmask == 3, "HSW GT2 SSEU: %d EUs, %d "
              "subslices, mask 0x%x", eus, ss, ssmask);
        uint8_t buf[64] = {0};
        CHECK(qi.length > (int)sizeof(struct drm_i915_query_topology_info) && qi.length <= (int)sizeof(buf),
              "topology length %d", qi.length);
        if (qi.length > 0 && qi.length <= (int)sizeof(buf)) {
            qi.data_ptr = (uintptr_t)buf;
            EXPECT_OK(fd, DRM_IOCTL_I915_QUERY, &q);
            struct drm_i915_query_topology_info *t = (void *)buf;
            /* the EU mask bits of every (slice, subslice) the masks enable */
            int n = 0;
            for (int sl = 0; sl < t->max_slices; sl++) {
                if (!(t->data[sl / 8] >> (sl % 8) & 1))
                    continue;
                for (int sub = 0; sub < t->max_subslices; sub++) {
                    if (!(t->data[t->subslice_offset + sl * t->subslice_stride + sub / 8] >> (sub % 8) & 1))
                        continue;
                    for (int eu = 0; eu < t->max_eus_per_subslice; eu++)
                        n += t->data[t->eu_offset + (sl * t->max_subslices + sub) * t->eu_stride + eu / 8] >>
                                 (eu % 8) & 1;
                }
            }
            CHECK(t->max_slices == 1 && t->max_subslices == 2 && t->max_eus_per_subslice == 10 && n == 20,
                  "topology %u/%u/%u with %d EUs", t->max_slices, t->max_subslices, t->max_eus_per_subslice, n);
        }
    } else {
        CHECK(re == -ENODEV && rs == -ENODEV && rm == -ENODEV, "IVB SSEU GETPARAMs: %d %d %d, want ENODEV", re, rs,
              rm);
        CHECK(qi.length == -ENODEV, "IVB topology query: length %d, want -ENODEV", qi.length);
    }
    struct drm_i915_gem_context_param cp = {.param = I915_CONTEXT_PARAM_GTT_SIZE};
    EXPECT_OK(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &cp);
    CHECK(cp.value == 1ull << 31, "GTT_SIZE 0x%llx, want 2 GiB", (unsigned long long)cp.value);

    /* relocations: the data BO's address (plus delta 0x40) written as 4
     * bytes into the store's address DWord; the batch's next DWord (the
     * stored value) and the last DWord of the batch (a relocation at
     * size - 4, valid with 4-byte relocations) */
    uint32_t data = gem_create(fd, 8192), batch = gem_create(fd, 4096);
    uint32_t *d = gem_map(fd, data, 8192), *b = gem_map(fd, batch, 4096);
    if (!d || !b)
        return;
    memset(d, 0xaa, 8192);
    uint32_t cmds[] = {G7_MI_STORE_DATA_IMM, 0, 0, 0x12345678u, MI_BATCH_BUFFER_END, 0};
    memcpy(b, cmds, sizeof(cmds));
    b[1023] = 0x55555555u;
    struct drm_i915_gem_relocation_entry rel[2] = {
        {.target_handle = data, .delta = 0x1040, .offset = 8, .presumed_offset = ~0ull,
         .read_domains = I915_GEM_DOMAIN_RENDER, .write_domain = I915_GEM_DOMAIN_RENDER},
        {.target_handle = data, .delta = 4, .offset = 4092, .presumed_offset = ~0ull,
         .read_domains = I915_GEM_DOMAIN_RENDER}};
    struct drm_i915_gem_exec_object2 o[2] = {{.handle = data, .offset = 0x12345000},
                                             {.handle = batch, .relocation_count = 2, .relocs_ptr = (uintptr_t)rel}};
    r = execbuf(fd, o, 2, 0, 0);
    CHECK(r == 0, "relocated execbuffer: %s", strerror(-r));
    uint64_t at = o[0].offset;
    CHECK(at + 8192 <= 1ull << 31 && !(at & 4095), "the data BO placed at 0x%llx (not page aligned in 2 GiB)",
          (unsigned long long)at);
    CHECK(b[2] == (uint32_t)(at + 0x1040) && b[3] == 0x12345678u, "relocation DWords 0x%x 0x%x, want 0x%x 0x12345678",
          b[2], b[3], (uint32_t)(at + 0x1040));
    CHECK(b[1023] == (uint32_t)(at + 4), "relocation at size - 4: 0x%x, want 0x%x", b[1023], (uint32_t)(at + 4));
    CHECK(rel[0].presumed_offset == at && rel[1].presumed_offset == at, "presumed offsets not written back");
    CHECK(d[0x1040 / 4] == 0x12345678u && d[0x1040 / 4 - 1] == 0xaaaaaaaau && d[0x1040 / 4 + 1] == 0xaaaaaaaau,
          "store through the relocated address: 0x%x (neighbours 0x%x 0x%x)", d[0x1040 / 4], d[0x1040 / 4 - 1],
          d[0x1040 / 4 + 1]);
    rel[0].offset = 4094;
    o[1].relocation_count = 1;
    r = execbuf(fd, o, 2, 0, 0);
    CHECK(r == -EINVAL, "a relocation crossing the object's end: %s, want EINVAL", strerror(-r));
    munmap(d, 8192);
    munmap(b, 4096);
    gem_close(fd, batch);

    /* a VM per context: the same GPU address in two contexts is two BOs */
    uint32_t c1 = new_ctx(fd), c2 = new_ctx(fd), d2 = gem_create(fd, 4096);
    CHECK(g7_store_pinned(fd, c1, data, 0x100000, 0x200000, 0x1111) == 0, "store in context %u", c1);
    CHECK(g7_store_pinned(fd, c2, d2, 0x100000, 0x200000, 0x2222) == 0, "store in context %u", c2);
    uint32_t *m1 = gem_map(fd, data, 8192), *m2 = gem_map(fd, d2, 4096);
    if (m1 && m2)
        CHECK(m1[4] == 0x1111 && m2[4] == 0x2222, "per-VM stores: 0x%x 0x%x, want 0x1111 0x2222", m1[4], m2[4]);
    /* the top of the 2 GiB PPGTT, and beyond it */
    CHECK(g7_store_pinned(fd, c1, d2, 0x7fffe000, 0x7ffff000, 0x3333) == 0, "store at the top of 2 GiB");
    if (m2)
        CHECK(m2[4] == 0x3333, "store at 0x7fffe010: 0x%x", m2[4]);
    CHECK(g7_store_pinned(fd, c1, d2, 0x80000000, 0x200000, 0x4444) == -EINVAL, "softpin at 2 GiB: not EINVAL");

    /* a draw (3 vertices): no Gen7 3D pipeline, the batch stops with a
     * report and the context is guilty; a draw of no vertices does nothing */
    uint32_t c3 = new_ctx(fd);
    batch = gem_create(fd, 4096);
    b = gem_map(fd, batch, 4096);
    if (b) {
        /* an empty draw, a store, a draw, a store that must not run */
        uint32_t seq[] = {G7_3DPRIMITIVE, 4, 0, 0, 1, 0, 0, G7_MI_STORE_DATA_IMM, 0, 0x100000 + 16, 0x5555,
                          G7_3DPRIMITIVE, 4, 3, 0, 1, 0, 0, G7_MI_STORE_DATA_IMM, 0, 0x100000 + 16, 0x6666,
                          MI_BATCH_BUFFER_END, 0};
        memcpy(b, seq, sizeof(seq));
        struct drm_i915_gem_exec_object2 od[2] = {
            {.handle = d2, .offset = 0x100000, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE},
            {.handle = batch, .offset = 0x200000, .flags = EXEC_OBJECT_PINNED}};
        r = execbuf(fd, od, 2, c3, 0);
        CHECK(r == 0, "the drawing batch: %s", strerror(-r));
        if (m2)
            CHECK(m2[4] == 0x5555, "the store between the draws: 0x%x, want 0x5555 (stopped at the draw)", m2[4]);
        struct drm_i915_reset_stats rs3 = {.ctx_id = c3};
        EXPECT_OK(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs3);
        CHECK(rs3.batch_active == 1, "the drawing context: batch_active %u, want 1", rs3.batch_active);
        munmap(b, 4096);
    }
    if (m1)
        munmap(m1, 8192);
    if (m2)
        munmap(m2, 4096);
    gem_close(fd, batch);
    gem_close(fd, data);
    gem_close(fd, d2);
}

int main(int argc, char **argv)
{
    self_exe = argv[0];
    if (argc > 1 && !strcmp(argv[1], "lmem")) { /* a discrete GPU (dg1): its local memory */
        int lfd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
        CHECK(lfd >= 0, "open /dev/dri/renderD128: %s", strerror(errno));
        if (lfd >= 0)
            test_regions_discrete(lfd);
        if (failures)
            printf("%d checks failed\n", failures);
        else
            printf("PASS i915_uapi lmem\n");
        return failures != 0;
    }
    if (argc > 1 && !strcmp(argv[1], "open-and-wait")) { /* opens the device, says so, waits to be killed */
        int wfd = open("/dev/dri/renderD128", O_RDWR);
        if (wfd < 0)
            return 1;
        (void)!write(1, "x", 1);
        for (;;)
            pause();
    }
    if (argc > 1 && !strcmp(argv[1], "open-and-exit")) {
        int wfd = open("/dev/dri/renderD128", O_RDWR);
        return wfd < 0;
    }
    const char *plat = getenv("GTSIM_PLATFORM");
    if (plat && (!strcmp(plat, "hsw") || !strcmp(plat, "ivb"))) { /* the Gen7 device */
        int gfd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
        CHECK(gfd >= 0, "open /dev/dri/renderD128: %s", strerror(errno));
        if (gfd >= 0)
            test_gen7(gfd, !strcmp(plat, "hsw"));
        if (failures) {
            printf("%d checks failed\n", failures);
            return 1;
        }
        printf("PASS i915_uapi\n");
        return 0;
    }
    test_discovery();
    int fd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
    CHECK(fd >= 0, "open /dev/dri/renderD128: %s", strerror(errno));
    if (fd < 0)
        return 1;
    test_basic(fd);
    test_regions_integrated(fd);
    test_execbuffer(fd);
    test_shared_memory(fd);
    test_engine_map(fd);
    test_video_engines(fd);
    test_engine_slot_state(fd);
    test_fds();
    test_prime();
    thread_fd = fd;
    pthread_t th[4];
    for (uintptr_t k = 0; k < 4; k++)
        pthread_create(&th[k], NULL, worker, (void *)k);
    for (int k = 0; k < 4; k++)
        pthread_join(th[k], NULL);
    /* SIGTERM while a batch runs (a batch looping on itself): the
     * simulation stops with a report naming the batch, then the signal
     * ends the process; the report goes to the child's stderr, a pipe */
    int ready[2], errp[2];
    if (pipe(ready) == 0 && pipe(errp) == 0) {
        fflush(stdout);
        fflush(stderr);
        pid_t sp = fork();
        if (sp == 0) {
            dup2(errp[1], 2);
            int sfd = open("/dev/dri/renderD128", O_RDWR);
            uint32_t loop = gem_create(sfd, 4096);
            uint32_t *lb = gem_map(sfd, loop, 4096);
            uint32_t bbs[] = {(0x31u << 23) | (1u << 8) | 1u, 0x50000000, 0, 0}; /* MI_BATCH_BUFFER_START to itself */
            memcpy(lb, bbs, sizeof(bbs));
            struct drm_i915_gem_exec_object2 lo = {.handle = loop, .offset = 0x50000000, .flags = EXEC_OBJECT_PINNED};
            (void)!write(ready[1], "x", 1);
            execbuf(sfd, &lo, 1, 0, 0);
            _exit(3); /* not reached: SIGTERM ends the process */
        }
        close(ready[1]);
        close(errp[1]);
        char c1;
        CHECK(read(ready[0], &c1, 1) == 1, "the looping child never started");
        struct timespec ts = {0, 300000000};
        nanosleep(&ts, NULL);
        struct timespec k0, k1;
        clock_gettime(CLOCK_MONOTONIC, &k0);
        kill(sp, SIGTERM);
        int st2 = 0;
        waitpid(sp, &st2, 0);
        clock_gettime(CLOCK_MONOTONIC, &k1);
        char rep[4096] = "";
        ssize_t nr = read(errp[0], rep, sizeof(rep) - 1);
        rep[nr > 0 ? nr : 0] = 0;
        double secs = (double)(k1.tv_sec - k0.tv_sec) + (k1.tv_nsec - k0.tv_nsec) / 1e9;
        CHECK(WIFSIGNALED(st2) && WTERMSIG(st2) == SIGTERM, "the child did not end by SIGTERM (status 0x%x)", st2);
        CHECK(secs < 3, "SIGTERM took %.1f s to end the batch", secs);
        CHECK(strstr(rep, "gtsim-i915: Terminated: the simulation of context 0 stopped") &&
                  strstr(rep, "batch 0x50000000"),
              "no report of the stopped simulation: '%s'", rep);
        close(ready[0]);
        close(errp[0]);
    }

    /* a process killed by a signal leaves its device tree
     * (TMPDIR/gtsim-i915-PID-*); the next process to build one removes it */
    {
        int rp[2];
        if (pipe(rp) == 0) {
            fflush(stdout);
            pid_t kp = fork();
            if (kp == 0) {
                dup2(rp[1], 1);
                execl(self_exe, self_exe, "open-and-wait", (char *)NULL);
                _exit(127);
            }
            close(rp[1]);
            char c2;
            CHECK(read(rp[0], &c2, 1) == 1, "the waiting process never opened the device");
            close(rp[0]);
            char stale[64];
            snprintf(stale, sizeof(stale), "gtsim-i915-%ld-", (long)kp);
            const char *tmpdir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
            kill(kp, SIGKILL);
            waitpid(kp, NULL, 0);
            int before = count_entries(tmpdir, stale);
            pid_t np = fork();
            if (np == 0) {
                execl(self_exe, self_exe, "open-and-exit", (char *)NULL);
                _exit(127);
            }
            int nst = 0;
            waitpid(np, &nst, 0);
            CHECK(WIFEXITED(nst) && WEXITSTATUS(nst) == 0, "open-and-exit: status 0x%x", nst);
            int after = count_entries(tmpdir, stale);
            CHECK(before == 1 && after == 0, "the killed process's tree: %d before, %d after another process started",
                  before, after);
        }
    }

    /* a child process has its own copy of the device */
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        int cfd = open("/dev/dri/renderD128", O_RDWR);
        store_softpin(cfd, 0, 0x700000, 0x710000, 0xf0f0);
        store_softpin(fd, 0, 0x720000, 0x730000, 0xf1f1); /* the inherited fd */
        _exit(failures ? 1 : 0);
    }
    int status = -1;
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the forked child's execbuffers (status 0x%x)", status);
    store_softpin(fd, 0, 0x700000, 0x710000, 0xf2f2);
    close(fd);
    if (failures) {
        printf("%d checks failed\n", failures);
        return 1;
    }
    printf("PASS i915_uapi\n");
    return 0;
}
