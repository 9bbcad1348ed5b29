// Media root thread record kernel (tests/media/test_media.c), Gen9 syntax,
// assembled by iga64 -p=9.  Inline data r1: r1.0/r1.1 = A64 output base,
// r1.4:uw = image width.  Writes this thread's r0 and r2 (64 bytes) to
// base + (Y * width + X) * 64, with X = r0.1 bits 8:0, Y = r0.1 bits 24:16
// (seed 000 §1.7.1.1 R0.1 Scoreboard X / Y); then EOT.
(W) and (1|M0) r10.0<1>:ud r0.1<0;1,0>:ud 0x1ff:uw
(W) shr (1|M0) r10.1<1>:ud r0.1<0;1,0>:ud 0x10:uw
(W) mul (1|M0) r10.2<1>:ud r10.1<0;1,0>:ud r1.4<0;1,0>:uw
(W) add (1|M0) r10.2<1>:ud r10.2<0;1,0>:ud r10.0<0;1,0>:ud
(W) shl (1|M0) r10.3<1>:ud r10.2<0;1,0>:ud 0x6:uw
(W) add (1|M0) r20.0<1>:ud r1.0<0;1,0>:ud r10.3<0;1,0>:ud
(W) mov (1|M0) r20.1<1>:ud r1.1<0;1,0>:ud
(W) mov (8|M0) r21.0<1>:ud r0.0<8;8,1>:ud
(W) send (8|M0) null:ud r20 0xC 0x040D42FF
(W) add (1|M0) r20.0<1>:ud r20.0<0;1,0>:ud 0x20:uw
(W) mov (8|M0) r21.0<1>:ud r2.0<8;8,1>:ud
(W) send (8|M0) null:ud r20 0xC 0x040D42FF
(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud
(W) send (8|M0) null:ud r127 0x27 0x02000010 {EOT}
