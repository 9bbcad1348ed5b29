/*
 * libgtsim_tbxlock.so (tools/tbxlock/tbxlock.c) makes each TBX request and
 * its answer atomic across a program's threads.  Two client threads share
 * one connection to a fake server in this process, as Intel's runtime's
 * threads do when they wait on the GPU at once:
 *   1. thread A sends a memory read; 20 ms after that, thread B another.
 *      The server holds A's answer back for 1 s and watches for B's request.
 *   2. thread A sends a memory write's header and, 300 ms later, its
 *      payload; thread B sends an MMIO read 20 ms after the header was sent.  The
 *      server checks the payload arrives whole, before B's request.
 *
 *   tbxlock_test serialised    (run with the library preloaded) B's requests
 *                              wait for A's exchange; every answer reaches
 *                              the thread that asked; exit 0
 *   tbxlock_test interleaved   (without it) B's request arrives while A's
 *                              answer is pending: exit 0 when that is seen,
 *                              proving the first mode can fail
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static int cfd; /* the client threads' shared connection */
static int failures;
static atomic_int a_step; /* how far thread A is: B goes after it */

static void wait_for_a(int step)
{
    while (atomic_load(&a_step) < step)
        nanosleep(&(struct timespec){0, 1000000L}, NULL);
}

static void msleep(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get32(const uint8_t *p)
{
    return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static void bad(const char *what)
{
    fprintf(stderr, "tbxlock_test: FAIL: %s\n", what);
    failures++;
}

/* Client side: the way NEO's TbxSocketsImp does it (send, recv loops). */
static void csend(const void *p, size_t n)
{
    const uint8_t *b = p;
    while (n) {
        ssize_t k = send(cfd, b, n, MSG_NOSIGNAL);
        if (k <= 0) {
            bad("client send");
            return;
        }
        b += k;
        n -= (size_t)k;
    }
}

static void crecv(void *p, size_t n)
{
    uint8_t *b = p;
    while (n) {
        ssize_t k = recv(cfd, b, n, 0);
        if (k <= 0) {
            bad("client recv");
            return;
        }
        b += k;
        n -= (size_t)k;
    }
}

static void request(uint32_t type, uint32_t trans, uint32_t a, uint32_t b, uint32_t c)
{
    uint8_t m[24];
    put32(m, type);
    put32(m + 4, trans);
    put32(m + 8, 12);
    put32(m + 12, a);
    put32(m + 16, b);
    put32(m + 20, c);
    csend(m, sizeof(m));
}

/* A memory read of 64 bytes; the answer must be this thread's.  A's
 * (step 1) is sent before B's. */
static void read64(uint32_t trans, uint32_t pa, uint8_t fill, int a_sent)
{
    request(5, trans, 0, pa, 64);
    if (a_sent)
        atomic_store(&a_step, a_sent);
    uint8_t h[24], d[64];
    crecv(h, sizeof(h));
    crecv(d, sizeof(d));
    if (get32(h) != 6 || get32(h + 4) != trans || d[0] != fill || d[63] != fill)
        bad("a thread received another thread's answer");
}

static void *thread_a(void *arg)
{
    (void)arg;
    read64(1, 0x1000, 0xa1, 1);
    wait_for_a(2); /* B's read is answered */
    request(4, 3, 0, 0x3000, 8); /* memory write header ... */
    atomic_store(&a_step, 3);
    msleep(300);
    csend("AAAAAAAA", 8); /* ... and its payload */
    return NULL;
}

static void *thread_b(void *arg)
{
    (void)arg;
    wait_for_a(1);
    msleep(20);
    read64(2, 0x2000, 0xb2, 0);
    atomic_store(&a_step, 2);
    wait_for_a(3);
    msleep(20);
    request(0, 4, 4u << 1, 0x2234, 0); /* MMIO read */
    uint8_t a[16];
    crecv(a, sizeof(a));
    if (get32(a) != 1 || get32(a + 4) != 4 || get32(a + 12) != 0x100)
        bad("the MMIO answer went astray");
    return NULL;
}

/* Server side: plain read/write, nothing preloaded applies. */
static void sread(int fd, void *p, size_t n)
{
    uint8_t *b = p;
    while (n) {
        struct pollfd pf = {.fd = fd, .events = POLLIN};
        if (poll(&pf, 1, 5000) <= 0) {
            fprintf(stderr, "tbxlock_test: FAIL: the server waited 5 s for a request\n");
            exit(1);
        }
        ssize_t k = read(fd, b, n);
        if (k <= 0)
            exit(1);
        b += k;
        n -= (size_t)k;
    }
}

static void answer_read(int fd, uint32_t trans, uint32_t pa, uint8_t fill)
{
    uint8_t m[24 + 64];
    put32(m, 6);
    put32(m + 4, trans);
    put32(m + 8, 12);
    put32(m + 12, 0);
    put32(m + 16, pa);
    put32(m + 20, 64);
    memset(m + 24, fill, 64);
    if (write(fd, m, sizeof(m)) != (ssize_t)sizeof(m))
        exit(1);
}

/* Whether more input arrives within ms. */
static int more_within(int fd, int ms)
{
    struct pollfd pf = {.fd = fd, .events = POLLIN};
    return poll(&pf, 1, ms) > 0;
}

int main(int argc, char **argv)
{
    if (argc != 2 || (strcmp(argv[1], "serialised") && strcmp(argv[1], "interleaved")))
        return fprintf(stderr, "usage: tbxlock_test serialised|interleaved\n"), 2;
    int serialised = !strcmp(argv[1], "serialised");
    int lfd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t al = sizeof(a);
    if (bind(lfd, (struct sockaddr *)&a, sizeof(a)) || listen(lfd, 1) ||
        getsockname(lfd, (struct sockaddr *)&a, &al))
        return perror("listen"), 2;
    char port[16];
    snprintf(port, sizeof(port), "%u", ntohs(a.sin_port));
    setenv("TbxPort", port, 1); /* the library reads it at the first send */
    cfd = socket(AF_INET, SOCK_STREAM, 0);
    if (connect(cfd, (struct sockaddr *)&a, sizeof(a)))
        return perror("connect"), 2;
    int sfd = accept(lfd, NULL, NULL);

    pthread_t ta, tb;
    pthread_create(&ta, NULL, thread_a, NULL);
    pthread_create(&tb, NULL, thread_b, NULL);

    /* 1: A's read first; does B's request come while its answer waits? */
    uint8_t req[24];
    sread(sfd, req, sizeof(req));
    if (get32(req) != 5 || get32(req + 4) != 1)
        return fprintf(stderr, "tbxlock_test: FAIL: the first request is not A's read\n"), 1;
    int overlap = more_within(sfd, 1000);
    if (!serialised) {
        printf("tbxlock_test: without the library, B's request %s while A's answer was pending\n",
               overlap ? "arrived" : "did not arrive");
        fflush(stdout);
        _exit(overlap ? 0 : 1); /* the threads' reads are now a race: leave them */
    }
    if (overlap)
        bad("B's request arrived while A's answer was pending");
    answer_read(sfd, 1, 0x1000, 0xa1);
    sread(sfd, req, sizeof(req));
    if (get32(req) != 5 || get32(req + 4) != 2)
        bad("the second request is not B's read");
    answer_read(sfd, 2, 0x2000, 0xb2);

    /* 2: A's memory write header, then (300 ms later) its payload; B's MMIO
     * read must not come in between. */
    sread(sfd, req, sizeof(req));
    if (get32(req) != 4 || get32(req + 4) != 3)
        bad("the third request is not A's memory write");
    uint8_t payload[8];
    sread(sfd, payload, sizeof(payload));
    if (memcmp(payload, "AAAAAAAA", 8))
        bad("another thread's request came inside A's memory write payload");
    sread(sfd, req, sizeof(req));
    if (get32(req) != 0 || get32(req + 4) != 4)
        bad("the fourth request is not B's MMIO read");
    uint8_t ans[16];
    put32(ans, 1);
    put32(ans + 4, 4);
    put32(ans + 8, 4);
    put32(ans + 12, 0x100);
    if (write(sfd, ans, sizeof(ans)) != (ssize_t)sizeof(ans))
        bad("server write");
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    if (failures)
        return 1;
    printf("tbxlock_test: each request and its answer stayed whole across threads\n");
    return 0;
}
