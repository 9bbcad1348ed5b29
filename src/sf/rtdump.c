/*
 * Render-target dumps (gtsim_config.dump_surfaces): the render target
 * write messages (rt.c) note each surface they write; at the end of every
 * first-level batch buffer the noted surfaces are written as PNG files and
 * forgotten.
 *
 * A file holds the level and layer the writes addressed, converted to
 * 8-bit RGBA through the format's unpack (format.h): UNORM, sRGB (written
 * sRGB-encoded again, as stored), SNORM and float channels clamped to
 * [0, 1] and scaled by 255; integer channels clamped to 0..255; missing
 * channels as the unpack fills them (0, 0, 0, 1).  Rows go in the
 * surface's order (row 0 first: an OpenGL framebuffer object's bottom
 * row).  A multisampled target gives its sample 0.
 * Names: DIR/batchNNNNNN_rtB_WxH.png, NNNNNN the batch's number (first-
 * level batch buffers the device finished, from 1), B the binding table
 * index, W x H the size in pixels; a second surface at the same index in
 * the batch gets "_2", "_3", ... after the size.
 */
#include <errno.h>
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipe3d/pipe3d.h"
#include "sf/format.h"
#include "sf/rtdump.h"
#include "sf/sf_int.h"

#define RTDUMP_MAX 64 /* distinct targets kept per batch */

typedef struct rtdump_entry {
    sf_image im;
    uint32_t lod, layer;
    gt_vm *vm;
    uint64_t general_state_base, surface_state_base; /* for the dispatch the reads use */
} rtdump_entry;

struct gt_rtdump {
    rtdump_entry e[RTDUMP_MAX];
    unsigned n;
    uint64_t batches;
    bool warned;
};

void sf_rtdump_note(sf_msg *m, const sf_image *im, uint32_t lod, uint32_t layer)
{
    gtsim_device *dev = m->dev;
    if (!dev->cfg.dump_surfaces || !im->fmt || !m->t || !m->t->disp)
        return;
    struct gt_rtdump **slot = gt_pipe3d_rtdump(dev);
    if (!slot)
        return;
    if (!*slot && !(*slot = calloc(1, sizeof(**slot))))
        return;
    struct gt_rtdump *r = *slot;
    for (unsigned i = 0; i < r->n; i++) {
        const rtdump_entry *e = &r->e[i];
        if (e->im.s.base == im->s.base && e->lod == lod && e->layer == layer && e->im.bti == im->bti &&
            e->im.s.format == im->s.format)
            return;
    }
    if (r->n == RTDUMP_MAX) {
        if (!r->warned)
            gt_warn(dev, "--dump-surfaces: more than %d render targets in a batch; the rest are not dumped",
                    RTDUMP_MAX);
        r->warned = true;
        return;
    }
    rtdump_entry *e = &r->e[r->n++];
    e->im = *im;
    e->lod = lod;
    e->layer = layer;
    e->vm = m->t->disp->vm;
    e->general_state_base = m->t->disp->general_state_base;
    e->surface_state_base = m->t->disp->surface_state_base;
}

static uint8_t to8(float v)
{
    if (!(v > 0.0f))
        return 0;
    if (v >= 1.0f)
        return 255;
    return (uint8_t)lrintf(v * 255.0f);
}

static float srgb_encode(float l)
{
    if (!(l > 0.0f))
        return 0.0f;
    if (l >= 1.0f)
        return 1.0f;
    return l <= 0.0031308f ? 12.92f * l : 1.055f * powf(l, 1.0f / 2.4f) - 0.055f;
}

/* Convert one unpacked texel of format fi to 8-bit RGBA. */
static void texel_rgba8(const sf_format_info *fi, const sf_texel *t, uint8_t out[4])
{
    bool integer = sf_format_is_int(fi);
    for (unsigned c = 0; c < 4; c++) {
        if (integer) {
            bool sgn = fi->ch[c].type == SF_CT_SINT;
            int64_t v = sgn ? (int64_t)t->i[c] : (int64_t)t->u[c];
            if (!fi->ch[c].bits && c == 3)
                v = 255; /* integer formats fill a missing alpha with 1 */
            out[c] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
        } else {
            float f = t->f[c];
            if (c < 3 && fi->ch[c].type == SF_CT_SRGB)
                f = srgb_encode(f);
            out[c] = to8(f);
        }
    }
}

static void png_err(png_structp p, png_const_charp msg)
{
    (void)msg;
    png_longjmp(p, 1);
}

static void png_warn_fn(png_structp p, png_const_charp msg)
{
    (void)p;
    (void)msg;
}

/* Write w x h RGBA8 pixels to path; 0 or -1 (errno-style failure). */
static int write_png(const char *path, const uint8_t *px, uint32_t w, uint32_t h)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    png_structp p = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, png_err, png_warn_fn);
    png_infop info = p ? png_create_info_struct(p) : NULL;
    int rc = -1;
    if (p && info && !setjmp(png_jmpbuf(p))) {
        png_init_io(p, f);
        png_set_IHDR(p, info, w, h, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                     PNG_FILTER_TYPE_DEFAULT);
        png_write_info(p, info);
        for (uint32_t y = 0; y < h; y++)
            png_write_row(p, (png_const_bytep)(px + 4ull * w * y));
        png_write_end(p, NULL);
        rc = 0;
    }
    png_destroy_write_struct(p ? &p : NULL, info ? &info : NULL);
    if (fclose(f))
        rc = -1;
    return rc;
}

/* Dump one noted target; GTSIM_OK or an error report. */
static int dump_one(gtsim_device *dev, gt_thread *t, const rtdump_entry *e, uint64_t batch, unsigned dup)
{
    gt_dispatch disp;
    memset(&disp, 0, sizeof(disp));
    disp.vm = e->vm;
    disp.general_state_base = e->general_state_base;
    disp.surface_state_base = e->surface_state_base;
    t->disp = &disp;
    sf_msg m;
    memset(&m, 0, sizeof(m));
    m.dev = dev;
    m.t = t;
    m.lane = -1;
    m.name = "render target dump";
    const sf_image *im = &e->im;
    uint32_t w = sf_image_dim(im, 0, e->lod), h = sf_image_dim(im, 1, e->lod);
    uint8_t *px = malloc(4ull * w * h);
    if (!px)
        return gt_error(dev, GTSIM_ERR_NOMEM, "--dump-surfaces: out of host memory for a %ux%u image", w, h);
    int st = GTSIM_OK;
    uint8_t el[16];
    for (uint32_t y = 0; y < h && st == GTSIM_OK; y++)
        for (uint32_t x = 0; x < w && st == GTSIM_OK; x++) {
            st = im->samples > 1 ? sf_image_read_sample(&m, im, x, y, e->layer, 0, el)
                                 : sf_image_rw(&m, im, x, y, e->layer, e->lod, el, false);
            sf_texel tx;
            memset(&tx, 0, sizeof(tx));
            if (st == GTSIM_OK)
                sf_format_unpack(im->fmt, el, 0, 0, &tx);
            texel_rgba8(im->fmt, &tx, px + 4ull * (w * y + x));
        }
    if (st == GTSIM_OK) {
        char path[4096];
        char sfx[16] = "";
        if (dup > 1)
            snprintf(sfx, sizeof(sfx), "_%u", dup);
        snprintf(path, sizeof(path), "%s/batch%06llu_rt%u_%ux%u%s.png", dev->cfg.dump_surfaces,
                 (unsigned long long)batch, im->bti, w, h, sfx);
        if (write_png(path, px, w, h))
            st = gt_error(dev, GTSIM_ERR_INVALID, "--dump-surfaces: cannot write %s: %s", path,
                          errno ? strerror(errno) : "libpng error");
    }
    free(px);
    t->disp = NULL;
    return st;
}

int sf_rtdump_batch_end(gtsim_device *dev)
{
    if (!dev->cfg.dump_surfaces)
        return GTSIM_OK;
    struct gt_rtdump **slot = gt_pipe3d_rtdump(dev);
    if (!slot)
        return GTSIM_OK;
    if (!*slot && !(*slot = calloc(1, sizeof(**slot))))
        return gt_error(dev, GTSIM_ERR_NOMEM, "--dump-surfaces: out of host memory");
    struct gt_rtdump *r = *slot;
    r->batches++;
    if (!r->n)
        return GTSIM_OK;
    gt_thread *t = aligned_alloc(64, sizeof(*t));
    if (!t)
        return gt_error(dev, GTSIM_ERR_NOMEM, "--dump-surfaces: out of host memory");
    memset(t, 0, sizeof(*t));
    int st = GTSIM_OK;
    for (unsigned i = 0; i < r->n && st == GTSIM_OK; i++) {
        unsigned dup = 1;
        for (unsigned k = 0; k < i; k++)
            dup += r->e[k].im.bti == r->e[i].im.bti;
        st = dump_one(dev, t, &r->e[i], r->batches, dup);
    }
    free(t);
    r->n = 0;
    return st;
}

void sf_rtdump_free(struct gt_rtdump *r)
{
    free(r);
}
