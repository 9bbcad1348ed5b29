/*
 * Compare two RGBA8 images of W x W pixels (gl_tess output): a pixel
 * matches when every channel is within TOL (shader arithmetic: llvmpipe
 * rounds a*b+c twice where brw's MAD does not, which moves 8-bit colours by
 * one); a pixel lit in one image and black in the other is a coverage
 * difference.  Prints both counts and the first differences; exits 1 when
 * colour mismatches exceed 0 or coverage differences exceed MAXCOV.
 *   cmp_rgba REF OUT W TOL MAXCOV
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: cmp_rgba REF OUT W TOL MAXCOV\n");
        return 2;
    }
    unsigned w = (unsigned)atoi(argv[3]), tol = (unsigned)atoi(argv[4]), maxcov = (unsigned)atoi(argv[5]);
    size_t n = (size_t)w * w * 4;
    unsigned char *a = malloc(n), *b = malloc(n);
    FILE *fa = fopen(argv[1], "rb"), *fb = fopen(argv[2], "rb");
    int rd = a && b && fa && fb && fread(a, 1, n, fa) == n && fread(b, 1, n, fb) == n;
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    if (!rd) {
        printf("FAIL cannot read %s or %s (%zu bytes each)\n", argv[1], argv[2], n);
        free(a);
        free(b);
        return 1;
    }
    unsigned colour = 0, cover = 0, shown = 0;
    for (size_t i = 0; i < (size_t)w * w; i++) {
        const unsigned char *p = a + 4 * i, *q = b + 4 * i;
        int lit_p = p[0] | p[1] | p[2], lit_q = q[0] | q[1] | q[2];
        int bad = 0;
        if (!lit_p != !lit_q) {
            cover++;
            bad = 1;
        } else {
            for (int c = 0; c < 4; c++)
                if ((unsigned)abs(p[c] - q[c]) > tol)
                    bad = 1;
            colour += bad;
        }
        if (bad && shown++ < 20)
            printf("  (%zu, %zu): ref %u,%u,%u,%u got %u,%u,%u,%u\n", i % w, i / w, p[0], p[1], p[2], p[3], q[0],
                   q[1], q[2], q[3]);
    }
    free(a);
    free(b);
    int ok = colour == 0 && cover <= maxcov;
    printf("%s: %u colour differences (tolerance %u), %u coverage differences (at most %u)\n", ok ? "PASS" : "FAIL",
           colour, tol, cover, maxcov);
    return ok ? 0 : 1;
}
