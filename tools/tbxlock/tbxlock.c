/*
 * libgtsim_tbxlock.so: preloaded by `gtsim exec` into the program it runs
 * (LD_PRELOAD), it makes each request/answer exchange on a TBX connection
 * atomic with respect to the program's other threads.
 *
 * Why.  Intel's runtime (NEO 22.43, TbxCommandStreamReceiverHw::
 * flushSubmissionsAndDownloadAllocations) polls its tag allocation, which
 * sends READ_DATA_REQ and receives the answer, without holding its command
 * stream receiver's lock.  Two host threads waiting on the same queue's
 * engine at once (e.g. building and running programs on several threads)
 * then send their requests on the one socket and receive each other's
 * answers: the runtime prints "Out of sequence read data packet?", leaves
 * the rest of an answer unread, and its connection is out of step for good
 * (and a read request sent between a memory write's header and payload
 * would corrupt the payload).  No server can undo that: which thread's
 * recv() gets which bytes is decided inside the client.
 *
 * What.  send() and recv() are wrapped for sockets connected to the TBX
 * server ($TbxServer:$TbxPort, as gtsim exec sets them).  A thread that
 * starts sending a message takes the connection's exchange lock; it keeps
 * it until the message is sent and, for a request that has an answer (MMIO
 * or GTT read, memory read, render-end report), until that thread has
 * received the whole answer (12-byte header, body, and for a memory read
 * the bytes it asked for).  Every other socket, and every program that
 * does not speak TBX, is untouched.  Wire layout: tools/tbx.h.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>

#define MAX_FD 4096
#define MAX_AWAIT 64

struct conn {
    pthread_mutex_t xchg;   /* held from a message's first byte to its answer's last */
    pthread_t owner;
    int owned;
    uint16_t local_port;    /* identifies the socket behind the fd number */
    int is_tbx;
    /* outgoing message being sent */
    uint8_t ohdr[12 + 16];
    uint32_t ohave;         /* header + body bytes seen (body beyond 16 bytes counted, not kept) */
    uint64_t opayload;      /* memory write payload bytes still to send */
    /* answers awaited, oldest first: memory read sizes (0 = no payload) */
    uint32_t await_len[MAX_AWAIT];
    unsigned nawait;
    uint8_t ihdr[12];
    uint32_t ihave;
    uint64_t ileft;         /* bytes of the current answer after its header */
};

static ssize_t (*real_send)(int, const void *, size_t, int);
static ssize_t (*real_recv)(int, void *, size_t, int);
static struct conn *conns[MAX_FD];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static uint16_t tbx_port;

/* At the first send/recv ($TbxPort is read then, as the runtime reads it
 * when it connects). */
static void init(void)
{
    real_send = (ssize_t(*)(int, const void *, size_t, int))dlsym(RTLD_NEXT, "send");
    real_recv = (ssize_t(*)(int, void *, size_t, int))dlsym(RTLD_NEXT, "recv");
    const char *p = getenv("TbxPort");
    tbx_port = p ? (uint16_t)atoi(p) : 0;
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The state of a TBX connection on fd, or NULL for any other fd. */
static struct conn *lookup(int fd)
{
    pthread_once(&once, init);
    if (!tbx_port || fd < 0 || fd >= MAX_FD)
        return NULL;
    struct sockaddr_in local, peer;
    socklen_t ll = sizeof(local), pl = sizeof(peer);
    if (getsockname(fd, (struct sockaddr *)&local, &ll) || local.sin_family != AF_INET)
        return NULL;
    pthread_mutex_lock(&table_lock);
    struct conn *c = conns[fd];
    if (!c || c->local_port != local.sin_port) {
        /* A new socket on this fd number (the old one was closed). */
        int tbx = !getpeername(fd, (struct sockaddr *)&peer, &pl) && peer.sin_family == AF_INET &&
                  ntohs(peer.sin_port) == tbx_port;
        /* (A stale state is left behind, not reused: another thread may
         * still hold or wait for its lock.) */
        c = conns[fd] = calloc(1, sizeof(*c));
        if (c) {
            pthread_mutex_init(&c->xchg, NULL);
            c->local_port = local.sin_port;
            c->is_tbx = tbx;
        }
    }
    pthread_mutex_unlock(&table_lock);
    return c && c->is_tbx ? c : NULL;
}

static int mine(struct conn *c)
{
    return c->owned && pthread_equal(c->owner, pthread_self());
}

static void take(struct conn *c)
{
    if (mine(c))
        return;
    pthread_mutex_lock(&c->xchg);
    c->owner = pthread_self();
    c->owned = 1;
}

static void release(struct conn *c)
{
    c->owned = 0;
    c->ohave = 0;
    c->opayload = 0;
    c->nawait = 0;
    c->ihave = 0;
    c->ileft = 0;
    pthread_mutex_unlock(&c->xchg);
}

/* Release when nothing of this thread's exchange is left in flight. */
static void maybe_release(struct conn *c)
{
    if (c->ohave == 0 && c->opayload == 0 && c->nawait == 0)
        release(c);
}

/* A whole header + body has been sent: what follows, what answers. */
static void message_sent(struct conn *c)
{
    uint32_t type = get32(c->ohdr), size = get32(c->ohdr + 8);
    const uint8_t *b = c->ohdr + 12;
    int answer = 0;
    uint32_t len = 0;
    if (type == 4 && size >= 12) /* write memory: the payload follows */
        c->opayload = get32(b + 8);
    else if (type == 5 && size >= 12) /* read memory */
        answer = 1, len = get32(b + 8);
    else if ((type == 0 || type == 2) && size >= 4) /* MMIO / GTT: reads have answers */
        answer = !(b[0] & 1);
    else if (type == 9) /* render end report */
        answer = 1;
    if (answer && c->nawait < MAX_AWAIT)
        c->await_len[c->nawait++] = len;
    c->ohave = 0;
}

static void feed_out(struct conn *c, const uint8_t *p, size_t n)
{
    while (n) {
        if (c->opayload) {
            size_t k = n < c->opayload ? n : (size_t)c->opayload;
            c->opayload -= k;
            p += k;
            n -= k;
            continue;
        }
        if (c->ohave < 12) {
            c->ohdr[c->ohave++] = *p++;
            n--;
            if (c->ohave == 12 && get32(c->ohdr + 8) == 0)
                message_sent(c);
            continue;
        }
        uint32_t total = 12 + get32(c->ohdr + 8);
        if (c->ohave < sizeof(c->ohdr))
            c->ohdr[c->ohave] = *p;
        c->ohave++;
        p++;
        n--;
        if (c->ohave == total)
            message_sent(c);
    }
}

static void feed_in(struct conn *c, const uint8_t *p, size_t n)
{
    while (n && c->nawait) {
        if (c->ihave < 12) {
            c->ihdr[c->ihave++] = *p++;
            n--;
            if (c->ihave == 12) {
                c->ileft = get32(c->ihdr + 8);
                if (get32(c->ihdr) == 6) /* memory read: the bytes asked for follow */
                    c->ileft += c->await_len[0];
            }
        } else {
            size_t k = n < c->ileft ? n : (size_t)c->ileft;
            c->ileft -= k;
            p += k;
            n -= k;
        }
        if (c->ihave == 12 && c->ileft == 0) {
            c->ihave = 0;
            memmove(c->await_len, c->await_len + 1, (--c->nawait) * sizeof(c->await_len[0]));
        }
    }
}

/* After this thread's send or recv returned n on c: an error (other than
 * a retry) ends the exchange; bytes move it on (feed_out / feed_in). */
static ssize_t moved(struct conn *c, ssize_t n, void (*feed)(struct conn *, const uint8_t *, size_t), const void *buf)
{
    if (n <= 0) {
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            return n; /* the caller retries: keep the exchange */
        int e = errno;
        release(c);
        errno = e;
        return n;
    }
    feed(c, buf, (size_t)n);
    maybe_release(c);
    return n;
}

ssize_t send(int fd, const void *buf, size_t len, int flags)
{
    struct conn *c = lookup(fd);
    if (!c)
        return real_send(fd, buf, len, flags);
    take(c);
    return moved(c, real_send(fd, buf, len, flags), feed_out, buf);
}

ssize_t recv(int fd, void *buf, size_t len, int flags)
{
    struct conn *c = lookup(fd);
    if (!c || !mine(c) || (flags & MSG_PEEK))
        return real_recv(fd, buf, len, flags);
    return moved(c, real_recv(fd, buf, len, flags), feed_in, buf);
}
