/*
 * OpenGL ES 3 scenes through whatever driver EGL's surfaceless platform
 * gives (iris through gtsim's i915 device, or llvmpipe as the reference):
 * each scene renders into a 64x64 RGBA8 framebuffer object and its pixels
 * are written to a file, one scene after the other.  gl_scenes.sh runs it
 * on llvmpipe and on gtsim and compares the files with --compare.
 *
 *   gl_scenes OUT.bin          render every scene into OUT.bin
 *   gl_scenes --compare A B    compare two outputs: the largest channel
 *                              difference per scene, and the pixels that
 *                              differ by more than the tolerance (1)
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 64
#define H 64

static GLuint program(const char *vs_src, const char *fs_src)
{
    GLuint p = glCreateProgram();
    const char *src[2] = {vs_src, fs_src};
    GLenum kind[2] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
    for (int i = 0; i < 2; i++) {
        GLuint s = glCreateShader(kind[i]);
        glShaderSource(s, 1, &src[i], NULL);
        glCompileShader(s);
        GLint ok = 0;
        glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
        if (!ok) {
            char log[1024];
            glGetShaderInfoLog(s, sizeof(log), NULL, log);
            fprintf(stderr, "shader: %s\n", log);
            exit(2);
        }
        glAttachShader(p, s);
    }
    glBindAttribLocation(p, 0, "pos");
    glBindAttribLocation(p, 1, "col");
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        fprintf(stderr, "link failed\n");
        exit(2);
    }
    return p;
}

static const char *vs_color = "#version 300 es\n"
                              "in vec4 pos; in vec4 col; out vec4 c;\n"
                              "void main() { gl_Position = pos; c = col; }\n";
static const char *fs_color = "#version 300 es\nprecision highp float;\n"
                              "in vec4 c; out vec4 o;\n"
                              "void main() { o = c; }\n";
static const char *vs_flat = "#version 300 es\n"
                             "in vec4 pos; in vec4 col; flat out vec4 c;\n"
                             "void main() { gl_Position = pos; c = col; }\n";
static const char *fs_flat = "#version 300 es\nprecision highp float;\n"
                             "flat in vec4 c; out vec4 o;\n"
                             "void main() { o = c; }\n";
static const char *vs_tex = "#version 300 es\n"
                            "in vec4 pos; in vec4 col; out vec2 t;\n"
                            "void main() { gl_Position = pos; t = col.xy; }\n";
static const char *fs_tex = "#version 300 es\nprecision highp float;\n"
                            "uniform sampler2D s; in vec2 t; out vec4 o;\n"
                            "void main() { o = texture(s, t); }\n";
static const char *fs_coord = "#version 300 es\nprecision highp float;\n"
                              "in vec4 c; out vec4 o; uniform vec4 k;\n"
                              "void main() { if (gl_FragCoord.x > 40.0) discard;\n"
                              "  o = vec4(gl_FragCoord.xy / 64.0, gl_FragCoord.z, 1.0) * k; }\n";

/* Vertex: x y z w r g b a. */
static void draw(GLenum mode, const float *v, int n, const unsigned short *idx, int ni)
{
    GLuint vb;
    glGenBuffers(1, &vb);
    glBindBuffer(GL_ARRAY_BUFFER, vb);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(n * 8 * sizeof(float)), v, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 32, (const void *)0);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 32, (const void *)16);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    if (idx) {
        GLuint ib;
        glGenBuffers(1, &ib);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ib);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)(ni * sizeof(*idx)), idx, GL_STATIC_DRAW);
        glDrawElements(mode, ni, GL_UNSIGNED_SHORT, 0);
        glDeleteBuffers(1, &ib);
    } else {
        glDrawArrays(mode, 0, n);
    }
    glDeleteBuffers(1, &vb);
}

static void reset(void)
{
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_CULL_FACE);
    glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
    glDepthFunc(GL_LESS);
    glViewport(0, 0, W, H);
    glClearColor(0.1f, 0.2f, 0.3f, 1.0f);
    glClearDepthf(1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

static int scenes(FILE *out)
{
    EGLDisplay d = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (d == EGL_NO_DISPLAY || !eglInitialize(d, NULL, NULL) || !eglBindAPI(EGL_OPENGL_ES_API)) {
        fprintf(stderr, "no EGL display\n");
        return 2;
    }
    const EGLint attrs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
    EGLContext c = eglCreateContext(d, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attrs);
    if (c == EGL_NO_CONTEXT || !eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
        fprintf(stderr, "no context\n");
        return 2;
    }
    fprintf(stderr, "GL_RENDERER %s\n", (const char *)glGetString(GL_RENDERER));
    GLuint fb, rb[2];
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glGenRenderbuffers(2, rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, W, H);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        fprintf(stderr, "incomplete framebuffer\n");
        return 2;
    }
    GLuint p_color = program(vs_color, fs_color), p_flat = program(vs_flat, fs_flat);
    GLuint p_tex = program(vs_tex, fs_tex), p_coord = program(vs_color, fs_coord);
    static unsigned char px[W * H * 4];
    int nscene = 0;
#define SCENE()                                                                                     \
    do {                                                                                            \
        glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);                                    \
        fwrite(px, 1, sizeof(px), out);                                                             \
        nscene++;                                                                                   \
    } while (0)

    /* 1: a smooth-shaded triangle */
    reset();
    glUseProgram(p_color);
    static const float tri[] = {-0.9f, -0.8f, 0, 1, 1, 0, 0, 1, 0.8f, -0.6f, 0, 1, 0, 1, 0, 1,
                                -0.1f, 0.9f, 0, 1, 0, 0, 1, 1};
    draw(GL_TRIANGLES, tri, 3, NULL, 0);
    SCENE();
    /* 2: depth test, two intersecting triangles */
    reset();
    glEnable(GL_DEPTH_TEST);
    static const float two[] = {-1, -1, -0.5f, 1, 1, 0, 0, 1, 1, -1, 0.5f, 1, 1, 0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1,
                                -1, 0.5f, 0.5f, 1, 0, 1, 0, 1, 1, 0.5f, -0.5f, 1, 0, 1, 0, 1, 0, -1, 0, 1,
                                0, 1, 0, 1};
    draw(GL_TRIANGLES, two, 6, NULL, 0);
    SCENE();
    /* 3: alpha blending over the clear colour, a strip with an index buffer
     * and primitive restart */
    reset();
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
    static const float strip[] = {-0.9f, -0.9f, 0, 1, 1, 1, 0, 0.5f, -0.9f, 0.9f, 0, 1, 1, 0, 1, 0.25f,
                                  -0.3f, -0.9f, 0, 1, 0, 1, 1, 0.75f, -0.3f, 0.9f, 0, 1, 1, 1, 1, 1,
                                  0.2f, -0.5f, 0, 1, 1, 0, 0, 0.6f, 0.2f, 0.5f, 0, 1, 0, 0, 1, 0.6f,
                                  0.9f, 0, 0, 1, 0, 1, 0, 0.3f};
    static const unsigned short sidx[] = {0, 1, 2, 3, 0xffff, 4, 5, 6};
    draw(GL_TRIANGLE_STRIP, strip, 7, sidx, 8);
    SCENE();
    /* 4: flat shading (last vertex provokes), a fan, back faces culled */
    reset();
    glUseProgram(p_flat);
    glEnable(GL_CULL_FACE);
    static const float fan[] = {0, 0, 0, 1, 1, 1, 1, 1, 0.8f, 0, 0, 1, 1, 0, 0, 1, 0.6f, 0.6f, 0, 1, 0, 1, 0, 1,
                                0, 0.8f, 0, 1, 0, 0, 1, 1, -0.6f, 0.6f, 0, 1, 1, 1, 0, 1, -0.8f, 0, 0, 1,
                                0, 1, 1, 1, -0.6f, -0.6f, 0, 1, 1, 0, 1, 1, 0.6f, -0.6f, 0, 1, 0.5f, 0.5f,
                                0.5f, 1};
    draw(GL_TRIANGLE_FAN, fan, 8, NULL, 0);
    SCENE();
    /* 5: a texture (nearest and linear filtering, repeat) */
    reset();
    glUseProgram(p_tex);
    static unsigned char tex[8 * 8 * 4];
    for (int i = 0; i < 64; i++) {
        tex[4 * i] = (unsigned char)(((i % 8) ^ (i / 8)) & 1 ? 255 : 30);
        tex[4 * i + 1] = (unsigned char)(i * 4);
        tex[4 * i + 2] = (unsigned char)(255 - i * 3);
        tex[4 * i + 3] = 255;
    }
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    static const float quad[] = {-1, -1, 0, 1, 0, 0, 0, 0, 0, -1, 0, 1, 1.5f, 0, 0, 0, -1, 1, 0, 1, 0, 1.5f, 0, 0,
                                 0, 1, 0, 1, 1.5f, 1.5f, 0, 0};
    draw(GL_TRIANGLE_STRIP, quad, 4, NULL, 0);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    static const float quad2[] = {0, -1, 0, 1, 0, 0, 0, 0, 1, -1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0,
                                  1, 1, 0, 1, 1, 1, 0, 0};
    draw(GL_TRIANGLE_STRIP, quad2, 4, NULL, 0);
    SCENE();
    /* 6: gl_FragCoord, discard, a uniform, the scissor test */
    reset();
    glUseProgram(p_coord);
    glUniform4f(glGetUniformLocation(p_coord, "k"), 1.0f, 0.5f, 2.0f, 1.0f);
    glEnable(GL_SCISSOR_TEST);
    glScissor(4, 8, 50, 40);
    static const float full[] = {-1, -1, 0.25f, 1, 0, 0, 0, 1, 3, -1, 0.25f, 1, 0, 0, 0, 1, -1, 3, 0.25f, 1,
                                 0, 0, 0, 1};
    draw(GL_TRIANGLES, full, 3, NULL, 0);
    SCENE();
    /* 7: perspective-correct interpolation (w != 1) */
    reset();
    glUseProgram(p_color);
    static const float persp[] = {-2, -2, 0, 4, 1, 0, 0, 1, 0.5f, -0.5f, 0, 1, 0, 1, 0, 1, -0.3f, 0.9f, 0, 1,
                                  0, 0, 1, 1};
    draw(GL_TRIANGLES, persp, 3, NULL, 0);
    SCENE();
    eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(d, c);
    eglTerminate(d);
    fprintf(stderr, "%d scenes\n", nscene);
    return 0;
}

static int compare(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    if (!fa || !fb) {
        printf("FAIL cannot open %s or %s\n", a, b);
        return 1;
    }
    static unsigned char pa[W * H * 4], pb[W * H * 4];
    int scene = 0, bad = 0;
    for (;;) {
        size_t na = fread(pa, 1, sizeof(pa), fa), nb = fread(pb, 1, sizeof(pb), fb);
        if (na != nb) {
            printf("FAIL scene %d: one output is shorter\n", scene + 1);
            return 1;
        }
        if (na == 0)
            break;
        scene++;
        int maxd = 0, over = 0;
        for (int i = 0; i < W * H * 4; i++) {
            int dlt = abs((int)pa[i] - (int)pb[i]);
            if (dlt > maxd)
                maxd = dlt;
            if (dlt > 1) {
                if (over < 3)
                    printf("  scene %d pixel (%d,%d) channel %d: %d vs %d\n", scene, i / 4 % W, i / 4 / W, i % 4,
                           pa[i], pb[i]);
                over++;
            }
        }
        printf("%s scene %d: max channel difference %d, %d channels differ by more than 1\n",
               over ? "FAIL" : "ok", scene, maxd, over);
        bad += over != 0;
    }
    fclose(fa);
    fclose(fb);
    if (scene == 0) {
        printf("FAIL no scenes\n");
        return 1;
    }
    printf("%s gl_scenes: %d of %d scenes match\n", bad ? "FAIL" : "PASS", scene - bad, scene);
    return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && !strcmp(argv[1], "--compare"))
        return compare(argv[2], argv[3]);
    if (argc != 2) {
        fprintf(stderr, "usage: gl_scenes OUT.bin | --compare A B\n");
        return 2;
    }
    FILE *out = fopen(argv[1], "wb");
    if (!out)
        return 2;
    int rc = scenes(out);
    fclose(out);
    return rc;
}
