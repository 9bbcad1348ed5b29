// Walker payload dump kernel (tests/cs/test_cs.c): writes r0, r1 (per-thread data),
// r2 (cross-thread data) and r40 (not in the payload: zero at dispatch, though
// the kernel writes it last, in the thread of the group before) of each thread with A64 OWord block writes to
// r1.0:ud + r0.1 (thread group X) * 0x1000, high DWord r1.1; then EOT.
// Assembled by iga64 -p=9 at build time.
(W) mul (1|M0) r10.0<1>:ud r0.1<0;1,0>:ud 0x1000:uw
(W) add (1|M0) r20.0<1>:ud r1.0<0;1,0>:ud r10.0<0;1,0>:ud
(W) mov (1|M0) r20.1<1>:ud r1.1<0;1,0>:ud
(W) mov (8|M0) r21.0<1>:ud r0.0<8;8,1>:ud
(W) send (8|M0) null:ud r20 0xC 0x040D42FF
(W) add (1|M0) r20.0<1>:ud r20.0<0;1,0>:ud 0x20:uw
(W) mov (8|M0) r21.0<1>:ud r1.0<8;8,1>:ud
(W) send (8|M0) null:ud r20 0xC 0x040D42FF
(W) add (1|M0) r20.0<1>:ud r20.0<0;1,0>:ud 0x20:uw
(W) mov (8|M0) r21.0<1>:ud r2.0<8;8,1>:ud
(W) send (8|M0) null:ud r20 0xC 0x040D42FF
(W) add (1|M0) r20.0<1>:ud r20.0<0;1,0>:ud 0x20:uw
(W) mov (8|M0) r21.0<1>:ud r40.0<8;8,1>:ud
(W) send (8|M0) null:ud r20 0xC 0x040D42FF
(W) mov (8|M0) r40.0<1>:ud 0xDEADBEEF:ud
(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud
(W) send (8|M0) null:ud r127 0x27 0x02000010 {EOT}
