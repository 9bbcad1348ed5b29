/*
 * GLSL execution cases through Mesa (iris on the simulated GPU, or
 * llvmpipe as the reference), one per class of bug found with piglit's
 * spec@glsl-* tests: each case draws into a 64x64 RGBA8 framebuffer object
 * and checks pixels against values computed by hand in its comment; run.sh
 * also compares the printed lines with llvmpipe's.
 */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glcorearb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 64
#define H 64

static int fails;

static GLuint shader(GLenum kind, const char *src)
{
    GLuint s = glCreateShader(kind);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[1024];
        glGetShaderInfoLog(s, sizeof(log), NULL, log);
        printf("FAIL shader: %s\n", log);
        exit(1);
    }
    return s;
}

/* A program of a vertex and a fragment shader (and a geometry shader when gs). */
static GLuint program(const char *vs, const char *gs, const char *fs)
{
    GLuint p = glCreateProgram();
    glAttachShader(p, shader(GL_VERTEX_SHADER, vs));
    if (gs)
        glAttachShader(p, shader(GL_GEOMETRY_SHADER, gs));
    glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        printf("FAIL link\n");
        exit(1);
    }
    glUseProgram(p);
    return p;
}

/* Pixel (x, y) must be RGBA want (8-bit values). */
static void probe(const char *what, int x, int y, const unsigned char want[4])
{
    unsigned char px[4];
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    printf("%s (%d,%d) %u %u %u %u\n", what, x, y, px[0], px[1], px[2], px[3]);
    if (memcmp(px, want, 4)) {
        printf("FAIL %s (%d,%d): expected %u %u %u %u\n", what, x, y, want[0], want[1], want[2], want[3]);
        fails++;
    }
}

/* Vertex positions in NDC, attribute 0. */
static void positions(const float *v, size_t bytes)
{
    static GLuint vb;
    if (!vb)
        glGenBuffers(1, &vb);
    glBindBuffer(GL_ARRAY_BUFFER, vb);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)bytes, v, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 8, (const void *)0);
    glEnableVertexAttribArray(0);
}

static const char *vs_pass = "#version 450 core\n"
                             "layout(location = 0) in vec2 pos;\n"
                             "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

static const unsigned char red[4] = {255, 0, 0, 255}, green[4] = {0, 255, 0, 255},
                           blue[4] = {0, 0, 255, 255};

/* gl_FrontFacing ? 1.0 : -1.0 (brw: an OR of R0.0:W, negated for -1.0 : 1.0, whose
 * low bits are the primitive topology) and ? 1 : -1: the bottom half is a
 * counter-clockwise (front) rectangle, the top half a clockwise (back) one;
 * front pixels green, back pixels blue, anything else red. */
static void case_frontfacing(void)
{
    program(vs_pass, NULL,
            "#version 450 core\n"
            "out vec4 o;\n"
            "void main() {\n"
            "    float f = gl_FrontFacing ? 1.0 : -1.0;\n"
            "    float b = gl_FrontFacing ? -1.0 : 1.0;\n"
            "    int i = gl_FrontFacing ? 1 : -1;\n"
            "    if (f == 1.0 && b == -1.0 && i == 1) o = vec4(0, 1, 0, 1);\n"
            "    else if (f == -1.0 && b == 1.0 && i == -1) o = vec4(0, 0, 1, 1);\n"
            "    else o = vec4(1, 0, 0, 1);\n"
            "}\n");
    /* bottom: (-1,-1) (1,-1) (1,0) counter-clockwise, (-1,-1) (1,0) (-1,0);
     * top: (-1,0) (-1,1) (1,1) clockwise, (-1,0) (1,1) (1,0) */
    const float v[] = {-1, -1, 1, -1, 1, 0, -1, -1, 1, 0, -1, 0, -1, 0, -1, 1, 1, 1, -1, 0, 1, 1, 1, 0};
    positions(v, sizeof(v));
    glDrawArrays(GL_TRIANGLES, 0, 12);
    probe("frontfacing", 5, 5, green);
    probe("frontfacing", 60, 30, green);
    probe("frontfacing", 5, 40, blue);
    probe("frontfacing", 60, 60, blue);
}

/* A local array too large for registers (brw: scratch space through A32 DWord
 * scattered messages whose offsets count DWords, swizzled per lane): A[k] = k * 3 for
 * every k, then A[i] = 37 with the uniform i = 20; the colour is green when A[20] reads
 * 37 and A[21] reads 63, red otherwise. */
static void case_large_array(void)
{
    GLuint p = program(vs_pass, NULL,
                       "#version 450 core\n"
                       "uniform uint i;\n"
                       "out vec4 o;\n"
                       "void main() {\n"
                       "    uint A[130];\n"
                       "    for (uint k = 0u; k < 130u; k++) A[k] = k * 3u;\n"
                       "    A[i] = 37u;\n"
                       "    o = A[20] == 37u && A[i + 1u] == 63u ? vec4(0, 1, 0, 1) : vec4(1, 0, 0, 1);\n"
                       "}\n");
    glUniform1ui(glGetUniformLocation(p, "i"), 20);
    const float v[] = {-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1};
    positions(v, sizeof(v));
    glDrawArrays(GL_TRIANGLES, 0, 6);
    probe("large_array", 0, 0, green);
    probe("large_array", 33, 17, green);
    probe("large_array", 63, 63, green);
}

/* gl_PrimitiveID without a geometry shader (3DSTATE_SBE Primitive ID Override): a
 * triangle fan of 6 vertices is triangles (0 1 2) (0 2 3) (0 3 4) (0 4 5) whose
 * provoking (last) vertex is the PrimitiveID + 2; the IDs restart with each instance.
 * Green where gl_PrimitiveID == vertex_id - 2, red elsewhere: solid, instanced twice,
 * then as points (polygon mode GL_POINT: a point's flat attributes are its triangle's
 * provoking vertex's) at the fan's vertices. */
static void case_primitive_id(void)
{
    program("#version 450 core\n"
            "layout(location = 0) in vec2 pos;\n"
            "flat out int vid;\n"
            "void main() { gl_Position = vec4(pos, 0.0, 1.0); vid = gl_VertexID; }\n",
            NULL,
            "#version 450 core\n"
            "flat in int vid;\n"
            "out vec4 o;\n"
            "void main() { o = gl_PrimitiveID == vid - 2 ? vec4(0, 1, 0, 1) : vec4(1, 0, 0, 1); }\n");
    const float v[] = {-0.99f, -0.99f, -0.99f, 0.99f, 0, 0.99f, 0.99f, 0.99f, 0.99f, 0, 0.99f, -0.99f};
    positions(v, sizeof(v));
    glDrawArraysInstanced(GL_TRIANGLE_FAN, 0, 6, 2);
    probe("primitive_id", 10, 40, green);   /* triangle 0 */
    probe("primitive_id", 40, 60, green);   /* triangle 1 */
    probe("primitive_id", 60, 40, green);   /* triangle 2 */
    probe("primitive_id", 50, 5, green);    /* triangle 3 */
    glClear(GL_COLOR_BUFFER_BIT);
    glPolygonMode(GL_FRONT_AND_BACK, GL_POINT);
    glDrawArrays(GL_TRIANGLE_FAN, 0, 6);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    /* vertices 1, 3, 5 at window (0.32, 63.68), (63.68, 63.68), (63.68, 0.32) */
    probe("primitive_id points", 0, 63, green);
    probe("primitive_id points", 63, 63, green);
    probe("primitive_id points", 63, 0, green);
}

/* A uniform array indexed by a varying value (iris on Gen9: the sampler's ld from a
 * buffer surface of format R32G32B32A32_FLOAT and 1-byte entries, the coordinate a
 * byte offset): pixel x gets red = data[x & 7] = (x & 7) / 15, 8-bit 17 * (x & 7). */
static void case_uniform_index(void)
{
    program(vs_pass, NULL,
            "#version 450 core\n"
            "uniform float data[8] = float[](0.0, 1.0 / 15.0, 2.0 / 15.0, 3.0 / 15.0, 4.0 / 15.0,\n"
            "                                5.0 / 15.0, 6.0 / 15.0, 7.0 / 15.0);\n"
            "out vec4 o;\n"
            "void main() { o = vec4(data[int(gl_FragCoord.x) & 7], 0, 0, 1); }\n");
    const float v[] = {-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1};
    positions(v, sizeof(v));
    glDrawArrays(GL_TRIANGLES, 0, 6);
    for (int x = 0; x < 16; x += 3) {
        unsigned char want[4] = {(unsigned char)(17 * (x & 7)), 0, 0, 255};
        probe("uniform_index", x, 9, want);
    }
}

int main(void)
{
    EGLDisplay d = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (d == EGL_NO_DISPLAY || !eglInitialize(d, NULL, NULL) || !eglBindAPI(EGL_OPENGL_API)) {
        printf("FAIL no EGL display\n");
        return 1;
    }
    const EGLint attrs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    EGLContext c = eglCreateContext(d, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attrs);
    if (c == EGL_NO_CONTEXT || !eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
        printf("FAIL no OpenGL 4.5 core context\n");
        return 1;
    }
    GLuint fb, rb, va;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        printf("FAIL incomplete framebuffer\n");
        return 1;
    }
    glGenVertexArrays(1, &va);
    glBindVertexArray(va);
    glViewport(0, 0, W, H);
    glClearColor(0, 0, 0, 1);

    glClear(GL_COLOR_BUFFER_BIT);
    case_frontfacing();
    glClear(GL_COLOR_BUFFER_BIT);
    case_large_array();
    glClear(GL_COLOR_BUFFER_BIT);
    case_primitive_id();
    glClear(GL_COLOR_BUFFER_BIT);
    case_uniform_index();

    glFinish();
    if (fails)
        return 1;
    printf("PASS gl_glsl\n");
    return 0;
}
