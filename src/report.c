/* Error and warning reports (see gt.h). */
#include <stdio.h>

#include "gt.h"

static FILE *log_of(const gtsim_device *dev)
{
    return dev && dev->cfg.log ? dev->cfg.log : stderr;
}

static int verror(gtsim_device *dev, int status, const char *fmt, va_list ap)
{
    vsnprintf(dev->err, sizeof(dev->err), fmt, ap);
    if (dev->status == GTSIM_OK)
        dev->status = status;
    return status;
}

static void vwarn(gtsim_device *dev, const char *fmt, va_list ap)
{
    FILE *f = log_of(dev);
    fputs("gtsim: warning: ", f);
    vfprintf(f, fmt, ap);
    fputc('\n', f);
}

int gt_error(gtsim_device *dev, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror(dev, status, fmt, ap);
    va_end(ap);
    return status;
}

int gtsim_report_error(gtsim_device *dev, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror(dev, status, fmt, ap);
    va_end(ap);
    return status;
}

void gt_warn(gtsim_device *dev, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vwarn(dev, fmt, ap);
    va_end(ap);
}

void gtsim_report_warning(gtsim_device *dev, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vwarn(dev, fmt, ap);
    va_end(ap);
}

void gt_trace(gtsim_device *dev, const char *fmt, ...)
{
    if (!dev->cfg.trace_commands)
        return;
    va_list ap;
    FILE *f = log_of(dev);
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
    fputc('\n', f);
}
