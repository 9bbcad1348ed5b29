/*
 * The generated 3D command and state tables (src/gen, build/gen/gt3d_gen.h):
 *  (a) field positions of a sample of commands and structures of both
 *      generations against values read by hand (seed 004 pages for the
 *      headers and inline fields; Mesa genxml gen12.xml / gen9.xml facts for
 *      the bodies and structures), written here as literal numbers;
 *  (b) gt_fields_pack / gt_fields_unpack round trips with random values for
 *      every command and structure of both generations; fields that share
 *      bits are reported (and left out of the round trip).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs/cmds.h"
#include "gt3d_gen.h"

static int failures;

#define CHECK(c, ...) do { if (!(c)) { failures++; printf("FAIL %s:%d: ", __FILE__, __LINE__); \
    printf(__VA_ARGS__); printf("\n"); } } while (0)

static void pos(const gt_cmd_set *s, enum gt3d_id id, unsigned slot, unsigned dw, unsigned hi, unsigned lo,
                unsigned kind)
{
    const gt_cmd_desc *d = gt3d_desc(s, id);
    CHECK(d != NULL, "%s: %s missing", s->name, gt3d_name(id));
    if (!d)
        return;
    const gt_field *f = gt_cmd_field(d, slot);
    CHECK(f != NULL, "%s %s: slot %u missing", s->name, d->name, slot);
    if (f)
        CHECK(f->dw == dw && f->hi == hi && f->lo == lo && f->kind == kind,
              "%s %s %s: dw %u %u:%u kind %u, expected dw %u %u:%u kind %u", s->name, d->name, f->name, f->dw,
              f->hi, f->lo, f->kind, dw, hi, lo, kind);
}

static void cmd(const gt_cmd_set *s, enum gt3d_id id, uint32_t match, unsigned min, unsigned max)
{
    const gt_cmd_desc *d = gt3d_desc(s, id);
    CHECK(d && d->match == match && d->mask == 0xffff0000u && d->id == GT_CMD_3D && d->sub == id &&
          d->min_len == min && d->max_len == max, "%s %s: header/length", s->name, gt3d_name(id));
    CHECK(d && gt_cmd_lookup(s, match | 0x5) == d, "%s %s: lookup", s->name, gt3d_name(id));
}

static void positions(void)
{
    const gt_cmd_set *g12 = &gt_cmds_gen12, *g9 = &gt_cmds_gen9;
    /* seed 004 command pages: sub-opcodes, Length Bias 2, DWord Length defaults */
    cmd(g12, GT3D_3DSTATE_VS, 0x78100000u, 9, 9);        /* Sub Opcode 10h, DWord Length 7 */
    cmd(g12, GT3D_3DPRIMITIVE, 0x7b000000u, 7, 10);      /* opcode 3, sub 0, DWord Length 5; Extended Parameters 0..2 in DWords 7..9 */
    cmd(g12, GT3D_3DSTATE_SBE, 0x781f0000u, 6, 6);       /* Sub Opcode 1Fh */
    cmd(g12, GT3D_3DSTATE_PS, 0x78200000u, 12, 12);      /* Sub Opcode 20h */
    cmd(g12, GT3D_3DSTATE_WM_CHROMAKEY, 0x784c0000u, 2, 2); /* Sub Opcode 4Ch, DWord Length 0 */
    cmd(g12, GT3D_3DSTATE_VERTEX_BUFFERS, 0x78080000u, 1, 0); /* variable */
    cmd(g9, GT3D_3DSTATE_VS, 0x78100000u, 9, 9);
    cmd(g9, GT3D_3DPRIMITIVE, 0x7b000000u, 7, 7);
    CHECK(gt3d_desc(g12, GT3D_3DSTATE_VF_STATISTICS)->match == 0x680b0000u, "VF_STATISTICS header");
    /* seed 004 3DSTATE_VF: Force Sequential Access Enable DW0 14, Cut Index DW1 31:0 */
    pos(g12, GT3D_3DSTATE_VF, GT3D_3DSTATE_VF__FORCE_SEQUENTIAL_ACCESS_ENABLE, 0, 14, 14, GT_F_BOOL);
    pos(g12, GT3D_3DSTATE_VF, GT3D_3DSTATE_VF__CUT_INDEX, 1, 31, 0, GT_F_UINT);
    /* seed 004 3DPRIMITIVE: POSH Enable DW0 12 */
    pos(g12, GT3D_3DPRIMITIVE, GT3D_3DPRIMITIVE__POSH_ENABLE, 0, 12, 12, GT_F_BOOL);
    /* genxml bit numbers (start..end from bit 0 of DWord 0) -> DWord, hi:lo */
    pos(g12, GT3D_3DPRIMITIVE, GT3D_3DPRIMITIVE__VERTEX_COUNT_PER_INSTANCE, 2, 31, 0, GT_F_UINT); /* 64..95 */
    pos(g9, GT3D_3DPRIMITIVE, GT3D_3DPRIMITIVE__VERTEX_COUNT_PER_INSTANCE, 2, 31, 0, GT_F_UINT);
    pos(g12, GT3D_3DSTATE_VS, GT3D_3DSTATE_VS__KERNEL_START_POINTER, 1, 63, 6, GT_F_ADDR); /* 38..95 */
    pos(g9, GT3D_3DSTATE_VS, GT3D_3DSTATE_VS__KERNEL_START_POINTER, 1, 63, 6, GT_F_ADDR);
    pos(g12, GT3D_3DSTATE_PS, GT3D_3DSTATE_PS__KERNEL_START_POINTER_0, 1, 63, 6, GT_F_ADDR);
    pos(g9, GT3D_3DSTATE_PS, GT3D_3DSTATE_PS__KERNEL_START_POINTER_0, 1, 63, 6, GT_F_ADDR);
    pos(g12, GT3D_3DSTATE_SF, GT3D_3DSTATE_SF__LINE_WIDTH, 1, 29, 12, GT_F_UINT);           /* 44..61 */
    pos(g9, GT3D_3DSTATE_SF, GT3D_3DSTATE_SF__LINE_WIDTH, 1, 29, 12, GT_F_UINT);
    pos(g12, GT3D_3DSTATE_SBE, GT3D_3DSTATE_SBE__NUMBER_OF_SF_OUTPUT_ATTRIBUTES, 1, 27, 22, GT_F_UINT); /* 54..59 */
    pos(g9, GT3D_3DSTATE_SBE, GT3D_3DSTATE_SBE__NUMBER_OF_SF_OUTPUT_ATTRIBUTES, 1, 27, 22, GT_F_UINT);
    pos(g12, GT3D_3DSTATE_CLIP, GT3D_3DSTATE_CLIP__MAXIMUM_VP_INDEX, 3, 3, 0, GT_F_UINT);  /* 96..99 */
    pos(g12, GT3D_3DSTATE_RASTER, GT3D_3DSTATE_RASTER__CULL_MODE, 1, 17, 16, GT_F_ENUM);   /* 48..49 */
    pos(g9, GT3D_3DSTATE_RASTER, GT3D_3DSTATE_RASTER__CULL_MODE, 1, 17, 16, GT_F_ENUM);
    pos(g12, GT3D_3DSTATE_WM, GT3D_3DSTATE_WM__EARLY_DEPTH_STENCIL_CONTROL, 1, 22, 21, GT_F_ENUM); /* 53..54 */
    pos(g12, GT3D_3DSTATE_INDEX_BUFFER, GT3D_3DSTATE_INDEX_BUFFER__BUFFER_STARTING_ADDRESS, 2, 63, 0,
        GT_F_ADDR); /* 64..127 */
    pos(g12, GT3D_VERTEX_BUFFER_STATE, GT3D_VERTEX_BUFFER_STATE__BUFFER_STARTING_ADDRESS, 1, 63, 0,
        GT_F_ADDR); /* 32..95 */
    pos(g9, GT3D_VERTEX_BUFFER_STATE, GT3D_VERTEX_BUFFER_STATE__BUFFER_STARTING_ADDRESS, 1, 63, 0, GT_F_ADDR);
    pos(g12, GT3D_VERTEX_BUFFER_STATE, GT3D_VERTEX_BUFFER_STATE__VERTEX_BUFFER_INDEX, 0, 31, 26, GT_F_UINT);
    pos(g12, GT3D_VERTEX_ELEMENT_STATE, GT3D_VERTEX_ELEMENT_STATE__SOURCE_ELEMENT_FORMAT, 0, 24, 16, GT_F_UINT);
    pos(g12, GT3D_SF_CLIP_VIEWPORT, GT3D_SF_CLIP_VIEWPORT__VIEWPORT_MATRIX_ELEMENT_M00, 0, 31, 0, GT_F_FLOAT);
    pos(g12, GT3D_SF_CLIP_VIEWPORT, GT3D_SF_CLIP_VIEWPORT__VIEWPORT_MATRIX_ELEMENT_M11, 1, 31, 0, GT_F_FLOAT);
    pos(g12, GT3D_CC_VIEWPORT, GT3D_CC_VIEWPORT__MAXIMUM_DEPTH, 1, 31, 0, GT_F_FLOAT);
    pos(g12, GT3D_BLEND_STATE_ENTRY, GT3D_BLEND_STATE_ENTRY__COLOR_BUFFER_BLEND_ENABLE, 0, 31, 31, GT_F_BOOL);
    pos(g12, GT3D_SO_DECL, GT3D_SO_DECL__REGISTER_INDEX, 0, 9, 4, GT_F_UINT);
    /* groups: VERTEX_BUFFER_STATE (4 DWords) from DWord 1, VERTEX_ELEMENT_STATE
     * (2) from 1, BLEND_STATE_ENTRY (2) after BLEND_STATE's DWord 0 */
    const gt_cmd_desc *d = gt3d_desc(g12, GT3D_3DSTATE_VERTEX_BUFFERS);
    CHECK(d && d->group_dw == 1 && d->group_size == 4 &&
          d->group == gt3d_desc(g12, GT3D_VERTEX_BUFFER_STATE)->fields, "VERTEX_BUFFERS group");
    d = gt3d_desc(g9, GT3D_3DSTATE_VERTEX_ELEMENTS);
    CHECK(d && d->group_dw == 1 && d->group_size == 2 &&
          d->group == gt3d_desc(g9, GT3D_VERTEX_ELEMENT_STATE)->fields, "VERTEX_ELEMENTS group");
    d = gt3d_desc(g12, GT3D_BLEND_STATE);
    CHECK(d && d->group_dw == 1 && d->group_size == 2, "BLEND_STATE group");
    /* a command Gen9 lacks */
    CHECK(gt3d_desc(g9, GT3D_3DSTATE_CONSTANT_ALL) == NULL, "gen9 has no 3DSTATE_CONSTANT_ALL");
    CHECK(gt3d_desc(NULL, GT3D_3DSTATE_VS) == NULL, "NULL set");
}

static uint64_t rnd(uint64_t *s)
{
    *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
    return *s;
}

static int overlaps(const gt_field *a, const gt_field *b)
{
    unsigned a0 = a->dw * 32u + a->lo, a1 = a->dw * 32u + a->hi;
    unsigned b0 = b->dw * 32u + b->lo, b1 = b->dw * 32u + b->hi;
    return a0 <= b1 && b0 <= a1;
}

static unsigned nover;

static void round_trip(const gt_cmd_set *s, const gt_cmd_desc *d, uint64_t *seed)
{
    static uint64_t vals[GT3D_MAX_SLOTS], out[GT3D_MAX_SLOTS];
    static uint32_t dw[600];
    static unsigned char skip[GT3D_MAX_SLOTS];
    unsigned ndw = d->min_len > 1 ? d->min_len : 1;
    for (unsigned i = 0; i < d->nfields; i++) {
        const gt_field *f = &d->fields[i];
        CHECK(f->id < GT3D_MAX_SLOTS, "%s %s: slot %u", s->name, d->name, f->id);
        if (f->dw + (f->hi > 31 ? 2u : 1u) > ndw)
            ndw = f->dw + (f->hi > 31 ? 2u : 1u);
    }
    memset(skip, 0, sizeof(skip));
    for (unsigned i = 0; i < d->nfields; i++)
        for (unsigned j = i + 1; j < d->nfields; j++)
            if (overlaps(&d->fields[i], &d->fields[j])) {
                if (nover++ < 40)
                    printf("overlap %s %s: \"%s\" (dw %u %u:%u) and \"%s\" (dw %u %u:%u)\n", s->name, d->name,
                           d->fields[i].name, d->fields[i].dw, d->fields[i].hi, d->fields[i].lo,
                           d->fields[j].name, d->fields[j].dw, d->fields[j].hi, d->fields[j].lo);
                skip[d->fields[i].id] = skip[d->fields[j].id] = 1;
            }
    gt_field tmp[512];
    unsigned nt = 0;
    for (unsigned i = 0; i < d->nfields && nt < 512; i++)
        if (!skip[d->fields[i].id])
            tmp[nt++] = d->fields[i];
    for (int round = 0; round < 8; round++) {
        memset(vals, 0, sizeof(vals));
        memset(out, 0, sizeof(out));
        memset(dw, 0, sizeof(dw));
        for (unsigned i = 0; i < nt; i++) {
            unsigned w = tmp[i].hi - tmp[i].lo + 1u;
            uint64_t m = w >= 64 ? ~0ull : (1ull << w) - 1;
            uint64_t v = rnd(seed) & m;
            if (tmp[i].kind == GT_F_ADDR)
                v <<= tmp[i].lo;
            else if (tmp[i].kind == GT_F_SINT && w < 64 && (v >> (w - 1)) & 1)
                v |= ~m;
            vals[tmp[i].id] = v;
        }
        CHECK(gt_fields_pack(tmp, nt, vals, dw, ndw) == 0, "%s %s: pack", s->name, d->name);
        gt_fields_unpack(tmp, nt, dw, ndw, out);
        for (unsigned i = 0; i < nt; i++)
            CHECK(out[tmp[i].id] == vals[tmp[i].id], "%s %s %s: %llx != %llx", s->name, d->name, tmp[i].name,
                  (unsigned long long)out[tmp[i].id], (unsigned long long)vals[tmp[i].id]);
    }
    /* bad input: a value wider than its field, a field beyond the DWords */
    if (nt) {
        memset(vals, 0xff, sizeof(vals));
        unsigned w = tmp[0].hi - tmp[0].lo + 1u;
        if (w < 64 && tmp[0].kind != GT_F_SINT)
            CHECK(gt_fields_pack(tmp, 1, vals, dw, ndw) == -1, "%s %s: too wide accepted", s->name, d->name);
        CHECK(gt_fields_pack(tmp, nt, vals, dw, 0) == -1, "%s %s: ndw 0 accepted", s->name, d->name);
    }
}

int main(void)
{
    positions();
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    const gt_cmd_set *sets[] = {&gt_cmds_gen12, &gt_cmds_gen9};
    unsigned n = 0;
    for (unsigned k = 0; k < 2; k++)
        for (unsigned id = 0; id < GT3D_COUNT; id++) {
            const gt_cmd_desc *d = gt3d_desc(sets[k], (enum gt3d_id)id);
            if (d) {
                round_trip(sets[k], d, &seed);
                n++;
            }
        }
    CHECK(n > 150, "only %u layouts", n);
    printf("%u layouts round-tripped, %u overlapping field pairs\n", n, nover);
    if (failures)
        printf("%d failures\n", failures);
    else
        printf("PASS gen3d_tables\n");
    return failures != 0;
}
