/*
 * The device side of the TBX server: tbx_ops bound to the public gtsim_*
 * API, the same calls AUB replay makes.
 */
#include "tbx.h"

#include <string.h>

int tbx_device_open(tbx_device *d, const char *platform, const gtsim_config *cfg)
{
    memset(d, 0, sizeof(*d));
    d->platform = platform;
    if (cfg)
        d->cfg = *cfg;
    d->dev = gtsim_create(platform, &d->cfg);
    return d->dev ? 0 : -1;
}

void tbx_device_close(tbx_device *d)
{
    gtsim_destroy(d->dev);
    d->dev = NULL;
}

static int dev_mmio_write(void *ctx, uint32_t offset, uint32_t value)
{
    tbx_device *d = ctx;
    return gtsim_mmio_write(d->dev, offset, value);
}

static int dev_mmio_read(void *ctx, uint32_t offset, uint32_t *value)
{
    tbx_device *d = ctx;
    *value = gtsim_mmio_read(d->dev, offset);
    return GTSIM_OK;
}

static int dev_mem_write(void *ctx, uint64_t pa, const void *data, size_t len)
{
    tbx_device *d = ctx;
    return gtsim_phys_write(d->dev, pa, data, len);
}

static int dev_mem_read(void *ctx, uint64_t pa, void *out, size_t len)
{
    tbx_device *d = ctx;
    return gtsim_phys_read(d->dev, pa, out, len);
}

/* GGTT entries are little-endian 64-bit values (seed 004 GGTT PTE). */
static int dev_gtt_write(void *ctx, uint64_t entry_offset, uint64_t entry)
{
    tbx_device *d = ctx;
    uint8_t b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(entry >> (8 * i));
    return gtsim_ggtt_write(d->dev, entry_offset, b, sizeof(b));
}

static int dev_gtt_read(void *ctx, uint64_t entry_offset, uint64_t *entry)
{
    tbx_device *d = ctx;
    uint8_t b[8];
    int st = gtsim_ggtt_entries_read(d->dev, entry_offset, b, sizeof(b));
    *entry = 0;
    for (int i = 0; i < 8; i++)
        *entry |= (uint64_t)b[i] << (8 * i);
    return st;
}

static int dev_reset(void *ctx)
{
    tbx_device *d = ctx;
    gtsim_device *fresh = gtsim_create(d->platform, &d->cfg);
    if (!fresh)
        return gtsim_report_error(d->dev, GTSIM_ERR_NOMEM, "cannot create a fresh '%s' device for a reset",
                                  d->platform);
    gtsim_destroy(d->dev);
    d->dev = fresh;
    return GTSIM_OK;
}

static const char *dev_last_error(void *ctx)
{
    tbx_device *d = ctx;
    return gtsim_last_error(d->dev);
}

const tbx_ops tbx_device_ops = {
    .mmio_write = dev_mmio_write,
    .mmio_read = dev_mmio_read,
    .mem_write = dev_mem_write,
    .mem_read = dev_mem_read,
    .gtt_write = dev_gtt_write,
    .gtt_read = dev_gtt_read,
    .reset = dev_reset,
    .last_error = dev_last_error,
};
