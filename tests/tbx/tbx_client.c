/*
 * A minimal TBX client for the server tests: speaks the protocol as NEO's
 * public tbx_proto.h lays it out (12-byte header {type, transaction, body
 * bytes}, little-endian DWords), independently of gtsim's own code.
 *
 *   tbx_client PORT SCENARIO
 *     smoke         memory write + read back, GTT entry write + read back,
 *                   render engine idle (0x2234 bit 8), unwritten memory = 0
 *     put-marker    write a marker at physical 0x123000
 *     marker-gone   expect 0x123000 to read 0 (a fresh device)
 *     marker-kept   expect the marker (--keep-state)
 *     garbage       send an unknown message type; expect to be dropped
 *     oversized     announce a 4 GiB memory write; expect to be dropped
 *     half          send half a header and disconnect
 *     page-storm    write 4 bytes to each of 1024 pages (4 MiB of host pages);
 *                   expect to be dropped (serve --max-host-memory 1M)
 *   Hostile clients for the fairness test; each stays until killed:
 *     idle          connect and send nothing
 *     hello-idle    send the opening control message, then nothing
 *     stall-header  send half a header, then nothing
 *     trickle       announce a 1 MiB memory write, then send one byte of it
 *                   every 200 ms
 *     no-drain      ask for a 64 MiB memory read and never read the answer
 * Exit status 0 when the scenario behaves as expected.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int fd;
static uint32_t trans = 100;

static void fail(const char *what)
{
    fprintf(stderr, "tbx_client: FAIL: %s\n", what);
    exit(1);
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

static void send_all(const void *p, size_t n)
{
    const uint8_t *b = p;
    while (n) {
        ssize_t k = send(fd, b, n, MSG_NOSIGNAL);
        if (k <= 0)
            fail("send");
        b += k;
        n -= (size_t)k;
    }
}

static void recv_all(void *p, size_t n)
{
    uint8_t *b = p;
    while (n) {
        struct pollfd pf = {.fd = fd, .events = POLLIN};
        if (poll(&pf, 1, 10000) <= 0)
            fail("no answer within 10 s");
        ssize_t k = recv(fd, b, n, 0);
        if (k <= 0)
            fail("connection closed while waiting for an answer");
        b += k;
        n -= (size_t)k;
    }
}

static void msg(uint32_t type, const uint32_t *body, unsigned n)
{
    uint8_t m[12 + 16];
    put32(m, type);
    put32(m + 4, ++trans);
    put32(m + 8, 4 * n);
    for (unsigned i = 0; i < n; i++)
        put32(m + 12 + 4 * i, body[i]);
    send_all(m, 12 + 4 * n);
}

/* Read an answer header and check type, transaction and body size. */
static void answer(uint32_t type, uint32_t size, uint8_t *body)
{
    uint8_t h[12];
    recv_all(h, 12);
    if (get32(h) != type || get32(h + 4) != trans || get32(h + 8) != size)
        fail("answer header (type, transaction or size) wrong");
    recv_all(body, size);
}

static void write_mem(uint64_t pa, const void *data, uint32_t n)
{
    msg(4, (uint32_t[]){(uint32_t)(pa >> 32) << 24, (uint32_t)pa, n}, 3);
    send_all(data, n);
}

static void read_mem(uint64_t pa, void *out, uint32_t n)
{
    uint8_t b[12];
    msg(5, (uint32_t[]){(uint32_t)(pa >> 32) << 24, (uint32_t)pa, n}, 3);
    answer(6, 12, b);
    if (get32(b + 4) != (uint32_t)pa || get32(b + 8) != n)
        fail("memory read answer names another address or size");
    recv_all(out, n);
}

static uint32_t mmio_read(uint32_t off)
{
    uint8_t b[4];
    msg(0, (uint32_t[]){4u << 1, off, 0}, 3);
    answer(1, 4, b);
    return get32(b);
}

/* The server closes a dropped connection: recv returns 0 (or an error). */
static void expect_dropped(void)
{
    struct pollfd pf = {.fd = fd, .events = POLLIN};
    if (poll(&pf, 1, 10000) <= 0)
        fail("server did not drop the connection within 10 s");
    char c;
    if (recv(fd, &c, 1, 0) > 0)
        fail("server answered instead of dropping the connection");
}

static const uint8_t marker[8] = {'g', 't', 's', 'i', 'm', 'T', 'B', 'X'};

int main(int argc, char **argv)
{
    if (argc != 3)
        return fprintf(stderr, "usage: tbx_client PORT SCENARIO\n"), 2;
    const char *sc = argv[2];
    fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(argv[1]))};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&a, sizeof(a)))
        fail("connect");
    if (!strcmp(sc, "idle"))
        for (;;)
            pause();
    /* NEO's opening control message: HAS mode on, no time advance, no
     * asynchronous messages (values bits 15:0, masks bits 31:16). */
    msg(11, (uint32_t[]){1u << 1 | 1u << 17 | 1u << 20 | 1u << 21}, 1);
    if (!strcmp(sc, "hello-idle"))
        for (;;)
            pause();
    if (!strcmp(sc, "stall-header")) {
        send_all("\x05\x00\x00\x00\x01\x00", 6);
        for (;;)
            pause();
    }
    if (!strcmp(sc, "trickle")) {
        msg(4, (uint32_t[]){0, 0x200000, 1u << 20}, 3);
        for (;;) {
            send_all("t", 1);
            usleep(200000);
        }
    }
    if (!strcmp(sc, "no-drain")) {
        msg(5, (uint32_t[]){0, 0x400000, 64u << 20}, 3);
        for (;;)
            pause();
    }
    if (!strcmp(sc, "smoke")) {
        uint8_t data[5000], back[5000];
        for (int i = 0; i < 5000; i++)
            data[i] = (uint8_t)(i * 31 + 7);
        write_mem(0x3456789ff0ull, data, sizeof(data)); /* 40-bit address, crosses pages */
        read_mem(0x3456789ff0ull, back, sizeof(back));
        if (memcmp(data, back, sizeof(data)))
            fail("memory read back differs from what was written");
        uint8_t z[64], zero[64] = {0};
        read_mem(0x77000, z, sizeof(z));
        if (memcmp(z, zero, sizeof(z)))
            fail("never-written memory does not read as zero");
        msg(2, (uint32_t[]){1, 7, 0x00abc003, 0x00000012}, 4); /* GTT entry 7 */
        uint8_t g[8];
        msg(2, (uint32_t[]){0, 7, 0, 0}, 4);
        answer(3, 8, g);
        if (get32(g) != 0x00abc003 || get32(g + 4) != 0x12)
            fail("GTT entry read back differs");
        if (!(mmio_read(0x2234) & 0x100))
            fail("render engine does not report idle (0x2234 bit 8)");
        msg(0, (uint32_t[]){1 | 4u << 1, 0x2080, 0x00fed000}, 3); /* HWS_PGA */
        if (mmio_read(0x2080) != 0x00fed000)
            fail("MMIO register read back differs");
    } else if (!strcmp(sc, "put-marker")) {
        write_mem(0x123000, marker, sizeof(marker));
        uint8_t b[8];
        read_mem(0x123000, b, 8); /* round trip: the write has been applied */
    } else if (!strcmp(sc, "marker-gone") || !strcmp(sc, "marker-kept")) {
        uint8_t b[8], zero[8] = {0};
        read_mem(0x123000, b, 8);
        if (memcmp(b, sc[7] == 'g' ? zero : marker, 8))
            fail(sc[7] == 'g' ? "a new client sees an earlier client's memory"
                              : "--keep-state lost the earlier client's memory");
    } else if (!strcmp(sc, "garbage")) {
        msg(0x4242, (uint32_t[]){1, 2, 3}, 3);
        expect_dropped();
    } else if (!strcmp(sc, "oversized")) {
        msg(4, (uint32_t[]){0, 0x1000, 0xffffffffu}, 3);
        expect_dropped();
    } else if (!strcmp(sc, "page-storm")) {
        /* Each write as one send; the server may drop us at any point. */
        for (uint32_t i = 0; i < 1024; i++) {
            uint8_t m[28];
            put32(m, 4);
            put32(m + 4, ++trans);
            put32(m + 8, 12);
            put32(m + 12, 0);
            put32(m + 16, 0x10000000u + 4096u * i);
            put32(m + 20, 4);
            memcpy(m + 24, "page", 4);
            if (send(fd, m, sizeof(m), MSG_NOSIGNAL) != (ssize_t)sizeof(m))
                break;
        }
        expect_dropped();
    } else if (!strcmp(sc, "half")) {
        send_all("\x05\x00\x00\x00\x01\x00", 6);
    } else {
        return fprintf(stderr, "tbx_client: unknown scenario %s\n", sc), 2;
    }
    close(fd);
    printf("tbx_client: %s: ok\n", sc);
    return 0;
}
