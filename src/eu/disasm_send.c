/*
 * Send message comments (see disasm_send.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "eu/disasm_send.h"

static int cat(char *buf, size_t len, size_t *pos, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int cat(char *buf, size_t len, size_t *pos, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = *pos < len ? len - *pos : 0;
    int n = vsnprintf(room ? buf + *pos : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        *pos += (size_t)n;
    return n;
}

/* SFID names (Gen9 shared function IDs). */
static const char *const sfid_names[16] = {
    [0] = "null", [2] = "sampler", [3] = "gateway", [4] = "hdc.dc2", [5] = "hdc.rc",
    [6] = "hdc.urb", [7] = "spawner", [8] = "vme", [9] = "hdc.dcro", [10] = "hdc.dc0",
    [11] = "pixi", [12] = "hdc.dc1", [13] = "cre",
};

int gt_send_comment(const gt_inst *in, char *buf, size_t len)
{
    size_t pos = 0;
    if (len)
        buf[0] = 0;
    int split = in->op == GT_OP_SENDS || in->op == GT_OP_SENDSC;
    unsigned desc = in->desc;
    if (in->desc_reg)
        cat(buf, len, &pos, "wr:a0.0[28:25]");
    else
        cat(buf, len, &pos, "wr:%u%s", (desc >> 25) & 0xf, (desc >> 19) & 1 ? "h" : "");
    if (split && in->src[1].file == GT_FILE_ARF)
        cat(buf, len, &pos, "+0");
    else if (split && in->exdesc_reg)
        cat(buf, len, &pos, "+a0.%u[10:6]", in->exdesc_subnr);
    else
        cat(buf, len, &pos, "+%u", split ? (in->exdesc >> 6) & 0xf : 0);
    if (in->desc_reg)
        cat(buf, len, &pos, ", rd:a0.0[24:20]");
    else
        cat(buf, len, &pos, ", rd:%u", (desc >> 20) & 0x1f);
    if (split && in->exdesc_reg) {
        cat(buf, len, &pos, "; sfid a0.%u[3:0]; ?", in->exdesc_subnr);
        return (int)pos;
    }
    const char *sf = sfid_names[in->sfid & 15];
    if (sf)
        cat(buf, len, &pos, "; %s", sf);
    else
        cat(buf, len, &pos, "; sfid%u", in->sfid);
    if (in->desc_reg)
        return (int)pos;
    return (int)pos;
}
