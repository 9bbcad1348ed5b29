/*
 * Geometry shaders and transform feedback through desktop OpenGL (EGL
 * surfaceless, core profile): run under gtsim (iris) and under llvmpipe,
 * the two outputs must be the same (tests/pipe3d/gs/compare.sh).  Every
 * case prints what it captured (transform feedback buffers, query results)
 * or a digest of its image (FNV-1a of the RGBA8 pixels and the count of
 * pixels per colour); the shaders use only exact values (small integers,
 * 0 and 1 colours), so any two correct implementations print the same.
 *   amp    a GS that emits each triangle twice (amplification), coloured by
 *          gl_PrimitiveIDIn
 *   adj    GS input order of LINES_ADJACENCY, LINE_STRIP_ADJACENCY,
 *          TRIANGLES_ADJACENCY, TRIANGLE_STRIP_ADJACENCY and TRIANGLE_STRIP
 *          (vertex ids captured as points)
 *   inst   GS instancing (invocations = 3): image and captured
 *          (gl_InvocationID, gl_PrimitiveIDIn)
 *   vsxfb  VS outputs captured from a triangle strip, interleaved with a
 *          skipped component, into a buffer one triangle too small
 *          (overflow), with the primitives-written query
 *   cut    a GS line strip with EndPrimitive, captured as lines
 *   sep    separate-attribute capture into two buffers, appended over two
 *          draws (pause/resume of the buffer offsets)
 *   bigcut 40 vertices with a cut every 3 (a control data header of more
 *          than 32 bits), 10 GS invocations (two SIMD8 threads)
 *   streams points to streams 0 and 1 captured into two buffers, with
 *          the per-stream primitives-written queries
 *   layer  a GS writing gl_Layer (each triangle to layers 0, 1, 2 of a
 *          2D array texture, shifted and coloured per layer), then a draw
 *          without GS into layer 2 alone (a single-layer attachment);
 *          every layer read back through its own attachment
 */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define W 32
#define H 32

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
        printf("FAIL shader compile: %s\n", log);
    }
    return s;
}

/* A program of vs, gs (or NULL) and fs (or NULL), capturing the varyings
 * vars[0..nvars) (mode GL_INTERLEAVED_ATTRIBS or GL_SEPARATE_ATTRIBS). */
static GLuint program(const char *vs, const char *gs, const char *fs, const char *const *vars, int nvars,
                      GLenum mode)
{
    GLuint p = glCreateProgram();
    glAttachShader(p, shader(GL_VERTEX_SHADER, vs));
    if (gs)
        glAttachShader(p, shader(GL_GEOMETRY_SHADER, gs));
    if (fs)
        glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
    if (nvars)
        glTransformFeedbackVaryings(p, nvars, vars, mode);
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[2048];
        glGetProgramInfoLog(p, sizeof(log), NULL, log);
        printf("FAIL link: %s\n", log);
    }
    return p;
}

static const char *fs_flat = "#version 400 core\nflat in vec4 col; out vec4 o; void main() { o = col; }\n";

static void image(const char *name)
{
    static uint8_t px[W * H * 4];
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
    uint32_t h = 2166136261u;
    for (int i = 0; i < W * H * 4; i++)
        h = (h ^ px[i]) * 16777619u;
    unsigned counts[8] = {0};
    for (int i = 0; i < W * H; i++)
        counts[(px[4 * i] > 127) | (px[4 * i + 1] > 127) << 1 | (px[4 * i + 2] > 127) << 2]++;
    printf("%s image %08x colours", name, h);
    for (int c = 0; c < 8; c++)
        printf(" %u", counts[c]);
    printf("\n");
    /* a coarse picture: one character per 2x2 block */
    for (int y = H - 2; y >= 0; y -= 2) {
        printf("%s |", name);
        for (int x = 0; x < W; x += 2) {
            const uint8_t *p = px + 4 * (y * W + x);
            printf("%c", ".rgybmcw"[(p[0] > 127) | (p[1] > 127) << 1 | (p[2] > 127) << 2]);
        }
        printf("|\n");
    }
}

static void dump(const char *name, GLuint buf, int nfloats)
{
    float v[512];
    memset(v, 0, sizeof(v));
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf);
    glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 4 * nfloats, v);
    printf("%s", name);
    for (int i = 0; i < nfloats; i++)
        printf(" %g", v[i]);
    printf("\n");
}

static GLuint xfb_buffer(int bytes)
{
    GLuint b;
    float fill[512];
    for (int i = 0; i < 512; i++)
        fill[i] = -1.0f;
    glGenBuffers(1, &b);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, bytes, fill, GL_STREAM_READ);
    return b;
}

/* Vertex positions: a 4x4 grid of points in [-0.8, 0.8]. */
static const char *vs_id = "#version 400 core\n"
                           "out float vid;\n"
                           "void main() { vid = float(gl_VertexID);\n"
                           "  gl_Position = vec4(-0.8 + 0.5 * float(gl_VertexID % 4), -0.8 + 0.5 * float(gl_VertexID / 4), 0, 1); }\n";

static void case_amp(void)
{
    const char *gs = "#version 400 core\n"
                     "layout(triangles) in; layout(triangle_strip, max_vertices = 6) out;\n"
                     "flat out vec4 col;\n"
                     "void main() {\n"
                     "  vec4 c = vec4(float(gl_PrimitiveIDIn & 1), float((gl_PrimitiveIDIn >> 1) & 1), 1, 1);\n"
                     "  for (int k = 0; k < 2; k++) {\n"
                     "    for (int i = 0; i < 3; i++) {\n"
                     "      gl_Position = gl_in[i].gl_Position + vec4(0.25 * float(k), -0.25 * float(k), 0, 0);\n"
                     "      col = k == 0 ? c : c.bgra; EmitVertex(); }\n"
                     "    EndPrimitive(); }\n"
                     "}\n";
    GLuint p = program(vs_id, gs, fs_flat, NULL, 0, 0);
    glUseProgram(p);
    glClear(GL_COLOR_BUFFER_BIT);
    static const GLuint idx[] = {0, 1, 4, 2, 7, 11, 8, 13, 12};
    glDrawElements(GL_TRIANGLES, 9, GL_UNSIGNED_INT, idx);
    image("amp");
}

static void case_adj(void)
{
    const char *gs4 = "#version 400 core\n"
                      "layout(lines_adjacency) in; layout(points, max_vertices = 4) out;\n"
                      "in float vid[]; out float o;\n"
                      "void main() { for (int i = 0; i < 4; i++) { o = vid[i] + 100.0 * float(gl_PrimitiveIDIn);\n"
                      "  gl_Position = vec4(0); EmitVertex(); } }\n";
    const char *gs6 = "#version 400 core\n"
                      "layout(triangles_adjacency) in; layout(points, max_vertices = 6) out;\n"
                      "in float vid[]; out float o;\n"
                      "void main() { for (int i = 0; i < 6; i++) { o = vid[i] + 100.0 * float(gl_PrimitiveIDIn);\n"
                      "  gl_Position = vec4(0); EmitVertex(); } }\n";
    const char *gs3 = "#version 400 core\n"
                      "layout(triangles) in; layout(points, max_vertices = 3) out;\n"
                      "in float vid[]; out float o;\n"
                      "void main() { for (int i = 0; i < 3; i++) { o = vid[i] + 100.0 * float(gl_PrimitiveIDIn);\n"
                      "  gl_Position = vec4(0); EmitVertex(); } }\n";
    static const char *vars[] = {"o"};
    struct { const char *name, *gs; GLenum mode; int n; } c[] = {
        {"adj lines_adj", gs4, GL_LINES_ADJACENCY, 8},
        {"adj line_strip_adj", gs4, GL_LINE_STRIP_ADJACENCY, 6},
        {"adj triangles_adj", gs6, GL_TRIANGLES_ADJACENCY, 12},
        {"adj triangle_strip_adj", gs6, GL_TRIANGLE_STRIP_ADJACENCY, 10},
        {"adj triangle_strip_adj6", gs6, GL_TRIANGLE_STRIP_ADJACENCY, 6},
        {"adj triangle_strip", gs3, GL_TRIANGLE_STRIP, 6},
    };
    glEnable(GL_RASTERIZER_DISCARD);
    for (unsigned i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
        GLuint p = program(vs_id, c[i].gs, NULL, vars, 1, GL_INTERLEAVED_ATTRIBS);
        GLuint b = xfb_buffer(4 * 64), q;
        glGenQueries(1, &q);
        glUseProgram(p);
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
        glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q);
        glBeginTransformFeedback(GL_POINTS);
        glDrawArrays(c[i].mode, 0, c[i].n);
        glEndTransformFeedback();
        glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
        GLuint written = 0;
        glGetQueryObjectuiv(q, GL_QUERY_RESULT, &written);
        char name[64];
        snprintf(name, sizeof(name), "%s written %u:", c[i].name, written);
        dump(name, b, (int)written);
    }
    glDisable(GL_RASTERIZER_DISCARD);
}

static void case_inst(void)
{
    const char *gs = "#version 400 core\n"
                     "layout(triangles, invocations = 3) in; layout(triangle_strip, max_vertices = 3) out;\n"
                     "flat out vec4 col; out vec2 id;\n"
                     "void main() {\n"
                     "  vec4 c = vec4(float(gl_InvocationID == 0), float(gl_InvocationID == 1), float(gl_InvocationID == 2), 1);\n"
                     "  for (int i = 0; i < 3; i++) {\n"
                     "    gl_Position = gl_in[i].gl_Position + vec4(0.3 * float(gl_InvocationID), 0, 0, 0);\n"
                     "    col = c; id = vec2(gl_InvocationID, gl_PrimitiveIDIn); EmitVertex(); }\n"
                     "}\n";
    static const char *vars[] = {"id"};
    GLuint p = program(vs_id, gs, fs_flat, vars, 1, GL_INTERLEAVED_ATTRIBS);
    GLuint b = xfb_buffer(4 * 64), q;
    glGenQueries(1, &q);
    glUseProgram(p);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
    glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q);
    glBeginTransformFeedback(GL_TRIANGLES);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glEndTransformFeedback();
    glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
    GLuint written = 0;
    glGetQueryObjectuiv(q, GL_QUERY_RESULT, &written);
    char name[64];
    snprintf(name, sizeof(name), "inst written %u:", written);
    dump(name, b, 2 * 3 * (int)written);
    image("inst");
}

static void case_vsxfb(void)
{
    const char *vs = "#version 400 core\n"
                     "out vec3 a; out float b;\n"
                     "void main() { a = vec3(gl_VertexID, 10 + gl_VertexID, 20 + gl_VertexID); b = 30.0 + float(gl_VertexID);\n"
                     "  gl_Position = vec4(-0.8 + 0.5 * float(gl_VertexID % 4), -0.8 + 0.5 * float(gl_VertexID / 4), 0, 1); }\n";
    static const char *vars[] = {"a", "gl_SkipComponents1", "b"};
    GLuint p = program(vs, NULL, fs_flat, vars, 3, GL_INTERLEAVED_ATTRIBS);
    /* room for 2 triangles (6 vertices x 5 floats) and a bit: the third overflows */
    GLuint b = xfb_buffer(4 * 5 * 7), q;
    glGenQueries(1, &q);
    glUseProgram(p);
    glEnable(GL_RASTERIZER_DISCARD);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
    glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q);
    glBeginTransformFeedback(GL_TRIANGLES);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 5);
    glEndTransformFeedback();
    glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
    glDisable(GL_RASTERIZER_DISCARD);
    GLuint written = 0;
    glGetQueryObjectuiv(q, GL_QUERY_RESULT, &written);
    char name[64];
    snprintf(name, sizeof(name), "vsxfb written %u:", written);
    dump(name, b, 5 * 7);
}

static void case_cut(void)
{
    const char *gs = "#version 400 core\n"
                     "layout(points) in; layout(line_strip, max_vertices = 5) out;\n"
                     "in float vid[]; out float o;\n"
                     "void main() { for (int i = 0; i < 5; i++) { o = 10.0 * vid[0] + float(i);\n"
                     "  gl_Position = vec4(0); EmitVertex(); if (i == 2) EndPrimitive(); } }\n";
    static const char *vars[] = {"o"};
    GLuint p = program(vs_id, gs, NULL, vars, 1, GL_INTERLEAVED_ATTRIBS);
    GLuint b = xfb_buffer(4 * 64), q;
    glGenQueries(1, &q);
    glUseProgram(p);
    glEnable(GL_RASTERIZER_DISCARD);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
    glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q);
    glBeginTransformFeedback(GL_LINES);
    glDrawArrays(GL_POINTS, 0, 2);
    glEndTransformFeedback();
    glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
    glDisable(GL_RASTERIZER_DISCARD);
    GLuint written = 0;
    glGetQueryObjectuiv(q, GL_QUERY_RESULT, &written);
    char name[64];
    snprintf(name, sizeof(name), "cut written %u:", written);
    dump(name, b, 2 * (int)written);
}

static void case_sep(void)
{
    const char *vs = "#version 400 core\n"
                     "uniform float base;\n"
                     "out float a; out vec2 b;\n"
                     "void main() { a = float(gl_VertexID); b = vec2(50 + gl_VertexID, 60 + gl_VertexID);\n"
                     "  gl_Position = vec4(0, 0, 0, 1); }\n";
    static const char *vars[] = {"a", "b"};
    GLuint p = program(vs, NULL, NULL, vars, 2, GL_SEPARATE_ATTRIBS);
    GLuint b0 = xfb_buffer(4 * 16), b1 = xfb_buffer(4 * 32);
    glUseProgram(p);
    glEnable(GL_RASTERIZER_DISCARD);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b0);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, b1);
    glBeginTransformFeedback(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, 3);
    glPauseTransformFeedback();
    glDrawArrays(GL_POINTS, 5, 2); /* not captured */
    glResumeTransformFeedback();
    glDrawArrays(GL_POINTS, 7, 2);
    glEndTransformFeedback();
    glDisable(GL_RASTERIZER_DISCARD);
    dump("sep buffer0:", b0, 8);
    dump("sep buffer1:", b1, 16);
}

static void case_bigcut(void)
{
    const char *gs = "#version 400 core\n"
                     "layout(points, invocations = 10) in; layout(line_strip, max_vertices = 40) out;\n"
                     "in float vid[]; out float o;\n"
                     "void main() { for (int i = 0; i < 40; i++) {\n"
                     "  if (i >= 36 + gl_InvocationID % 4) break;\n"
                     "  o = 1000.0 * vid[0] + 100.0 * float(gl_InvocationID) + float(i);\n"
                     "  gl_Position = vec4(0); EmitVertex(); if (i % 3 == 2) EndPrimitive(); } }\n";
    static const char *vars[] = {"o"};
    GLuint p = program(vs_id, gs, NULL, vars, 1, GL_INTERLEAVED_ATTRIBS);
    GLuint b = xfb_buffer(4 * 512), q;
    glGenQueries(1, &q);
    glUseProgram(p);
    glEnable(GL_RASTERIZER_DISCARD);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
    glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q);
    glBeginTransformFeedback(GL_LINES);
    glDrawArrays(GL_POINTS, 0, 1);
    glEndTransformFeedback();
    glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
    glDisable(GL_RASTERIZER_DISCARD);
    GLuint written = 0;
    glGetQueryObjectuiv(q, GL_QUERY_RESULT, &written);
    char name[64];
    snprintf(name, sizeof(name), "bigcut written %u:", written);
    dump(name, b, 2 * (int)written < 512 ? 2 * (int)written : 512);
}

static void case_streams(void)
{
    const char *gs = "#version 400 core\n"
                     "layout(points) in; layout(points, max_vertices = 4) out;\n"
                     "in float vid[];\n"
                     "layout(stream = 0) out float a; layout(stream = 1) out float b;\n"
                     "void main() {\n"
                     "  a = vid[0]; gl_Position = vec4(0); EmitStreamVertex(0);\n"
                     "  b = 10.0 + vid[0]; EmitStreamVertex(1);\n"
                     "  if (vid[0] > 1.0) { b = 20.0 + vid[0]; EmitStreamVertex(1); }\n"
                     "}\n";
    static const char *vars[] = {"a", "gl_NextBuffer", "b"};
    GLuint p = program(vs_id, gs, NULL, vars, 3, GL_INTERLEAVED_ATTRIBS);
    GLuint b0 = xfb_buffer(4 * 16), b1 = xfb_buffer(4 * 16), q[2];
    glGenQueries(2, q);
    glUseProgram(p);
    glEnable(GL_RASTERIZER_DISCARD);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b0);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, b1);
    glBeginQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, 0, q[0]);
    glBeginQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, 1, q[1]);
    glBeginTransformFeedback(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, 4);
    glEndTransformFeedback();
    glEndQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, 0);
    glEndQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, 1);
    glDisable(GL_RASTERIZER_DISCARD);
    GLuint w0 = 0, w1 = 0;
    glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &w0);
    glGetQueryObjectuiv(q[1], GL_QUERY_RESULT, &w1);
    printf("streams written %u %u\n", w0, w1);
    dump("streams buffer0:", b0, 8);
    dump("streams buffer1:", b1, 8);
}

static void case_layer(void)
{
    const char *gs = "#version 400 core\n"
                     "layout(triangles) in; layout(triangle_strip, max_vertices = 9) out;\n"
                     "flat out vec4 col;\n"
                     "void main() {\n"
                     "  for (int k = 0; k < 3; k++) {\n"
                     "    for (int i = 0; i < 3; i++) {\n"
                     "      gl_Position = gl_in[i].gl_Position + vec4(0.25 * float(k), 0, 0, 0);\n"
                     "      gl_Layer = k;\n"
                     "      col = vec4(float(k == 0), float(k == 1), float(k == 2 || gl_PrimitiveIDIn == 1), 1);\n"
                     "      EmitVertex(); }\n"
                     "    EndPrimitive(); }\n"
                     "}\n";
    const char *vs2 = "#version 400 core\nflat out vec4 col;\n"
                      "void main() { col = vec4(1, 1, 0, 1);\n"
                      "  gl_Position = vec4(-0.5 + float(gl_VertexID & 1), -0.5 + float(gl_VertexID >> 1), 0, 1); }\n";
    GLuint tex, fb[2];
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
    glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, W, H, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGenFramebuffers(2, fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
    glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0); /* layered */
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        printf("FAIL layered framebuffer incomplete\n");
    glClear(GL_COLOR_BUFFER_BIT); /* every layer */
    GLuint p = program(vs_id, gs, fs_flat, NULL, 0, 0);
    glUseProgram(p);
    static const GLuint idx[] = {0, 1, 4, 5, 10, 9};
    glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_INT, idx);
    /* layer 2 alone, no GS */
    glBindFramebuffer(GL_FRAMEBUFFER, fb[1]);
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, 2);
    GLuint p2 = program(vs2, NULL, fs_flat, NULL, 0, 0);
    glUseProgram(p2);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 3);
    for (int l = 0; l < 3; l++) {
        char name[16];
        glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, l);
        snprintf(name, sizeof(name), "layer%d", l);
        image(name);
    }
}

int main(void)
{
    EGLDisplay d = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (d == EGL_NO_DISPLAY || !eglInitialize(d, NULL, NULL) || !eglBindAPI(EGL_OPENGL_API)) {
        printf("FAIL no EGL display\n");
        return 1;
    }
    const EGLint attrs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 0,
                            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    EGLContext c = eglCreateContext(d, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attrs);
    if (c == EGL_NO_CONTEXT || !eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
        printf("FAIL no GL 4.0 core context\n");
        return 1;
    }
    GLuint fb, rb, vao;
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
    glViewport(0, 0, W, H);
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glClearColor(0, 0, 0, 1);
    case_amp();
    case_adj();
    case_inst();
    case_vsxfb();
    case_cut();
    case_sep();
    case_bigcut();
    case_streams();
    case_layer();
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    GLenum e = glGetError();
    printf("glGetError 0x%x\n", e);
    printf("DONE\n");
    return 0;
}
