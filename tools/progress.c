/* Progress line and run monitor (see progress.h). */
#include "progress.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

/* 1234 -> "1234", 1234567 -> "1.23M", 4.5e9 -> "4.50G" */
static const char *human(uint64_t v, char *buf, size_t len)
{
    if (v < 100000)
        snprintf(buf, len, "%" PRIu64, v);
    else if (v < 100000000ull)
        snprintf(buf, len, "%.2fM", v / 1e6);
    else if (v < 100000000000ull)
        snprintf(buf, len, "%.2fG", v / 1e9);
    else
        snprintf(buf, len, "%.2fT", v / 1e12);
    return buf;
}

void gtsim_progress_format(const gtsim_stats *s, double elapsed_s, char *buf, size_t len)
{
    char w[32], t[32], e[32];
    snprintf(buf, len, "gtsim: %s walkers, %s threads, %s EU instructions, %.1f s",
             human(s->walkers, w, sizeof(w)), human(s->threads_dispatched, t, sizeof(t)),
             human(s->eu_instructions, e, sizeof(e)), elapsed_s);
}

struct gtsim_monitor {
    gtsim_device *dev;
    FILE *f;
    int progress;
    double deadline_s;
    struct timespec t0;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int stop;
    int drawn;
    atomic_int timed_out;
};

static double since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (t.tv_nsec - t0->tv_nsec) / 1e9;
}

static void *monitor_main(void *arg)
{
    gtsim_monitor *m = arg;
    pthread_mutex_lock(&m->lock);
    while (!m->stop) {
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += 250000000L; /* 4 updates per second */
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        int e = 0;
        while (!m->stop && e != ETIMEDOUT)
            e = pthread_cond_timedwait(&m->cond, &m->lock, &until);
        if (m->stop)
            break;
        double el = since(&m->t0);
        if (m->deadline_s > 0 && el >= m->deadline_s && !atomic_load(&m->timed_out)) {
            atomic_store(&m->timed_out, 1);
            gtsim_interrupt(m->dev);
        }
        if (m->progress && el >= 0.5) {
            gtsim_stats s;
            gtsim_get_stats(m->dev, &s);
            char line[160];
            gtsim_progress_format(&s, el, line, sizeof(line));
            fprintf(m->f, "\r\033[K%s", line);
            fflush(m->f);
            m->drawn = 1;
        }
    }
    pthread_mutex_unlock(&m->lock);
    return NULL;
}

gtsim_monitor *gtsim_monitor_start(gtsim_device *dev, FILE *f, int progress, double deadline_s)
{
    if (!dev || (!progress && !(deadline_s > 0)))
        return NULL;
    gtsim_monitor *m = calloc(1, sizeof(*m));
    if (!m)
        return NULL;
    m->dev = dev;
    m->f = f ? f : stderr;
    m->progress = progress;
    m->deadline_s = deadline_s;
    atomic_init(&m->timed_out, 0);
    clock_gettime(CLOCK_MONOTONIC, &m->t0);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&m->cond, &ca);
    pthread_condattr_destroy(&ca);
    pthread_mutex_init(&m->lock, NULL);
    if (pthread_create(&m->thread, NULL, monitor_main, m)) {
        pthread_cond_destroy(&m->cond);
        pthread_mutex_destroy(&m->lock);
        free(m);
        return NULL;
    }
    return m;
}

int gtsim_monitor_timed_out(const gtsim_monitor *m)
{
    return m && atomic_load(&((gtsim_monitor *)m)->timed_out);
}

void gtsim_monitor_stop(gtsim_monitor *m)
{
    if (!m)
        return;
    pthread_mutex_lock(&m->lock);
    m->stop = 1;
    pthread_cond_signal(&m->cond);
    pthread_mutex_unlock(&m->lock);
    pthread_join(m->thread, NULL);
    if (m->drawn) {
        fputs("\r\033[K", m->f);
        fflush(m->f);
    }
    pthread_cond_destroy(&m->cond);
    pthread_mutex_destroy(&m->lock);
    free(m);
}
