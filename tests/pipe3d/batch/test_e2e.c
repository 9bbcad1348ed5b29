/*
 * End-to-end draw from a hand-built command stream (skl): two triangles
 * through vertex fetch, a VS and a PS assembled by iga64 (e2e_vs.asm,
 * e2e_ps.asm), depth test (LESS, D32_FLOAT, cleared to 1.0) and alpha
 * blending (SRC_ALPHA, INV_SRC_ALPHA, ADD) into a 16x16 linear RGBA8 render
 * target, against an image computed here by a plain rasterizer of its own:
 * edge functions in 1/256-pixel fixed point from the snapped window
 * vertices, pixel centres at +0.5, the top-left rule (a centre exactly on
 * an edge is covered when the edge is a left edge or a horizontal top edge
 * in window coordinates, y down), barycentric interpolation of the vertex
 * colours in double, the blend equation written out, and UNORM8 rounding to
 * nearest.  Coverage and depth must match exactly; colour channels within 1
 * (float interpolation against double: a value on a rounding boundary may
 * land on either side); the largest difference is printed.
 */
#include <math.h>
#include <stdbool.h>

#include "b3d.h"

#define W 16
#define H 16

typedef struct vin {
    double x, y;     /* window position, multiples of 1/256 */
    double z;        /* NDC z */
    double c[4];     /* colour */
} vin;

/* the two triangles: T1 near (z window 0.25) drawn first, T2 far (0.75) */
static const vin tri[2][3] = {
    {{4.5, 2.5, -0.5, {1, 0, 0, 0.75}}, {14.25, 7.5, -0.5, {0, 1, 0, 0.5}}, {4.5, 12.5, -0.5, {0, 0, 1, 1}}},
    {{1.0, 6.5, 0.5, {0.2, 0.9, 0.3, 0.5}}, {12.5, 6.5, 0.5, {0.9, 0.9, 0.1, 0.25}},
     {12.5, 15.0, 0.5, {0.5, 0.1, 0.9, 0.6}}},
};

static const uint8_t bg[4] = {51, 102, 153, 255};

static uint8_t q8(double v) { return (uint8_t)lrint((v < 0 ? 0 : v > 1 ? 1 : v) * 255.0); }

/* Reference rasterizer: fills want (RGBA8) and wz (depth). */
static void reference(uint8_t want[H][W][4], float wz[H][W])
{
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            memcpy(want[y][x], bg, 4);
            wz[y][x] = 1.0f;
        }
    for (int t = 0; t < 2; t++) {
        const vin *v = tri[t];
        int64_t X[3], Y[3];
        for (int i = 0; i < 3; i++) {
            X[i] = llround(v[i].x * 256);
            Y[i] = llround(v[i].y * 256);
        }
        int64_t area = (X[1] - X[0]) * (Y[2] - Y[0]) - (Y[1] - Y[0]) * (X[2] - X[0]);
        if (!area)
            continue;
        int s = area > 0 ? 1 : -1;
        double zw = 0.5 * v[0].z + 0.5;
        for (int py = 0; py < H; py++)
            for (int px = 0; px < W; px++) {
                int64_t cx = 256 * px + 128, cy = 256 * py + 128;
                int64_t e[3];
                bool in = true;
                for (int k = 0; k < 3 && in; k++) {
                    int a = (k + 1) % 3, b = (k + 2) % 3; /* edge opposite vertex k */
                    e[k] = s * ((X[b] - X[a]) * (cy - Y[a]) - (Y[b] - Y[a]) * (cx - X[a]));
                    if (e[k] < 0)
                        in = false;
                    else if (e[k] == 0) {
                        int64_t gx = -s * (Y[b] - Y[a]), gy = s * (X[b] - X[a]);
                        in = gx > 0 || (gx == 0 && gy > 0); /* left or top edge */
                    }
                }
                if (!in)
                    continue;
                if (!(zw < wz[py][px]))
                    continue;
                wz[py][px] = (float)zw;
                double sum = (double)(e[0] + e[1] + e[2]);
                double src[4];
                for (int c = 0; c < 4; c++)
                    src[c] = (e[0] * v[0].c[c] + e[1] * v[1].c[c] + e[2] * v[2].c[c]) / sum;
                double a = src[3] < 0 ? 0 : src[3] > 1 ? 1 : src[3];
                for (int c = 0; c < 4; c++) {
                    double d = want[py][px][c] / 255.0;
                    want[py][px][c] = q8(src[c] * a + d * (1 - a));
                }
            }
    }
}

static int load(const char *path, uint8_t *buf, size_t cap, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    *len = fread(buf, 1, cap, f);
    fclose(f);
    return *len ? 0 : -1;
}

int main(void)
{
    b3d *b = calloc(1, sizeof(*b));
    if (!b || b3d_open(b, "skl", NULL)) {
        fprintf(stderr, "FAIL: no device\n");
        return 1;
    }
    uint8_t code[4096];
    size_t len;
    if (load(E2E_VS, code, sizeof(code), &len)) {
        fprintf(stderr, "FAIL: %s\n", E2E_VS);
        return 1;
    }
    b3d_wdata(b, B3D_VS_KERNEL, code, len);
    if (load(E2E_PS, code, sizeof(code), &len)) {
        fprintf(stderr, "FAIL: %s\n", E2E_PS);
        return 1;
    }
    b3d_wdata(b, B3D_PS_KERNEL, code, len);
    /* vertex buffer: NDC position (x, y from the window position), colour */
    float vb[6][8];
    for (int t = 0; t < 2; t++)
        for (int i = 0; i < 3; i++) {
            const vin *v = &tri[t][i];
            float *o = vb[3 * t + i];
            o[0] = (float)((v->x - W / 2) / (W / 2));
            o[1] = (float)((v->y - H / 2) / (H / 2));
            o[2] = (float)v->z;
            o[3] = 1;
            for (int c = 0; c < 4; c++)
                o[4 + c] = (float)v->c[c];
        }
    b3d_wdata(b, B3D_VB, vb, sizeof(vb));
    for (int i = 0; i < W * H; i++)
        b3d_wdata(b, B3D_RT + 4 * i, bg, 4);
    for (int i = 0; i < 4096 / 4; i++)
        b3d_w32(b, B3D_Z + 4 * i, b3d_f2u(1.0f));
    b3d_scene_opts o = {.w = W, .h = H, .vs = 1, .ps = 1, .depth = 1, .blend = 1};
    b3d_scene(b, &o, sizeof(vb));
    b3d_draw(b, 3, 0, 1, 0);
    b3d_draw(b, 3, 3, 1, 0);
    if (b->overflow) {
        fprintf(stderr, "FAIL: a command could not be packed\n");
        return 1;
    }
    int st = b3d_run(b);
    if (st != GTSIM_OK) {
        fflush(b->log);
        fprintf(stderr, "FAIL: run: %d: %s\n%s", st, gtsim_last_error(b->dev), b->logbuf);
        return 1;
    }
    static uint8_t want[H][W][4], got[H][W][4];
    static float wz[H][W];
    reference(want, wz);
    b3d_rdata(b, B3D_RT, got, sizeof(got));
    int maxd = 0, bad = 0, covered = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool wcov = memcmp(want[y][x], bg, 4) != 0, gcov = memcmp(got[y][x], bg, 4) != 0;
            covered += wcov;
            int d = 0;
            for (int c = 0; c < 4; c++) {
                int dc = abs((int)got[y][x][c] - (int)want[y][x][c]);
                d = dc > d ? dc : d;
            }
            maxd = d > maxd ? d : maxd;
            /* D32 Y-tiled, pitch 128: (x, y) at (4x / 16) * 512 + 16 y + 4x % 16 */
            uint32_t zb;
            b3d_rdata(b, B3D_Z + (uint64_t)(4 * x / 16) * 512 + 16 * y + (4 * x) % 16, &zb, 4);
            float z;
            memcpy(&z, &zb, 4);
            if (d > 1 || wcov != gcov || fabsf(z - wz[y][x]) > 1e-6f) {
                if (bad++ < 20)
                    fprintf(stderr, "pixel %d,%d: got %u %u %u %u z %g, want %u %u %u %u z %g\n", x, y,
                            got[y][x][0], got[y][x][1], got[y][x][2], got[y][x][3], z, want[y][x][0],
                            want[y][x][1], want[y][x][2], want[y][x][3], wz[y][x]);
            }
        }
    printf("e2e: %d pixels covered of %d, largest channel difference %d, %d mismatches\n", covered, W * H, maxd,
           bad);
    b3d_close(b);
    free(b);
    if (bad || covered < 40) {
        fprintf(stderr, "FAIL\n");
        return 1;
    }
    return 0;
}
