// Hand-off kernel (tests/cs/test_cs.c test_walker_post_mid_group): one
// SIMD8 thread per group.  Group X = 1 (r0.1) increments the DWord at
// r2.0:uq (cross-thread data) with A64 untyped atomics; group X = 0 reads
// it with an atomic add of 0 until it is nonzero.  So group 0 ends only if
// group 1 runs while it waits: on another host thread.
// Assembled by iga64 -p=9 at build time.
(W) mov (8|M0) r30.0<2>:ud r2.0<0;1,0>:ud
(W) mov (8|M0) r30.1<2>:ud r2.1<0;1,0>:ud
(W) mov (8|M0) r32.0<1>:ud 0x0:ud
(W) cmp (1|M0) (eq)f0.0 null<1>:ud r0.1<0;1,0>:ud 0x0:ud
(W&~f0.0) jmpi (1|M0) SIGNAL
WAIT:
(W) send (8|M0) r40:ud r30 0xC 0x0614A7FF
(W) cmp (1|M0) (eq)f0.1 null<1>:ud r40.0<0;1,0>:ud 0x0:ud
(W&f0.1) jmpi (1|M0) WAIT
(W) jmpi (1|M0) END
SIGNAL:
(W) send (8|M0) null:ud r30 0xC 0x040485FF
END:
(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud
(W) send (8|M0) null:ud r127 0x27 0x02000010 {EOT}
