/*
 * Tessellation through a real driver: an OpenGL ES 3.2 program (surfaceless
 * EGL, a 128x128 RGBA8 framebuffer object) that draws tessellated patches
 * and writes the pixels (glReadPixels, 128*128*4 bytes) to the file named
 * by argv[1].  Run once on llvmpipe and once through gtsim (Mesa's iris);
 * tests/pipe3d/tess/run.sh compares the two images.
 *
 * Scenes (each in its own 32x32 viewport of the 4x4 grid): a triangle
 * patch and a quad patch for each spacing (equal, fractional_odd,
 * fractional_even) with several inner/outer levels, coloured by
 * gl_TessCoord; isolines; point mode; clockwise and counter-clockwise
 * winding under face culling; a patch with 4 control points of which
 * the TCS writes 2 output vertices (per-vertex and per-patch varyings).
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl32.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 128

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
        fprintf(stderr, "shader: %s\n", log);
        exit(1);
    }
    return s;
}

static const char *vs_src = "#version 320 es\n"
                            "layout(location = 0) in vec4 pos;\n"
                            "out vec4 vpos;\n"
                            "void main() { vpos = pos; gl_Position = pos; }\n";

/* levels baked into the source (constants, no push constants: Gen12
 * iris pushes uniforms with 3DSTATE_CONSTANT_ALL); per-vertex output = the input position, a
 * per-patch output = a colour */
static const char *tcs_src = "#version 320 es\n"
                             "layout(vertices = %d) out;\n"
                             "const vec4 outer = vec4(%.9g, %.9g, %.9g, %.9g);\n"
                             "const vec2 inner = vec2(%.9g, %.9g);\n"
                             "in vec4 vpos[];\n"
                             "out vec4 tpos[];\n"
                             "patch out vec4 pcol;\n"
                             "void main() {\n"
                             "  tpos[gl_InvocationID] = vpos[gl_InvocationID];\n"
                             "  if (gl_InvocationID == 0) {\n"
                             "    gl_TessLevelOuter[0] = outer.x; gl_TessLevelOuter[1] = outer.y;\n"
                             "    gl_TessLevelOuter[2] = outer.z; gl_TessLevelOuter[3] = outer.w;\n"
                             "    gl_TessLevelInner[0] = inner.x; gl_TessLevelInner[1] = inner.y;\n"
                             "    pcol = vec4(0.2, 0.4 + 0.1 * float(gl_PrimitiveID), 0.6, 1.0);\n"
                             "  }\n"
                             "}\n";

static const char *tes_src = "#version 320 es\n"
                             "layout(%s, %s, %s%s) in;\n"
                             "in vec4 tpos[];\n"
                             "patch in vec4 pcol;\n"
                             "out vec4 col;\n"
                             "void main() {\n"
                             "  vec3 t = gl_TessCoord;\n"
                             "%s"
                             "  col = vec4(t.x, t.y, t.z, 1.0) * 0.8 + pcol * 0.2;\n"
                             "}\n";

static const char *tes_tri = "  gl_Position = t.x * tpos[0] + t.y * tpos[1] + t.z * tpos[2];\n";
static const char *tes_quad = "  gl_Position = mix(mix(tpos[0], tpos[1], t.x), mix(tpos[3], tpos[2], t.x), t.y);\n";
/* the 2 output vertices of a 4-input patch: (tpos[0], tpos[1]) span x, y */
static const char *tes_quad2 = "  gl_Position = vec4(mix(tpos[0].x, tpos[1].x, t.x), mix(tpos[0].y, tpos[1].y, t.y), 0.0, 1.0);\n";

static const char *fs_src = "#version 320 es\n"
                            "precision highp float;\n"
                            "in vec4 col; out vec4 o;\n"
                            "void main() { o = col; }\n";

static GLuint program(int out_verts, const char *domain, const char *spacing, const char *order, int points,
                      const char *pos, const float *outer, const float *inner)
{
    char tcs[4096], tes[4096];
    snprintf(tcs, sizeof(tcs), tcs_src, out_verts, outer[0], outer[1], outer[2], outer[3], inner[0], inner[1]);
    snprintf(tes, sizeof(tes), tes_src, domain, spacing, order, points ? ", point_mode" : "", pos);
    GLuint p = glCreateProgram();
    glAttachShader(p, shader(GL_VERTEX_SHADER, vs_src));
    glAttachShader(p, shader(GL_TESS_CONTROL_SHADER, tcs));
    glAttachShader(p, shader(GL_TESS_EVALUATION_SHADER, tes));
    glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs_src));
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[2048];
        glGetProgramInfoLog(p, sizeof(log), NULL, log);
        fprintf(stderr, "link: %s\n", log);
        exit(1);
    }
    return p;
}

static void draw(GLuint p, int cell, int ncp, int first, int nverts)
{
    glViewport((cell % 4) * 32, (cell / 4) * 32, 32, 32);
    glUseProgram(p);
    glPatchParameteri(GL_PATCH_VERTICES, ncp);
    glDrawArrays(GL_PATCHES, first, nverts);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: gl_tess OUT.rgba\n");
        return 2;
    }
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
    GLuint fb, rb;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, W);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        printf("FAIL incomplete framebuffer\n");
        return 1;
    }
    /* a triangle patch, then a quad patch (corners in order around) */
    static const float v[] = {-0.9f, -0.9f, 0, 1, 0.9f, -0.8f, 0, 1, -0.1f, 0.9f, 0, 1,
                              -0.9f, -0.9f, 0, 1, 0.9f, -0.9f, 0, 1, 0.8f, 0.9f, 0, 1, -0.9f, 0.7f, 0, 1};
    GLuint vao, vb;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &vb);
    glBindBuffer(GL_ARRAY_BUFFER, vb);
    glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 16, (const void *)0);
    glEnableVertexAttribArray(0);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);

    static const char *const spacing[3] = {"equal_spacing", "fractional_odd_spacing", "fractional_even_spacing"};
    int cell = 0;
    for (int s = 0; s < 3; s++) {
        const float o1[4] = {2.0f, 3.3f, 5.7f, 1}, i1[2] = {4.4f, 1};
        draw(program(3, "triangles", spacing[s], "ccw", 0, tes_tri, o1, i1), cell++, 3, 0, 3);
        const float o2[4] = {3.0f, 1.5f, 4.2f, 6.0f}, i2[2] = {5.1f, 2.6f};
        draw(program(4, "quads", spacing[s], "ccw", 0, tes_quad, o2, i2), cell++, 4, 3, 4);
    }
    /* isolines: 4 lines of fractional even 6.5 segments */
    const float o3[4] = {4, 6.5f, 0, 0}, i3[2] = {0, 0};
    draw(program(4, "isolines", "fractional_even_spacing", "ccw", 0, tes_quad, o3, i3), cell++, 4, 3, 4);
    /* point mode: a triangle at integer levels */
    const float o4[4] = {4, 5, 6, 1}, i4[2] = {5, 1};
    draw(program(3, "triangles", "equal_spacing", "cw", 1, tes_tri, o4, i4), cell++, 3, 0, 3);
    /* winding under culling: cw culled (back faces), ccw kept */
    glEnable(GL_CULL_FACE);
    const float o5[4] = {3, 3, 3, 1}, i5[2] = {3, 1};
    draw(program(3, "triangles", "equal_spacing", "cw", 0, tes_tri, o5, i5), cell++, 3, 0, 3);
    const float o6[4] = {2, 7, 3, 2.5f}, i6[2] = {1.2f, 3.9f};
    draw(program(4, "quads", "fractional_odd_spacing", "ccw", 0, tes_quad, o6, i6), cell++, 4, 3, 4);
    glDisable(GL_CULL_FACE);
    /* outer level 0 culls the patch */
    const float o8[4] = {0, 3, 3, 1}, i8[2] = {3, 1};
    draw(program(3, "triangles", "equal_spacing", "ccw", 0, tes_tri, o8, i8), cell++, 3, 0, 3);
    /* two patches in one draw (gl_PrimitiveID), 4 inputs -> 2 outputs */
    {
        const float o7[4] = {2, 2, 3, 3}, i7[2] = {2, 3};
        static const float v2[] = {-0.9f, -0.9f, 0, 1, -0.1f, 0.8f, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1,
                                   0.1f, -0.7f, 0, 1, 0.9f, 0.9f, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
        GLuint vb2;
        glGenBuffers(1, &vb2);
        glBindBuffer(GL_ARRAY_BUFFER, vb2);
        glBufferData(GL_ARRAY_BUFFER, sizeof(v2), v2, GL_STATIC_DRAW);
        glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 16, (const void *)0);
        draw(program(2, "quads", "equal_spacing", "ccw", 0, tes_quad2, o7, i7), cell++, 4, 0, 8);
    }
    /* high levels: a quad at 64 (4225 domain points, several DS chunks) */
    glBindBuffer(GL_ARRAY_BUFFER, vb);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 16, (const void *)0);
    const float o9[4] = {64, 64, 64, 64}, i9[2] = {64, 64};
    draw(program(4, "quads", "fractional_even_spacing", "cw", 0, tes_quad, o9, i9), cell++, 4, 3, 4);
    /* a TCS barrier: each invocation writes its output vertex, then
     * invocation 0 reads the others' (one HS thread per output vertex on
     * Gen12 8_PATCH: the barrier must hold it until they are written) */
    {
        const char *tcs_b = "#version 320 es\n"
                            "layout(vertices = 3) out;\n"
                            "in vec4 vpos[];\n"
                            "out vec4 tpos[];\n"
                            "patch out vec4 pcol;\n"
                            "void main() {\n"
                            "  tpos[gl_InvocationID] = vpos[gl_InvocationID];\n"
                            "  barrier();\n"
                            "  if (gl_InvocationID == 0) {\n"
                            "    gl_TessLevelOuter[0] = 2.0; gl_TessLevelOuter[1] = 2.0;\n"
                            "    gl_TessLevelOuter[2] = 2.0; gl_TessLevelInner[0] = 2.0;\n"
                            "    pcol = vec4(abs(tpos[1].x - tpos[2].x), abs(tpos[1].y - tpos[2].y), 1.0, 1.0);\n"
                            "  }\n"
                            "}\n";
        char tes[4096];
        snprintf(tes, sizeof(tes), tes_src, "triangles", "equal_spacing", "ccw", "", tes_tri);
        GLuint pb = glCreateProgram();
        glAttachShader(pb, shader(GL_VERTEX_SHADER, vs_src));
        glAttachShader(pb, shader(GL_TESS_CONTROL_SHADER, tcs_b));
        glAttachShader(pb, shader(GL_TESS_EVALUATION_SHADER, tes));
        glAttachShader(pb, shader(GL_FRAGMENT_SHADER, fs_src));
        glLinkProgram(pb);
        draw(pb, cell++, 3, 0, 3);
    }
    glFinish();
    static unsigned char px[W * W * 4];
    glReadPixels(0, 0, W, W, GL_RGBA, GL_UNSIGNED_BYTE, px);
    FILE *f = fopen(argv[1], "wb");
    if (!f || fwrite(px, 1, sizeof(px), f) != sizeof(px)) {
        printf("FAIL cannot write %s\n", argv[1]);
        return 1;
    }
    fclose(f);
    unsigned lit = 0;
    for (unsigned i = 0; i < W * W; i++)
        lit += px[4 * i] | px[4 * i + 1] | px[4 * i + 2] ? 1 : 0;
    GLenum err = glGetError();
    printf("%s gl_tess (%u lit pixels, %u draws)\n", err == GL_NO_ERROR ? "PASS" : "FAIL", lit, cell);
    eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(d, c);
    eglTerminate(d);
    return err == GL_NO_ERROR ? 0 : 1;
}
