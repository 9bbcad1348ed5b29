/* Error and warning reports (see gt.h). */
#include <stdio.h>

#include "gt.h"

static FILE *log_of(const gtsim_device *dev)
{
    return dev && dev->cfg.log ? dev->cfg.log : stderr;
}

static int verror(gtsim_device *dev, int status, const char *fmt, va_list ap)
{
    pthread_mutex_lock(&dev->report_lock);
    pthread_t self = pthread_self();
    if (!dev->err_first_only || !dev->err_owned || pthread_equal(dev->err_owner, self)) {
        vsnprintf(dev->err, sizeof(dev->err), fmt, ap);
        dev->err_owner = self;
        dev->err_owned = 1;
    }
    if (dev->status == GTSIM_OK)
        dev->status = status;
    pthread_mutex_unlock(&dev->report_lock);
    return status;
}

static void vwarn(gtsim_device *dev, const char *fmt, va_list ap)
{
    FILE *f = log_of(dev);
    pthread_mutex_lock(&dev->report_lock);
    fputs("gtsim: warning: ", f);
    vfprintf(f, fmt, ap);
    fputc('\n', f);
    pthread_mutex_unlock(&dev->report_lock);
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
    pthread_mutex_lock(&dev->report_lock);
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
    fputc('\n', f);
    pthread_mutex_unlock(&dev->report_lock);
}
