/*
 * A headless gears frame: three gears (extruded toothed rings: front and
 * back faces, the outward faces of the teeth, the inner cylinder) with
 * per-vertex diffuse lighting in the vertex shader and the depth test on,
 * drawn through OpenGL ES 2 on a surfaceless EGL context into a 128x128
 * RGBA8 framebuffer object with a 16-bit depth buffer, read back and written
 * as a PNG (libpng).  Run on llvmpipe and on gtsim (`gtsim exec -- gears
 * out.png`) and compared with `gears --compare a.png b.png TOL`.
 *   gears OUT.png                      render
 *   gears --compare A.png B.png TOL    compare: the largest channel difference,
 *                                      pixels differing by more than TOL;
 *                                      exit 1 when more than 0.5% of them do
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S 128
#define MAXV 60000

typedef struct vtx {
    float p[3], n[3];
} vtx;

static vtx verts[MAXV];
static int nv;

static void put(float x, float y, float z, float nx, float ny, float nz)
{
    if (nv < MAXV)
        verts[nv++] = (vtx){{x, y, z}, {nx, ny, nz}};
}

static void tri(const float a[3], const float b[3], const float c[3], const float n[3])
{
    put(a[0], a[1], a[2], n[0], n[1], n[2]);
    put(b[0], b[1], b[2], n[0], n[1], n[2]);
    put(c[0], c[1], c[2], n[0], n[1], n[2]);
}

static void quad(const float a[3], const float b[3], const float c[3], const float d[3], const float n[3])
{
    tri(a, b, c, n);
    tri(a, c, d, n);
}

/* One gear as triangles: inner radius r0, outer radius r1 (tooth bottom),
 * tooth depth td, width w, teeth n.  Returns its first vertex. */
static int gear(float r0, float r1, float w, int teeth, float td)
{
    int first = nv;
    float r2 = r1 + td, h = w / 2, da = 2 * (float)M_PI / (float)teeth / 4;
    for (int i = 0; i < teeth; i++) {
        float a = (float)i * 2 * (float)M_PI / (float)teeth;
        float c[5], s[5];
        for (int k = 0; k < 5; k++) {
            c[k] = cosf(a + (float)k * da);
            s[k] = sinf(a + (float)k * da);
        }
        for (int side = 0; side < 2; side++) {
            float z = side ? -h : h, nz = side ? -1.0f : 1.0f;
            const float n[3] = {0, 0, nz};
            /* the ring from r0 to r1 over the tooth period */
            float i0[3] = {r0 * c[0], r0 * s[0], z}, i4[3] = {r0 * c[4], r0 * s[4], z};
            float o0[3] = {r1 * c[0], r1 * s[0], z}, o4[3] = {r1 * c[4], r1 * s[4], z};
            /* the tooth: r1 at a and a + 3da, r2 at a + da and a + 2da */
            float t0[3] = {r1 * c[0], r1 * s[0], z}, t1[3] = {r2 * c[1], r2 * s[1], z};
            float t2[3] = {r2 * c[2], r2 * s[2], z}, t3[3] = {r1 * c[3], r1 * s[3], z};
            if (side) {
                quad(i0, i4, o4, o0, n);
                quad(t0, t3, t2, t1, n);
            } else {
                quad(i0, o0, o4, i4, n);
                quad(t0, t1, t2, t3, n);
            }
        }
        /* outward faces: tooth flank up, top land, flank down, bottom land */
        float pts[5][2] = {{r1 * c[0], r1 * s[0]}, {r2 * c[1], r2 * s[1]}, {r2 * c[2], r2 * s[2]},
                           {r1 * c[3], r1 * s[3]}, {r1 * c[4], r1 * s[4]}};
        for (int k = 0; k < 4; k++) {
            float ux = pts[k + 1][0] - pts[k][0], uy = pts[k + 1][1] - pts[k][1];
            float len = sqrtf(ux * ux + uy * uy);
            const float n[3] = {uy / len, -ux / len, 0};
            const float a0[3] = {pts[k][0], pts[k][1], h}, a1[3] = {pts[k + 1][0], pts[k + 1][1], h};
            const float b1[3] = {pts[k + 1][0], pts[k + 1][1], -h}, b0[3] = {pts[k][0], pts[k][1], -h};
            quad(a0, b0, b1, a1, n);
        }
        /* the inner cylinder, normals inward */
        const float n0[3] = {-c[0], -s[0], 0}, n4[3] = {-c[4], -s[4], 0};
        put(r0 * c[0], r0 * s[0], -h, n0[0], n0[1], 0);
        put(r0 * c[0], r0 * s[0], h, n0[0], n0[1], 0);
        put(r0 * c[4], r0 * s[4], h, n4[0], n4[1], 0);
        put(r0 * c[0], r0 * s[0], -h, n0[0], n0[1], 0);
        put(r0 * c[4], r0 * s[4], h, n4[0], n4[1], 0);
        put(r0 * c[4], r0 * s[4], -h, n4[0], n4[1], 0);
    }
    return first;
}

/* column-major 4x4 */
static void mul(float *o, const float *a, const float *b)
{
    float r[16];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            r[j * 4 + i] = 0;
            for (int k = 0; k < 4; k++)
                r[j * 4 + i] += a[k * 4 + i] * b[j * 4 + k];
        }
    memcpy(o, r, sizeof(r));
}

static void ident(float *m)
{
    memset(m, 0, 64);
    m[0] = m[5] = m[10] = m[15] = 1;
}

static void rot(float *m, float deg, float x, float y, float z)
{
    float a = deg * (float)M_PI / 180, c = cosf(a), s = sinf(a), r[16];
    ident(r);
    r[0] = x * x * (1 - c) + c, r[4] = x * y * (1 - c) - z * s, r[8] = x * z * (1 - c) + y * s;
    r[1] = y * x * (1 - c) + z * s, r[5] = y * y * (1 - c) + c, r[9] = y * z * (1 - c) - x * s;
    r[2] = x * z * (1 - c) - y * s, r[6] = y * z * (1 - c) + x * s, r[10] = z * z * (1 - c) + c;
    mul(m, m, r);
}

static void trans(float *m, float x, float y, float z)
{
    float t[16];
    ident(t);
    t[12] = x, t[13] = y, t[14] = z;
    mul(m, m, t);
}

static GLuint shader(GLenum kind, const char *src)
{
    GLuint s = glCreateShader(kind);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    return ok ? s : 0;
}

static int write_png(const char *path, const unsigned char *rgba)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    png_structp p = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(p);
    if (setjmp(png_jmpbuf(p))) {
        fclose(f);
        return -1;
    }
    png_init_io(p, f);
    png_set_IHDR(p, info, S, S, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(p, info);
    for (int y = S - 1; y >= 0; y--) /* GL rows are bottom-up */
        png_write_row(p, rgba + (size_t)y * S * 4);
    png_write_end(p, NULL);
    png_destroy_write_struct(&p, &info);
    fclose(f);
    return 0;
}

static int read_png(const char *path, unsigned char *rgba)
{
    png_image im;
    memset(&im, 0, sizeof(im));
    im.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&im, path))
        return -1;
    im.format = PNG_FORMAT_RGBA;
    if (im.width != S || im.height != S) {
        png_image_free(&im);
        return -1;
    }
    return png_image_finish_read(&im, NULL, rgba, 0, NULL) ? 0 : -1;
}

static int compare(const char *a, const char *b, int tol)
{
    static unsigned char pa[S * S * 4], pb[S * S * 4];
    if (read_png(a, pa) || read_png(b, pb)) {
        fprintf(stderr, "FAIL: cannot read %s or %s\n", a, b);
        return 2;
    }
    int maxd = 0, over = 0, lit = 0;
    for (int i = 0; i < S * S; i++) {
        int d = 0;
        for (int c = 0; c < 4; c++) {
            int dc = abs((int)pa[4 * i + c] - (int)pb[4 * i + c]);
            d = dc > d ? dc : d;
        }
        maxd = d > maxd ? d : maxd;
        over += d > tol;
        /* lit: not the clear colour of the corner pixel */
        lit += abs(pa[4 * i] - pa[0]) + abs(pa[4 * i + 1] - pa[1]) + abs(pa[4 * i + 2] - pa[2]) > 8;
    }
    int ok = over * 200 <= S * S && lit > S * S / 8;
    printf("%s: %d x %d pixels, %d lit in %s, largest channel difference %d, %d pixels (%.2f%%) differ by more "
           "than %d (at most 0.5%% allowed)\n",
           ok ? "PASS" : "FAIL", S, S, lit, a, maxd, over, 100.0 * over / (S * S), tol);
    return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc == 5 && !strcmp(argv[1], "--compare"))
        return compare(argv[2], argv[3], atoi(argv[4]));
    if (argc != 2) {
        fprintf(stderr, "usage: gears OUT.png | gears --compare A.png B.png TOL\n");
        return 2;
    }
    EGLDisplay d = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (d == EGL_NO_DISPLAY || !eglInitialize(d, NULL, NULL) || !eglBindAPI(EGL_OPENGL_ES_API)) {
        fprintf(stderr, "FAIL: no EGL display\n");
        return 1;
    }
    const EGLint attrs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
    EGLContext c = eglCreateContext(d, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attrs);
    if (c == EGL_NO_CONTEXT || !eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
        fprintf(stderr, "FAIL: no context\n");
        return 1;
    }
    GLuint fb, rb[2];
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glGenRenderbuffers(2, rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_OES, S, S);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, S, S);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        fprintf(stderr, "FAIL: incomplete framebuffer\n");
        return 1;
    }
    GLuint vs = shader(GL_VERTEX_SHADER,
                       "uniform mat4 mvp, mv; uniform vec4 color; attribute vec3 pos, nrm; varying vec4 c;\n"
                       "void main() {\n"
                       "  vec3 n = normalize((mv * vec4(nrm, 0.0)).xyz);\n"
                       "  float l = max(dot(n, normalize(vec3(5.0, 5.0, 10.0))), 0.0);\n"
                       "  c = vec4(color.rgb * (0.2 + 0.8 * l), 1.0);\n"
                       "  gl_Position = mvp * vec4(pos, 1.0);\n"
                       "}\n");
    GLuint fs = shader(GL_FRAGMENT_SHADER, "precision mediump float; varying vec4 c;\n"
                                           "void main() { gl_FragColor = c; }\n");
    if (!vs || !fs) {
        fprintf(stderr, "FAIL: shader compile\n");
        return 1;
    }
    GLuint p = glCreateProgram();
    glAttachShader(p, vs);
    glAttachShader(p, fs);
    glBindAttribLocation(p, 0, "pos");
    glBindAttribLocation(p, 1, "nrm");
    glLinkProgram(p);
    glUseProgram(p);
    int g[4];
    g[0] = gear(1.0f, 4.0f, 1.0f, 20, 0.7f);
    g[1] = gear(0.5f, 2.0f, 2.0f, 10, 0.7f);
    g[2] = gear(1.3f, 2.0f, 0.5f, 10, 0.7f);
    g[3] = nv;
    GLuint vb;
    glGenBuffers(1, &vb);
    glBindBuffer(GL_ARRAY_BUFFER, vb);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(nv * sizeof(vtx)), verts, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(vtx), (const void *)0);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(vtx), (const void *)12);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glViewport(0, 0, S, S);
    glClearColor(0.1f, 0.1f, 0.15f, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glEnable(GL_CULL_FACE);
    /* projection: frustum(-1, 1, -1, 1, 5, 60), view: translate -40, rotate 20 x, 30 y */
    float proj[16] = {0};
    proj[0] = 5, proj[5] = 5, proj[10] = -65.0f / 55, proj[11] = -1, proj[14] = -600.0f / 55;
    float view[16];
    ident(view);
    trans(view, 0, 0, -40);
    rot(view, 20, 1, 0, 0);
    rot(view, 30, 0, 1, 0);
    static const float place[3][4] = {{-3, -2, 0, 15}, {3.1f, -2, 0, -2 * 15 - 9}, {-3.1f, 4.2f, 0, -2 * 15 - 25}};
    static const float col[3][4] = {{0.8f, 0.1f, 0, 1}, {0, 0.8f, 0.2f, 1}, {0.2f, 0.2f, 1, 1}};
    GLint umvp = glGetUniformLocation(p, "mvp"), umv = glGetUniformLocation(p, "mv");
    GLint ucol = glGetUniformLocation(p, "color");
    for (int i = 0; i < 3; i++) {
        float mv[16], mvp[16];
        memcpy(mv, view, sizeof(mv));
        trans(mv, place[i][0], place[i][1], place[i][2]);
        rot(mv, place[i][3], 0, 0, 1);
        mul(mvp, proj, mv);
        glUniformMatrix4fv(umvp, 1, GL_FALSE, mvp);
        glUniformMatrix4fv(umv, 1, GL_FALSE, mv);
        glUniform4fv(ucol, 1, col[i]);
        glDrawArrays(GL_TRIANGLES, g[i], g[i + 1] - g[i]);
    }
    glFinish();
    static unsigned char px[S * S * 4];
    glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, px);
    int err = glGetError() != GL_NO_ERROR;
    eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(d, c);
    eglTerminate(d);
    if (err || write_png(argv[1], px)) {
        fprintf(stderr, "FAIL: GL error or cannot write %s\n", argv[1]);
        return 1;
    }
    printf("gears: %d vertices, %s written\n", nv, argv[1]);
    return 0;
}
