/*
 * A Level Zero program for the live server test: creates device buffers,
 * runs a kernel (tests/tbx/ze_vscale.cl, compiled to SPIR-V by ocloc at
 * build time) and reads the result back, then checks it on the CPU.
 *   ze_vscale KERNEL.spv
 * Prints "PASS ze_vscale" and exits 0 when every element matches.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <level_zero/ze_api.h>

#define N 4096u
#define GROUP 64u

static void check(ze_result_t r, const char *what)
{
    if (r != ZE_RESULT_SUCCESS) {
        fprintf(stderr, "ze_vscale: %s failed: 0x%x\n", what, (unsigned)r);
        exit(1);
    }
}

static uint8_t *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *b = n > 0 ? malloc((size_t)n) : NULL;
    if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
        free(b);
        b = NULL;
    }
    fclose(f);
    *len = (size_t)n;
    return b;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: ze_vscale KERNEL.spv\n");
        return 2;
    }
    size_t spv_len;
    uint8_t *spv = read_all(argv[1], &spv_len);
    if (!spv) {
        fprintf(stderr, "ze_vscale: cannot read %s\n", argv[1]);
        return 1;
    }
    check(zeInit(ZE_INIT_FLAG_GPU_ONLY), "zeInit");
    uint32_t n = 1;
    ze_driver_handle_t drv;
    check(zeDriverGet(&n, &drv), "zeDriverGet");
    n = 1;
    ze_device_handle_t dev;
    check(zeDeviceGet(drv, &n, &dev), "zeDeviceGet");
    ze_device_properties_t props = {.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES};
    check(zeDeviceGetProperties(dev, &props), "zeDeviceGetProperties");
    printf("device: %s (%u EUs per subslice x %u subslices x %u slices)\n", props.name,
           props.numEUsPerSubslice, props.numSubslicesPerSlice, props.numSlices);

    ze_context_desc_t cdesc = {.stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC};
    ze_context_handle_t ctx;
    check(zeContextCreate(drv, &cdesc, &ctx), "zeContextCreate");

    ze_module_desc_t mdesc = {.stype = ZE_STRUCTURE_TYPE_MODULE_DESC,
                              .format = ZE_MODULE_FORMAT_IL_SPIRV,
                              .inputSize = spv_len,
                              .pInputModule = spv};
    ze_module_handle_t mod;
    ze_module_build_log_handle_t blog;
    ze_result_t r = zeModuleCreate(ctx, dev, &mdesc, &mod, &blog);
    if (r != ZE_RESULT_SUCCESS) {
        size_t ls = 0;
        zeModuleBuildLogGetString(blog, &ls, NULL);
        char *log = malloc(ls + 1);
        zeModuleBuildLogGetString(blog, &ls, log);
        fprintf(stderr, "ze_vscale: build log: %s\n", log);
        check(r, "zeModuleCreate");
    }
    zeModuleBuildLogDestroy(blog);
    ze_kernel_desc_t kdesc = {.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC, .pKernelName = "vscale"};
    ze_kernel_handle_t k;
    check(zeKernelCreate(mod, &kdesc, &k), "zeKernelCreate");

    /* Device-local buffers: the input is copied in and the output copied
     * out by command-list copies, so the result only reaches host memory
     * through the GPU. */
    ze_device_mem_alloc_desc_t ddesc = {.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC};
    ze_host_mem_alloc_desc_t hdesc = {.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC};
    void *d_in, *d_out, *h_io;
    check(zeMemAllocDevice(ctx, &ddesc, N * 4, 64, dev, &d_in), "zeMemAllocDevice(in)");
    check(zeMemAllocDevice(ctx, &ddesc, N * 4, 64, dev, &d_out), "zeMemAllocDevice(out)");
    check(zeMemAllocHost(ctx, &hdesc, 2 * N * 4, 64, &h_io), "zeMemAllocHost");
    uint32_t *in = h_io, *out = (uint32_t *)h_io + N;
    for (uint32_t i = 0; i < N; i++) {
        in[i] = i * 2654435761u;
        out[i] = 0xdeadbeef;
    }
    const uint32_t kval = 3;
    check(zeKernelSetGroupSize(k, GROUP, 1, 1), "zeKernelSetGroupSize");
    check(zeKernelSetArgumentValue(k, 0, sizeof(d_in), &d_in), "zeKernelSetArgumentValue(0)");
    check(zeKernelSetArgumentValue(k, 1, sizeof(d_out), &d_out), "zeKernelSetArgumentValue(1)");
    check(zeKernelSetArgumentValue(k, 2, sizeof(kval), &kval), "zeKernelSetArgumentValue(2)");

    ze_command_queue_desc_t qdesc = {.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
                                     .mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS};
    ze_command_queue_handle_t q;
    check(zeCommandQueueCreate(ctx, dev, &qdesc, &q), "zeCommandQueueCreate");
    ze_command_list_desc_t ldesc = {.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC};
    ze_command_list_handle_t cl;
    check(zeCommandListCreate(ctx, dev, &ldesc, &cl), "zeCommandListCreate");
    check(zeCommandListAppendMemoryCopy(cl, d_in, in, N * 4, NULL, 0, NULL), "copy in");
    check(zeCommandListAppendBarrier(cl, NULL, 0, NULL), "barrier");
    ze_group_count_t groups = {N / GROUP, 1, 1};
    check(zeCommandListAppendLaunchKernel(cl, k, &groups, NULL, 0, NULL), "zeCommandListAppendLaunchKernel");
    check(zeCommandListAppendBarrier(cl, NULL, 0, NULL), "barrier");
    check(zeCommandListAppendMemoryCopy(cl, out, d_out, N * 4, NULL, 0, NULL), "copy out");
    check(zeCommandListClose(cl), "zeCommandListClose");
    check(zeCommandQueueExecuteCommandLists(q, 1, &cl, NULL), "zeCommandQueueExecuteCommandLists");
    check(zeCommandQueueSynchronize(q, UINT64_MAX), "zeCommandQueueSynchronize");

    unsigned bad = 0;
    for (uint32_t i = 0; i < N; i++) {
        uint32_t want = in[i] * kval + i;
        if (out[i] != want && bad++ < 5)
            fprintf(stderr, "ze_vscale: out[%u] = 0x%08x, expected 0x%08x\n", i, out[i], want);
    }
    zeCommandListDestroy(cl);
    zeCommandQueueDestroy(q);
    zeMemFree(ctx, h_io);
    zeMemFree(ctx, d_out);
    zeMemFree(ctx, d_in);
    zeKernelDestroy(k);
    zeModuleDestroy(mod);
    zeContextDestroy(ctx);
    free(spv);
    if (bad) {
        printf("FAIL ze_vscale: %u of %u elements wrong\n", bad, N);
        return 1;
    }
    printf("PASS ze_vscale\n");
    return 0;
}
