/*
 * Unit tests of the TBX protocol layer (tools/tbx.c) against a fake device.
 * The test plays the client: it builds each message byte by byte from the
 * layout in NEO's public tbx_proto.h (12-byte header {type, transaction id,
 * body size}; bodies as listed in tools/tbx.h) over a socketpair, runs
 * tbx_step on the other end and checks what reached the device and what
 * came back.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "tbx.h"

/* ---- fake device: 1 MiB of memory at FAKE_BASE, a register file, a GTT ---- */
#define FAKE_BASE 0x1200000000ull
#define FAKE_SIZE (1u << 20)

struct fake {
    uint8_t *mem;
    uint32_t regs[0x4000]; /* 64 KiB of registers */
    uint64_t gtt[256];
    int mmio_writes, resets;
    uint32_t last_off, last_val;
    int fail_mmio; /* make MMIO writes fail like a GPU error */
    uint64_t mem_calls_max; /* largest single mem_write/mem_read length seen */
    uint64_t last_pa;       /* physical address of the last mem_write/mem_read */
    int local;              /* the device has local memory */
};

static int f_mmio_write(void *ctx, uint32_t off, uint32_t v)
{
    struct fake *f = ctx;
    if (f->fail_mmio)
        return -2;
    f->mmio_writes++;
    f->last_off = off;
    f->last_val = v;
    if (off / 4 < 0x4000)
        f->regs[off / 4] = v;
    return 0;
}

static int f_mmio_read(void *ctx, uint32_t off, uint32_t *v)
{
    struct fake *f = ctx;
    *v = off / 4 < 0x4000 ? f->regs[off / 4] : 0;
    return 0;
}

static int f_mem_write(void *ctx, uint64_t pa, const void *d, size_t n)
{
    struct fake *f = ctx;
    if (n > f->mem_calls_max)
        f->mem_calls_max = n;
    f->last_pa = pa;
    if (pa < FAKE_BASE || pa + n > FAKE_BASE + FAKE_SIZE)
        return -1;
    memcpy(f->mem + (pa - FAKE_BASE), d, n);
    return 0;
}

static int f_mem_read(void *ctx, uint64_t pa, void *out, size_t n)
{
    struct fake *f = ctx;
    if (n > f->mem_calls_max)
        f->mem_calls_max = n;
    f->last_pa = pa;
    if (pa < FAKE_BASE || pa + n > FAKE_BASE + FAKE_SIZE) {
        memset(out, 0, n); /* like gtsim's sparse memory: unwritten reads as 0 */
        return 0;
    }
    memcpy(out, f->mem + (pa - FAKE_BASE), n);
    return 0;
}

static int f_gtt_write(void *ctx, uint64_t off, uint64_t e)
{
    struct fake *f = ctx;
    if (off % 8 || off / 8 >= 256)
        return -1;
    f->gtt[off / 8] = e;
    return 0;
}

static int f_gtt_read(void *ctx, uint64_t off, uint64_t *e)
{
    struct fake *f = ctx;
    *e = off % 8 == 0 && off / 8 < 256 ? f->gtt[off / 8] : 0;
    return 0;
}

static int f_reset(void *ctx)
{
    struct fake *f = ctx;
    f->resets++;
    memset(f->regs, 0, sizeof(f->regs));
    return 0;
}

static const char *f_last_error(void *ctx)
{
    (void)ctx;
    return "fake GPU hang in batch 0x1000";
}

static int f_has_local_memory(void *ctx)
{
    return ((struct fake *)ctx)->local;
}

static const tbx_ops fake_ops = {f_mmio_write, f_mmio_read, f_mem_write,  f_mem_read,        f_gtt_write,
                                 f_gtt_read,   f_reset,     f_last_error, f_has_local_memory};

struct env {
    struct fake f;
    int cli, srv; /* socketpair ends: test client, server */
    tbx_conn *c;
};

static int setup(void **state)
{
    struct env *e = calloc(1, sizeof(*e));
    e->f.mem = calloc(1, FAKE_SIZE);
    int sv[2];
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), 0);
    e->cli = sv[0];
    e->srv = sv[1];
    e->c = malloc(sizeof(*e->c));
    tbx_conn_init(e->c, e->srv, e->srv, &fake_ops, &e->f);
    e->c->timeout_ms = 2000;
    *state = e;
    return 0;
}

static int teardown(void **state)
{
    struct env *e = *state;
    if (e->cli >= 0)
        close(e->cli);
    close(e->srv);
    free(e->c);
    free(e->f.mem);
    free(e);
    return 0;
}

/* ---- client side: messages built from the protocol layout ---- */
static void le32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t rd32(const uint8_t *p)
{
    return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static void send_all(int fd, const void *p, size_t n)
{
    const uint8_t *b = p;
    while (n) {
        ssize_t k = write(fd, b, n);
        assert_true(k > 0);
        b += k;
        n -= (size_t)k;
    }
}

static void recv_all(int fd, void *p, size_t n)
{
    uint8_t *b = p;
    while (n) {
        ssize_t k = read(fd, b, n);
        assert_true(k > 0);
        b += k;
        n -= (size_t)k;
    }
}

/* Send header {type, trans, body DWord count * 4} and the body DWords. */
static void send_msg(int fd, uint32_t type, uint32_t trans, const uint32_t *body, unsigned n)
{
    uint8_t m[12 + 64];
    le32(m, type);
    le32(m + 4, trans);
    le32(m + 8, 4 * n);
    for (unsigned i = 0; i < n; i++)
        le32(m + 12 + 4 * i, body[i]);
    send_all(fd, m, 12 + 4 * n);
}

/* MMIO flags: write bit 0, access size 4 in bits 3:1, MMIO space (0). */
#define MMIO_WRITE (1u | 4u << 1)
#define MMIO_READ (4u << 1)

static void expect_answer(int fd, uint32_t type, uint32_t trans, const uint32_t *body, unsigned n)
{
    uint8_t m[12 + 64];
    recv_all(fd, m, 12 + 4 * n);
    assert_int_equal(rd32(m), type);
    assert_int_equal(rd32(m + 4), trans);
    assert_int_equal(rd32(m + 8), 4 * n);
    for (unsigned i = 0; i < n; i++)
        assert_int_equal(rd32(m + 12 + 4 * i), body[i]);
}

static void test_mmio(void **state)
{
    struct env *e = *state;
    send_msg(e->cli, 0, 7, (uint32_t[]){MMIO_WRITE, 0x2080, 0xabcd1234}, 3);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    assert_int_equal(e->f.last_off, 0x2080);
    assert_int_equal(e->f.last_val, 0xabcd1234);
    /* Read back: answer type 1, same transaction id, body {data}. */
    send_msg(e->cli, 0, 8, (uint32_t[]){MMIO_READ, 0x2080, 0}, 3);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    expect_answer(e->cli, 1, 8, (uint32_t[]){0xabcd1234}, 1);
    /* The 16-byte extended form (source id DWord) works the same. */
    send_msg(e->cli, 0, 9, (uint32_t[]){MMIO_READ, 0x2080, 0, 5}, 4);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    expect_answer(e->cli, 1, 9, (uint32_t[]){0xabcd1234}, 1);
    assert_int_equal(e->c->stats.by_type[0], 3);
}

static void test_mmio_unsupported(void **state)
{
    struct env *e = *state;
    /* I/O-port space (bits 8:6 = 1) */
    send_msg(e->cli, 0, 1, (uint32_t[]){MMIO_WRITE | 1u << 6, 0x3c0, 1}, 3);
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    assert_non_null(strstr(e->c->reason, "I/O port"));
    assert_int_equal(e->f.mmio_writes, 0);
}

static void test_mmio_access_size(void **state)
{
    struct env *e = *state;
    send_msg(e->cli, 0, 1, (uint32_t[]){1u | 2u << 1, 0x2080, 1}, 3); /* 2-byte access */
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    assert_non_null(strstr(e->c->reason, "access size 2"));
}

static void test_gtt(void **state)
{
    struct env *e = *state;
    /* NEO's writeGTT sends the entry index (byte offset / 8). */
    send_msg(e->cli, 2, 3, (uint32_t[]){1, 5, 0x00007003, 0x00000001}, 4);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    assert_true(e->f.gtt[5] == 0x0000000100007003ull);
    send_msg(e->cli, 2, 4, (uint32_t[]){0, 5, 0, 0}, 4);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    expect_answer(e->cli, 3, 4, (uint32_t[]){0x00007003, 1}, 2);
    /* 32-bit (pre-Gen8) entries are refused. */
    send_msg(e->cli, 2, 5, (uint32_t[]){1, 6, 0x1003}, 3);
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    assert_non_null(strstr(e->c->reason, "32-bit"));
}

/* Write data {flags with address bits 39:32 in 31:24, address 31:0, size}
 * + payload, then read it back: answer {flags, address, size} + bytes. */
static void test_memory(void **state)
{
    struct env *e = *state;
    uint8_t hdr[24], data[100];
    for (int i = 0; i < 100; i++)
        data[i] = (uint8_t)(i * 7 + 1);
    uint32_t lo = 0x00000ff0; /* FAKE_BASE = 0x12_0000_0000: addressH 0x12 */
    le32(hdr, 4);
    le32(hdr + 4, 11);
    le32(hdr + 8, 12);
    le32(hdr + 12, 0x12u << 24);
    le32(hdr + 16, lo);
    le32(hdr + 20, sizeof(data));
    send_all(e->cli, hdr, sizeof(hdr));
    send_all(e->cli, data, sizeof(data));
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    assert_memory_equal(e->f.mem + 0xff0, data, sizeof(data));
    assert_int_equal(e->c->stats.bytes_written, 100);

    send_msg(e->cli, 5, 12, (uint32_t[]){0x12u << 24, lo + 10, 50}, 3);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    expect_answer(e->cli, 6, 12, (uint32_t[]){0x12u << 24, lo + 10, 50}, 3);
    uint8_t back[50];
    recv_all(e->cli, back, sizeof(back));
    assert_memory_equal(back, data + 10, 50);

    /* Memory never written reads as zeros. */
    send_msg(e->cli, 5, 13, (uint32_t[]){0, 0x5000, 8}, 3);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    expect_answer(e->cli, 6, 13, (uint32_t[]){0, 0x5000, 8}, 3);
    uint8_t z[8], zero[8] = {0};
    recv_all(e->cli, z, 8);
    assert_memory_equal(z, zero, 8);
}

/* Memory types (flags bits 7:6): on a device with local memory, type 1 is
 * local memory at the address itself and type 0 system memory at
 * GTSIM_PA_SYSMEM | address; without local memory, type 1 drops the
 * client with a reason. */
static void test_memory_types(void **state)
{
    struct env *e = *state;
    e->f.local = 1;
    send_msg(e->cli, 4, 1, (uint32_t[]){1u << 6, 0x6000, 4}, 3);
    send_all(e->cli, "\x01\x02\x03\x04", 4);
    tbx_step(e->c);
    assert_int_equal(e->f.last_pa, 0x6000);
    send_msg(e->cli, 4, 2, (uint32_t[]){0, 0x6000, 4}, 3);
    send_all(e->cli, "\x01\x02\x03\x04", 4);
    tbx_step(e->c);
    assert_int_equal(e->f.last_pa, GTSIM_PA_SYSMEM | 0x6000);
    send_msg(e->cli, 5, 3, (uint32_t[]){0x12u << 24 | 1u << 6, 0x10, 4}, 3);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    assert_int_equal(e->f.last_pa, FAKE_BASE + 0x10);
    expect_answer(e->cli, 6, 3, (uint32_t[]){0x12u << 24, 0x10, 4}, 3);
    uint8_t b[4];
    recv_all(e->cli, b, 4);
    e->f.local = 0;
    send_msg(e->cli, 4, 4, (uint32_t[]){0x12u << 24 | 1u << 6, 0, 4}, 3);
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    assert_non_null(strstr(e->c->reason, "memory type 1"));
}

struct big_writer {
    int fd;
    const uint8_t *data;
    size_t len;
};

static void *writer_thread(void *arg)
{
    struct big_writer *w = arg;
    uint8_t hdr[24];
    le32(hdr, 4);
    le32(hdr + 4, 1);
    le32(hdr + 8, 12);
    le32(hdr + 12, 0x12u << 24);
    le32(hdr + 16, 0);
    le32(hdr + 20, (uint32_t)w->len);
    send_all(w->fd, hdr, sizeof(hdr));
    send_all(w->fd, w->data, w->len);
    return NULL;
}

/* A payload larger than the streaming buffer arrives intact, in pieces no
 * larger than TBX_CHUNK; a large read streams back the same way. */
static void test_memory_large(void **state)
{
    struct env *e = *state;
    size_t len = 3 * TBX_CHUNK + 123;
    uint8_t *data = malloc(len);
    for (size_t i = 0; i < len; i++)
        data[i] = (uint8_t)(i * 2654435761u >> 13);
    struct big_writer w = {e->cli, data, len};
    pthread_t t;
    pthread_create(&t, NULL, writer_thread, &w);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    pthread_join(t, NULL);
    assert_memory_equal(e->f.mem, data, len);
    assert_true(e->f.mem_calls_max <= TBX_CHUNK);

    send_msg(e->cli, 5, 2, (uint32_t[]){0x12u << 24, 0, (uint32_t)len}, 3);
    /* The answer exceeds the socket buffer: read it while the server writes. */
    pid_t pid = fork();
    if (pid == 0) {
        _exit(tbx_step(e->c) == TBX_CONTINUE ? 0 : 1);
    }
    expect_answer(e->cli, 6, 2, (uint32_t[]){0x12u << 24, 0, (uint32_t)len}, 3);
    uint8_t *back = malloc(len);
    recv_all(e->cli, back, len);
    assert_memory_equal(back, data, len);
    int st;
    waitpid(pid, &st, 0);
    assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    free(back);
    free(data);
}

static void test_oversized_transfer(void **state)
{
    struct env *e = *state;
    e->c->max_transfer = 1 << 20;
    /* A size field of 4 GiB - 1 is refused before any payload is read. */
    send_msg(e->cli, 4, 1, (uint32_t[]){0, 0, 0xffffffffu}, 3);
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    assert_non_null(strstr(e->c->reason, "exceeds"));
    assert_int_equal(e->f.mem_calls_max, 0);
}

static void test_oversized_read(void **state)
{
    struct env *e = *state;
    e->c->max_transfer = 1 << 20;
    send_msg(e->cli, 5, 1, (uint32_t[]){0, 0, (1u << 20) + 1}, 3);
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    assert_non_null(strstr(e->c->reason, "exceeds"));
}

static void test_unknown_type(void **state)
{
    struct env *e = *state;
    send_msg(e->cli, 1234, 1, (uint32_t[]){0}, 1);
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    assert_non_null(strstr(e->c->reason, "unknown message type 1234"));
}

static void test_unsupported_type(void **state)
{
    struct env *e = *state;
    send_msg(e->cli, 14, 1, (uint32_t[]){0, 0, 0}, 3); /* PCICFG_REQ */
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    assert_non_null(strstr(e->c->reason, "PCICFG_REQ"));
}

static void test_oversized_body(void **state)
{
    struct env *e = *state;
    uint8_t hdr[12];
    le32(hdr, 0);
    le32(hdr + 4, 1);
    le32(hdr + 8, 0x7fffffff);
    send_all(e->cli, hdr, 12);
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    assert_non_null(strstr(e->c->reason, "oversized"));
}

static void test_wrong_body_size(void **state)
{
    struct env *e = *state;
    send_msg(e->cli, 5, 1, (uint32_t[]){0, 0}, 2);
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    assert_non_null(strstr(e->c->reason, "8-byte body"));
}

static void test_clean_close(void **state)
{
    struct env *e = *state;
    close(e->cli);
    e->cli = -1;
    assert_int_equal(tbx_step(e->c), TBX_CLOSED);
}

static void test_disconnect_mid_header(void **state)
{
    struct env *e = *state;
    send_all(e->cli, "\x00\x00\x00\x00\x01", 5);
    close(e->cli);
    e->cli = -1;
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    assert_non_null(strstr(e->c->reason, "middle of a message header"));
}

static void test_disconnect_mid_payload(void **state)
{
    struct env *e = *state;
    send_msg(e->cli, 4, 1, (uint32_t[]){0x12u << 24, 0, 1000}, 3);
    send_all(e->cli, "abcdefgh", 8);
    close(e->cli);
    e->cli = -1;
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    assert_non_null(strstr(e->c->reason, "memory write payload"));
}

static void test_stall_mid_message(void **state)
{
    struct env *e = *state;
    e->c->timeout_ms = 100;
    send_all(e->cli, "\x00\x00\x00\x00\x01\x00", 6);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    assert_non_null(strstr(e->c->reason, "timed out"));
    double s = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    assert_true(s >= 0.09 && s < 5);
}

/* A new connection that sends nothing is dropped after timeout_ms; one that
 * has talked may be idle (idle_timeout_ms: forever by default, or a bound). */
static void test_first_message_and_idle(void **state)
{
    struct env *e = *state;
    e->c->timeout_ms = 100;
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    assert_non_null(strstr(e->c->reason, "sent nothing within 100 ms of connecting"));

    send_msg(e->cli, 0, 1, (uint32_t[]){MMIO_WRITE, 0x40, 7}, 3);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    /* Idle 300 ms (3 x timeout_ms), then a message: still served. */
    pid_t pid = fork();
    if (pid == 0) {
        usleep(300000);
        send_msg(e->cli, 0, 2, (uint32_t[]){MMIO_WRITE, 0x44, 9}, 3);
        _exit(0);
    }
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    assert_int_equal(e->f.regs[0x44 / 4], 9);
    waitpid(pid, NULL, 0);
    e->c->idle_timeout_ms = 150;
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    assert_non_null(strstr(e->c->reason, "idle for 150 ms"));
}

/* A client that does not read a large answer but sends more requests
 * (several threads on one connection) is dropped after timeout_ms with a
 * reason that says its stream is out of step. */
static void test_answer_not_taken(void **state)
{
    struct env *e = *state;
    e->c->timeout_ms = 200;
    send_msg(e->cli, 5, 1, (uint32_t[]){0, 0, 8u << 20}, 3);
    send_msg(e->cli, 5, 2, (uint32_t[]){0, 0, 4096}, 3);
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    assert_non_null(strstr(e->c->reason, "does not take its answer, and sent 24 more bytes"));
    assert_non_null(strstr(e->c->reason, "out of step"));
}

static void test_answer_not_taken_alone(void **state)
{
    struct env *e = *state;
    e->c->timeout_ms = 200;
    send_msg(e->cli, 5, 1, (uint32_t[]){0, 0, 8u << 20}, 3);
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    assert_non_null(strstr(e->c->reason, "the client does not take its answer"));
    assert_null(strstr(e->c->reason, "out of step"));
}

static void test_control(void **state)
{
    struct env *e = *state;
    /* NEO's opening message: has=1 with its mask, timeAdv=0 and asyncMsg=0
     * with theirs: values in bits 15:0, masks in bits 31:16. */
    uint32_t neo_hello = (1u << 1) | (1u << 17) | (1u << 20) | (1u << 21);
    send_msg(e->cli, 11, 0, &neo_hello, 1);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    assert_int_equal(e->f.resets, 0);
    /* reset bit with its mask: a fresh device */
    e->f.regs[0x100] = 5;
    send_msg(e->cli, 11, 1, (uint32_t[]){1u | 1u << 16}, 1);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    assert_int_equal(e->f.resets, 1);
    assert_int_equal(e->f.regs[0x100], 0);
    /* reset bit without its mask changes nothing */
    send_msg(e->cli, 11, 2, (uint32_t[]){1u}, 1);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    assert_int_equal(e->f.resets, 1);
    /* quit (bit 6, mask bit 22) ends the connection */
    send_msg(e->cli, 11, 3, (uint32_t[]){1u << 6 | 1u << 22}, 1);
    assert_int_equal(tbx_step(e->c), TBX_CLOSED);
}

static void test_render_end(void **state)
{
    struct env *e = *state;
    send_msg(e->cli, 9, 77, (uint32_t[]){1000}, 1);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    expect_answer(e->cli, 10, 77, (uint32_t[]){0}, 1);
}

static void test_device_failure(void **state)
{
    struct env *e = *state;
    e->f.fail_mmio = 1;
    send_msg(e->cli, 0, 1, (uint32_t[]){MMIO_WRITE, 0x2080, 0x1}, 3);
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    assert_non_null(strstr(e->c->reason, "fake GPU hang"));
}

/* A submission that fails on the device is reported at the read that runs
 * it. */
static void test_deferred_failure(void **state)
{
    struct env *e = *state;
    e->f.fail_mmio = 1;
    send_msg(e->cli, 0, 1, (uint32_t[]){MMIO_WRITE, 0x2230, 0x1}, 3);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    send_msg(e->cli, 5, 2, (uint32_t[]){0, 0x78000, 4}, 3);
    assert_int_equal(tbx_step(e->c), TBX_DROP);
    assert_non_null(strstr(e->c->reason, "submitted work failed on the device: fake GPU hang"));
}

/* ELSP writes (offset 0x230 of an engine's registers) are held back until
 * the client reads; memory written after them is in place when they run.
 * Other register writes go through at once. */
static void test_deferred_submission(void **state)
{
    struct env *e = *state;
    static const uint32_t elsp[4] = {0, 0, 0, 0x6119};
    for (int i = 0; i < 4; i++) {
        send_msg(e->cli, 0, 1 + i, (uint32_t[]){MMIO_WRITE, 0x2230, elsp[i]}, 3);
        assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    }
    assert_int_equal(e->f.mmio_writes, 0);
    send_msg(e->cli, 0, 5, (uint32_t[]){MMIO_WRITE, 0x20d8, 0x20000}, 3);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    assert_int_equal(e->f.mmio_writes, 1); /* not an ELSP: at once */
    send_msg(e->cli, 4, 6, (uint32_t[]){0x12u << 24, 0, 4}, 3);
    send_all(e->cli, "\x01\x02\x03\x04", 4);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    assert_int_equal(e->f.mmio_writes, 1);
    /* A memory read delivers the four ELSP DWords in order, then answers. */
    send_msg(e->cli, 5, 7, (uint32_t[]){0x12u << 24, 0, 4}, 3);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    assert_int_equal(e->f.mmio_writes, 5);
    assert_int_equal(e->f.last_off, 0x2230);
    assert_int_equal(e->f.last_val, 0x6119);
    expect_answer(e->cli, 6, 7, (uint32_t[]){0x12u << 24, 0, 4}, 3);
    uint8_t b[4];
    recv_all(e->cli, b, 4);
    /* An MMIO read delivers them too; so does the end of the connection. */
    send_msg(e->cli, 0, 8, (uint32_t[]){MMIO_WRITE, 0x2230, 7}, 3);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    send_msg(e->cli, 0, 9, (uint32_t[]){MMIO_READ, 0x2234, 0}, 3);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    assert_int_equal(e->f.mmio_writes, 6);
    expect_answer(e->cli, 1, 9, (uint32_t[]){0}, 1);
    send_msg(e->cli, 0, 10, (uint32_t[]){MMIO_WRITE, 0x2230, 8}, 3);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    close(e->cli);
    e->cli = -1;
    assert_int_equal(tbx_step(e->c), TBX_CLOSED);
    assert_int_equal(e->f.mmio_writes, 7);
    assert_int_equal(e->f.last_val, 8);
}

/* Gen11+ execlist submission queue: EXECLIST_SQ_CONTENTS (0x2510-0x251c)
 * and EXECLIST_CONTROL (0x2550) are held back together, so two submissions
 * waiting at once keep their own contents; a read delivers all six writes
 * in order. */
static void test_deferred_submission_queue(void **state)
{
    struct env *e = *state;
    static const uint32_t w[6][2] = {{0x2510, 0x6119}, {0x2514, 0}, {0x2550, 1},
                                     {0x2510, 0x7119}, {0x2514, 0}, {0x2550, 1}};
    for (int i = 0; i < 6; i++) {
        send_msg(e->cli, 0, 1 + (uint32_t)i, (uint32_t[]){MMIO_WRITE, w[i][0], w[i][1]}, 3);
        assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    }
    assert_int_equal(e->f.mmio_writes, 0);
    send_msg(e->cli, 0, 9, (uint32_t[]){MMIO_READ, 0x2234, 0}, 3);
    assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    assert_int_equal(e->f.mmio_writes, 6);
    assert_int_equal(e->f.last_off, 0x2550);
    assert_int_equal(e->f.regs[0x2510 / 4], 0x7119);
    expect_answer(e->cli, 1, 9, (uint32_t[]){0}, 1);
}

/* More held-back writes than the queue holds: the oldest are delivered, in
 * order, nothing is lost. */
static void test_deferred_overflow(void **state)
{
    struct env *e = *state;
    for (uint32_t i = 0; i < TBX_MAX_DEFERRED + 3; i++) {
        send_msg(e->cli, 0, i, (uint32_t[]){MMIO_WRITE, 0x2230, i}, 3);
        assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
    }
    assert_int_equal(e->f.mmio_writes, TBX_MAX_DEFERRED);
    assert_int_equal(e->f.last_val, TBX_MAX_DEFERRED - 1);
    assert_int_equal(tbx_flush_submissions(e->c), TBX_CONTINUE);
    assert_int_equal(e->f.mmio_writes, TBX_MAX_DEFERRED + 3);
    assert_int_equal(e->f.last_val, TBX_MAX_DEFERRED + 2);
}

/* Many messages written at once are handled from the input buffer, and
 * tbx_pending says so between them. */
static void test_pipelined(void **state)
{
    struct env *e = *state;
    for (uint32_t i = 0; i < 50; i++)
        send_msg(e->cli, 0, i, (uint32_t[]){MMIO_WRITE, 4 * i, i * 3}, 3);
    int steps = 0;
    do {
        assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
        steps++;
    } while (tbx_pending(e->c));
    /* At least the first buffer-full was handled without polling again. */
    assert_true(steps > 1);
    while (steps < 50) {
        assert_int_equal(tbx_step(e->c), TBX_CONTINUE);
        steps++;
    }
    for (uint32_t i = 0; i < 50; i++)
        assert_int_equal(e->f.regs[i], i * 3);
    assert_int_equal(tbx_pending(e->c), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_mmio, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mmio_unsupported, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mmio_access_size, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gtt, setup, teardown),
        cmocka_unit_test_setup_teardown(test_memory, setup, teardown),
        cmocka_unit_test_setup_teardown(test_memory_large, setup, teardown),
        cmocka_unit_test_setup_teardown(test_oversized_transfer, setup, teardown),
        cmocka_unit_test_setup_teardown(test_oversized_read, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unknown_type, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unsupported_type, setup, teardown),
        cmocka_unit_test_setup_teardown(test_oversized_body, setup, teardown),
        cmocka_unit_test_setup_teardown(test_wrong_body_size, setup, teardown),
        cmocka_unit_test_setup_teardown(test_clean_close, setup, teardown),
        cmocka_unit_test_setup_teardown(test_disconnect_mid_header, setup, teardown),
        cmocka_unit_test_setup_teardown(test_disconnect_mid_payload, setup, teardown),
        cmocka_unit_test_setup_teardown(test_stall_mid_message, setup, teardown),
        cmocka_unit_test_setup_teardown(test_first_message_and_idle, setup, teardown),
        cmocka_unit_test_setup_teardown(test_answer_not_taken, setup, teardown),
        cmocka_unit_test_setup_teardown(test_answer_not_taken_alone, setup, teardown),
        cmocka_unit_test_setup_teardown(test_control, setup, teardown),
        cmocka_unit_test_setup_teardown(test_render_end, setup, teardown),
        cmocka_unit_test_setup_teardown(test_device_failure, setup, teardown),
        cmocka_unit_test_setup_teardown(test_deferred_failure, setup, teardown),
        cmocka_unit_test_setup_teardown(test_deferred_submission, setup, teardown),
        cmocka_unit_test_setup_teardown(test_deferred_submission_queue, setup, teardown),
        cmocka_unit_test_setup_teardown(test_memory_types, setup, teardown),
        cmocka_unit_test_setup_teardown(test_deferred_overflow, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pipelined, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
