/*
 * gtsim serve / gtsim exec: a live TBX server, so that unmodified OpenCL and
 * Level Zero programs run on the simulated GPU through Intel's runtime in
 * TBX mode (NEOReadDebugKeys=1 SetCommandStreamReceiver=2
 * ProductFamilyOverride=<platform> TbxServer=<host> TbxPort=<port>).
 *
 * One thread polls the listening socket and the connected clients and
 * handles one message at a time (tools/tbx.c).  The runtime opens one
 * connection per command stream receiver (three for one OpenCL device),
 * each with its own GGTT, page tables and physical memory allocator; so each
 * connection gets its own fresh device (--keep-state: all connections share
 * one device that lives as long as the server).  Work submitted through ELSP
 * runs inside the MMIO write that submits it, so the next memory read
 * already sees its results.
 */
#include "serve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <inttypes.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gtsim.h"
#include "tbx.h"

#define MAX_CLIENTS 16

const char gtsim_serve_usage[] =
    "  gtsim serve [options]                serve Intel's OpenCL/Level Zero runtime in TBX mode\n"
    "      --platform P            simulated platform (default skl)\n"
    "      --host ADDR             address to listen on (default 127.0.0.1)\n"
    "      --port N                TCP port (default 4321; 0 = any free port)\n"
    "      --allow-remote          allow a non-loopback ADDR (the protocol has no authentication)\n"
    "      --once                  exit when the first client disconnects (status 1 if it was dropped)\n"
    "      --keep-state            one device for all clients instead of a fresh one per connection\n"
    "      --timeout MS            drop a client that stalls mid-message this long (default 30000)\n"
    "      --max-eu-instructions N, --max-commands N, --trace-commands   as for run\n"
    "      -v, --verbose           log connections and per-client statistics (-vv: every message)\n"
    "      Clients: NEOReadDebugKeys=1 SetCommandStreamReceiver=2 ProductFamilyOverride=P\n"
    "               TbxServer=ADDR TbxPort=N PROGRAM\n"
    "  gtsim exec [--platform P] [-v] [--keep-state] [--timeout MS] [--max-...] [--] PROGRAM ARGS...\n"
    "                                       run PROGRAM on the simulated GPU (private server on a\n"
    "                                       free loopback port); exits with PROGRAM's status\n";

struct client {
    int fd;
    unsigned id;
    char peer[80];
    tbx_conn *conn;
    tbx_device own; /* the client's device unless --keep-state */
};

struct server {
    const char *tag; /* "gtsim serve" / "gtsim exec" */
    const char *platform;
    gtsim_config cfg;
    int keep_state, once, verbose, timeout_ms;
    int lfd;
    tbx_device shared;
    struct client cl[MAX_CLIENTS];
    int ncl;
    unsigned next_id;
    int dropped; /* a client was dropped */
    int done;    /* --once: the first client has gone */
};

static volatile sig_atomic_t g_stop;
/* SIGINT/SIGTERM stay blocked except while the server waits in ppoll(), so
 * a stop signal cannot slip in between the g_stop check and the wait. */
static sigset_t g_wait_mask, g_orig_mask;

static void on_stop_signal(int sig)
{
    (void)sig;
    g_stop = 1;
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

static void drop_client(struct server *s, int i, int result)
{
    struct client *c = &s->cl[i];
    tbx_stats *st = &c->conn->stats;
    if (result == TBX_DROP) {
        s->dropped = 1;
        fprintf(stderr, "%s: client %u (%s) dropped: %s\n", s->tag, c->id, c->peer, c->conn->reason);
    } else if (s->verbose) {
        fprintf(stderr, "%s: client %u (%s) disconnected: %s\n", s->tag, c->id, c->peer, c->conn->reason);
    }
    if (s->verbose)
        fprintf(stderr,
                "%s: client %u: %" PRIu64 " messages (%" PRIu64 " MMIO, %" PRIu64 " GTT, %" PRIu64
                " memory writes, %" PRIu64 " memory reads), %" PRIu64 " bytes written, %" PRIu64 " bytes read\n",
                s->tag, c->id, st->messages, st->by_type[TBX_MMIO_REQ], st->by_type[TBX_GTT_REQ],
                st->by_type[TBX_WRITE_DATA_REQ], st->by_type[TBX_READ_DATA_REQ], st->bytes_written, st->bytes_read);
    if (s->verbose && !s->keep_state) {
        gtsim_stats ds;
        gtsim_get_stats(c->own.dev, &ds);
        fprintf(stderr,
                "%s: client %u: device ran %" PRIu64 " commands, %" PRIu64 " walkers, %" PRIu64
                " EU threads, %" PRIu64 " EU instructions\n",
                s->tag, c->id, ds.commands, ds.walkers, ds.threads_dispatched, ds.eu_instructions);
    }
    if (s->once && c->id == 1)
        s->done = 1;
    close(c->fd);
    free(c->conn);
    if (!s->keep_state)
        tbx_device_close(&c->own);
    s->cl[i] = s->cl[--s->ncl];
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
    if (s->ncl == MAX_CLIENTS) {
        fprintf(stderr, "%s: client %u (%s) refused: already %d clients connected\n", s->tag, id, peer,
                MAX_CLIENTS);
        close(fd);
        return;
    }
    struct client *c = &s->cl[s->ncl];
    memset(c, 0, sizeof(*c));
    c->conn = malloc(sizeof(*c->conn));
    if (!c->conn || (!s->keep_state && tbx_device_open(&c->own, s->platform, &s->cfg))) {
        fprintf(stderr, "%s: client %u (%s) refused: out of memory creating its device\n", s->tag, id, peer);
        free(c->conn);
        close(fd);
        return;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)); /* answers are small and awaited */
    c->fd = fd;
    c->id = id;
    snprintf(c->peer, sizeof(c->peer), "%s", peer);
    tbx_conn_init(c->conn, fd, fd, &tbx_device_ops, s->keep_state ? &s->shared : &c->own);
    c->conn->timeout_ms = s->timeout_ms;
    c->conn->trace = s->verbose > 1 ? stderr : NULL;
    s->ncl++;
    if (s->verbose)
        fprintf(stderr, "%s: client %u connected from %s%s\n", s->tag, id, peer,
                s->keep_state ? "" : " (fresh device)");
}

/* Serve until --once is satisfied, a stop signal arrives, or (exec) the
 * child exits; *child_status then holds its wait status. */
static void serve_loop(struct server *s, pid_t child, int *child_status)
{
    struct pollfd pfd[MAX_CLIENTS + 1];
    int killed = 0;
    while (!s->done) {
        if (g_stop) {
            if (!child)
                break;
            if (!killed) {
                kill(child, SIGTERM);
                killed = 1;
            }
        }
        if (child && waitpid(child, child_status, WNOHANG) == child)
            break;
        int n = 0, pending = 0;
        pfd[n++] = (struct pollfd){.fd = s->lfd, .events = POLLIN};
        for (int i = 0; i < s->ncl; i++) {
            pfd[n++] = (struct pollfd){.fd = s->cl[i].fd, .events = POLLIN};
            pending |= tbx_pending(s->cl[i].conn) != 0;
        }
        struct timespec ts = {0, pending ? 0 : 50000000L};
        int r = ppoll(pfd, (nfds_t)n, pending || child ? &ts : NULL, &g_wait_mask);
        if (r < 0 && errno != EINTR) {
            fprintf(stderr, "%s: poll: %s\n", s->tag, strerror(errno));
            break;
        }
        /* Clients first (their slots move when one leaves: walk backwards
         * over the snapshot taken for poll). */
        for (int i = n - 2; i >= 0; i--) {
            struct client *c = &s->cl[i];
            if (!(r > 0 && pfd[i + 1].revents) && !tbx_pending(c->conn))
                continue;
            int res, budget = 256;
            do
                res = tbx_step(c->conn);
            while (res == TBX_CONTINUE && tbx_pending(c->conn) && --budget);
            if (res != TBX_CONTINUE)
                drop_client(s, i, res);
        }
        if (r > 0 && (pfd[0].revents & POLLIN))
            accept_client(s);
    }
    while (s->ncl)
        drop_client(s, s->ncl - 1, TBX_CLOSED);
}

struct opts {
    const char *platform, *host;
    unsigned port;
    int allow_remote, once, keep_state, verbose, timeout_ms;
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
    o->prog = -1;
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
                return fprintf(stderr, "%s: bad --port %s\n", tag, argv[i]), 2;
            o->port = (unsigned)v;
        } else if (!exec && !strcmp(a, "--allow-remote")) {
            o->allow_remote = 1;
        } else if (!exec && !strcmp(a, "--once")) {
            o->once = 1;
        } else if (!strcmp(a, "--keep-state")) {
            o->keep_state = 1;
        } else if (!strcmp(a, "--timeout") && has) {
            if (parse_num(argv[++i], 86400000, &v) || v == 0)
                return fprintf(stderr, "%s: bad --timeout %s\n", tag, argv[i]), 2;
            o->timeout_ms = (int)v;
        } else if (!strcmp(a, "--max-eu-instructions") && has) {
            if (parse_num(argv[++i], UINT64_MAX, &o->cfg.max_eu_instructions))
                return fprintf(stderr, "%s: bad --max-eu-instructions\n", tag), 2;
        } else if (!strcmp(a, "--max-commands") && has) {
            if (parse_num(argv[++i], UINT64_MAX, &o->cfg.max_commands))
                return fprintf(stderr, "%s: bad --max-commands\n", tag), 2;
        } else if (!strcmp(a, "--trace-commands")) {
            o->cfg.trace_commands = 1;
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
    s->timeout_ms = o->timeout_ms;
    s->lfd = -1;
    tbx_device probe;
    if (tbx_device_open(&probe, o->platform, &o->cfg)) {
        fprintf(stderr, "%s: unknown platform '%s'\n", tag, o->platform);
        return 2;
    }
    if (s->keep_state)
        s->shared = probe;
    else
        tbx_device_close(&probe);
    s->lfd = listen_on(tag, host, port, o->allow_remote, where, wlen);
    if (s->lfd < 0) {
        if (s->keep_state)
            tbx_device_close(&s->shared);
        return 1;
    }
    install_signals();
    return 0;
}

static void server_stop(struct server *s)
{
    if (s->lfd >= 0)
        close(s->lfd);
    if (s->keep_state)
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

int gtsim_cmd_exec(int argc, char **argv)
{
    const char *tag = "gtsim exec";
    struct opts o;
    int rc = parse_opts(tag, argc, argv, 1, &o);
    if (rc)
        return rc;
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
        execvp(argv[o.prog], argv + o.prog);
        fprintf(stderr, "%s: cannot run %s: %s\n", tag, argv[o.prog], strerror(errno));
        _exit(127);
    }
    int status = 0;
    serve_loop(&s, pid, &status);
    server_stop(&s);
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) {
        fprintf(stderr, "%s: %s killed by signal %d (%s)\n", tag, argv[o.prog], WTERMSIG(status),
                strsignal(WTERMSIG(status)));
        return 128 + WTERMSIG(status);
    }
    return 1;
}
