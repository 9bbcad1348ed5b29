/*
 * Multisampling through a real driver: an OpenGL ES 3.2 program
 * (surfaceless EGL) that renders into a W x W RGBA8 multisampled
 * renderbuffer of N samples (argv[2]: 2, 4, 8 or 16), resolves it with
 * glBlitFramebuffer into a single-sampled framebuffer, reads the pixels
 * (glReadPixels, W*W*4 bytes) and writes them to the file argv[1].
 * run.sh compares the 4x image of gtsim (Mesa's iris) with llvmpipe's
 * (which supports 4x only); for every N the program checks pixels inside
 * the shapes (where sample positions do not matter) against values
 * computed here by hand, and prints "PASS gl_msaa" or the differences.
 *
 * The framebuffer starts with glClear (iris: an MCS fast clear); then in
 * four 32x32 quadrants:
 *   Q0 a solid red triangle and a blended triangle whose colour varies
 *      (centroid-interpolated), crossing it: partly covered pixels on the
 *      cleared background and on each other;
 *   Q1 per-sample shading: colour (gl_SampleID & 1, gl_SampleID >> 1 & 1,
 *      gl_SamplePosition.x);
 *   Q2 gl_SampleMaskIn: red = bitCount(gl_SampleMaskIn[0]) / N;
 *   Q3 glSampleMaski (samples 0 and 2), glSampleCoverage(0.5) and alpha
 *      to coverage (alpha 0.5) rectangles with fractional edges.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl32.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 64

static GLuint shader(GLenum kind, const char *src)
{
    GLuint s = glCreateShader(kind);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048];
        glGetShaderInfoLog(s, sizeof(log), NULL, log);
        fprintf(stderr, "shader: %s\n%s\n", log, src);
        exit(1);
    }
    return s;
}

static GLuint program(const char *fs)
{
    static const char *vs = "#version 320 es\n"
                            "layout(location = 0) in vec2 pos;\n"
                            "layout(location = 1) in vec4 col;\n"
                            "centroid out vec4 c;\n"
                            "void main() { c = col; gl_Position = vec4(pos, 0.0, 1.0); }\n";
    GLuint p = glCreateProgram();
    glAttachShader(p, shader(GL_VERTEX_SHADER, vs));
    glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        fprintf(stderr, "link failed\n");
        exit(1);
    }
    return p;
}

/* Draw triangles given in window pixels (x, y pairs, y up) with a colour per vertex. */
static void tris(const float *px, const float *col, int nverts)
{
    float v[6 * 64];
    for (int i = 0; i < nverts; i++) {
        v[6 * i + 0] = px[2 * i] / (W / 2.0f) - 1.0f;
        v[6 * i + 1] = px[2 * i + 1] / (W / 2.0f) - 1.0f;
        memcpy(&v[6 * i + 2], col ? &col[4 * i] : (const float[4]){1, 1, 1, 1}, 16);
    }
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(24 * nverts), v, GL_STREAM_DRAW);
    glDrawArrays(GL_TRIANGLES, 0, nverts);
}

static unsigned char px[W * W * 4];
static int bad;

/* Check pixel (x, y) (y up) against an expected RGBA (0..1), within 1.5/255. */
static void expect(const char *what, int x, int y, float r, float g, float b, float a)
{
    const unsigned char *q = px + 4 * (y * W + x);
    float e[4] = {r, g, b, a};
    for (int c = 0; c < 4; c++)
        if (fabsf(q[c] - e[c] * 255.0f) > 1.5f) {
            printf("FAIL %s at (%d,%d): %u %u %u %u, expected %.1f %.1f %.1f %.1f\n", what, x, y, q[0], q[1], q[2],
                   q[3], r * 255, g * 255, b * 255, a * 255);
            bad++;
            return;
        }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: gl_msaa OUT.rgba SAMPLES\n");
        return 2;
    }
    int n = atoi(argv[2]);
    EGLDisplay d = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (d == EGL_NO_DISPLAY || !eglInitialize(d, NULL, NULL) || !eglBindAPI(EGL_OPENGL_ES_API)) {
        printf("FAIL no EGL display\n");
        return 1;
    }
    const EGLint attrs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 2, EGL_NONE};
    EGLContext c = eglCreateContext(d, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attrs);
    if (c == EGL_NO_CONTEXT || !eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
        printf("FAIL no GLES 3.2 context\n");
        return 1;
    }
    GLuint fb[2], rb[2];
    glGenFramebuffers(2, fb);
    glGenRenderbuffers(2, rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, n, GL_RGBA8, W, W);
    GLint got = 0;
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &got);
    if (got != n) {
        printf("FAIL asked for %d samples, got %d\n", n, got);
        return 1;
    }
    glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, W);
    glBindFramebuffer(GL_FRAMEBUFFER, fb[1]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[1]);
    glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        printf("FAIL incomplete framebuffer\n");
        return 1;
    }
    GLuint vb, va;
    glGenVertexArrays(1, &va);
    glBindVertexArray(va);
    glGenBuffers(1, &vb);
    glBindBuffer(GL_ARRAY_BUFFER, vb);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, (const void *)0);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (const void *)8);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glViewport(0, 0, W, W);

    char fs[1024];
    const float bg[4] = {0.2f, 0.4f, 0.6f, 1.0f};
    glClearColor(bg[0], bg[1], bg[2], bg[3]);
    glClear(GL_COLOR_BUFFER_BIT);

    /* Q0: solid red, then a blended centroid-interpolated triangle */
    GLuint solid_red = program("#version 320 es\nprecision highp float;\ncentroid in vec4 c;\nout vec4 o;\n"
                               "void main() { o = vec4(1.0, 0.0, 0.0, 1.0); }\n");
    GLuint varying = program("#version 320 es\nprecision highp float;\ncentroid in vec4 c;\nout vec4 o;\n"
                             "void main() { o = c; }\n");
    glUseProgram(solid_red);
    tris((const float[]){2, 2, 30, 6, 10, 29}, NULL, 3);
    glUseProgram(varying);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    tris((const float[]){4, 28, 28, 26, 20, 3}, (const float[]){0, 1, 0, 0.5f, 0, 0, 1, 0.5f, 1, 1, 0, 0.75f}, 3);
    glDisable(GL_BLEND);

    /* Q1: per-sample shading */
    glUseProgram(program("#version 320 es\nprecision highp float;\ncentroid in vec4 c;\nout vec4 o;\n"
                         "void main() { o = vec4(float(gl_SampleID & 1), float((gl_SampleID >> 1) & 1), "
                         "gl_SamplePosition.x, 1.0); }\n"));
    tris((const float[]){34, 2, 62, 10, 40, 30}, NULL, 3);

    /* Q2: the input coverage mask */
    snprintf(fs, sizeof(fs),
             "#version 320 es\nprecision highp float;\ncentroid in vec4 c;\nout vec4 o;\n"
             "void main() { o = vec4(float(bitCount(gl_SampleMaskIn[0])) / %d.0, 0.0, 1.0, 1.0); }\n", n);
    glUseProgram(program(fs));
    tris((const float[]){2, 34, 29, 36, 4, 62}, NULL, 3);

    /* Q3: sample mask, sample coverage, alpha to coverage */
    glUseProgram(varying);
    glEnable(GL_SAMPLE_MASK);
    glSampleMaski(0, 0x5);
    tris((const float[]){34.3f, 34.3f, 46.6f, 34.3f, 46.6f, 62.7f, 34.3f, 34.3f, 46.6f, 62.7f, 34.3f, 62.7f},
         (const float[]){1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, 6);
    glDisable(GL_SAMPLE_MASK);
    glEnable(GL_SAMPLE_COVERAGE);
    glSampleCoverage(0.5f, GL_FALSE);
    tris((const float[]){48.2f, 34.4f, 62.5f, 34.4f, 62.5f, 46.6f, 48.2f, 34.4f, 62.5f, 46.6f, 48.2f, 46.6f},
         (const float[]){0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1}, 6);
    glDisable(GL_SAMPLE_COVERAGE);
    glEnable(GL_SAMPLE_ALPHA_TO_COVERAGE);
    tris((const float[]){48.2f, 48.4f, 62.5f, 48.4f, 62.5f, 62.6f, 48.2f, 48.4f, 62.5f, 62.6f, 48.2f, 62.6f},
         (const float[]){1, 1, 0, 0.5f, 1, 1, 0, 0.5f, 1, 1, 0, 0.5f, 1, 1, 0, 0.5f, 1, 1, 0, 0.5f, 1, 1, 0, 0.5f}, 6);
    glDisable(GL_SAMPLE_ALPHA_TO_COVERAGE);

    /* resolve and read back */
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[0]);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb[1]);
    glBlitFramebuffer(0, 0, W, W, 0, 0, W, W, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[1]);
    glReadPixels(0, 0, W, W, GL_RGBA, GL_UNSIGNED_BYTE, px);
    if (glGetError() != GL_NO_ERROR) {
        printf("FAIL GL error\n");
        return 1;
    }
    FILE *f = fopen(argv[1], "wb");
    if (!f || fwrite(px, 1, sizeof(px), f) != sizeof(px)) {
        printf("FAIL cannot write %s\n", argv[1]);
        return 1;
    }
    fclose(f);

    /* position-independent values, by hand */
    float k = (float)n;
    expect("clear colour", 31, 31, bg[0], bg[1], bg[2], bg[3]);
    expect("red triangle inside", 6, 6, 1, 0, 0, 1);
    /* the mean sample x is 0.5 for the 2x, 4x and 8x standard patterns,
     * 7.5 / 16 for 16x (Mesa intel_sample_positions_16x, D3D's pattern) */
    expect("sample shading: mean of (id & 1, id >> 1 & 1, position x)", 44, 12, 0.5f, n >= 4 ? 0.5f : 0.0f,
           n == 16 ? 0.46875f : 0.5f, 1);
    expect("gl_SampleMaskIn inside: all samples", 8, 40, 1, 0, 1, 1);
    /* glSampleMaski(0x5): samples 0 and 2 (2x: sample 0) white */
    float sm = (n >= 4 ? 2.0f : 1.0f) / k;
    expect("glSampleMaski 0x5", 40, 48, bg[0] + (1 - bg[0]) * sm, bg[1] + (1 - bg[1]) * sm,
           bg[2] + (1 - bg[2]) * sm, 1);
    /* glSampleCoverage(0.5): N/2 samples blue */
    expect("glSampleCoverage 0.5", 55, 40, bg[0] * 0.5f, bg[1] * 0.5f, bg[2] * 0.5f + 0.5f, 1);
    /* alpha to coverage with alpha 0.5: N/2 samples (1, 1, 0, 0.5) */
    expect("alpha to coverage 0.5", 55, 55, (bg[0] + 1) * 0.5f, (bg[1] + 1) * 0.5f, bg[2] * 0.5f,
           (bg[3] + 0.5f) * 0.5f);
    if (bad)
        return 1;
    printf("PASS gl_msaa %dx\n", n);
    return 0;
}
