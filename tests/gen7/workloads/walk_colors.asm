// Workload: walk_colors (Gen7 / Gen7.5, iga64 -p=7p5).  Root thread of a
// MEDIA_OBJECT_WALKER with several colors: R0.1 bits 8:0 = X, 24:16 = Y,
// R0.2 bits 3:0 = color (seed 000 §1.7.1.1).  Writes the DWord
// 0x80000000 | color << 24 | Y << 12 | X with a 4-byte media block write
// at (4X, Y + color * H) of the R32_UINT surface at BTI 0 (H = @H@ rows).
(W) and (1|M0) r3.0<1>:ud r0.1<0;1,0>:ud 0x1ff:ud
(W) shr (1|M0) r3.1<1>:ud r0.1<0;1,0>:ud 0x10:ud
(W) and (1|M0) r3.1<1>:ud r3.1<0;1,0>:ud 0x1ff:ud
(W) and (1|M0) r3.2<1>:ud r0.2<0;1,0>:ud 0xf:ud
(W) shl (1|M0) r5.0<1>:ud r3.2<0;1,0>:ud 0x18:ud
(W) shl (1|M0) r5.1<1>:ud r3.1<0;1,0>:ud 0xc:ud
(W) or (1|M0) r5.0<1>:ud r5.0<0;1,0>:ud r5.1<0;1,0>:ud
(W) or (1|M0) r5.0<1>:ud r5.0<0;1,0>:ud r3.0<0;1,0>:ud
(W) or (1|M0) r5.0<1>:ud r5.0<0;1,0>:ud 0x80000000:ud
(W) mul (1|M0) r5.2<1>:ud r3.2<0;1,0>:ud @H@:uw
(W) mov (8|M0) r20.0<1>:ud r0.0<8;8,1>:ud
(W) shl (1|M0) r20.0<1>:ud r3.0<0;1,0>:ud 0x2:ud
(W) add (1|M0) r20.1<1>:ud r3.1<0;1,0>:ud r5.2<0;1,0>:ud
(W) mov (1|M0) r20.2<1>:ud 0x3:ud
(W) mov (8|M0) r21.0<1>:ud r5.0<0;1,0>:ud
(W) send (8|M0) null:ud r20 0x5 @MBW@
(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud
(W) send (8|M0) null:ud r127 0x7 0x02000010 {EOT}
