/* Field tables: unpacking and formatting (see fields.h). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "cs/fields.h"

uint64_t gt_field_get(const gt_field *f, const uint32_t *dw, unsigned ndw)
{
    uint64_t lo = f->dw < ndw ? dw[f->dw] : 0;
    uint64_t hi = f->dw + 1u < ndw ? dw[f->dw + 1] : 0;
    uint64_t both = lo | (hi << 32);
    unsigned width = f->hi - f->lo + 1u;
    uint64_t mask = width >= 64 ? ~0ull : ((1ull << width) - 1);
    if (f->kind == GT_F_ADDR)
        return both & (mask << f->lo);
    uint64_t v = (both >> f->lo) & mask;
    if (f->kind == GT_F_SINT && width < 64 && (v >> (width - 1)) & 1)
        v |= ~mask;
    return v;
}

void gt_fields_unpack(const gt_field *f, unsigned nf, const uint32_t *dw, unsigned ndw, uint64_t *out)
{
    for (unsigned i = 0; i < nf; i++)
        out[f[i].id] = gt_field_get(&f[i], dw, ndw);
}

int gt_fields_pack(const gt_field *f, unsigned nf, const uint64_t *vals, uint32_t *dw, unsigned ndw)
{
    for (unsigned i = 0; i < nf; i++) {
        unsigned width = f[i].hi - f[i].lo + 1u;
        uint64_t mask = width >= 64 ? ~0ull : ((1ull << width) - 1);
        uint64_t v = vals[f[i].id];
        unsigned last = f[i].dw + (f[i].hi > 31 ? 1u : 0u);
        if (last >= ndw)
            return -1;
        if (f[i].kind == GT_F_ADDR) {
            if (v & ~(mask << f[i].lo))
                return -1;
            v >>= f[i].lo;
        } else if (v & ~mask) {
            if (!(f[i].kind == GT_F_SINT && (v | mask) == ~0ull && (v >> (width - 1)) & 1))
                return -1;
            v &= mask;
        }
        uint64_t both = dw[f[i].dw] | (f[i].hi > 31 ? (uint64_t)dw[f[i].dw + 1] << 32 : 0);
        both = (both & ~(mask << f[i].lo)) | (v << f[i].lo);
        dw[f[i].dw] = (uint32_t)both;
        if (f[i].hi > 31)
            dw[f[i].dw + 1] = (uint32_t)(both >> 32);
    }
    return 0;
}

const char *gt_field_value_name(const gt_field *f, uint64_t v)
{
    if (!f->names)
        return NULL;
    for (const gt_field_value *n = f->names; n->name; n++)
        if (n->value == v)
            return n->name;
    return NULL;
}

static size_t append(char *buf, size_t len, size_t pos, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static size_t append(char *buf, size_t len, size_t pos, const char *fmt, ...)
{
    if (pos >= len)
        return pos;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + pos, len - pos, fmt, ap);
    va_end(ap);
    if (n < 0)
        return pos;
    pos += (size_t)n;
    return pos < len ? pos : len - 1;
}

size_t gt_fields_format(const gt_field *f, unsigned nf, const uint32_t *dw, unsigned ndw,
                        char *buf, size_t len, size_t pos)
{
    for (unsigned i = 0; i < nf; i++) {
        uint64_t v = gt_field_get(&f[i], dw, ndw);
        const char *vn;
        switch (f[i].kind) {
        case GT_F_BOOL:
            if (v)
                pos = append(buf, len, pos, " %s", f[i].name);
            break;
        case GT_F_ENUM:
            vn = gt_field_value_name(&f[i], v);
            if (vn)
                pos = append(buf, len, pos, " %s=%s", f[i].name, vn);
            else
                pos = append(buf, len, pos, " %s=%" PRIu64 "(reserved)", f[i].name, v);
            break;
        case GT_F_HEX:
        case GT_F_ADDR:
            pos = append(buf, len, pos, " %s=0x%" PRIx64, f[i].name, v);
            break;
        case GT_F_SINT:
            pos = append(buf, len, pos, " %s=%" PRId64, f[i].name, (int64_t)v);
            break;
        case GT_F_FLOAT: {
            union { uint32_t u; float f; } fv = {.u = (uint32_t)v};
            pos = append(buf, len, pos, " %s=%g", f[i].name, (double)fv.f);
            break;
        }
        default:
            pos = append(buf, len, pos, " %s=%" PRIu64, f[i].name, v);
            break;
        }
    }
    return pos;
}
