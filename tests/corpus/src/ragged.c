/* ragged: a 1-D launch of 1000 work-items with local size 64 (OpenCL 2.0
 * non-uniform work-groups: 15 groups of 64 and one of 40).  Output: 1024
 * words; words 1000..1023 must keep the sentinel 0xdeadbeef. One launch.
 * Built with -cl-std=CL3.0: non-uniform work-groups and get_enqueued_local_size
 * need OpenCL C 2.0 or later (the device default is OpenCL C 1.2).
 * A device without CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT: "SKIP", exit 77. */
#include "corpus.h"

#define GWS 1000
#define LWS 64
#define NOUT 1024

int main(int argc, char **argv)
{
    corpus_t c;
    corpus_init(&c, "ragged", argc, argv);
    static uint32_t e[NOUT];
    for (uint32_t gid = 0; gid < NOUT; gid++) {
        if (gid >= GWS) {
            e[gid] = 0xdeadbeef;
            continue;
        }
        uint32_t lid = gid % LWS, grp = gid / LWS;
        uint32_t lsz = (grp + 1) * LWS <= GWS ? LWS : GWS % LWS;
        e[gid] = gid * 2654435761u + ((lid << 24) ^ (grp << 16) ^ (lsz << 8) ^ LWS);
    }
    cl_bool nonuniform = CL_FALSE;
    if (clGetDeviceInfo(c.dev, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, sizeof(nonuniform),
                        &nonuniform, NULL) != CL_SUCCESS || !nonuniform) {
        printf("SKIP ragged (device has no non-uniform work-group support)\n");
        return 77;
    }
    cl_program p = corpus_build(&c, "ragged.cl", "-cl-std=CL3.0");
    cl_kernel k = corpus_kernel(&c, p, "ragged");
    uint32_t *dout = corpus_svm(&c, sizeof(e), NULL, 0xdeadbeef);
    corpus_arg_svm(&c, k, 0, dout);
    corpus_run1(&c, k, GWS, LWS);
    corpus_expect(&c, "out", dout, e, sizeof(e));
    return corpus_finish(&c);
}
