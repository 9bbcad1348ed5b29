// Workload 3: wavefront (Gen7 / Gen7.5, iga64 -p=7p5).  Root thread of a
// MEDIA_OBJECT_WALKER with the scoreboard: R0.1 bits 8:0 = X, 24:16 = Y
// (seed 000 §1.7.1.1).  The grid surface (BTI 0, R32_UINT, (W+2) x (H+1))
// holds G[row][col]; thread (X, Y) owns G[Y+1][X+1].  A 12-byte x 2-row
// media block read at (4X, Y) gives row Y: G[Y][X..X+2] (top-left, top,
// top-right) in r10.0-2 and row Y+1: G[Y+1][X..X+2] (left, self, right) in
// r10.4-6.  It writes v = 3 * left + 5 * top + 7 * top-right + 1 with a
// 4-byte media block write at (4X + 4, Y + 1).  RDSEND is send, or sendc
// with the non-stalling scoreboard (waits for the dependencies in tdr0).
(W) and (1|M0) r3.0<1>:ud r0.1<0;1,0>:ud 0x1ff:ud
(W) shr (1|M0) r3.1<1>:ud r0.1<0;1,0>:ud 0x10:ud
(W) and (1|M0) r3.1<1>:ud r3.1<0;1,0>:ud 0x1ff:ud
(W) mov (8|M0) r4.0<1>:ud r0.0<8;8,1>:ud
(W) shl (1|M0) r4.0<1>:ud r3.0<0;1,0>:ud 0x2:ud
(W) mov (1|M0) r4.1<1>:ud r3.1<0;1,0>:ud
(W) mov (1|M0) r4.2<1>:ud 0x1000b:ud
(W) @RDSEND@ (8|M0) r10:ud r4 0x5 @MBR@
(W) mul (1|M0) r11.0<1>:ud r10.4<0;1,0>:ud 0x3:uw
(W) mul (1|M0) r11.1<1>:ud r10.1<0;1,0>:ud 0x5:uw
(W) mul (1|M0) r11.2<1>:ud r10.2<0;1,0>:ud 0x7:uw
(W) add (1|M0) r11.0<1>:ud r11.0<0;1,0>:ud r11.1<0;1,0>:ud
(W) add (1|M0) r11.0<1>:ud r11.0<0;1,0>:ud r11.2<0;1,0>:ud
(W) add (1|M0) r11.0<1>:ud r11.0<0;1,0>:ud 0x1:ud
(W) mov (8|M0) r20.0<1>:ud r0.0<8;8,1>:ud
(W) add (1|M0) r20.0<1>:ud r4.0<0;1,0>:ud 0x4:ud
(W) add (1|M0) r20.1<1>:ud r3.1<0;1,0>:ud 0x1:ud
(W) mov (1|M0) r20.2<1>:ud 0x3:ud
(W) mov (8|M0) r21.0<1>:ud r11.0<0;1,0>:ud
(W) send (8|M0) null:ud r20 0x5 @MBW@
(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud
(W) send (8|M0) null:ud r127 0x7 0x02000010 {EOT}
