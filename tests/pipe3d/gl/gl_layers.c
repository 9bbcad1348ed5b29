/*
 * OpenGL 4.5 core through Mesa (iris on the simulated GPU, or llvmpipe as
 * the reference): layered rendering into a 64x64x3 RGBA8 2D array texture.
 * A glClear of the layered framebuffer (iris: a blorp clear, one instance
 * per layer, the instance in the VUE header's Render Target Array Index)
 * must reach every layer; a geometry shader sending the triangle to layers
 * 1 and 2 (gl_Layer) with a fragment shader writing gl_Layer / 4 must write
 * only there.  Expected by hand: layer 0 green (0, 255, 0, 255); layer 1
 * (64, 0, 255, 255) (0.25 * 255 = 63.75); layer 2 (128, 0, 255, 255).
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

/* Read layer `layer` of tex and compare every pixel with want. */
static void check_layer(GLuint rfb, GLuint tex, int layer, const unsigned char *want)
{
    static unsigned char px[W * H * 4];
    glBindFramebuffer(GL_READ_FRAMEBUFFER, rfb);
    glFramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, layer);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
    int bad = 0;
    for (int i = 0; i < W * H; i++)
        bad += memcmp(px + 4 * i, want, 4) != 0;
    printf("layer %d: %u %u %u %u, %d pixels differ\n", layer, px[0], px[1], px[2], px[3], bad);
    if (bad) {
        printf("FAIL layer %d\n", layer);
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
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
    glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, W, H, 3);
    GLuint fb[2];
    glGenFramebuffers(2, fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
    glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        printf("FAIL incomplete layered framebuffer\n");
        return 1;
    }
    glViewport(0, 0, W, H);
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);

    GLuint p = glCreateProgram();
    glAttachShader(p, shader(GL_VERTEX_SHADER, "#version 450 core\n"
                                               "void main() {\n"
                                               "  vec2 q = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 4.0 - 1.0;\n"
                                               "  gl_Position = vec4(q, 0.0, 1.0);\n"
                                               "}\n"));
    glAttachShader(p, shader(GL_GEOMETRY_SHADER, "#version 450 core\n"
                                                 "layout(triangles) in;\n"
                                                 "layout(triangle_strip, max_vertices = 6) out;\n"
                                                 "void main() {\n"
                                                 "  for (int l = 1; l <= 2; l++) {\n"
                                                 "    for (int i = 0; i < 3; i++) {\n"
                                                 "      gl_Layer = l;\n"
                                                 "      gl_Position = gl_in[i].gl_Position;\n"
                                                 "      EmitVertex();\n"
                                                 "    }\n"
                                                 "    EndPrimitive();\n"
                                                 "  }\n"
                                                 "}\n"));
    glAttachShader(p, shader(GL_FRAGMENT_SHADER, "#version 450 core\n"
                                                 "out vec4 o;\n"
                                                 "void main() { o = vec4(float(gl_Layer) * 0.25, 0.0, 1.0, 1.0); }\n"));
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        printf("FAIL link\n");
        return 1;
    }
    glUseProgram(p);
    GLuint va;
    glGenVertexArrays(1, &va);
    glBindVertexArray(va);
    glDrawArrays(GL_TRIANGLES, 0, 3); /* (-1,-1), (3,-1), (-1,3): the whole target */
    glFinish();

    static const unsigned char want[3][4] = {{0, 255, 0, 255}, {64, 0, 255, 255}, {128, 0, 255, 255}};
    for (int l = 0; l < 3; l++)
        check_layer(fb[1], tex, l, want[l]);
    printf(fails ? "FAIL gl_layers\n" : "PASS gl_layers\n");
    return fails != 0;
}
