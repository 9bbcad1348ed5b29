/*
 * 3D benchmark scene (bench/gl3d.sh): desktop OpenGL on a surfaceless EGL
 * context, a 256x256 RGBA8 framebuffer object with a 24-bit depth buffer,
 * depth test LESS; per frame a full-screen textured quad (64x64 RGBA8
 * checkerboard, nearest filtering) at the back and TRIS small triangles (a
 * fixed pseudo-random set: positions, depths and colours from a linear
 * congruential generator) in front of it.  With QUERY = 1 an occlusion
 * query (GL_SAMPLES_PASSED) counts the samples that pass the depth test
 * (bench/gl3d.sh takes the count from llvmpipe: the scene is the same).
 * Prints
 *   vertices N samples M checksum C
 * N = vertices submitted, M = the query's count (the pixels shaded and
 * written; 0 without the query), C = a sum over the final image (to compare
 * implementations).
 * TEX = 0 draws the quad with its texture coordinates as colour instead.
 *   gl3d_scene [FRAMES] [TRIS] [QUERY] [TEX]     (defaults 2, 4000, 1, 1)
 */
#define GL_GLEXT_PROTOTYPES
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdio.h>
#include <stdlib.h>

#define S 256

static GLuint shader(GLenum kind, const char *src)
{
    GLuint s = glCreateShader(kind);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    return ok ? s : 0;
}

static GLuint program(const char *vs, const char *fs)
{
    GLuint v = shader(GL_VERTEX_SHADER, vs), f = shader(GL_FRAGMENT_SHADER, fs);
    if (!v || !f)
        return 0;
    GLuint p = glCreateProgram();
    glAttachShader(p, v);
    glAttachShader(p, f);
    glBindAttribLocation(p, 0, "pos");
    glBindAttribLocation(p, 1, "attr");
    glLinkProgram(p);
    return p;
}

static uint32_t seed = 12345;
static float rnd(void)
{
    seed = seed * 1664525u + 1013904223u;
    return (float)(seed >> 8) / 16777216.0f;
}

int main(int argc, char **argv)
{
    int frames = argc > 1 ? atoi(argv[1]) : 2, ntri = argc > 2 ? atoi(argv[2]) : 4000;
    int query = argc > 3 ? atoi(argv[3]) : 1, textured = argc > 4 ? atoi(argv[4]) : 1;
    EGLDisplay d = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (d == EGL_NO_DISPLAY || !eglInitialize(d, NULL, NULL) || !eglBindAPI(EGL_OPENGL_API)) {
        fprintf(stderr, "FAIL: no EGL display\n");
        return 1;
    }
    EGLContext c = eglCreateContext(d, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, NULL);
    if (c == EGL_NO_CONTEXT || !eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
        fprintf(stderr, "FAIL: no context\n");
        return 1;
    }
    GLuint fb, rb[2];
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glGenRenderbuffers(2, rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, S, S);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, S, S);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        fprintf(stderr, "FAIL: incomplete framebuffer\n");
        return 1;
    }
    GLuint ptex = program("attribute vec4 pos; attribute vec4 attr; varying vec2 t;\n"
                          "void main() { gl_Position = pos; t = attr.xy; }\n",
                          "uniform sampler2D s; varying vec2 t;\n"
                          "void main() { gl_FragColor = texture2D(s, t); }\n");
    GLuint pcol = program("attribute vec4 pos; attribute vec4 attr; varying vec4 c;\n"
                          "void main() { gl_Position = pos; c = attr; }\n",
                          "varying vec4 c;\nvoid main() { gl_FragColor = c; }\n");
    if (!ptex || !pcol) {
        fprintf(stderr, "FAIL: shaders\n");
        return 1;
    }
    static uint32_t texels[64 * 64];
    for (int y = 0; y < 64; y++)
        for (int x = 0; x < 64; x++)
            texels[y * 64 + x] = ((x / 8 + y / 8) & 1) ? 0xff3060c0u : 0xffe0e0e0u;
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    /* vertices: x y z w, attribute (texture coordinate or colour) */
    size_t nv = 6 + 3 * (size_t)ntri;
    float *v = malloc(nv * 8 * sizeof(float));
    if (!v)
        return 1;
    static const float quad[6][4] = {{-1, -1, 0, 0}, {1, -1, 1, 0}, {1, 1, 1, 1},
                                     {-1, -1, 0, 0}, {1, 1, 1, 1},  {-1, 1, 0, 1}};
    for (int i = 0; i < 6; i++) {
        float *o = v + 8 * i;
        o[0] = quad[i][0], o[1] = quad[i][1], o[2] = 0.9f, o[3] = 1;
        o[4] = quad[i][2], o[5] = quad[i][3], o[6] = 0, o[7] = 1;
    }
    for (int t = 0; t < ntri; t++) {
        float cx = rnd() * 2 - 1, cy = rnd() * 2 - 1, z = rnd() * 1.6f - 0.8f, r = 0.02f + 0.06f * rnd();
        float col[4] = {rnd(), rnd(), rnd(), 1};
        for (int k = 0; k < 3; k++) {
            float *o = v + 8 * (6 + 3 * t + k);
            o[0] = cx + r * (rnd() * 2 - 1), o[1] = cy + r * (rnd() * 2 - 1), o[2] = z, o[3] = 1;
            for (int i = 0; i < 4; i++)
                o[4 + i] = col[i];
        }
    }
    GLuint vb;
    glGenBuffers(1, &vb);
    glBindBuffer(GL_ARRAY_BUFFER, vb);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(nv * 8 * sizeof(float)), v, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 32, (const void *)0);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 32, (const void *)16);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glViewport(0, 0, S, S);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    GLuint q;
    glGenQueries(1, &q);
    if (query)
        glBeginQuery(GL_SAMPLES_PASSED, q);
    for (int f = 0; f < frames; f++) {
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        glUseProgram(pcol);
        glDrawArrays(GL_TRIANGLES, 6, 3 * ntri);
        glUseProgram(textured ? ptex : pcol);
        glDrawArrays(GL_TRIANGLES, 0, 6);
    }
    GLuint samples = 0;
    if (query) {
        glEndQuery(GL_SAMPLES_PASSED);
        glGetQueryObjectuiv(q, GL_QUERY_RESULT, &samples);
    }
    static unsigned char px[S * S * 4];
    glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, px);
    unsigned long long sum = 0;
    for (int i = 0; i < S * S * 4; i++)
        sum += px[i] * (unsigned long long)(i % 251 + 1);
    printf("vertices %zu samples %u checksum %llu%s\n", (size_t)frames * nv, samples, sum,
           glGetError() == GL_NO_ERROR ? "" : " GL-ERROR");
    eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(d, c);
    eglTerminate(d);
    free(v);
    return 0;
}
