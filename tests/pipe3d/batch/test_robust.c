/*
 * Bad input to the 3D pipeline (issue 15): hand-built command streams
 * (b3d.h) with missing, inconsistent or out-of-range state.  Every case must
 * end in its documented behaviour (a draw that reads zeros, draws nothing)
 * or in an error report that names the command and its batch address;
 * never a crash, a hang or a sanitizer report (the test also runs in the
 * ASan+UBSan build).  Cases that need shaders use the end-to-end kernels
 * (e2e_vs.asm, e2e_ps.asm, skl); the others run on skl and tgllp.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>

#include "b3d.h"
#include "pipe3d/pipe3d.h"

static int failures;

#define CHECK(cond, ...)                                                                                      \
    do {                                                                                                      \
        if (!(cond)) {                                                                                        \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                              \
            fprintf(stderr, __VA_ARGS__);                                                                     \
            fprintf(stderr, "\n");                                                                            \
            failures++;                                                                                       \
        }                                                                                                     \
    } while (0)

static uint8_t vs_code[4096], ps_code[4096];
static size_t vs_len, ps_len;

static void load(const char *path, uint8_t *buf, size_t *len)
{
    FILE *f = fopen(path, "rb");
    *len = f ? fread(buf, 1, 4096, f) : 0;
    if (f)
        fclose(f);
    if (!*len) {
        fprintf(stderr, "FAIL: cannot read %s\n", path);
        exit(1);
    }
}

/* A device on platform with the e2e kernels, a 16x16 target cleared to
 * 0x01020304 and the depth buffer to 1.0. */
static b3d *open_dev(const char *platform, const gtsim_config *cfg)
{
    b3d *b = calloc(1, sizeof(*b));
    if (!b || b3d_open(b, platform, cfg)) {
        fprintf(stderr, "FAIL: no %s device\n", platform);
        exit(1);
    }
    b3d_wdata(b, B3D_VS_KERNEL, vs_code, vs_len);
    b3d_wdata(b, B3D_PS_KERNEL, ps_code, ps_len);
    for (int i = 0; i < 16 * 16; i++)
        b3d_w32(b, B3D_RT + 4 * i, 0x01020304u);
    for (int i = 0; i < 1024; i++)
        b3d_w32(b, B3D_Z + 4 * i, b3d_f2u(1.0f));
    return b;
}

/* Two triangles (window coordinates of a 16x16 target, y down): T0 the
 * upper-left half, T1 the lower-right, colour (1, 0.5, 0.25, 1). */
static void write_vertices(b3d *b)
{
    static const float win[6][2] = {{0, 0}, {16, 0}, {0, 16}, {16, 0}, {16, 16}, {0, 16}};
    float vb[6][8];
    for (int i = 0; i < 6; i++) {
        vb[i][0] = win[i][0] / 8 - 1;
        vb[i][1] = win[i][1] / 8 - 1;
        vb[i][2] = 0;
        vb[i][3] = 1;
        vb[i][4] = 1;
        vb[i][5] = 0.5f;
        vb[i][6] = 0.25f;
        vb[i][7] = 1;
    }
    b3d_wdata(b, B3D_VB, vb, sizeof(vb));
}

static void scene(b3d *b, int shaders)
{
    write_vertices(b);
    b3d_scene_opts o = {.w = 16, .h = 16, .vs = shaders, .ps = shaders, .depth = 1};
    b3d_scene(b, &o, 6 * 32);
}

/* Pixels of the target that are not the clear value. */
static int drawn(b3d *b)
{
    uint32_t px[256];
    b3d_rdata(b, B3D_RT, px, sizeof(px));
    int n = 0;
    for (int i = 0; i < 256; i++)
        n += px[i] != 0x01020304u;
    return n;
}

/* The run of b's batch must fail with status want (0: any error) and a
 * report holding every string of the NULL-ended list and the batch address
 * of DWord dw of the batch (dw < 0: no address check). */
static void expect_report(const char *name, b3d *b, int st, int want, int dw, ...)
{
    const char *err = gtsim_last_error(b->dev);
    CHECK(st != GTSIM_OK, "%s: succeeded, an error was expected", name);
    CHECK(!want || st == want, "%s: status %d, want %d (%s)", name, st, want, err);
    if (dw >= 0) {
        char addr[64];
        snprintf(addr, sizeof(addr), "batch 0x%" PRIx64, (uint64_t)(B3D_BATCH + 4ull * (unsigned)dw));
        CHECK(strstr(err, addr) != NULL, "%s: the report does not name %s: %s", name, addr, err);
    }
    va_list ap;
    va_start(ap, dw);
    for (const char *s; (s = va_arg(ap, const char *)) != NULL;)
        CHECK(strstr(err, s) != NULL, "%s: the report lacks \"%s\": %s", name, s, err);
    va_end(ap);
    printf("%-34s -> %d: %.200s\n", name, st, err);
}

static void expect_ok(const char *name, b3d *b, int st)
{
    CHECK(st == GTSIM_OK, "%s: status %d: %s", name, st, gtsim_last_error(b->dev));
    printf("%-34s -> ok\n", name);
}

static void done(b3d *b)
{
    b3d_close(b);
    free(b);
}

/* ---- the cases ---- */

static void unknown_3d_command(const char *plat)
{
    b3d *b = open_dev(plat, NULL);
    uint32_t dw[3] = {0x78ff0001u, 0, 0}; /* GFXPIPE 3D opcode 0, sub-opcode 0xff: no such command */
    b3d_dw(b, (uint32_t[]){0, 0}, 2);
    b3d_dw(b, dw, 3);
    expect_report("unknown 3D command", b, b3d_run(b), GTSIM_ERR_UNIMPL, 2, "0x78ff0001", NULL);
    done(b);
}

static void primitive_without_state(const char *plat)
{
    b3d *b = open_dev(plat, NULL);
    b3d_draw(b, 3, 0, 1, 0);
    expect_report("3DPRIMITIVE without state", b, b3d_run(b), 0, 0, "3DPRIMITIVE", "URB", NULL);
    done(b);
    /* RECTLIST and a patch list: no state but the topology */
    b = open_dev(plat, NULL);
    B3D_CMD(b, GT3D_3DSTATE_VF_TOPOLOGY, {GT3D_3DSTATE_VF_TOPOLOGY__PRIMITIVE_TOPOLOGY_TYPE, 0x0f});
    unsigned at = b->n;
    b3d_draw(b, 3, 0, 1, 0);
    expect_report("RECTLIST without state", b, b3d_run(b), 0, (int)at, "3DPRIMITIVE", NULL);
    done(b);
    b = open_dev(plat, NULL);
    B3D_CMD(b, GT3D_3DSTATE_VF_TOPOLOGY, {GT3D_3DSTATE_VF_TOPOLOGY__PRIMITIVE_TOPOLOGY_TYPE, 0x22});
    at = b->n;
    b3d_draw(b, 3, 0, 1, 0);
    expect_report("PATCHLIST_3 without state", b, b3d_run(b), 0, (int)at, "3DPRIMITIVE", NULL);
    done(b);
    /* a patch list with the whole scene programmed: a patch topology without tessellation: invalid */
    b = open_dev(plat, NULL);
    scene(b, 0);
    B3D_CMD(b, GT3D_3DSTATE_VF_TOPOLOGY, {GT3D_3DSTATE_VF_TOPOLOGY__PRIMITIVE_TOPOLOGY_TYPE, 0x22});
    at = b->n;
    b3d_draw(b, 3, 0, 1, 0);
    expect_report("PATCHLIST_3 with state", b, b3d_run(b), GTSIM_ERR_INVALID, (int)at, "PATCHLIST", "tessellation off", NULL);
    done(b);
}

static void no_shaders(const char *plat)
{
    /* documented: with the VS disabled the VF output is the VUE (so the
     * position is element 1, slot 1); without a PS nothing is written but
     * depth */
    b3d *b = open_dev(plat, NULL);
    scene(b, 0);
    b3d_vertex_elements(b, 2, (const unsigned[]){0, 0}, (const unsigned[]){16, 0}, (const unsigned[]){0, 0});
    b3d_draw(b, 6, 0, 1, 0);
    expect_ok("draw with no shaders", b, b3d_run(b));
    CHECK(drawn(b) == 0, "no PS: %d pixels written", drawn(b));
    uint32_t z;
    b3d_rdata(b, B3D_Z, &z, 4);
    CHECK(z == b3d_f2u(0.5f), "no PS: depth 0x%08x, want 0.5 (z NDC 0)", z);
    done(b);
}

static void shader_pointers(void)
{
    /* VS enabled, its kernel pointer at zeroed memory */
    b3d *b = open_dev("skl", NULL);
    scene(b, 1);
    B3D_CMD(b, GT3D_3DSTATE_VS, {GT3D_3DSTATE_VS__KERNEL_START_POINTER, 0x5000},
            {GT3D_3DSTATE_VS__DISPATCH_GRF_START_REGISTER_FOR_URB_DATA, 2},
            {GT3D_3DSTATE_VS__VERTEX_URB_ENTRY_READ_LENGTH, 1}, {GT3D_3DSTATE_VS__ENABLE, 1},
            {GT3D_3DSTATE_VS__SIMD8_DISPATCH_ENABLE, 1});
    unsigned at = b->n;
    b3d_draw(b, 6, 0, 1, 0);
    expect_report("VS kernel in zeroed memory", b, b3d_run(b), 0, (int)at, "VS thread", "3DPRIMITIVE", NULL);
    done(b);
    /* VS kernel pointer into unmapped memory (past the DATA window) */
    b = open_dev("skl", NULL);
    scene(b, 1);
    B3D_CMD(b, GT3D_3DSTATE_VS, {GT3D_3DSTATE_VS__KERNEL_START_POINTER, B3D_DATA_BYTES + 0x1000},
            {GT3D_3DSTATE_VS__DISPATCH_GRF_START_REGISTER_FOR_URB_DATA, 2},
            {GT3D_3DSTATE_VS__VERTEX_URB_ENTRY_READ_LENGTH, 1}, {GT3D_3DSTATE_VS__ENABLE, 1},
            {GT3D_3DSTATE_VS__SIMD8_DISPATCH_ENABLE, 1});
    at = b->n;
    b3d_draw(b, 6, 0, 1, 0);
    expect_report("VS kernel unmapped", b, b3d_run(b), 0, (int)at, "VS thread", NULL);
    done(b);
    /* PS kernel pointer into unmapped memory */
    b = open_dev("skl", NULL);
    scene(b, 1);
    B3D_CMD(b, GT3D_3DSTATE_PS, {GT3D_3DSTATE_PS__KERNEL_START_POINTER_0, B3D_DATA_BYTES + 0x1000},
            {GT3D_3DSTATE_PS__8_PIXEL_DISPATCH_ENABLE, 1},
            {GT3D_3DSTATE_PS__DISPATCH_GRF_START_REGISTER_FOR_CONSTANT_SETUP_DATA_0, 4});
    at = b->n;
    b3d_draw(b, 6, 0, 1, 0);
    expect_report("PS kernel unmapped", b, b3d_run(b), 0, (int)at, "PS thread", NULL);
    done(b);
    /* a VS that waits on n0 (src/pipe3d/draw.c p3_run_thread): no thread
     * group, no gateway message, so nothing can ever notify it.  Bytes:
     * iga64 -p=9's encoding of `wait n0.0<0;1,0>:ud`. */
    static const uint8_t wait_n0[16] = {0x30, 0, 0, 0, 0, 0, 0, 0x32, 0, 0x12, 0, 0, 0, 0, 0, 0};
    b = open_dev("skl", NULL);
    scene(b, 1);
    b3d_wdata(b, 0x5000, wait_n0, sizeof(wait_n0));
    B3D_CMD(b, GT3D_3DSTATE_VS, {GT3D_3DSTATE_VS__KERNEL_START_POINTER, 0x5000},
            {GT3D_3DSTATE_VS__DISPATCH_GRF_START_REGISTER_FOR_URB_DATA, 2},
            {GT3D_3DSTATE_VS__VERTEX_URB_ENTRY_READ_LENGTH, 1}, {GT3D_3DSTATE_VS__ENABLE, 1},
            {GT3D_3DSTATE_VS__SIMD8_DISPATCH_ENABLE, 1});
    at = b->n;
    b3d_draw(b, 6, 0, 1, 0);
    expect_report("VS waiting on n0", b, b3d_run(b), GTSIM_ERR_WATCHDOG, (int)at, "VS thread",
                  "IP 0x0 waits for nothing that can arrive", NULL);
    done(b);
}

static void vertex_buffers(const char *plat)
{
    /* documented (seed 004 3DPRIMITIVE): data past Buffer Size reads 0.
     * Size 3 vertices: the second triangle's positions are all (0, 0, 0,
     * 0) -> degenerate, and only the first triangle's 120 pixels are drawn
     * (the 16 centres on the diagonal belong to the second: a bottom-right
     * edge of the first; the PS writes them on skl) */
    bool sh = !strcmp(plat, "skl");
    b3d *b = open_dev(plat, NULL);
    scene(b, sh);
    b3d_vertex_buffer(b, 0, B3D_DATA + B3D_VB, 32, 3 * 32);
    b3d_draw(b, 6, 0, 1, 0);
    expect_ok("vertex buffer past its size", b, b3d_run(b));
    if (sh)
        CHECK(drawn(b) == 120, "vertex buffer past its size: %d pixels drawn, want 120", drawn(b));
    done(b);
    /* a vertex buffer in unmapped memory: a page fault report */
    b = open_dev(plat, NULL);
    scene(b, sh);
    b3d_vertex_buffer(b, 0, B3D_DATA + B3D_DATA_BYTES, 32, 4096);
    unsigned at = b->n;
    b3d_draw(b, 6, 0, 1, 0);
    expect_report("vertex buffer unmapped", b, b3d_run(b), GTSIM_ERR_FAULT, (int)at, "vertex buffer", NULL);
    done(b);
    /* an element of a buffer never programmed: reads 0 (documented) */
    b = open_dev(plat, NULL);
    scene(b, 0);
    b3d_vertex_elements(b, 1, (const unsigned[]){7}, (const unsigned[]){0}, (const unsigned[]){0});
    b3d_draw(b, 3, 0, 1, 0);
    expect_ok("element of an unprogrammed buffer", b, b3d_run(b));
    done(b);
    /* an element with an unknown format: a report */
    b = open_dev(plat, NULL);
    scene(b, 0);
    b3d_vertex_elements(b, 2, (const unsigned[]){0, 0}, (const unsigned[]){0, 16}, (const unsigned[]){0, 0x1f0});
    at = b->n;
    b3d_draw(b, 3, 0, 1, 0);
    expect_report("element of an unknown format", b, b3d_run(b), GTSIM_ERR_INVALID, (int)at, "Format 0x1f0", NULL);
    done(b);
}

static void index_buffer(void)
{
    /* seed 004 3DPRIMITIVE: indices past the index buffer's size read 0.
     * The buffer holds 0 1 2 3 4 5 but its size says 3 indices: the second
     * triangle is (0, 0, 0) and draws nothing */
    b3d *b = open_dev("skl", NULL);
    scene(b, 1);
    uint16_t idx[6] = {0, 1, 2, 3, 4, 5};
    b3d_wdata(b, B3D_IB, idx, sizeof(idx));
    B3D_CMD(b, GT3D_3DSTATE_INDEX_BUFFER, {GT3D_3DSTATE_INDEX_BUFFER__INDEX_FORMAT, 1},
            {GT3D_3DSTATE_INDEX_BUFFER__BUFFER_STARTING_ADDRESS, B3D_DATA + B3D_IB},
            {GT3D_3DSTATE_INDEX_BUFFER__BUFFER_SIZE, 6});
    b3d_draw(b, 6, 0, 1, 1);
    expect_ok("index buffer past its size", b, b3d_run(b));
    CHECK(drawn(b) == 120, "index buffer past its size: %d pixels drawn, want 120", drawn(b));
    done(b);
    /* the same with the full size: both triangles */
    b = open_dev("skl", NULL);
    scene(b, 1);
    b3d_wdata(b, B3D_IB, idx, sizeof(idx));
    B3D_CMD(b, GT3D_3DSTATE_INDEX_BUFFER, {GT3D_3DSTATE_INDEX_BUFFER__INDEX_FORMAT, 1},
            {GT3D_3DSTATE_INDEX_BUFFER__BUFFER_STARTING_ADDRESS, B3D_DATA + B3D_IB},
            {GT3D_3DSTATE_INDEX_BUFFER__BUFFER_SIZE, 12});
    b3d_draw(b, 6, 0, 1, 1);
    expect_ok("index buffer within its size", b, b3d_run(b));
    CHECK(drawn(b) == 256, "index buffer: %d pixels drawn, want 256", drawn(b));
    done(b);
    /* an index buffer in unmapped memory */
    b = open_dev("skl", NULL);
    scene(b, 1);
    B3D_CMD(b, GT3D_3DSTATE_INDEX_BUFFER, {GT3D_3DSTATE_INDEX_BUFFER__INDEX_FORMAT, 2},
            {GT3D_3DSTATE_INDEX_BUFFER__BUFFER_STARTING_ADDRESS, B3D_DATA + B3D_DATA_BYTES},
            {GT3D_3DSTATE_INDEX_BUFFER__BUFFER_SIZE, 4096});
    unsigned at = b->n;
    b3d_draw(b, 6, 0, 1, 1);
    expect_report("index buffer unmapped", b, b3d_run(b), GTSIM_ERR_FAULT, (int)at, "index buffer", NULL);
    done(b);
}

static void urb(const char *plat)
{
    struct {
        const char *name;
        unsigned entries, units, start;
        const char *what;
    } c[] = {
        {"URB: 2 entries for a triangle", 2, 1, 1, "URB"},
        {"URB: no entries", 0, 1, 1, "URB"},
        {"URB: allocation past the URB", 65535, 512, 127, "URB"},
    };
    for (unsigned i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
        b3d *b = open_dev(plat, NULL);
        scene(b, 0);
        B3D_CMD(b, GT3D_3DSTATE_URB_VS, {GT3D_3DSTATE_URB_VS__VS_NUMBER_OF_URB_ENTRIES, c[i].entries},
                {GT3D_3DSTATE_URB_VS__VS_URB_ENTRY_ALLOCATION_SIZE, c[i].units - 1},
                {GT3D_3DSTATE_URB_VS__VS_URB_STARTING_ADDRESS, c[i].start});
        unsigned at = b->n;
        b3d_draw(b, 6, 0, 1, 0);
        expect_report(c[i].name, b, b3d_run(b), GTSIM_ERR_INVALID, (int)at, c[i].what, NULL);
        done(b);
    }
    /* entries too small for the vertex elements (5 elements, 64 bytes) */
    b3d *b = open_dev(plat, NULL);
    scene(b, 0);
    b3d_vertex_elements(b, 5, (const unsigned[]){0, 0, 0, 0, 0}, (const unsigned[]){0, 16, 0, 16, 0},
                        (const unsigned[]){0, 0, 0, 0, 0});
    unsigned at = b->n;
    b3d_draw(b, 6, 0, 1, 0);
    expect_report("URB: entries smaller than a vertex", b, b3d_run(b), GTSIM_ERR_INVALID, (int)at, "URB", NULL);
    done(b);
}

static void ps_payload(void)
{
    /* 16 attributes from r120: past r127 */
    b3d *b = open_dev("skl", NULL);
    scene(b, 1);
    B3D_CMD(b, GT3D_3DSTATE_PS, {GT3D_3DSTATE_PS__KERNEL_START_POINTER_0, B3D_PS_KERNEL},
            {GT3D_3DSTATE_PS__8_PIXEL_DISPATCH_ENABLE, 1},
            {GT3D_3DSTATE_PS__DISPATCH_GRF_START_REGISTER_FOR_CONSTANT_SETUP_DATA_0, 120});
    B3D_CMD(b, GT3D_3DSTATE_SBE, {GT3D_3DSTATE_SBE__NUMBER_OF_SF_OUTPUT_ATTRIBUTES, 16},
            {GT3D_3DSTATE_SBE__VERTEX_URB_ENTRY_READ_OFFSET, 1});
    unsigned at = b->n;
    b3d_draw(b, 6, 0, 1, 0);
    expect_report("PS payload past r127", b, b3d_run(b), GTSIM_ERR_INVALID, (int)at, "PS payload", NULL);
    done(b);
    /* push constants past r127 */
    b = open_dev("skl", NULL);
    scene(b, 1);
    B3D_CMD(b, GT3D_3DSTATE_PS, {GT3D_3DSTATE_PS__KERNEL_START_POINTER_0, B3D_PS_KERNEL},
            {GT3D_3DSTATE_PS__8_PIXEL_DISPATCH_ENABLE, 1}, {GT3D_3DSTATE_PS__PUSH_CONSTANT_ENABLE, 1},
            {GT3D_3DSTATE_PS__DISPATCH_GRF_START_REGISTER_FOR_CONSTANT_SETUP_DATA_0, 4});
    B3D_CMD(b, GT3D_3DSTATE_CONSTANT_PS, {GT3D_3DSTATE_CONSTANT_PS__READ_LENGTH_0, 200},
            {GT3D_3DSTATE_CONSTANT_PS__BUFFER_0, B3D_DATA});
    at = b->n;
    b3d_draw(b, 6, 0, 1, 0);
    expect_report("PS push constants past r127", b, b3d_run(b), 0, (int)at, "3DPRIMITIVE", NULL);
    done(b);
    /* a VS payload (read length 63 elements pairs) past r127 */
    b = open_dev("skl", NULL);
    scene(b, 1);
    B3D_CMD(b, GT3D_3DSTATE_VS, {GT3D_3DSTATE_VS__KERNEL_START_POINTER, B3D_VS_KERNEL},
            {GT3D_3DSTATE_VS__DISPATCH_GRF_START_REGISTER_FOR_URB_DATA, 2},
            {GT3D_3DSTATE_VS__VERTEX_URB_ENTRY_READ_LENGTH, 63}, {GT3D_3DSTATE_VS__ENABLE, 1},
            {GT3D_3DSTATE_VS__SIMD8_DISPATCH_ENABLE, 1});
    at = b->n;
    b3d_draw(b, 6, 0, 1, 0);
    expect_report("VS payload past r127", b, b3d_run(b), GTSIM_ERR_INVALID, (int)at, "VS payload", NULL);
    done(b);
}

static void state_pointers(void)
{
    /* BLEND_STATE, the SF_CLIP viewport and the scissor in unmapped memory:
     * the dynamic state base + pointer lies past the DATA window */
    struct {
        const char *name, *what;
        unsigned id, slot, valid; /* valid: the command's Pointer Valid slot */
        bool has_valid;
    } c[] = {
        {"BLEND_STATE unmapped", "BLEND_STATE", GT3D_3DSTATE_BLEND_STATE_POINTERS,
         GT3D_3DSTATE_BLEND_STATE_POINTERS__BLEND_STATE_POINTER,
         GT3D_3DSTATE_BLEND_STATE_POINTERS__BLEND_STATE_POINTER_VALID, true},
        {"SF_CLIP_VIEWPORT unmapped", "SF_CLIP_VIEWPORT", GT3D_3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP,
         GT3D_3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP__SF_CLIP_VIEWPORT_POINTER, 0, false},
        {"COLOR_CALC_STATE unmapped", "COLOR_CALC_STATE", GT3D_3DSTATE_CC_STATE_POINTERS,
         GT3D_3DSTATE_CC_STATE_POINTERS__COLOR_CALC_STATE_POINTER,
         GT3D_3DSTATE_CC_STATE_POINTERS__COLOR_CALC_STATE_POINTER_VALID, true},
    };
    for (unsigned i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
        b3d *b = open_dev("skl", NULL);
        scene(b, 1);
        b3d_f f[2] = {{c[i].slot, B3D_DATA_BYTES + 0x40}, {c[i].valid, 1}};
        b3d_cmd(b, c[i].id, f, c[i].has_valid ? 2 : 1);
        unsigned at = b->n;
        b3d_draw(b, 6, 0, 1, 0);
        expect_report(c[i].name, b, b3d_run(b), GTSIM_ERR_FAULT, (int)at, c[i].what, NULL);
        done(b);
        if (!c[i].has_valid)
            continue;
        /* the same pointer without its Valid bit changes nothing: the
         * scene's own state stays and the draw succeeds */
        b = open_dev("skl", NULL);
        scene(b, 1);
        b3d_cmd(b, c[i].id, f, 1);
        b3d_draw(b, 6, 0, 1, 0);
        expect_ok("pointer without its Valid bit", b, b3d_run(b));
        done(b);
    }
    /* the render target's surface state and the depth buffer unmapped */
    b3d *b = open_dev("skl", NULL);
    scene(b, 1);
    b3d_w32(b, B3D_BT, B3D_DATA_BYTES + 0x100);
    unsigned at = b->n;
    b3d_draw(b, 6, 0, 1, 0);
    expect_report("render surface state unmapped", b, b3d_run(b), 0, (int)at, "3DPRIMITIVE", NULL);
    done(b);
    b = open_dev("skl", NULL);
    scene(b, 1);
    B3D_CMD(b, GT3D_3DSTATE_DEPTH_BUFFER, {GT3D_3DSTATE_DEPTH_BUFFER__SURFACE_TYPE, 1},
            {GT3D_3DSTATE_DEPTH_BUFFER__DEPTH_WRITE_ENABLE, 1}, {GT3D_3DSTATE_DEPTH_BUFFER__SURFACE_FORMAT, 1},
            {GT3D_3DSTATE_DEPTH_BUFFER__SURFACE_PITCH, 127},
            {GT3D_3DSTATE_DEPTH_BUFFER__SURFACE_BASE_ADDRESS, B3D_DATA + B3D_DATA_BYTES},
            {GT3D_3DSTATE_DEPTH_BUFFER__WIDTH, 15}, {GT3D_3DSTATE_DEPTH_BUFFER__HEIGHT, 15});
    at = b->n;
    b3d_draw(b, 6, 0, 1, 0);
    expect_report("depth buffer unmapped", b, b3d_run(b), 0, (int)at, "3DPRIMITIVE", NULL);
    done(b);
}

static void huge_counts(const char *plat)
{
    /* 2^32 - 1 vertices: bounded by max_total_eu_instructions (a draw's
     * vertices count as work), a report before anything runs */
    gtsim_config cfg = {.max_total_eu_instructions = 1000000};
    b3d *b = open_dev(plat, &cfg);
    scene(b, 0);
    unsigned at = b->n;
    b3d_draw(b, 0xffffffffu, 0, 1, 0);
    expect_report("2^32-1 vertices, bounded work", b, b3d_run(b), GTSIM_ERR_WATCHDOG, (int)at, "3DPRIMITIVE",
                  "max_total_eu_instructions", NULL);
    done(b);
    /* 2^32 - 1 instances of a triangle */
    b = open_dev(plat, &cfg);
    scene(b, 0);
    at = b->n;
    b3d_draw(b, 3, 0, 0xffffffffu, 0);
    expect_report("2^32-1 instances, bounded work", b, b3d_run(b), GTSIM_ERR_WATCHDOG, (int)at, "3DPRIMITIVE",
                  NULL);
    done(b);
    /* 2^32 - 1 instances of no vertices (a fuzz_3d finding: an unbounded loop) */
    b = open_dev(plat, &cfg);
    scene(b, 0);
    at = b->n;
    b3d_draw(b, 0, 0, 0xffffffffu, 0);
    expect_report("2^32-1 empty instances", b, b3d_run(b), GTSIM_ERR_WATCHDOG, (int)at, "3DPRIMITIVE", NULL);
    done(b);
    /* the default bounds: the host memory a draw of 2^32 - 1 vertices
     * would need is refused (small max_host_memory to keep the test's own
     * memory small) */
    gtsim_config mem = {.max_host_memory = 64u << 20};
    b = open_dev(plat, &mem);
    scene(b, 0);
    at = b->n;
    b3d_draw(b, 0xffffffffu, 0, 1, 0);
    expect_report("2^32-1 vertices, host memory", b, b3d_run(b), GTSIM_ERR_NOMEM, (int)at, "3DPRIMITIVE", NULL);
    done(b);
    /* many VS threads: stopped by max_threads */
    if (!strcmp(plat, "skl")) {
        gtsim_config thr = {.max_threads = 100};
        b = open_dev(plat, &thr);
        scene(b, 1);
        at = b->n;
        b3d_draw(b, 3 * 1000, 0, 1, 0);
        expect_report("3000 vertices, max_threads 100", b, b3d_run(b), GTSIM_ERR_WATCHDOG, (int)at, "max_threads",
                      NULL);
        done(b);
    }
}

static void truncated(const char *plat)
{
    /* a 3DSTATE_VS whose body runs past the last mapped page of the batch */
    b3d *b = open_dev(plat, NULL);
    B3D_CMD(b, GT3D_3DSTATE_VS, {GT3D_3DSTATE_VS__ENABLE, 1});
    b->n = 4; /* the first 4 DWords at the end of the window: the rest unmapped */
    int st = b3d_run_at(b, B3D_BATCH_BYTES - 16);
    expect_report("3DSTATE_VS truncated at batch end", b, st, GTSIM_ERR_FAULT, (B3D_BATCH_BYTES - 16) / 4,
                  "3DSTATE_VS", NULL);
    done(b);
    /* a 3DPRIMITIVE cut the same way */
    b = open_dev(plat, NULL);
    b3d_draw(b, 3, 0, 1, 0);
    b->n = 2;
    st = b3d_run_at(b, B3D_BATCH_BYTES - 8);
    expect_report("3DPRIMITIVE truncated at batch end", b, st, GTSIM_ERR_FAULT, (B3D_BATCH_BYTES - 8) / 4,
                  "3DPRIMITIVE", NULL);
    done(b);
    /* a DWord Length longer than the 3D command's layout allows */
    b = open_dev(plat, NULL);
    uint32_t bad = gt3d_desc(b->set, GT3D_3DSTATE_VF_TOPOLOGY)->match | 200;
    b3d_dw(b, &bad, 1);
    for (int i = 0; i < 201; i++)
        b3d_dw(b, (uint32_t[]){0}, 1);
    expect_report("3DSTATE_VF_TOPOLOGY of 202 DWords", b, b3d_run(b), GTSIM_ERR_ILLEGAL, 0, "3DSTATE_VF_TOPOLOGY",
                  NULL);
    done(b);
}

static void indirect(const char *plat)
{
    /* Indirect Parameter Enable (seed 004 3DPRIMITIVE): the 3DPRIM_*
     * registers give the draw; zeroed registers draw nothing, registers
     * loaded with MI_LOAD_REGISTER_IMM give the first triangle of the
     * vertex buffer test's scene (120 pixels) */
    bool sh = !strcmp(plat, "skl");
    b3d *b = open_dev(plat, NULL);
    scene(b, sh);
    B3D_CMD(b, GT3D_3DPRIMITIVE, {GT3D_3DPRIMITIVE__INDIRECT_PARAMETER_ENABLE, 1});
    expect_ok("indirect 3DPRIMITIVE, registers 0", b, b3d_run(b));
    if (sh)
        CHECK(drawn(b) == 0, "indirect 3DPRIMITIVE, registers 0: %d pixels drawn, want 0", drawn(b));
    done(b);
    b = open_dev(plat, NULL);
    scene(b, sh);
    const uint32_t lri[] = {(0x22u << 23) | (2 * 3 - 1), GT3D_REG_3DPRIM_VERTEX_COUNT, 3,
                            GT3D_REG_3DPRIM_INSTANCE_COUNT, 1, GT3D_REG_3DPRIM_START_VERTEX, 0};
    b3d_dw(b, lri, 7);
    B3D_CMD(b, GT3D_3DPRIMITIVE, {GT3D_3DPRIMITIVE__INDIRECT_PARAMETER_ENABLE, 1},
            {GT3D_3DPRIMITIVE__VERTEX_COUNT_PER_INSTANCE, 6});
    expect_ok("indirect 3DPRIMITIVE, 3 vertices", b, b3d_run(b));
    if (sh)
        CHECK(drawn(b) == 120, "indirect 3DPRIMITIVE: %d pixels drawn, want 120 (the command's own count of 6 "
              "must be ignored)", drawn(b));
    done(b);
}

int main(void)
{
    load(E2E_VS, vs_code, &vs_len);
    load(E2E_PS, ps_code, &ps_len);
    static const char *const plats[] = {"skl", "tgllp"};
    for (unsigned p = 0; p < 2; p++) {
        printf("== %s\n", plats[p]);
        unknown_3d_command(plats[p]);
        primitive_without_state(plats[p]);
        no_shaders(plats[p]);
        vertex_buffers(plats[p]);
        urb(plats[p]);
        huge_counts(plats[p]);
        truncated(plats[p]);
        indirect(plats[p]);
    }
    printf("== skl shaders\n");
    shader_pointers();
    index_buffer();
    ps_payload();
    state_pointers();
    if (failures)
        fprintf(stderr, "%d failures\n", failures);
    return failures != 0;
}
