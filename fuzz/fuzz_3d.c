/*
 * libFuzzer target: the 3D pipeline's command path.  A fixed, valid memory
 * setup (tests/pipe3d/batch/b3d.h: 1 MiB of state, kernels and buffers with
 * unmapped pages around it, the end-to-end VS and PS kernels) and a batch
 * that starts with a complete, valid draw state (b3d_scene); the input then
 * appends records, each one of:
 *   0: a 3D command of the generation's layouts, its body DWords from the input
 *   1: a 3D command with up to 4 fields (slot, value) packed from the input
 *   2: a 3DPRIMITIVE (count, start, instances, indexed, topology from the input)
 *   3: raw DWords
 *   4: bytes written into the DATA window (state structures, vertices, indices)
 * and the batch ends with a draw of the baseline's two triangles.  The first
 * byte picks the platform (skl or tgllp).  Any crash, hang, sanitizer report
 * or unbounded allocation is a bug; error returns are fine.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "b3d.h"
#include "fuzz_config.h"

static uint8_t vs_code[4096], ps_code[4096];
static size_t vs_len, ps_len;

static void load(const char *path, uint8_t *buf, size_t *len)
{
    FILE *f = fopen(path, "rb");
    *len = f ? fread(buf, 1, 4096, f) : 0;
    if (f)
        fclose(f);
}

typedef struct rd {
    const uint8_t *p;
    size_t n;
} rd;

static uint32_t get(rd *r, unsigned bytes)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < bytes; i++) {
        v |= (uint32_t)(r->n ? *r->p : 0) << (8 * i);
        if (r->n) {
            r->p++;
            r->n--;
        }
    }
    return v;
}

/* The 3D command ids of set: those with a header. */
static unsigned command_ids(const gt_cmd_set *set, unsigned *ids)
{
    unsigned n = 0;
    for (unsigned i = 0; i < GT3D_COUNT; i++) {
        const gt_cmd_desc *d = gt3d_desc(set, (enum gt3d_id)i);
        if (d && d->mask && (d->match >> 29) == 3)
            ids[n++] = i;
    }
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *devnull;
    static b3d *b;
    if (!devnull) {
        devnull = fopen("/dev/null", "w");
        load(E2E_VS, vs_code, &vs_len);
        load(E2E_PS, ps_code, &ps_len);
        b = calloc(1, sizeof(*b));
    }
    if (!size || size > 16384 || !b)
        return 0;
    rd r = {data, size};
    const char *plat = get(&r, 1) & 1 ? "tgllp" : "skl";
    gtsim_config cfg = fuzz_config(devnull);
    cfg.max_host_memory = 16u << 20;
    if (b3d_open(b, plat, &cfg)) {
        b3d_close(b);
        return 0;
    }
    int skl = !strcmp(plat, "skl"); /* the kernels are Gen9 code */
    b3d_wdata(b, B3D_VS_KERNEL, vs_code, vs_len);
    b3d_wdata(b, B3D_PS_KERNEL, ps_code, ps_len);
    static const float vb[6][8] = {
        {-1, -1, 0, 1, 1, 0, 0, 1}, {1, -1, 0.5f, 1, 0, 1, 0, 0.5f}, {-1, 1, -0.5f, 1, 0, 0, 1, 1},
        {1, -1, 0, 1, 1, 1, 0, 1},  {1, 1, 0.9f, 1, 0, 1, 1, 0.25f}, {-1, 1, -1, 1, 1, 0, 1, 1},
    };
    b3d_wdata(b, B3D_VB, vb, sizeof(vb));
    b3d_scene_opts o = {.w = 16, .h = 16, .vs = skl, .ps = skl, .depth = 1, .blend = 1};
    b3d_scene(b, &o, sizeof(vb));
    static unsigned ids[GT3D_COUNT];
    unsigned nids = command_ids(b->set, ids);
    while (r.n && b->n + 80 < B3D_MAX_DW) {
        unsigned op = get(&r, 1) % 5;
        switch (op) {
        case 0: { /* a command, body from the input */
            if (!nids)
                break;
            const gt_cmd_desc *d = gt3d_desc(b->set, (enum gt3d_id)ids[get(&r, 1) % nids]);
            unsigned len = d->min_len > 1 ? d->min_len : 2 + get(&r, 1) % 16;
            if (len > 64)
                len = 64;
            uint32_t dw[64];
            dw[0] = d->match | (d->len_bits ? len - 2 : 0);
            for (unsigned i = 1; i < len; i++)
                dw[i] = get(&r, 4);
            b3d_dw(b, dw, len);
            break;
        }
        case 1: { /* a command with packed fields */
            if (!nids)
                break;
            unsigned id = ids[get(&r, 1) % nids];
            const gt_cmd_desc *d = gt3d_desc(b->set, (enum gt3d_id)id);
            unsigned nf = 1 + get(&r, 1) % 4;
            b3d_f f[4];
            for (unsigned i = 0; i < nf; i++) {
                f[i].slot = d->nfields ? d->fields[get(&r, 1) % d->nfields].id : 0;
                f[i].v = get(&r, 4);
            }
            uint32_t dw[64];
            unsigned len = d->min_len;
            if (len > 1 && len <= 64) {
                for (unsigned k = nf; k > 0; k--) /* drop values that do not fit their fields */
                    if (b3d_pack(b, id, f, k, dw, len, 1) == 0) {
                        b3d_dw(b, dw, len);
                        break;
                    }
            }
            break;
        }
        case 2: { /* a draw */
            uint32_t cnt = get(&r, 2), start = get(&r, 1), inst = 1 + get(&r, 1) % 4;
            unsigned topo = get(&r, 1) % 0x40, idx = get(&r, 1) & 1;
            B3D_CMD(b, GT3D_3DSTATE_VF_TOPOLOGY, {GT3D_3DSTATE_VF_TOPOLOGY__PRIMITIVE_TOPOLOGY_TYPE, topo});
            b3d_draw(b, cnt, start, inst, idx);
            break;
        }
        case 3: { /* raw DWords */
            unsigned n = 1 + get(&r, 1) % 8;
            for (unsigned i = 0; i < n; i++) {
                uint32_t v = get(&r, 4);
                b3d_dw(b, &v, 1);
            }
            break;
        }
        case 4: { /* memory of the DATA window */
            uint32_t off = get(&r, 3) % B3D_DATA_BYTES, n = 1 + get(&r, 1) % 64;
            uint8_t buf[64];
            for (unsigned i = 0; i < n; i++)
                buf[i] = (uint8_t)get(&r, 1);
            if (off >= B3D_PS_KERNEL + 0x1000 || !skl) /* keep the kernels */
                b3d_wdata(b, off, buf, off + n <= B3D_DATA_BYTES ? n : B3D_DATA_BYTES - off);
            break;
        }
        }
    }
    B3D_CMD(b, GT3D_3DSTATE_VF_TOPOLOGY, {GT3D_3DSTATE_VF_TOPOLOGY__PRIMITIVE_TOPOLOGY_TYPE, 4});
    b3d_draw(b, 6, 0, 1, 0);
    b3d_run(b);
    b3d_close(b);
    return 0;
}
