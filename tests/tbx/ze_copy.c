/*
 * A Level Zero program that uses the copy engine: it finds a command queue
 * group that can copy but not compute (the blitter; Intel's runtime lists
 * one for Tiger Lake with EnableBlitterOperationsSupport=1) and, on an
 * immediate command list of that group, copies host -> device -> device ->
 * host (1D), copies a 2D region between buffers of different pitches, and
 * fills with 1-, 2- and 4-byte patterns; the results are checked against
 * the same operations done on the CPU.  Prints "PASS ze_copy".
 *
 * With ZE_COPY_EXPECT=DIR (AUB capture, tests/blt/capture.sh, where nothing
 * executes) it writes the expected final contents of the host buffer g and
 * the device buffer b to DIR/out0.bin and DIR/out1.bin and their addresses
 * to DIR/expect.txt ("dump 0xVA SIZE FILE", the format of gtsim run --expect).
 */
#include <level_zero/ze_api.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CK(x)                                                                  \
    do {                                                                       \
        ze_result_t r_ = (x);                                                  \
        if (r_) {                                                              \
            printf("FAIL ze_copy: %s returned 0x%x\n", #x, (unsigned)r_);     \
            return 1;                                                          \
        }                                                                      \
    } while (0)

enum { N = 16384, W = 100, H = 37, SP = 128, DP = 160 };

static int write_file(const char *dir, const char *name, const void *p, size_t n)
{
    char path[4096];
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, n, f) != n) {
        printf("FAIL ze_copy: cannot write %s\n", path);
        return 1;
    }
    return fclose(f) != 0;
}

int main(void)
{
    CK(zeInit(0));
    uint32_t n = 1;
    ze_driver_handle_t drv;
    CK(zeDriverGet(&n, &drv));
    n = 1;
    ze_device_handle_t dev;
    CK(zeDeviceGet(drv, &n, &dev));
    uint32_t ng = 0;
    CK(zeDeviceGetCommandQueueGroupProperties(dev, &ng, NULL));
    ze_command_queue_group_properties_t *gp = calloc(ng, sizeof(*gp));
    for (uint32_t i = 0; i < ng; i++)
        gp[i].stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES;
    CK(zeDeviceGetCommandQueueGroupProperties(dev, &ng, gp));
    int copy = -1;
    for (uint32_t i = 0; i < ng; i++)
        if ((gp[i].flags & ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY) &&
            !(gp[i].flags & ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE))
            copy = (int)i;
    if (copy < 0) {
        printf("FAIL ze_copy: the device lists no copy-only command queue group\n");
        return 1;
    }
    ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
    ze_context_handle_t ctx;
    CK(zeContextCreate(drv, &cd, &ctx));
    ze_command_queue_desc_t qd = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC};
    qd.ordinal = (uint32_t)copy;
    qd.mode = ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS;
    ze_command_list_handle_t cl;
    CK(zeCommandListCreateImmediate(ctx, dev, &qd, &cl));
    ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC};
    ze_host_mem_alloc_desc_t hd = {ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC};
    unsigned char *h, *g;
    void *a, *b;
    CK(zeMemAllocDevice(ctx, &dd, N, 64, dev, &a));
    CK(zeMemAllocDevice(ctx, &dd, N, 64, dev, &b));
    CK(zeMemAllocHost(ctx, &hd, N, 64, (void **)&h));
    CK(zeMemAllocHost(ctx, &hd, N, 64, (void **)&g));
    unsigned char *want = malloc(N), *src = malloc(N);
    for (int i = 0; i < N; i++)
        src[i] = h[i] = (unsigned char)(i * 7 + 3);
    int bad = 0;

    /* 1D: host -> a -> b -> g */
    memset(g, 0, N);
    CK(zeCommandListAppendMemoryCopy(cl, a, h, N, NULL, 0, NULL));
    CK(zeCommandListAppendMemoryCopy(cl, b, a, N, NULL, 0, NULL));
    CK(zeCommandListAppendMemoryCopy(cl, g, b, N, NULL, 0, NULL));
    bad += memcmp(g, src, N) != 0;

    /* 2D region: W x H bytes from (5, 3) of a (pitch SP) to (11, 2) of b
     * (pitch DP), b cleared first with a 1-byte fill of 0x5a */
    unsigned char z = 0x5a;
    CK(zeCommandListAppendMemoryFill(cl, b, &z, 1, N, NULL, 0, NULL));
    ze_copy_region_t dr = {11, 2, 0, W, H, 0}, sr = {5, 3, 0, W, H, 0};
    CK(zeCommandListAppendMemoryCopyRegion(cl, b, &dr, DP, 0, a, &sr, SP, 0, NULL, 0, NULL));
    CK(zeCommandListAppendMemoryCopy(cl, g, b, N, NULL, 0, NULL));
    memset(want, 0x5a, N);
    for (int y = 0; y < H; y++)
        memcpy(want + (size_t)(y + 2) * DP + 11, src + (size_t)(y + 3) * SP + 5, W);
    bad += 2 * (memcmp(g, want, N) != 0);
    unsigned char *want_b = malloc(N);
    memcpy(want_b, want, N);

    /* fills of 2- and 4-byte patterns over parts of a */
    unsigned short p2 = 0xbeef;
    unsigned p4 = 0x01234567;
    CK(zeCommandListAppendMemoryFill(cl, a, &p2, 2, 4096, NULL, 0, NULL));
    CK(zeCommandListAppendMemoryFill(cl, (char *)a + 8192, &p4, 4, 4096, NULL, 0, NULL));
    CK(zeCommandListAppendMemoryCopy(cl, g, a, N, NULL, 0, NULL));
    memcpy(want, src, N);
    for (int i = 0; i < 4096; i += 2)
        memcpy(want + i, &p2, 2);
    for (int i = 8192; i < 8192 + 4096; i += 4)
        memcpy(want + i, &p4, 4);
    bad += 4 * (memcmp(g, want, N) != 0);

    const char *dir = getenv("ZE_COPY_EXPECT");
    if (dir) {
        char text[256];
        snprintf(text, sizeof(text), "dump 0x%llx %d out0.bin\ndump 0x%llx %d out1.bin\n",
                 (unsigned long long)(uintptr_t)g, N, (unsigned long long)(uintptr_t)b, N);
        return write_file(dir, "out0.bin", want, N) || write_file(dir, "out1.bin", want_b, N) ||
               write_file(dir, "expect.txt", text, strlen(text));
    }
    if (bad) {
        printf("FAIL ze_copy: mismatches (1: 1D copies, 2: 2D region/1-byte fill, 4: 2/4-byte fills): %d\n", bad);
        return 1;
    }
    printf("PASS ze_copy\n");
    return 0;
}
