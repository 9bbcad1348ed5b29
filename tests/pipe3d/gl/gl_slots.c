/*
 * OpenGL 4.5 core through Mesa (iris on the simulated GPU, or llvmpipe as
 * the reference): a textured draw, a compute dispatch, the same textured
 * draw again.  iris sends compute work in its own batches, on a second
 * slot of its context's engine map that names the render engine again; in
 * i915 every slot is a logical context of its own, so the compute batch's
 * PIPELINE_SELECT and STATE_BASE_ADDRESS must not change what the render
 * batches see (iris does not emit STATE_BASE_ADDRESS again while its
 * binder stays where it was).  Expected by hand: the 2x1 texture (red,
 * green) with nearest filtering over the 64x64 target gives a red left
 * half and a green right half, both times; the compute shader stores 7 +
 * 5 = 12.  Under `gtsim exec --dump-surfaces DIR` the newest PNG of
 * render target 0 after glFinish must equal glReadPixels.
 */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glcorearb.h>
#include <dirent.h>
#include <png.h>
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

static GLuint program(GLuint a, GLuint b)
{
    GLuint p = glCreateProgram();
    glAttachShader(p, a);
    if (b)
        glAttachShader(p, b);
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        printf("FAIL link\n");
        exit(1);
    }
    return p;
}

static int read_png(const char *path, unsigned char *px)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    png_structp p = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(p);
    int rc = -1;
    if (!setjmp(png_jmpbuf(p))) {
        png_init_io(p, f);
        png_read_info(p, info);
        if (png_get_image_width(p, info) == W && png_get_image_height(p, info) == H &&
            png_get_color_type(p, info) == PNG_COLOR_TYPE_RGBA && png_get_bit_depth(p, info) == 8) {
            for (int y = 0; y < H; y++)
                png_read_row(p, px + 4 * W * y, NULL);
            rc = 0;
        }
    }
    png_destroy_read_struct(&p, &info, NULL);
    fclose(f);
    return rc;
}

/* The newest dump of render target 0 at W x H (highest batch number). */
static int newest_dump(const char *dir, char *path, size_t len)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    struct dirent *e;
    unsigned long best = 0;
    char name[256] = "";
    while ((e = readdir(d))) {
        unsigned long b;
        char tail[64];
        if (sscanf(e->d_name, "batch%lu_rt0_%63s", &b, tail) == 2 && !strcmp(tail, "64x64.png") && b >= best) {
            best = b;
            snprintf(name, sizeof(name), "%s", e->d_name);
        }
    }
    closedir(d);
    if (!name[0])
        return -1;
    snprintf(path, len, "%s/%s", dir, name);
    return 0;
}


/* Draw the textured quad, read it back, print its rows and check the halves. */
static void draw_check(const char *what, unsigned char *px)
{
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glFinish();
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const unsigned char *e = px + 4 * (y * W + x);
            unsigned want_r = x < W / 2 ? 255 : 0, want_g = x < W / 2 ? 0 : 255;
            bad += e[0] != want_r || e[1] != want_g || e[2] != 0 || e[3] != 255;
        }
    for (int y = H - 8; y >= 0; y -= 16) {
        for (int x = 0; x < W; x += 4) {
            const unsigned char *e = px + 4 * (y * W + x);
            printf("%c", e[0] > 128 ? 'R' : e[1] > 128 ? 'G' : e[2] > 128 ? 'B' : '?');
        }
        printf("\n");
    }
    printf("%s: %d pixels differ\n", what, bad);
    if (bad) {
        printf("FAIL %s\n", what);
        fails++;
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
    GLuint fb, rb;
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
    /* a strip over the whole target; texture coordinate u = (x + 1) / 2 */
    GLuint p = program(shader(GL_VERTEX_SHADER, "#version 450 core\n"
                                                "out vec2 uv;\n"
                                                "void main() {\n"
                                                "  vec2 q = vec2(gl_VertexID & 1, gl_VertexID >> 1);\n"
                                                "  uv = q;\n"
                                                "  gl_Position = vec4(q * 2.0 - 1.0, 0.0, 1.0);\n"
                                                "}\n"),
                       shader(GL_FRAGMENT_SHADER, "#version 450 core\n"
                                                  "uniform sampler2D t;\n"
                                                  "in vec2 uv;\n"
                                                  "out vec4 o;\n"
                                                  "void main() { o = texture(t, uv); }\n"));
    GLuint cp = program(shader(GL_COMPUTE_SHADER, "#version 450 core\n"
                                                  "layout(local_size_x = 1) in;\n"
                                                  "layout(std430, binding = 0) buffer B { uint v[]; };\n"
                                                  "void main() { v[1] = v[0] + 5u; }\n"),
                        0);
    GLuint va;
    glGenVertexArrays(1, &va);
    glBindVertexArray(va);
    static const unsigned char texels[8] = {255, 0, 0, 255, 0, 255, 0, 255};
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "t"), 0);
    static unsigned char px[W * H * 4];
    draw_check("first draw", px);
    /* the flush of the first draw also sent iris's compute batch with its
     * context setup (PIPELINE_SELECT GPGPU, STATE_BASE_ADDRESS); the next
     * render batch keeps its binder and emits no STATE_BASE_ADDRESS */
    draw_check("second draw", px);

    const GLuint init[2] = {7, 0};
    GLuint sb;
    glGenBuffers(1, &sb);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, sb);
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof(init), init, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, sb);
    glUseProgram(cp);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    GLuint got[2] = {0, 0};
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(got), got);
    printf("compute %u\n", got[1]);
    if (got[1] != 12) {
        printf("FAIL compute: %u, expected 12\n", got[1]);
        fails++;
    }

    glUseProgram(p);
    draw_check("after compute", px);
    const char *dir = getenv("GTSIM_DUMP_SURFACES");
    if (dir && *dir) {
        char path[4096];
        static unsigned char png[W * H * 4];
        if (newest_dump(dir, path, sizeof(path)) || read_png(path, png)) {
            printf("FAIL no readable 64x64 dump of render target 0 in %s\n", dir);
            fails++;
        } else if (memcmp(png, px, sizeof(px))) {
            printf("FAIL %s differs from glReadPixels\n", path);
            fails++;
        } else {
            fprintf(stderr, "dump %s equals glReadPixels\n", path);
        }
    }
    printf(fails ? "FAIL gl_slots\n" : "PASS gl_slots\n");
    return fails != 0;
}
