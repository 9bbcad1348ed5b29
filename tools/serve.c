/*
 * gtsim serve / gtsim exec: a live TBX server, so that unmodified OpenCL and
 * Level Zero programs run on the simulated GPU through Intel's runtime in
 * TBX mode (NEOReadDebugKeys=1 SetCommandStreamReceiver=2
 * ProductFamilyOverride=<platform> TbxServer=<host> TbxPort=<port>).
 *
 * The main thread accepts connections, watches for stop signals and (exec)
 * the program's death; each client gets a thread of its own that reads its
 * messages and runs its work (tools/tbx.c), so a client that stalls,
 * trickles, does not read its answers or submits long work delays nobody
 * else.  The runtime opens one connection per command stream receiver
 * (three for one OpenCL device), each with its own GGTT, page tables and
 * physical memory allocator; so each connection gets its own fresh device,
 * freed when it leaves (--keep-state: all connections share one device that
 * lives as long as the server; its mutex serialises their operations).  Work
 * submitted through ELSP runs inside the MMIO write that submits it (held
 * back until the client next reads, see tools/tbx.c), so the next memory
 * read already sees its results.
 *
 * Stopping: SIGINT/SIGTERM, or the death of the program under exec, make the
 * main thread interrupt every device (gtsim_interrupt: running work ends
 * within milliseconds with a report of where it was) and shut every
 * connection down; the client threads then end and are joined.
 */
#include "serve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "gtsim.h"
#include "progress.h"
#include "stats.h"
#include "tbx.h"

const char gtsim_serve_usage[] =
    "  gtsim serve [options]                serve Intel's OpenCL/Level Zero runtime in TBX mode\n"
    "      --platform P            simulated platform (default skl)\n"
    "      --host ADDR             address to listen on (default 127.0.0.1)\n"
    "      --port N                TCP port (default 4321; 0 = any free port)\n"
    "      --allow-remote          allow a non-loopback ADDR (the protocol has no authentication)\n"
    "      --once                  exit when the first client disconnects (status 1 if it was dropped)\n"
    "      --keep-state            one device for all clients instead of a fresh one per connection\n"
    "      --timeout MS            drop a client that stalls this long mid-message, does not take an\n"
    "                              answer, or sends nothing after connecting (default 30000)\n"
    "      --idle-timeout MS       drop a client idle this long between messages (default 0: never;\n"
    "                              a runtime may compute on the host for hours between messages)\n"
    "      --max-clients N         clients served at once, a thread each (default 1024)\n"
    "      --max-host-memory BYTES host memory for simulated memory, per client device,\n"
    "                              suffixes K M G T (default: half of the machine's)\n"
    "      --max-total-eu-instructions N  EU instructions per submission (default 1e11)\n"
    "      --max-threads N         EU threads per walker and per submission (default 2^32)\n"
    "      --work-timeout MS       wall-clock bound per submission (default 0: none)\n"
    "      --max-eu-instructions N, --max-commands N, --trace-commands, --host-threads N   as for run\n"
    "      --stats                 at the end, per client and in total: what run --stats prints\n"
    "      --profile               at the end of each client (with --keep-state: of the server),\n"
    "                              the execution profile run --profile prints, on stderr\n"
    "      --progress, --no-progress  show or hide a progress line on stderr while work runs\n"
    "                              (default: shown when stderr is a terminal)\n"
    "      --check LIST            kernel checks as for run (findings on stderr; at the end of each\n"
    "                              client, or of the server with --keep-state, a summary per check)\n"
    "      -v, --verbose           log connections and per-client statistics (-vv: every message)\n"
    "      Clients: NEOReadDebugKeys=1 SetCommandStreamReceiver=2 ProductFamilyOverride=P\n"
    "               TbxServer=ADDR TbxPort=N PROGRAM (several threads waiting on the GPU:\n"
    "               also LD_PRELOAD=libgtsim_tbxlock.so, as exec does)\n"
    "      SIGINT/SIGTERM stop running work within a second (reporting where it was); exit status 0.\n"
    "  gtsim exec [options] [--] PROGRAM ARGS...\n"
    "                                       run PROGRAM on the simulated GPU (see --via); exits\n"
    "                                       with PROGRAM's status (128+N if signal N ended it);\n"
    "                                       through TBX, when PROGRAM dies, or on SIGINT/SIGTERM,\n"
    "                                       its simulation stops within a second\n"
    "      --platform P, --keep-state, --timeout MS, --idle-timeout MS, --max-clients N,\n"
    "      --max-host-memory BYTES, --max-total-eu-instructions N, --max-threads N,\n"
    "      --work-timeout MS, --max-eu-instructions N, --max-commands N, --trace-commands,\n"
    "      --host-threads N,\n"
    "      --stats, --profile, --check LIST, --progress, --no-progress, -v, --verbose\n"
    "                              as for serve (on stderr); with --check, exit status 3 when\n"
    "                              PROGRAM exits 0 but a check fired\n"
    "      --trace-out FILE        with --via i915: the timeline run --trace-out writes\n"
    "      --dump-surfaces DIR     at the end of every batch buffer, write each render target\n"
    "                              its draws wrote to DIR as batchNNNNNN_rtB_WxH.png (8-bit RGBA;\n"
    "                              the preloaded library reads GTSIM_DUMP_SURFACES=DIR)\n"
    "      --via i915|tbx          how the program reaches the GPU: i915 (default on skl, tgllp,\n"
    "                              dg1, hsw and ivb)\n"
    "                              preload libgtsim-i915.so, a simulated i915 render node in the\n"
    "                              program's own process, for any driver (the watchdog, memory,\n"
    "                              --host-threads, --trace-commands and --stats options apply, the\n"
    "                              server ones do not); tbx (default on other platforms) Intel's\n"
    "                              runtime in TBX mode, talking to a private server\n"
    "      --no-client-lock        do not preload libgtsim_tbxlock.so, which makes each TBX\n"
    "                              request/answer exchange of the program atomic across its threads\n"
    "                              (Intel's runtime polls completion outside its lock)\n";

struct server;

struct client {
    struct client *next;
    struct server *s;
    pthread_t th;
    int fd;
    unsigned id;
    char peer[80];
    tbx_conn *conn;
    tbx_device own;        /* the client's device unless --keep-state */
    tbx_device *dev;       /* &own, or the shared device */
    gtsim_stats at_start;  /* shared device: its counters when the client came */
    gtsim_stats used;      /* what the client's work did (filled when it ends) */
    gtsim_kernel_stats *ks; /* --stats: its device's kernels (nks, taken before the device goes) */
    size_t nks;
    struct timespec t0;
    double secs;           /* connected this long */
    int result;            /* tbx_step's last result */
    atomic_int finished;   /* the thread has ended: join it */
};

struct server {
    const char *tag; /* "gtsim serve" / "gtsim exec" */
    const char *platform;
    gtsim_config cfg;
    int keep_state, once, verbose, stats, timeout_ms, idle_timeout_ms;
    unsigned max_clients;
    int lfd;
    int wake[2]; /* a client thread writes a byte to wake[1] when it ends */
    tbx_device shared;
    pthread_mutex_t lock; /* guards the client list */
    struct client *clients;
    unsigned ncl, next_id, served;
    int dropped;   /* a client was dropped */
    int done;      /* --once: the first client has gone */
    int stopping;  /* a stop signal came or the program died: ends are expected */
    int quiet_end; /* the program exited normally: say nothing about ends */
    gtsim_stats total;
    struct timespec t0;
    int progress;          /* draw a progress line on stderr (a terminal) */
    int drawn;             /* the line is on the screen */
    double last_draw, last_change;
    uint64_t last_work;    /* EU instructions + threads at the last look */
    atomic_ullong findings; /* --check: findings of all clients */
};

static volatile sig_atomic_t g_stop; /* the stop signal that came */
/* SIGINT/SIGTERM stay blocked except while the main thread waits in
 * ppoll() (client threads inherit the blocked mask), so a stop signal cannot
 * slip in between the g_stop check and the wait. */
static sigset_t g_wait_mask, g_orig_mask;

static void on_stop_signal(int sig)
{
    g_stop = sig;
}

static void install_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN); /* a client that goes away is an I/O error, not a signal */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    sigprocmask(SIG_BLOCK, &stop, &g_orig_mask);
    g_wait_mask = g_orig_mask;
    sigdelset(&g_wait_mask, SIGINT);
    sigdelset(&g_wait_mask, SIGTERM);
}

static int parse_num(const char *s, uint64_t max, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s || *end || v > max || s[0] == '-')
        return -1;
    *out = v;
    return 0;
}

static void format_addr(const struct sockaddr *sa, char *buf, size_t len)
{
    char host[INET6_ADDRSTRLEN] = "?";
    unsigned port = 0;
    if (sa->sa_family == AF_INET) {
        const struct sockaddr_in *in = (const void *)sa;
        inet_ntop(AF_INET, &in->sin_addr, host, sizeof(host));
        port = ntohs(in->sin_port);
        snprintf(buf, len, "%s:%u", host, port);
    } else if (sa->sa_family == AF_INET6) {
        const struct sockaddr_in6 *in6 = (const void *)sa;
        inet_ntop(AF_INET6, &in6->sin6_addr, host, sizeof(host));
        port = ntohs(in6->sin6_port);
        snprintf(buf, len, "[%s]:%u", host, port);
    } else {
        snprintf(buf, len, "(address family %d)", sa->sa_family);
    }
}

static int is_loopback(const struct sockaddr *sa)
{
    if (sa->sa_family == AF_INET)
        return (ntohl(((const struct sockaddr_in *)(const void *)sa)->sin_addr.s_addr) >> 24) == 127;
    if (sa->sa_family == AF_INET6) {
        const struct in6_addr *a = &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr;
        if (IN6_IS_ADDR_LOOPBACK(a))
            return 1;
        return IN6_IS_ADDR_V4MAPPED(a) && a->s6_addr[12] == 127;
    }
    return 0;
}

/* Open the listening socket; prints why not and returns -1 on failure.
 * *where receives the address actually bound (with the real port). */
static int listen_on(const char *tag, const char *host, unsigned port, int allow_remote, char *where,
                     size_t wlen)
{
    struct addrinfo hints, *ai = NULL;
    memset(&hints, 0, sizeof(hints));
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    char ps[16];
    snprintf(ps, sizeof(ps), "%u", port);
    int gai = getaddrinfo(host, ps, &hints, &ai);
    if (gai) {
        fprintf(stderr, "%s: cannot resolve --host %s: %s\n", tag, host, gai_strerror(gai));
        return -1;
    }
    char addr[128];
    format_addr(ai->ai_addr, addr, sizeof(addr));
    if (!is_loopback(ai->ai_addr)) {
        if (!allow_remote) {
            fprintf(stderr,
                    "%s: refusing to listen on %s, which is not a loopback address: the TBX protocol has no\n"
                    "authentication, so anyone who can connect can read and write the simulated GPU's memory.\n"
                    "Pass --allow-remote to do it anyway.\n",
                    tag, addr);
            freeaddrinfo(ai);
            return -1;
        }
    }
    int fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int one = 1;
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
        bind(fd, ai->ai_addr, ai->ai_addrlen) || listen(fd, 16)) {
        fprintf(stderr, "%s: cannot listen on %s: %s\n", tag, addr, strerror(errno));
        if (fd >= 0)
            close(fd);
        freeaddrinfo(ai);
        return -1;
    }
    freeaddrinfo(ai);
    struct sockaddr_storage ss;
    socklen_t sl = sizeof(ss);
    getsockname(fd, (struct sockaddr *)&ss, &sl);
    format_addr((struct sockaddr *)&ss, where, wlen);
    if (!is_loopback((struct sockaddr *)&ss))
        fprintf(stderr,
                "%s: WARNING: listening on non-loopback address %s; the TBX protocol has no authentication:\n"
                "anyone who can reach this port can drive the simulated GPU and read and write its memory\n",
                tag, where);
    return fd;
}

static double since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (t.tv_sec - t0->tv_sec) + (t.tv_nsec - t0->tv_nsec) / 1e9;
}

static void stats_sub(gtsim_stats *a, const gtsim_stats *b)
{
    a->eu_instructions -= b->eu_instructions;
    a->eu_channels -= b->eu_channels;
    a->threads_dispatched -= b->threads_dispatched;
    a->commands -= b->commands;
    a->walkers -= b->walkers;
    a->exec_ns -= b->exec_ns;
    a->exec_cpu_ns -= b->exec_cpu_ns;
}

/* A client's thread: its messages, one after another, until it leaves or
 * is dropped; then its device is freed at once. */
static void print_profile(struct server *s, gtsim_device *dev, unsigned id);
static void check_summary(struct server *s, gtsim_device *dev, unsigned id);

static void *client_main(void *arg)
{
    struct client *c = arg;
    struct server *s = c->s;
    int res;
    do
        res = tbx_step(c->conn);
    while (res == TBX_CONTINUE);
    c->result = res;
    c->secs = since(&c->t0);
    tbx_device_stats(c->dev, &c->used);
    if (s->keep_state)
        stats_sub(&c->used, &c->at_start);
    else {
        if (s->cfg.profile && c->used.eu_instructions)
            print_profile(s, c->own.dev, c->id);
        if (s->cfg.checks)
            check_summary(s, c->own.dev, c->id);
        size_t n = s->stats ? gtsim_kernel_stats_get(c->own.dev, NULL, 0) : 0;
        if (n && (c->ks = calloc(n, sizeof(*c->ks))))
            c->nks = gtsim_kernel_stats_get(c->own.dev, c->ks, n);
        tbx_device_close(&c->own);
    }
    atomic_store(&c->finished, 1);
    char b = 1;
    if (write(s->wake[1], &b, 1) < 0) { /* the pipe is non-blocking: full means awake already */
    }
    return NULL;
}

/* Erase the progress line before printing anything else. */
static void progress_clear(struct server *s)
{
    if (s->drawn) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
        s->drawn = 0;
    }
}

/* Every quarter second: the work of all clients so far (tools/progress.c's
 * format), drawn only while work runs, so the line does not stay under the
 * program's own output. */
static void progress_tick(struct server *s)
{
    double now = since(&s->t0);
    if (!s->progress || now - s->last_draw < 0.25)
        return;
    s->last_draw = now;
    gtsim_stats sum = s->total, one;
    pthread_mutex_lock(&s->lock);
    if (s->keep_state) {
        tbx_device_stats(&s->shared, &sum);
    } else {
        for (struct client *c = s->clients; c; c = c->next) {
            if (atomic_load(&c->finished))
                continue; /* its figures are in total once reaped, and its device is gone */
            tbx_device_stats(c->dev, &one);
            gtsim_stats_add(&sum, &one);
        }
    }
    pthread_mutex_unlock(&s->lock);
    uint64_t work = sum.eu_instructions + sum.threads_dispatched + sum.commands;
    if (work != s->last_work) {
        s->last_work = work;
        s->last_change = now;
    }
    if (now - s->last_change < 1.0 && now >= 0.5) {
        char line[160];
        gtsim_progress_format(&sum, now, line, sizeof(line));
        fprintf(stderr, "\r\033[K%s", line);
        fflush(stderr);
        s->drawn = 1;
    } else {
        progress_clear(s);
    }
}

/* Report a client that has gone and free it (main thread, after join). */
static void end_client(struct server *s, struct client *c)
{
    tbx_stats *st = &c->conn->stats;
    progress_clear(s);
    /* Once stopping, ends are expected: only work that was cut short
     * (its report says where it was) is worth a line. */
    int cut = strstr(c->conn->reason, "on the device") != NULL;
    if (c->result == TBX_DROP && !s->quiet_end && (!s->stopping || cut)) {
        if (s->stopping) {
            fprintf(stderr, "%s: client %u (%s) stopped: %s\n", s->tag, c->id, c->peer, c->conn->reason);
        } else {
            s->dropped = 1;
            fprintf(stderr, "%s: client %u (%s) dropped: %s\n", s->tag, c->id, c->peer, c->conn->reason);
        }
    } else if (s->verbose) {
        fprintf(stderr, "%s: client %u (%s) %s: %s\n", s->tag, c->id, c->peer,
                c->result == TBX_DROP ? "ended" : "disconnected", c->conn->reason);
    }
    if (s->verbose || s->stats)
        fprintf(stderr,
                "%s: client %u: %" PRIu64 " messages (%" PRIu64 " MMIO, %" PRIu64 " GTT, %" PRIu64
                " memory writes, %" PRIu64 " memory reads), %" PRIu64 " bytes written, %" PRIu64 " bytes read\n",
                s->tag, c->id, st->messages, st->by_type[TBX_MMIO_REQ], st->by_type[TBX_GTT_REQ],
                st->by_type[TBX_WRITE_DATA_REQ], st->by_type[TBX_READ_DATA_REQ], st->bytes_written, st->bytes_read);
    if (s->verbose && !s->keep_state)
        fprintf(stderr,
                "%s: client %u: device ran %" PRIu64 " commands, %" PRIu64 " walkers, %" PRIu64
                " EU threads, %" PRIu64 " EU instructions\n",
                s->tag, c->id, c->used.commands, c->used.walkers, c->used.threads_dispatched,
                c->used.eu_instructions);
    if (s->stats && c->used.commands) {
        char prefix[96];
        snprintf(prefix, sizeof(prefix), "%s: client %u: ", s->tag, c->id);
        gtsim_print_stats(stderr, prefix, &c->used, c->secs, 0, 0);
        gtsim_print_kernel_stats(stderr, prefix, c->ks, c->nks);
    }
    free(c->ks);
    c->ks = NULL;
    gtsim_stats_add(&s->total, &c->used);
    if (s->once && c->id == 1)
        s->done = 1;
    close(c->fd);
    free(c->conn);
    free(c);
}

/* Join and report the clients whose threads have ended (all = wait for
 * every client). */
static void reap_clients(struct server *s, int all)
{
    for (;;) {
        pthread_mutex_lock(&s->lock);
        struct client **pp = &s->clients, *c = NULL;
        for (; *pp; pp = &(*pp)->next)
            if (all || atomic_load(&(*pp)->finished)) {
                c = *pp;
                *pp = c->next;
                s->ncl--;
                break;
            }
        pthread_mutex_unlock(&s->lock);
        if (!c)
            return;
        pthread_join(c->th, NULL);
        end_client(s, c);
    }
}

/* Stop every client: running work is interrupted (it reports where it
 * was); and_disconnect: connections are shut down so blocked reads and
 * writes return. */
static void stop_clients(struct server *s, int and_disconnect)
{
    pthread_mutex_lock(&s->lock);
    if (s->keep_state)
        tbx_device_interrupt(&s->shared);
    for (struct client *c = s->clients; c; c = c->next) {
        if (!s->keep_state)
            tbx_device_interrupt(&c->own);
        if (and_disconnect)
            shutdown(c->fd, SHUT_RDWR);
    }
    pthread_mutex_unlock(&s->lock);
}

static void accept_client(struct server *s)
{
    struct sockaddr_storage ss;
    socklen_t sl = sizeof(ss);
    int fd = accept4(s->lfd, (struct sockaddr *)&ss, &sl, SOCK_CLOEXEC);
    if (fd < 0) {
        if (errno != EINTR && errno != EAGAIN && errno != ECONNABORTED)
            fprintf(stderr, "%s: accept: %s\n", s->tag, strerror(errno));
        return;
    }
    unsigned id = ++s->next_id;
    char peer[80];
    format_addr((struct sockaddr *)&ss, peer, sizeof(peer));
    if (s->ncl >= s->max_clients) {
        fprintf(stderr, "%s: client %u (%s) refused: already %u clients connected (--max-clients)\n", s->tag, id,
                peer, s->ncl);
        close(fd);
        return;
    }
    struct client *c = calloc(1, sizeof(*c));
    tbx_conn *conn = malloc(sizeof(*conn));
    if (!c || !conn || (!s->keep_state && tbx_device_open(&c->own, s->platform, &s->cfg))) {
        fprintf(stderr, "%s: client %u (%s) refused: out of host memory creating its device\n", s->tag, id, peer);
        free(conn);
        free(c);
        close(fd);
        return;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)); /* answers are small and awaited */
    c->s = s;
    c->fd = fd;
    c->id = id;
    c->conn = conn;
    c->dev = s->keep_state ? &s->shared : &c->own;
    snprintf(c->peer, sizeof(c->peer), "%s", peer);
    clock_gettime(CLOCK_MONOTONIC, &c->t0);
    if (s->keep_state)
        tbx_device_stats(&s->shared, &c->at_start);
    tbx_conn_init(conn, fd, fd, &tbx_device_ops, c->dev);
    conn->timeout_ms = s->timeout_ms;
    conn->idle_timeout_ms = s->idle_timeout_ms > 0 ? s->idle_timeout_ms : -1;
    conn->trace = s->verbose > 1 ? stderr : NULL;
    if (s->verbose)
        fprintf(stderr, "%s: client %u connected from %s%s\n", s->tag, id, peer,
                s->keep_state ? "" : " (fresh device)");
    pthread_mutex_lock(&s->lock);
    int err = pthread_create(&c->th, NULL, client_main, c);
    if (!err) {
        struct client **pp = &s->clients; /* oldest first */
        while (*pp)
            pp = &(*pp)->next;
        *pp = c;
        s->ncl++;
        s->served++;
    }
    pthread_mutex_unlock(&s->lock);
    if (err) {
        fprintf(stderr, "%s: client %u (%s) refused: cannot start its thread: %s\n", s->tag, id, peer,
                strerror(err));
        if (!s->keep_state)
            tbx_device_close(&c->own);
        free(conn);
        free(c);
        close(fd);
    }
}

/* Serve until --once is satisfied, a stop signal arrives, or (exec) the
 * child exits; *child_status then holds its wait status. */
static void serve_loop(struct server *s, pid_t child, int *child_status)
{
    double kill_at = 0; /* exec, after a stop signal: SIGKILL the program if it is still there then */
    for (;;) {
        /* exec, stopping: the program should end by the signal it was
         * sent, not by its connections closing under it (a reaped client's
         * socket is closed): keep them until it is gone. */
        if (!(child && s->stopping))
            reap_clients(s, 0);
        if (s->done)
            break;
        progress_tick(s);
        if (g_stop && !s->stopping) {
            progress_clear(s);
            s->stopping = 1;
            fprintf(stderr, "%s: %s: stopping\n", s->tag, strsignal(g_stop));
            /* The program first: it should end by the signal, not by its
             * connections closing under it. */
            if (!child) {
                stop_clients(s, 1);
                break;
            }
            kill(child, g_stop); /* SIGINT or SIGTERM, as it came */
            kill_at = since(&s->t0) + 1.5;
            stop_clients(s, 0);
        }
        if (child) {
            pid_t w = waitpid(child, child_status, WNOHANG);
            if (w == child || (w < 0 && errno == ECHILD)) {
                progress_clear(s);
                if (!s->stopping) {
                    s->stopping = 1;
                    /* A program that exited normally is done with its
                     * connections; one that was killed may have left work
                     * running: stop it, and say where it was. */
                    s->quiet_end = w == child && WIFEXITED(*child_status) && !s->verbose;
                    if (w == child && WIFSIGNALED(*child_status))
                        fprintf(stderr, "%s: the program was killed by signal %d (%s): stopping its simulation\n",
                                s->tag, WTERMSIG(*child_status), strsignal(WTERMSIG(*child_status)));
                }
                stop_clients(s, 1);
                break;
            }
            if (kill_at > 0 && since(&s->t0) > kill_at) {
                kill(child, SIGKILL);
                kill_at = 0;
            }
        }
        /* No new clients once stopping (exec: until the program is gone). */
        struct pollfd pfd[2] = {{.fd = s->wake[0], .events = POLLIN}, {.fd = s->lfd, .events = POLLIN}};
        struct timespec ts = {0, 50000000L};
        if (!child && s->progress)
            ts.tv_nsec = 250000000L;
        int r = ppoll(pfd, s->stopping ? 1 : 2, child || s->progress ? &ts : NULL, &g_wait_mask);
        if (r < 0 && errno != EINTR) {
            fprintf(stderr, "%s: poll: %s\n", s->tag, strerror(errno));
            break;
        }
        if (r > 0 && (pfd[0].revents & POLLIN)) {
            char b[64];
            while (read(s->wake[0], b, sizeof(b)) > 0)
                ;
        }
        if (r > 0 && !s->stopping && (pfd[1].revents & POLLIN)) {
            progress_clear(s);
            accept_client(s);
        }
    }
    progress_clear(s);
    /* --once, a stop, or the program's end: the rest of the clients go. */
    stop_clients(s, 1);
    reap_clients(s, 1);
}

struct opts {
    const char *platform, *host;
    unsigned port, max_clients;
    int allow_remote, once, keep_state, verbose, stats, timeout_ms, idle_timeout_ms, no_client_lock, progress;
    const char *timeline; /* exec --via i915 --trace-out FILE */
    int via_i915; /* exec --via: 1 i915, 0 tbx, -1 not given */
    gtsim_config cfg;
    int prog; /* exec: index of PROGRAM in argv */
};

/* Parse serve options; for exec, stop at "--" or the first non-option.
 * Returns 0, or 2 after printing the problem. */
static int parse_opts(const char *tag, int argc, char **argv, int exec, struct opts *o)
{
    memset(o, 0, sizeof(*o));
    o->platform = "skl";
    o->host = "127.0.0.1";
    o->port = 4321;
    o->timeout_ms = 30000;
    o->max_clients = 1024;
    o->progress = -1;
    o->prog = -1;
    o->via_i915 = -1;
    o->cfg.threads = gtsim_default_host_threads();
    o->cfg.host_clock = 1; /* live clients map GPU timestamps onto their CPU clock */
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        uint64_t v;
        int has = i + 1 < argc;
        if (exec && !strcmp(a, "--")) {
            o->prog = i + 1 < argc ? i + 1 : -1;
            break;
        } else if (exec && a[0] != '-') {
            o->prog = i;
            break;
        } else if (!strcmp(a, "--platform") && has) {
            o->platform = argv[++i];
        } else if (!exec && !strcmp(a, "--host") && has) {
            o->host = argv[++i];
        } else if (!exec && !strcmp(a, "--port") && has) {
            if (parse_num(argv[++i], 65535, &v))
                return fprintf(stderr, "%s: bad --port %s (0 to 65535)\n", tag, argv[i]), 2;
            o->port = (unsigned)v;
        } else if (!exec && !strcmp(a, "--allow-remote")) {
            o->allow_remote = 1;
        } else if (!exec && !strcmp(a, "--once")) {
            o->once = 1;
        } else if (!strcmp(a, "--keep-state")) {
            o->keep_state = 1;
        } else if (!strcmp(a, "--timeout") && has) {
            if (parse_num(argv[++i], 86400000, &v) || v == 0)
                return fprintf(stderr, "%s: bad --timeout %s (1 to 86400000 ms)\n", tag, argv[i]), 2;
            o->timeout_ms = (int)v;
        } else if (!strcmp(a, "--idle-timeout") && has) {
            if (parse_num(argv[++i], 2000000000, &v))
                return fprintf(stderr, "%s: bad --idle-timeout %s (0 to 2000000000 ms)\n", tag, argv[i]), 2;
            o->idle_timeout_ms = (int)v;
        } else if (!strcmp(a, "--max-clients") && has) {
            if (parse_num(argv[++i], 65536, &v) || v == 0)
                return fprintf(stderr, "%s: bad --max-clients %s (1 to 65536)\n", tag, argv[i]), 2;
            o->max_clients = (unsigned)v;
        } else if (!strcmp(a, "--max-host-memory") && has) {
            if (gtsim_parse_size(argv[++i], &o->cfg.max_host_memory) || o->cfg.max_host_memory == 0)
                return fprintf(stderr, "%s: bad --max-host-memory %s (bytes, suffixes K M G T)\n", tag, argv[i]), 2;
        } else if (!strcmp(a, "--max-total-eu-instructions") && has) {
            if (parse_num(argv[++i], UINT64_MAX, &o->cfg.max_total_eu_instructions))
                return fprintf(stderr, "%s: bad --max-total-eu-instructions %s\n", tag, argv[i]), 2;
        } else if (!strcmp(a, "--max-threads") && has) {
            if (parse_num(argv[++i], UINT64_MAX, &o->cfg.max_threads))
                return fprintf(stderr, "%s: bad --max-threads %s\n", tag, argv[i]), 2;
        } else if (!strcmp(a, "--work-timeout") && has) {
            if (parse_num(argv[++i], UINT64_MAX / 2, &o->cfg.timeout_ms))
                return fprintf(stderr, "%s: bad --work-timeout %s (milliseconds)\n", tag, argv[i]), 2;
        } else if (!strcmp(a, "--max-eu-instructions") && has) {
            if (parse_num(argv[++i], UINT64_MAX, &o->cfg.max_eu_instructions))
                return fprintf(stderr, "%s: bad --max-eu-instructions\n", tag), 2;
        } else if (!strcmp(a, "--max-commands") && has) {
            if (parse_num(argv[++i], UINT64_MAX, &o->cfg.max_commands))
                return fprintf(stderr, "%s: bad --max-commands\n", tag), 2;
        } else if (!strcmp(a, "--trace-commands")) {
            o->cfg.trace_commands = 1;
        } else if (!strcmp(a, "--host-threads") && has) {
            if (gtsim_parse_host_threads(argv[++i], &o->cfg.threads))
                return fprintf(stderr, "%s: bad --host-threads %s (1 to 256)\n", tag, argv[i]), 2;
        } else if (exec && !strcmp(a, "--via") && has) {
            i++;
            if (strcmp(argv[i], "i915") && strcmp(argv[i], "tbx"))
                return fprintf(stderr, "%s: bad --via %s (i915 or tbx)\n", tag, argv[i]), 2;
            o->via_i915 = !strcmp(argv[i], "i915");
        } else if (exec && !strcmp(a, "--no-client-lock")) {
            o->no_client_lock = 1;
        } else if (!strcmp(a, "--stats")) {
            o->stats = 1;
        } else if (!strcmp(a, "--profile")) {
            o->cfg.profile = 1;
        } else if (!strncmp(a, "--check=", 8) || (!strcmp(a, "--check") && has)) {
            char why[160];
            if (gtsim_check_parse(a[7] == '=' ? a + 8 : argv[++i], &o->cfg.checks, why, sizeof(why)))
                return fprintf(stderr, "%s: --check: %s\n", tag, why), 2;
        } else if (!strcmp(a, "--dump-surfaces") && has) {
            o->cfg.dump_surfaces = argv[++i];
        } else if (exec && !strcmp(a, "--trace-out") && has) {
            o->timeline = argv[++i];
        } else if (!strcmp(a, "--progress")) {
            o->progress = 1;
        } else if (!strcmp(a, "--no-progress")) {
            o->progress = 0;
        } else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
            o->verbose++;
        } else if (!strcmp(a, "-vv")) {
            o->verbose += 2;
        } else {
            fprintf(stderr, "%s: unknown or incomplete option %s\nusage:\n%s", tag, a, gtsim_serve_usage);
            return 2;
        }
    }
    if (exec && o->prog < 0) {
        fprintf(stderr, "%s: no program given\nusage:\n%s", tag, gtsim_serve_usage);
        return 2;
    }
    return 0;
}

/* Common set-up: validate the platform, create the shared device if
 * --keep-state, open the listening socket. */
static int server_start(struct server *s, const char *tag, const struct opts *o, const char *host, unsigned port,
                        char *where, size_t wlen)
{
    memset(s, 0, sizeof(*s));
    s->tag = tag;
    s->platform = o->platform;
    s->cfg = o->cfg;
    s->keep_state = o->keep_state;
    s->once = o->once;
    s->verbose = o->verbose;
    s->stats = o->stats;
    s->timeout_ms = o->timeout_ms;
    s->idle_timeout_ms = o->idle_timeout_ms;
    s->max_clients = o->max_clients;
    /* -vv traces from the client threads would run into the line. */
    s->progress = o->progress < 0 ? isatty(STDERR_FILENO) && o->verbose < 2 : o->progress;
    s->lfd = -1;
    s->wake[0] = s->wake[1] = -1;
    clock_gettime(CLOCK_MONOTONIC, &s->t0);
    if (tbx_device_open(&s->shared, o->platform, &o->cfg)) {
        fprintf(stderr, "%s: unknown platform '%s'\n", tag, o->platform);
        return 2;
    }
    if (!s->keep_state)
        tbx_device_close(&s->shared); /* it only checked the platform */
    if (pipe2(s->wake, O_CLOEXEC | O_NONBLOCK)) {
        fprintf(stderr, "%s: pipe: %s\n", tag, strerror(errno));
        tbx_device_close(&s->shared);
        return 1;
    }
    pthread_mutex_init(&s->lock, NULL);
    s->lfd = listen_on(tag, host, port, o->allow_remote, where, wlen);
    if (s->lfd < 0) {
        tbx_device_close(&s->shared);
        close(s->wake[0]);
        close(s->wake[1]);
        return 1;
    }
    install_signals();
    return 0;
}

/* Text written by what(dev, m) to stderr, each line prefixed with the
 * server's tag and the client (id 0: the server's shared device), under
 * stderr's lock (clients end on their own threads). */
static void print_prefixed(struct server *s, gtsim_device *dev, unsigned id, void (*what)(gtsim_device *, FILE *))
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m)
        return;
    char prefix[96];
    if (id)
        snprintf(prefix, sizeof(prefix), "%s: client %u: ", s->tag, id);
    else
        snprintf(prefix, sizeof(prefix), "%s: ", s->tag);
    what(dev, m);
    fclose(m);
    flockfile(stderr);
    for (char *line = text, *nl; line && *line; line = nl ? nl + 1 : NULL) {
        nl = strchr(line, '\n');
        fprintf(stderr, "%s%.*s\n", prefix, nl ? (int)(nl - line) : (int)strlen(line), line);
    }
    funlockfile(stderr);
    free(text);
}

static void write_profile(gtsim_device *dev, FILE *m)
{
    if (gtsim_profile_write(dev, m) != GTSIM_OK)
        fprintf(m, "%s\n", gtsim_last_error(dev));
}

/* --profile: dev's execution profile on stderr. */
static void print_profile(struct server *s, gtsim_device *dev, unsigned id)
{
    print_prefixed(s, dev, id, write_profile);
}

static void write_checks(gtsim_device *dev, FILE *m)
{
    gtsim_check_summary(dev, m);
}

/* --check: dev's summary line per check on stderr; its findings count in
 * s->findings. */
static void check_summary(struct server *s, gtsim_device *dev, unsigned id)
{
    atomic_fetch_add(&s->findings, gtsim_check_summary(dev, NULL));
    print_prefixed(s, dev, id, write_checks);
}

static void server_stop(struct server *s)
{
    if (s->stats) {
        gtsim_stats total = s->total;
        if (s->keep_state) /* all clients' work, and nothing twice */
            tbx_device_stats(&s->shared, &total);
        char prefix[64];
        snprintf(prefix, sizeof(prefix), "%s: total: ", s->tag);
        fprintf(stderr, "%s%u clients\n", prefix, s->served);
        gtsim_print_stats(stderr, prefix, &total, since(&s->t0), s->cfg.threads, 1);
        if (s->keep_state) /* one device: its kernels over all clients */
            gtsim_print_device_kernel_stats(stderr, prefix, s->shared.dev);
    }
    if (s->cfg.profile && s->keep_state)
        print_profile(s, s->shared.dev, 0);
    if (s->cfg.checks && s->keep_state)
        check_summary(s, s->shared.dev, 0);
    if (s->lfd >= 0)
        close(s->lfd);
    close(s->wake[0]);
    close(s->wake[1]);
    tbx_device_close(&s->shared);
}

int gtsim_cmd_serve(int argc, char **argv)
{
    const char *tag = "gtsim serve";
    struct opts o;
    int rc = parse_opts(tag, argc, argv, 0, &o);
    if (rc)
        return rc;
    struct server s;
    char where[128];
    rc = server_start(&s, tag, &o, o.host, o.port, where, sizeof(where));
    if (rc)
        return rc;
    /* Ready: scripts may connect as soon as they see this line. */
    printf("gtsim serve: listening on %s (platform %s)\n", where, o.platform);
    fflush(stdout);
    serve_loop(&s, 0, NULL);
    server_stop(&s);
    return s.once && s.dropped ? 1 : 0;
}

#ifndef GTSIM_TBXLOCK_INSTALLED
#define GTSIM_TBXLOCK_INSTALLED "../lib/gtsim/libgtsim_tbxlock.so"
#endif
#ifndef GTSIM_I915_INSTALLED
#define GTSIM_I915_INSTALLED "../lib/gtsim/libgtsim-i915.so"
#endif

/* libgtsim_tbxlock.so (tools/tbxlock/tbxlock.c): next to the gtsim binary
 * (build tree) or where cmake --install puts it, relative to the binary's
 * directory.  0 when found. */
/* The platforms libgtsim-i915.so presents (its identities table,
 * src/frontend/i915/i915.c). */
#define I915_PLATFORMS "skl, tgllp, dg1, hsw, ivb"
static int has_i915_identity(const char *platform)
{
    static const char *const names[] = {"skl", "tgllp", "dg1", "hsw", "ivb"};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (!strcmp(platform, names[i]))
            return 1;
    return 0;
}

static int find_lib(const char *name, const char *installed, char *out, size_t len)
{
    char exe[2048];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (n <= 0)
        return -1;
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (!slash)
        return -1;
    *slash = 0;
    const char *const where[] = {name, installed};
    for (unsigned i = 0; i < sizeof(where) / sizeof(where[0]); i++) {
        int k = snprintf(out, len, "%s/%s", exe, where[i]);
        if (k > 0 && (size_t)k < len && access(out, R_OK) == 0)
            return 0;
    }
    out[0] = 0;
    return -1;
}

static int find_lock_lib(char *out, size_t len)
{
    return find_lib("libgtsim_tbxlock.so", GTSIM_TBXLOCK_INSTALLED, out, len);
}

/* Put lib first in LD_PRELOAD (the program's own preloads stay) and let an
 * AddressSanitizer program start with it loaded before its runtime. */
static void preload(const char *lib)
{
    const char *pre = getenv("LD_PRELOAD");
    size_t n = strlen(lib) + (pre ? strlen(pre) : 0) + 2;
    char *v = malloc(n);
    if (v) {
        snprintf(v, n, "%s%s%s", lib, pre && *pre ? ":" : "", pre && *pre ? pre : "");
        setenv("LD_PRELOAD", v, 1);
    }
    const char *ao = getenv("ASAN_OPTIONS");
    n = (ao ? strlen(ao) : 0) + 32;
    char *a = malloc(n);
    if (a) {
        snprintf(a, n, "%s%sverify_asan_link_order=0", ao && *ao ? ao : "", ao && *ao ? ":" : "");
        setenv("ASAN_OPTIONS", a, 1);
    }
}

/* exec --via i915: PROGRAM with libgtsim-i915.so preloaded (it reads
 * GTSIM_PLATFORM and the device bounds from GTSIM_I915_CONFIG). */
static int exec_i915(const char *tag, const struct opts *o, char **argv)
{
    char lib[2200];
    const char *env = getenv("GTSIM_I915_LIBRARY");
    if (env && *env) {
        if (access(env, R_OK)) {
            fprintf(stderr, "%s: GTSIM_I915_LIBRARY=%s: %s\n", tag, env, strerror(errno));
            return 1;
        }
        snprintf(lib, sizeof(lib), "%s", env);
    } else if (find_lib("libgtsim-i915.so", GTSIM_I915_INSTALLED, lib, sizeof(lib))) {
        fprintf(stderr, "%s: libgtsim-i915.so not found next to gtsim or in " GTSIM_I915_INSTALLED "\n", tag);
        return 1;
    }
    if (!has_i915_identity(o->platform)) {
        fprintf(stderr, "%s: --via i915: platform '%s' has no i915 device identity (%s)\n", tag,
                o->platform, I915_PLATFORMS);
        return 2;
    }
    if (o->verbose)
        fprintf(stderr, "%s: preloading %s into the program (platform %s)\n", tag, lib, o->platform);
    /* --check: the library writes its findings count to check_out at exit */
    char check_out[64] = "";
    if (o->cfg.checks) {
        snprintf(check_out, sizeof(check_out), "/tmp/gtsim-check-XXXXXX");
        int fd = mkstemp(check_out);
        if (fd < 0) {
            fprintf(stderr, "%s: --check: mkstemp: %s\n", tag, strerror(errno));
            return 1;
        }
        close(fd);
    }
    char cfg[256];
    snprintf(cfg, sizeof(cfg), "%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%d,%u",
             o->cfg.max_eu_instructions, o->cfg.max_commands, o->cfg.max_total_eu_instructions, o->cfg.max_threads,
             o->cfg.timeout_ms, o->cfg.max_host_memory, o->cfg.trace_commands, o->cfg.threads);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "%s: fork: %s\n", tag, strerror(errno));
        return 1;
    }
    if (pid == 0) {
        setenv("GTSIM_PLATFORM", o->platform, 1);
        setenv("GTSIM_I915_CONFIG", cfg, 1);
        if (o->stats)
            setenv("GTSIM_I915_STATS", "1", 1);
        if (o->cfg.profile)
            setenv("GTSIM_I915_PROFILE", "1", 1);
        if (o->timeline)
            setenv("GTSIM_I915_TIMELINE", o->timeline, 1);
        if (o->cfg.dump_surfaces)
            setenv("GTSIM_DUMP_SURFACES", o->cfg.dump_surfaces, 1);
        if (o->cfg.checks) {
            char v[16];
            snprintf(v, sizeof(v), "%u", o->cfg.checks);
            setenv("GTSIM_I915_CHECK", v, 1);
            setenv("GTSIM_I915_CHECK_OUT", check_out, 1);
        }
        preload(lib);
        execvp(argv[o->prog], argv + o->prog);
        fprintf(stderr, "%s: cannot run %s: %s\n", tag, argv[o->prog], strerror(errno));
        _exit(127);
    }
    /* the program handles SIGINT/SIGTERM itself (the simulation runs in it) */
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_IGN);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    unsigned long long findings = 0;
    if (check_out[0]) {
        FILE *f = fopen(check_out, "r");
        if (f && fscanf(f, "%llu", &findings) != 1)
            findings = 0;
        if (f)
            fclose(f);
        unlink(check_out);
    }
    if (WIFEXITED(status))
        return WEXITSTATUS(status) == 0 && findings ? 3 : WEXITSTATUS(status);
    if (WIFSIGNALED(status)) {
        fprintf(stderr, "%s: %s killed by signal %d (%s)\n", tag, argv[o->prog], WTERMSIG(status),
                strsignal(WTERMSIG(status)));
        return 128 + WTERMSIG(status);
    }
    return 1;
}

int gtsim_cmd_exec(int argc, char **argv)
{
    const char *tag = "gtsim exec";
    struct opts o;
    int rc = parse_opts(tag, argc, argv, 1, &o);
    if (rc)
        return rc;
    if (o.via_i915 < 0) {
        /* default: the i915 device where the platform has an identity and
         * the library is built, else TBX */
        char lib[2200];
        const char *env = getenv("GTSIM_I915_LIBRARY");
        int have = (env && *env) || !find_lib("libgtsim-i915.so", GTSIM_I915_INSTALLED, lib, sizeof(lib));
        o.via_i915 = have && has_i915_identity(o.platform);
        if (o.verbose && !o.via_i915)
            fprintf(stderr, "%s: %s: through TBX\n", tag,
                    have ? "the platform has no i915 identity" : "libgtsim-i915.so not built");
    }
    if (o.via_i915)
        return exec_i915(tag, &o, argv);
    if (o.timeline) {
        fprintf(stderr, "%s: --trace-out needs the i915 device (--via i915)\n", tag);
        return 2;
    }
    struct server s;
    char where[128];
    rc = server_start(&s, tag, &o, "127.0.0.1", 0, where, sizeof(where));
    if (rc)
        return rc;
    struct sockaddr_in sin;
    socklen_t sl = sizeof(sin);
    getsockname(s.lfd, (struct sockaddr *)&sin, &sl);
    char port[16];
    snprintf(port, sizeof(port), "%u", ntohs(sin.sin_port));
    if (o.verbose)
        fprintf(stderr, "%s: listening on %s (platform %s)\n", tag, where, o.platform);
    fflush(stdout);
    fflush(stderr);
    char lock_lib[2200] = "";
    if (!o.no_client_lock && find_lock_lib(lock_lib, sizeof(lock_lib)))
        fprintf(stderr, "%s: warning: libgtsim_tbxlock.so not found next to gtsim or in " GTSIM_TBXLOCK_INSTALLED
                        ": a program "
                        "that waits on the GPU from several threads at once may lose its TBX connection\n", tag);
    else if (o.verbose && lock_lib[0])
        fprintf(stderr, "%s: preloading %s into the program\n", tag, lock_lib);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "%s: fork: %s\n", tag, strerror(errno));
        server_stop(&s);
        return 1;
    }
    if (pid == 0) {
        signal(SIGPIPE, SIG_DFL);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        sigprocmask(SIG_SETMASK, &g_orig_mask, NULL);
        setenv("NEOReadDebugKeys", "1", 1);
        setenv("SetCommandStreamReceiver", "2", 1);
        setenv("ProductFamilyOverride", o.platform, 1);
        setenv("TbxServer", "127.0.0.1", 1);
        setenv("TbxPort", port, 1);
        if (lock_lib[0])
            preload(lock_lib);
        execvp(argv[o.prog], argv + o.prog);
        fprintf(stderr, "%s: cannot run %s: %s\n", tag, argv[o.prog], strerror(errno));
        _exit(127);
    }
    int status = 0;
    serve_loop(&s, pid, &status);
    server_stop(&s);
    if (WIFEXITED(status))
        return WEXITSTATUS(status) == 0 && atomic_load(&s.findings) ? 3 : WEXITSTATUS(status);
    if (WIFSIGNALED(status)) {
        fprintf(stderr, "%s: %s killed by signal %d (%s)\n", tag, argv[o.prog], WTERMSIG(status),
                strsignal(WTERMSIG(status)));
        return 128 + WTERMSIG(status);
    }
    return 1;
}
