/*
 * A headless OpenGL ES program (EGL surfaceless, Mesa's iris driver) on
 * the i915 device: create a context, print GL_RENDERER, compile a fragment
 * shader, glFinish (iris submits its batches through execbuffer) and check
 * that GL reports no error.  Prints "PASS egl_context" when all holds.
 * With the argument "clear": also clear a 64x64 RGBA4 renderbuffer of a
 * framebuffer object (a draw on the GPU) before glFinish.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    EGLDisplay d = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    EGLint maj, min;
    if (d == EGL_NO_DISPLAY || !eglInitialize(d, &maj, &min)) {
        printf("FAIL egl_context: eglInitialize 0x%x\n", eglGetError());
        return 1;
    }
    printf("EGL_DRIVER %s\n", eglQueryString(d, EGL_VENDOR));
    eglBindAPI(EGL_OPENGL_ES_API);
    EGLint attrs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
    EGLContext c = eglCreateContext(d, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attrs);
    if (c == EGL_NO_CONTEXT || !eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
        printf("FAIL egl_context: context 0x%x\n", eglGetError());
        return 1;
    }
    printf("GL_RENDERER %s\nGL_VERSION %s\n", (const char *)glGetString(GL_RENDERER),
           (const char *)glGetString(GL_VERSION));
    const char *src = "precision mediump float;\nvoid main() { gl_FragColor = vec4(0.25, 0.5, 0.75, 1.0); }\n";
    GLuint s = glCreateShader(GL_FRAGMENT_SHADER);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    glDeleteShader(s);
    if (argc > 1 && !strcmp(argv[1], "clear")) {
        GLuint fb, rb;
        glGenFramebuffers(1, &fb);
        glGenRenderbuffers(1, &rb);
        glBindRenderbuffer(GL_RENDERBUFFER, rb);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA4, 64, 64);
        glBindFramebuffer(GL_FRAMEBUFFER, fb);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
        glClearColor(0.25f, 0.5f, 0.75f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        printf("CLEARED status 0x%x\n", glCheckFramebufferStatus(GL_FRAMEBUFFER));
    }
    glFinish();
    GLenum e = glGetError();
    eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(d, c);
    eglTerminate(d);
    if (!ok || e != GL_NO_ERROR) {
        printf("FAIL egl_context: compile status %d, GL error 0x%x\n", ok, e);
        return 1;
    }
    printf("PASS egl_context\n");
    return 0;
}
