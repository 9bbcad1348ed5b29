// Parallel walker kernel (tests/cs/test_cs.c test_walker_parallel): each
// thread writes its r0 with an A64 OWord block write to
// r1.0:uq (its per-thread base) + ((Z * 16 + Y) * 16 + X) * 0x100, then
// increments the DWord at r2.0:uq (cross-thread data) 16 times per channel
// with A64 untyped atomics (8 channels, NoMask); then EOT.
// Assembled by iga64 -p=9 at build time.
(W) mul (1|M0) r10.0<1>:ud r0.7<0;1,0>:ud 0x10:uw
(W) add (1|M0) r10.0<1>:ud r10.0<0;1,0>:ud r0.6<0;1,0>:ud
(W) mul (1|M0) r10.0<1>:ud r10.0<0;1,0>:ud 0x10:uw
(W) add (1|M0) r10.0<1>:ud r10.0<0;1,0>:ud r0.1<0;1,0>:ud
(W) mul (1|M0) r10.0<1>:ud r10.0<0;1,0>:ud 0x100:uw
(W) add (1|M0) r20.0<1>:ud r1.0<0;1,0>:ud r10.0<0;1,0>:ud
(W) mov (1|M0) r20.1<1>:ud r1.1<0;1,0>:ud
(W) mov (8|M0) r21.0<1>:ud r0.0<8;8,1>:ud
(W) send (8|M0) null:ud r20 0xC 0x040D42FF
(W) mov (8|M0) r30.0<2>:ud r2.0<0;1,0>:ud
(W) mov (8|M0) r30.1<2>:ud r2.1<0;1,0>:ud
(W) send (8|M0) null:ud r30 0xC 0x040485FF
(W) send (8|M0) null:ud r30 0xC 0x040485FF
(W) send (8|M0) null:ud r30 0xC 0x040485FF
(W) send (8|M0) null:ud r30 0xC 0x040485FF
(W) send (8|M0) null:ud r30 0xC 0x040485FF
(W) send (8|M0) null:ud r30 0xC 0x040485FF
(W) send (8|M0) null:ud r30 0xC 0x040485FF
(W) send (8|M0) null:ud r30 0xC 0x040485FF
(W) send (8|M0) null:ud r30 0xC 0x040485FF
(W) send (8|M0) null:ud r30 0xC 0x040485FF
(W) send (8|M0) null:ud r30 0xC 0x040485FF
(W) send (8|M0) null:ud r30 0xC 0x040485FF
(W) send (8|M0) null:ud r30 0xC 0x040485FF
(W) send (8|M0) null:ud r30 0xC 0x040485FF
(W) send (8|M0) null:ud r30 0xC 0x040485FF
(W) send (8|M0) null:ud r30 0xC 0x040485FF
(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud
(W) send (8|M0) null:ud r127 0x27 0x02000010 {EOT}
