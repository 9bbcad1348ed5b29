/*
 * gtsim command-line interface.
 *
 *   gtsim run TRACE.aub[.gz] [--platform P] [--dump VA:SIZE:FILE]...
 *             [--expect EXPECT.txt] [--check LIST] [--stats] [--trace-commands]
 *             [--max-eu-instructions N] [--max-commands N] [--timeout SECONDS]
 *             [--max-total-eu-instructions N] [--max-threads N]
 *             [--max-host-memory BYTES] [--progress | --no-progress]
 *   gtsim disasm [--platform P] [--syntax iga|gen4] FILE
 *   gtsim serve [--platform P] [--host ADDR] [--port N] [--once] ...   (tools/serve.c)
 *   gtsim exec [--platform P] -- PROGRAM ARGS...                      (tools/serve.c)
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include <unistd.h>

#include "gtsim.h"
#include "gtsim_aub.h"
#include "progress.h"
#include "serve.h"
#include "stats.h"

/* The options of gtsim itself (usage() ends with them).  Every command and
 * option of the usage text is documented in man/gtsim.1 (ctest
 * cli_manpage checks it). */
static const char usage_general[] =
    "  gtsim CMD --help                     print the usage of one command\n"
    "  gtsim -h, --help                     print this usage\n"
    "  gtsim --version                      print gtsim's version\n";

static void usage(FILE *f)
{
    fprintf(f,
            "usage:\n"
            "  gtsim run TRACE.aub[.gz] [options]   replay an AUB trace on the simulated GPU\n"
            "      --platform P            platform (default: from the trace; skl)\n"
            "      --dump VA:SIZE:FILE     after the run, write SIZE bytes at GPU virtual\n"
            "                              address VA of the last context to FILE (repeatable)\n"
            "      --expect EXPECT.txt     compare memory with the expected outputs listed in\n"
            "                              EXPECT.txt (lines: dump 0xVA SIZE FILE); exit 1 on mismatch\n"
            "      --check LIST            kernel checks, comma-separated (bounds, barrier, slm-race,\n"
            "                              swsb, uninit) or all: report each finding with kernel, EU IP,\n"
            "                              instruction, lane and address, a summary line per check;\n"
            "                              exit 3 if any fired\n"
            "      --stats                 print EU instructions, lane-ops, threads, host time\n"
            "      --profile               after the run (also a failed one), print per kernel a\n"
            "                              disassembly listing with each instruction's executions\n"
            "                              and enabled channels\n"
            "      --trace-out FILE        write a timeline of the run to FILE (Chrome trace event JSON\n"
            "                              for ui.perfetto.dev: submissions, batches, walkers, a track per EU\n"
            "                              thread slot; timebase: commands and EU instructions)\n"
            "      --trace-commands        print every command the command streamer parses\n"
            "      --max-eu-instructions N watchdog per EU thread (default 1e9)\n"
            "      --max-commands N        watchdog on commands per submission (default 1e8)\n"
            "      --max-total-eu-instructions N\n"
            "                              bound on EU instructions per submission (default 1e11)\n"
            "      --max-threads N         bound on hardware threads per walker and per\n"
            "                              submission (default 4294967296 = 2^32)\n"
            "      --max-host-memory BYTES host memory for simulated memory, suffixes K M G T\n"
            "                              (default: half of the machine's physical memory)\n"
            "      --host-threads N        host threads running thread groups in parallel, 1 to 256\n"
            "                              (default: the processors gtsim may run on)\n"
            "      --timeout SECONDS       wall-clock limit of the run (default: none)\n"
            "      --progress, --no-progress\n"
            "                              show or hide the progress line on stderr\n"
            "                              (default: shown when stderr is a terminal)\n"
            "  gtsim disasm [--platform P] [--syntax iga|gen4] FILE\n"
            "                                       disassemble a raw kernel binary (IGA syntax;\n"
            "                                       ivb/vlv: intel-gen4disasm syntax; tgllp:\n"
            "                                       Gen12LP native forms, as iga64 prints them)\n"
            "%s", gtsim_serve_usage);
    fputs(usage_general, f);
}

/* A non-negative integer, decimal or 0x hexadecimal: no sign, no spaces,
 * nothing after it, no overflow. */
static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    if (!s || !isdigit((unsigned char)s[0]))
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s || *end)
        return -1;
    *out = v;
    return 0;
}

/* A byte count with an optional K/M/G/T suffix (tools/stats.c). */
static int parse_size(const char *s, uint64_t *out)
{
    return gtsim_parse_size(s, out);
}

/* A positive count of at least 1 (the bounds: 0 would mean "the default"
 * in gtsim_config, which the option could not say). */
static int parse_count(const char *opt, const char *s, uint64_t *out)
{
    if (parse_u64(s, out) || *out == 0) {
        fprintf(stderr, "gtsim: %s wants a whole number from 1 to %" PRIu64 ", not '%s'\n", opt, UINT64_MAX,
                s ? s : "");
        return -1;
    }
    return 0;
}

/* SIGINT / SIGTERM during gtsim run: stop the simulation (gtsim_interrupt
 * is async-signal-safe) and report where it was; a second signal of the
 * same kind acts as usual (SA_RESETHAND). */
static gtsim_device *volatile run_dev;
static volatile sig_atomic_t run_signal;

static void on_signal(int sig)
{
    run_signal = sig;
    gtsim_interrupt(run_dev);
}

static int read_file(const char *path, uint8_t **data, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    size_t k;
    while (buf && (k = fread(buf + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap) {
            uint8_t *nb = realloc(buf, cap *= 2);
            if (!nb) {
                free(buf);
                buf = NULL;
            }
            buf = nb;
        }
    }
    fclose(f);
    if (!buf)
        return -1;
    *data = buf;
    *len = n;
    return 0;
}

/* GPU virtual addresses of --dump: the 48-bit PPGTT (seed 004 PPGTT). */
#define DUMP_VA_LIMIT (1ull << 48)

/* Dump SIZE bytes at VA of the last context to FILE, in chunks (no
 * allocation of SIZE).  Returns GTSIM_OK, the read's (negative) status
 * with its report in gtsim_last_error, or 1 when FILE cannot be written
 * (reported here). */
static int dump_range(gtsim_device *dev, uint64_t va, uint64_t size, const char *file)
{
    enum { CHUNK = 1 << 20 };
    uint8_t *buf = malloc(CHUNK);
    if (!buf) {
        fprintf(stderr, "gtsim: --dump: out of host memory\n");
        return 1;
    }
    FILE *f = fopen(file, "wb");
    int st = f ? GTSIM_OK : 1;
    for (uint64_t off = 0; st == GTSIM_OK && off < size; off += CHUNK) {
        size_t n = size - off < CHUNK ? (size_t)(size - off) : CHUNK;
        st = gtsim_gva_read(dev, va + off, buf, n);
        if (st == GTSIM_OK && fwrite(buf, 1, n, f) != n)
            st = 1;
    }
    if (f && fclose(f) && st == GTSIM_OK)
        st = 1;
    if (st == 1)
        fprintf(stderr, "gtsim: --dump: cannot write %s: %s\n", file, strerror(errno));
    free(buf);
    return st;
}

/* Compare memory with the expected outputs listed in an expect file; prints
 * one line per buffer.  Returns the number of mismatching buffers, or -1 if
 * the expect file is unreadable. */
static int check_expect(gtsim_device *dev, const char *expect_path)
{
    FILE *f = fopen(expect_path, "r");
    if (!f) {
        fprintf(stderr, "gtsim: cannot open %s: %s\n", expect_path, strerror(errno));
        return -1;
    }
    char dir[4096];
    snprintf(dir, sizeof(dir), "%s", expect_path);
    char *slash = strrchr(dir, '/');
    if (slash)
        slash[1] = 0;
    else
        dir[0] = 0;
    char line[4096];
    int bad = 0, lineno = 0;
    while (fgets(line, sizeof(line), f)) {
        lineno++;
        char name[1024];
        unsigned long long va, size;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (sscanf(line, "dump %llx %llu %1023s", &va, &size, name) != 3) {
            fprintf(stderr, "gtsim: %s:%d: expected 'dump 0xVA SIZE FILE'\n", expect_path, lineno);
            bad++;
            continue;
        }
        char path[8192];
        snprintf(path, sizeof(path), "%s%s", dir, name);
        uint8_t *want = NULL, *got = NULL;
        size_t wlen = 0;
        if (read_file(path, &want, &wlen) || wlen != size) {
            fprintf(stderr, "gtsim: %s: missing or not %llu bytes\n", path, size);
            free(want);
            bad++;
            continue;
        }
        got = malloc(size ? size : 1);
        int st = got ? gtsim_gva_read(dev, va, got, size) : -1;
        if (st != GTSIM_OK) {
            printf("FAIL %s: cannot read 0x%llx (+%llu): %s\n", name, va, size, gtsim_last_error(dev));
            bad++;
        } else if (memcmp(got, want, size)) {
            size_t i = 0, diffs = 0;
            while (got[i] == want[i])
                i++;
            for (size_t j = i; j < size; j++)
                diffs += got[j] != want[j];
            printf("FAIL %s at 0x%llx: %zu of %llu bytes differ, first at byte %zu (0x%02x, expected 0x%02x)\n",
                   name, va, diffs, size, i, got[i], want[i]);
            bad++;
        } else {
            printf("PASS %s at 0x%llx: %llu bytes match\n", name, va, size);
        }
        free(want);
        free(got);
    }
    fclose(f);
    return bad;
}

struct dump_req {
    uint64_t va, size;
    const char *file;
};

static int cmd_run(int argc, char **argv)
{
    const char *trace = NULL, *platform = NULL, *expect = NULL, *timeline = NULL;
    struct dump_req dumps[64];
    int ndumps = 0, stats = 0, progress = -1;
    double timeout_s = 0;
    gtsim_config cfg;
    memset(&cfg, 0, sizeof(cfg));
    cfg.threads = gtsim_default_host_threads();
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--platform") && i + 1 < argc) {
            platform = argv[++i];
        } else if (!strcmp(a, "--host-threads") && i + 1 < argc) {
            if (gtsim_parse_host_threads(argv[++i], &cfg.threads))
                return fprintf(stderr, "gtsim: --host-threads wants 1 to 256, not '%s'\n", argv[i]), 2;
        } else if (!strcmp(a, "--dump") && i + 1 < argc) {
            char *spec = argv[++i], *c1 = strchr(spec, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
            if (!c2 || ndumps == 64) {
                fprintf(stderr, "gtsim: --dump wants VA:SIZE:FILE (at most 64)\n");
                return 2;
            }
            *c1 = *c2 = 0;
            uint64_t va, size;
            if (parse_u64(spec, &va)) {
                fprintf(stderr, "gtsim: --dump: VA '%s' is not a number (0x hexadecimal or decimal)\n", spec);
                return 2;
            }
            if (parse_size(c1 + 1, &size) || size == 0) {
                fprintf(stderr, "gtsim: --dump: SIZE '%s' is not a byte count of at least 1 (suffixes K M G T)\n",
                        c1 + 1);
                return 2;
            }
            if (va >= DUMP_VA_LIMIT || size > DUMP_VA_LIMIT - va) {
                fprintf(stderr, "gtsim: --dump: 0x%" PRIx64 " + %" PRIu64 " bytes runs past the 48-bit GPU virtual "
                        "address space (end 0x%llx)\n", va, size, DUMP_VA_LIMIT);
                return 2;
            }
            if (!c2[1]) {
                fprintf(stderr, "gtsim: --dump: FILE is empty\n");
                return 2;
            }
            dumps[ndumps].va = va;
            dumps[ndumps].size = size;
            dumps[ndumps++].file = c2 + 1;
        } else if (!strncmp(a, "--check=", 8) || (!strcmp(a, "--check") && i + 1 < argc)) {
            const char *list = a[7] == '=' ? a + 8 : argv[++i];
            char why[160];
            if (a[7] != '=' && !strchr(list, ',') && !access(list, R_OK) &&
                gtsim_check_parse(list, &cfg.checks, why, sizeof(why))) {
                fprintf(stderr, "gtsim: note: --check FILE is now --expect FILE\n");
                expect = list; /* the option's old meaning */
            } else if (gtsim_check_parse(list, &cfg.checks, why, sizeof(why))) {
                fprintf(stderr, "gtsim: --check: %s\n", why);
                return 2;
            }
        } else if (!strcmp(a, "--expect") && i + 1 < argc) {
            expect = argv[++i];
        } else if (!strcmp(a, "--stats")) {
            stats = 1;
        } else if (!strcmp(a, "--profile")) {
            cfg.profile = 1;
        } else if (!strcmp(a, "--trace-out") && i + 1 < argc) {
            timeline = argv[++i];
        } else if (!strcmp(a, "--trace-commands")) {
            cfg.trace_commands = 1;
        } else if (!strcmp(a, "--max-eu-instructions") && i + 1 < argc) {
            if (parse_u64(argv[++i], &cfg.max_eu_instructions))
                return fprintf(stderr, "gtsim: bad --max-eu-instructions\n"), 2;
        } else if (!strcmp(a, "--max-commands") && i + 1 < argc) {
            if (parse_u64(argv[++i], &cfg.max_commands))
                return fprintf(stderr, "gtsim: bad --max-commands\n"), 2;
        } else if (!strcmp(a, "--max-total-eu-instructions") && i + 1 < argc) {
            if (parse_count(a, argv[++i], &cfg.max_total_eu_instructions))
                return 2;
        } else if (!strcmp(a, "--max-threads") && i + 1 < argc) {
            if (parse_count(a, argv[++i], &cfg.max_threads))
                return 2;
        } else if (!strcmp(a, "--max-host-memory") && i + 1 < argc) {
            if (parse_size(argv[++i], &cfg.max_host_memory) || !cfg.max_host_memory) {
                fprintf(stderr, "gtsim: --max-host-memory wants a byte count of at least 1 (suffixes K M G T), "
                        "not '%s'\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(a, "--timeout") && i + 1 < argc) {
            char *end;
            const char *v = argv[++i];
            errno = 0;
            timeout_s = isdigit((unsigned char)v[0]) || v[0] == '.' ? strtod(v, &end) : -1;
            if (timeout_s == -1 || errno || *end || !isfinite(timeout_s) || timeout_s <= 0 || timeout_s > 1e9) {
                fprintf(stderr, "gtsim: --timeout wants seconds, more than 0 and at most 1e9, not '%s'\n", v);
                return 2;
            }
            /* each submission too, so the report says where it was */
            cfg.timeout_ms = (uint64_t)ceil(timeout_s * 1000);
        } else if (!strcmp(a, "--progress")) {
            progress = 1;
        } else if (!strcmp(a, "--no-progress")) {
            progress = 0;
        } else if (a[0] == '-') {
            fprintf(stderr, "gtsim: unknown option %s\n", a);
            usage(stderr);
            return 2;
        } else if (!trace) {
            trace = a;
        } else {
            fprintf(stderr, "gtsim: more than one trace given\n");
            return 2;
        }
    }
    if (!trace) {
        usage(stderr);
        return 2;
    }
    if (!platform) {
        FILE *probe = fopen(trace, "rb");
        if (!probe) {
            fprintf(stderr, "gtsim: cannot open %s: %s\n", trace, strerror(errno));
            return 1;
        }
        fclose(probe);
        int device = gtsim_aub_probe_device(trace);
        if (device < 0) {
            fprintf(stderr, "gtsim: %s: not an AUB memtrace file (no version record)\n", trace);
            return 1;
        }
        platform = gtsim_aub_platform_name((uint32_t)device);
        if (!platform) {
            fprintf(stderr, "gtsim: %s: device %d in the AUB version record is not supported\n", trace, device);
            return 1;
        }
    }
    if (timeline && !(cfg.timeline_json = fopen(timeline, "w"))) {
        fprintf(stderr, "gtsim: --trace-out %s: %s\n", timeline, strerror(errno));
        return 2;
    }
    gtsim_device *dev = gtsim_create(platform, &cfg);
    if (!dev) {
        fprintf(stderr, "gtsim: unknown platform '%s'\n", platform);
        if (cfg.timeline_json)
            fclose(cfg.timeline_json);
        return 2;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    run_dev = dev;
    run_signal = 0;
    struct sigaction sa, old_int, old_term;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    if (progress < 0)
        progress = isatty(STDERR_FILENO);
    /* the whole run's deadline; a little later than each submission's
     * (cfg.timeout_ms), whose report is the more precise */
    gtsim_monitor *mon = gtsim_monitor_start(dev, stderr, progress, timeout_s > 0 ? timeout_s + 0.25 : 0);
    if ((progress || timeout_s > 0) && !mon)
        fprintf(stderr, "gtsim: warning: cannot start the progress/timeout thread%s\n",
                timeout_s > 0 ? "; --timeout bounds each submission only" : "");
    gtsim_aub_stats ast;
    int st = gtsim_aub_replay(dev, trace, &ast);
    if (st == GTSIM_OK)
        st = gtsim_run(dev);
    int timed_out = gtsim_monitor_timed_out(mon);
    gtsim_monitor_stop(mon);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    int rc = 0;
    if (run_signal) {
        fprintf(stderr, "gtsim: %s: stopped by %s after %.1f s: %s\n", trace,
                run_signal == SIGINT ? "SIGINT" : "SIGTERM",
                (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9, gtsim_last_error(dev));
        rc = 128 + run_signal;
    } else if (timed_out) {
        fprintf(stderr, "gtsim: %s: timeout: the run took more than %g s (--timeout); it was stopped here: %s\n",
                trace, timeout_s, gtsim_last_error(dev));
        rc = 1;
    } else if (st != GTSIM_OK) {
        fprintf(stderr, "gtsim: %s: replay failed: %s\n", trace, gtsim_last_error(dev));
        rc = 1;
    } else if (ast.compare_failures) {
        fprintf(stderr, "gtsim: %s: %" PRIu64 " of the trace's %" PRIu64 " compare/poll records did not hold\n",
                trace, ast.compare_failures, ast.compares);
        rc = 1;
    }
    if (rc == 0) {
        for (int i = 0; i < ndumps; i++) {
            int ds = dump_range(dev, dumps[i].va, dumps[i].size, dumps[i].file);
            if (ds < 0)
                fprintf(stderr, "gtsim: --dump 0x%" PRIx64 ":%" PRIu64 " failed: %s\n", dumps[i].va,
                        dumps[i].size, gtsim_last_error(dev));
            if (ds)
                rc = 1;
        }
        if (expect) {
            int bad = check_expect(dev, expect);
            printf("%s: %s\n", trace, bad == 0 ? "outputs match the expected results" : "MISMATCH");
            if (bad)
                rc = 1;
        }
    }
    if (stats) {
        gtsim_stats s;
        gtsim_get_stats(dev, &s);
        double secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
        printf("records            %" PRIu64 " (%" PRIu64 " memory writes, %" PRIu64 " MMIO writes, %" PRIu64
               " skipped)\n", ast.records, ast.mem_writes, ast.mmio_writes, ast.skipped);
        gtsim_print_stats(stdout, "", &s, secs, cfg.threads, 1); /* as exec/serve --stats (tools/stats.c) */
        gtsim_print_device_kernel_stats(stdout, "", dev);
    }
    if (cfg.checks && gtsim_check_summary(dev, stderr) && !rc)
        rc = 3;
    if (cfg.profile && gtsim_profile_write(dev, stdout) != GTSIM_OK) {
        fprintf(stderr, "gtsim: %s\n", gtsim_last_error(dev));
        rc = rc ? rc : 1;
    }
    if (cfg.timeline_json && (gtsim_timeline_finish(dev) != GTSIM_OK || fclose(cfg.timeline_json))) {
        fprintf(stderr, "gtsim: --trace-out %s: write error\n", timeline);
        rc = rc ? rc : 1;
    }
    run_dev = NULL;
    gtsim_destroy(dev);
    return rc;
}

static int cmd_disasm(int argc, char **argv)
{
    const char *platform = "skl", *file = NULL, *syntax = NULL;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--platform") && i + 1 < argc)
            platform = argv[++i];
        else if (!strcmp(argv[i], "--syntax") && i + 1 < argc)
            syntax = argv[++i];
        else if (argv[i][0] == '-') {
            usage(stderr);
            return 2;
        } else
            file = argv[i];
    }
    if (!file) {
        usage(stderr);
        return 2;
    }
    uint8_t *code;
    size_t len;
    if (read_file(file, &code, &len)) {
        fprintf(stderr, "gtsim: cannot read %s: %s\n", file, strerror(errno));
        return 1;
    }
    int st = gtsim_disasm_syntax(platform, syntax, code, len, stdout);
    if (st == GTSIM_ERR_INVALID)
        fprintf(stderr, "gtsim: unknown platform '%s' or syntax '%s'\n", platform, syntax ? syntax : "");
    free(code);
    return st == GTSIM_OK ? 0 : 1;
}

/* ---- gtsim --help, gtsim CMD --help, gtsim --version ------------------ */

/* The whole usage text in a malloc'd string (NULL if out of memory). */
static char *usage_text(void)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    if (!f)
        return NULL;
    usage(f);
    if (fclose(f)) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Command cmd's section of the usage text: from its "  gtsim CMD" line to
 * the next "  gtsim " line.  Returns its start (NULL if cmd has none) and
 * its length in *len. */
static const char *usage_section(const char *text, const char *cmd, size_t *len)
{
    static const char lead[] = "  gtsim ";
    size_t cl = strlen(cmd);
    for (const char *l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
        if (strncmp(l, lead, sizeof(lead) - 1) || strncmp(l + sizeof(lead) - 1, cmd, cl))
            continue;
        char after = l[sizeof(lead) - 1 + cl];
        if (after != ' ' && after != '\n' && after != 0)
            continue;
        const char *end = l;
        do {
            end = strchr(end, '\n');
            end = end ? end + 1 : l + strlen(l);
        } while (*end && strncmp(end, lead, sizeof(lead) - 1));
        *len = (size_t)(end - l);
        return l;
    }
    return NULL;
}

/* Whether option opt takes a value: the usage text shows it followed by a
 * metavariable ("--platform P", "--timeout MS"). */
static int option_takes_value(const char *text, const char *opt)
{
    size_t ol = strlen(opt);
    for (const char *p = strstr(text, opt); p; p = strstr(p + 1, opt))
        if ((p == text || p[-1] == ' ' || p[-1] == '[') && p[ol] == ' ' && p[ol + 1] >= 'A' && p[ol + 1] <= 'Z')
            return 1;
    return 0;
}

/* Whether the arguments after command cmd ask for its help: -h or --help
 * as an option, before "--" and, for exec, before PROGRAM (the first
 * argument that is neither an option nor an option's value). */
static int wants_help(const char *text, const char *cmd, int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--"))
            return 0;
        if (!strcmp(a, "-h") || !strcmp(a, "--help"))
            return 1;
        if (a[0] == '-' && option_takes_value(text, a))
            i++;
        else if (a[0] != '-' && !strcmp(cmd, "exec"))
            return 0;
    }
    return 0;
}

/* Print command cmd's help to stdout; 0, or 2 for an unknown command. */
static int command_help(const char *text, const char *cmd)
{
    size_t len;
    const char *sec = usage_section(text, cmd, &len);
    if (!sec || cmd[0] == '-') {
        fprintf(stderr, "gtsim: unknown command '%s'\n%s", cmd, text);
        return 2;
    }
    printf("usage:\n%.*s", (int)len, sec);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("gtsim %s\n", gtsim_version());
        return 0;
    }
    if (!strcmp(argv[1], "help") && argc > 2) {
        char *text = usage_text();
        int rc = text ? command_help(text, argv[2]) : 1;
        free(text);
        return rc;
    }
    if (argv[1][0] != '-') {
        char *text = usage_text();
        size_t len;
        if (text && usage_section(text, argv[1], &len) && wants_help(text, argv[1], argc - 2, argv + 2)) {
            int rc = command_help(text, argv[1]);
            free(text);
            return rc;
        }
        free(text);
    }
    if (!strcmp(argv[1], "run"))
        return cmd_run(argc - 2, argv + 2);
    if (!strcmp(argv[1], "disasm"))
        return cmd_disasm(argc - 2, argv + 2);
    if (!strcmp(argv[1], "serve"))
        return gtsim_cmd_serve(argc - 2, argv + 2);
    if (!strcmp(argv[1], "exec"))
        return gtsim_cmd_exec(argc - 2, argv + 2);
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return 0;
    }
    fprintf(stderr, "gtsim: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
