/*
 * The device side of the TBX server: tbx_ops bound to the public gtsim_*
 * API, the same calls AUB replay makes.  Each operation holds the device's
 * op_lock (several connection threads may share a device); the dev pointer
 * changes only under dev_lock, which interrupts also take, so an interrupt
 * never touches a destroyed device.
 */
#include "tbx.h"

#include <stdio.h>
#include <string.h>

/* The report of this thread's last failed operation: a shared device's own
 * last error may already be another connection's. */
static _Thread_local char last_report[1024];

/* End an operation: keep its report if it failed, release the device. */
static int op_end(tbx_device *d, int st)
{
    if (st != GTSIM_OK)
        snprintf(last_report, sizeof(last_report), "%s", gtsim_last_error(d->dev));
    pthread_mutex_unlock(&d->op_lock);
    return st;
}

int tbx_device_open(tbx_device *d, const char *platform, const gtsim_config *cfg)
{
    memset(d, 0, sizeof(*d));
    d->platform = platform;
    if (cfg)
        d->cfg = *cfg;
    d->dev = gtsim_create(platform, &d->cfg);
    if (!d->dev)
        return -1;
    pthread_mutex_init(&d->op_lock, NULL);
    pthread_mutex_init(&d->dev_lock, NULL);
    return 0;
}

void tbx_device_close(tbx_device *d)
{
    if (!d->dev)
        return;
    pthread_mutex_lock(&d->op_lock);
    pthread_mutex_lock(&d->dev_lock);
    gtsim_device *dev = d->dev;
    d->dev = NULL;
    pthread_mutex_unlock(&d->dev_lock);
    gtsim_destroy(dev);
    pthread_mutex_unlock(&d->op_lock);
    /* The mutexes stay usable: a late tbx_device_interrupt finds dev NULL. */
}

void tbx_device_interrupt(tbx_device *d)
{
    pthread_mutex_lock(&d->dev_lock);
    d->stopped = 1;
    gtsim_interrupt(d->dev); /* NULL (closed) is ignored */
    pthread_mutex_unlock(&d->dev_lock);
}

void tbx_device_stats(tbx_device *d, gtsim_stats *out)
{
    memset(out, 0, sizeof(*out));
    pthread_mutex_lock(&d->dev_lock);
    if (d->dev)
        gtsim_get_stats(d->dev, out);
    pthread_mutex_unlock(&d->dev_lock);
}

static int dev_mmio_write(void *ctx, uint32_t offset, uint32_t value)
{
    tbx_device *d = ctx;
    pthread_mutex_lock(&d->op_lock);
    return op_end(d, gtsim_mmio_write(d->dev, offset, value));
}

static int dev_mmio_read(void *ctx, uint32_t offset, uint32_t *value)
{
    tbx_device *d = ctx;
    pthread_mutex_lock(&d->op_lock);
    *value = gtsim_mmio_read(d->dev, offset);
    pthread_mutex_unlock(&d->op_lock);
    return GTSIM_OK;
}

static int dev_mem_write(void *ctx, uint64_t pa, const void *data, size_t len)
{
    tbx_device *d = ctx;
    pthread_mutex_lock(&d->op_lock);
    return op_end(d, gtsim_phys_write(d->dev, pa, data, len));
}

static int dev_mem_read(void *ctx, uint64_t pa, void *out, size_t len)
{
    tbx_device *d = ctx;
    pthread_mutex_lock(&d->op_lock);
    return op_end(d, gtsim_phys_read(d->dev, pa, out, len));
}

/* GGTT entries are little-endian 64-bit values (seed 004 GGTT PTE). */
static int dev_gtt_write(void *ctx, uint64_t entry_offset, uint64_t entry)
{
    tbx_device *d = ctx;
    uint8_t b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(entry >> (8 * i));
    pthread_mutex_lock(&d->op_lock);
    return op_end(d, gtsim_ggtt_write(d->dev, entry_offset, b, sizeof(b)));
}

static int dev_gtt_read(void *ctx, uint64_t entry_offset, uint64_t *entry)
{
    tbx_device *d = ctx;
    uint8_t b[8];
    pthread_mutex_lock(&d->op_lock);
    int st = op_end(d, gtsim_ggtt_entries_read(d->dev, entry_offset, b, sizeof(b)));
    *entry = 0;
    for (int i = 0; i < 8; i++)
        *entry |= (uint64_t)b[i] << (8 * i);
    return st;
}

static int dev_reset(void *ctx)
{
    tbx_device *d = ctx;
    pthread_mutex_lock(&d->op_lock);
    gtsim_device *fresh = gtsim_create(d->platform, &d->cfg);
    if (!fresh) {
        return op_end(d, gtsim_report_error(d->dev, GTSIM_ERR_NOMEM,
                                            "cannot create a fresh '%s' device for a reset", d->platform));
    }
    pthread_mutex_lock(&d->dev_lock);
    gtsim_device *old = d->dev;
    d->dev = fresh;
    if (d->stopped)
        gtsim_interrupt(fresh);
    pthread_mutex_unlock(&d->dev_lock);
    gtsim_destroy(old);
    pthread_mutex_unlock(&d->op_lock);
    return GTSIM_OK;
}

/* The report of the calling thread's last failed operation. */
static const char *dev_last_error(void *ctx)
{
    (void)ctx;
    return last_report;
}

static int dev_has_local_memory(void *ctx)
{
    tbx_device *d = ctx;
    return gtsim_has_local_memory(d->dev);
}

const tbx_ops tbx_device_ops = {
    .has_local_memory = dev_has_local_memory,
    .mmio_write = dev_mmio_write,
    .mmio_read = dev_mmio_read,
    .mem_write = dev_mem_write,
    .mem_read = dev_mem_read,
    .gtt_write = dev_gtt_write,
    .gtt_read = dev_gtt_read,
    .reset = dev_reset,
    .last_error = dev_last_error,
};
