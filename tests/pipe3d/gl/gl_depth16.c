/*
 * OpenGL 4.5 core through Mesa (iris on the simulated GPU, or llvmpipe as
 * the reference): the mip levels of a 64x64 DEPTH_COMPONENT16 texture
 * (all 7 levels, down to 2x2 and 1x1, where the alignment shows)
 * cleared through a framebuffer to 0.125 (L + 1) each, read
 * back with glReadPixels.  The clears are depth writes of the simulated
 * pixel backend; the read is iris's copy in isl's layout (on Gen12 D16
 * levels are 8x8 aligned, other depth formats 8x4).  Expected by hand:
 * level L reads 0.125 (L + 1) * 65535 rounded, +-1.
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
    int fails = 0;
    GLuint tex, col[7], fb;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexStorage2D(GL_TEXTURE_2D, 7, GL_DEPTH_COMPONENT16, W, H);
    glGenRenderbuffers(7, col);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    for (int l = 0; l < 7; l++) {
        glBindRenderbuffer(GL_RENDERBUFFER, col[l]);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W >> l, H >> l);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, col[l]);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, tex, l);
        if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
            printf("FAIL incomplete framebuffer at level %d\n", l);
            return 1;
        }
        glViewport(0, 0, W >> l, H >> l);
        glClearColor(0, 0, 1, 1);
        glClearDepth(0.125 * (l + 1));
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    }
    glFinish();
    for (int l = 0; l < 7; l++) {
        glBindRenderbuffer(GL_RENDERBUFFER, col[l]);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, col[l]);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, tex, l);
        static GLushort z[W * H];
        int w = W >> l, h = H >> l, bad = 0;
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(0, 0, w, h, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, z);
        int want = (int)(0.125 * (l + 1) * 65535 + 0.5);
        for (int i = 0; i < w * h; i++)
            bad += abs((int)z[i] - want) > 1;
        printf("level %d: %d pixels differ from %d\n", l, bad, want);
        if (bad) {
            printf("FAIL level %d: first %u\n", l, z[0]);
            fails++;
        }
    }
    printf(fails ? "FAIL gl_depth16\n" : "PASS gl_depth16\n");
    return fails != 0;
}
