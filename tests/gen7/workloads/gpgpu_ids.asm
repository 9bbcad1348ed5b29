// Workload 6: GPGPU_WALKER thread group IDs (Gen7 / Gen7.5, iga64 -p=7p5).
// r0.1 = Thread Group ID X, r0.6 = Y, r0.7 = Z (seed 000 §1.7.1.5 GPGPU
// thread R0 header).  r1 = this thread's CURBE register: r1.0 thread index t
// in its group, r1.1 threads per group T, r1.2 groups in X, r1.3 groups in
// Y.  Writes 2 OWords {X, Y, Z, t, 4 x 0x600df00d} with an OWord block
// write (data cache 0xA, type 8, BTI 0) at OWord 2 * (((Z*DY + Y)*DX + X)*T + t).
// Gen7 mul with DWord operands uses src1 bits 15:0 (seed 001 §1.3): src1 is :uw.
(W) mul (1|M0) r2.0<1>:ud r0.7<0;1,0>:ud r1.6<0;1,0>:uw
(W) add (1|M0) r2.0<1>:ud r2.0<0;1,0>:ud r0.6<0;1,0>:ud
(W) mul (1|M0) r2.0<1>:ud r2.0<0;1,0>:ud r1.4<0;1,0>:uw
(W) add (1|M0) r2.0<1>:ud r2.0<0;1,0>:ud r0.1<0;1,0>:ud
(W) mul (1|M0) r2.0<1>:ud r2.0<0;1,0>:ud r1.2<0;1,0>:uw
(W) add (1|M0) r2.0<1>:ud r2.0<0;1,0>:ud r1.0<0;1,0>:ud
(W) shl (1|M0) r2.0<1>:ud r2.0<0;1,0>:ud 0x1:ud
(W) mov (8|M0) r10.0<1>:ud r0.0<8;8,1>:ud
(W) mov (1|M0) r10.2<1>:ud r2.0<0;1,0>:ud
(W) mov (1|M0) r11.0<1>:ud r0.1<0;1,0>:ud
(W) mov (1|M0) r11.1<1>:ud r0.6<0;1,0>:ud
(W) mov (1|M0) r11.2<1>:ud r0.7<0;1,0>:ud
(W) mov (1|M0) r11.3<1>:ud r1.0<0;1,0>:ud
(W) mov (4|M0) r11.4<1>:ud 0x600df00d:ud
(W) send (8|M0) null:ud r10 0xA 0x040A0200
(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud
(W) send (8|M0) null:ud r127 0x7 0x02000010 {EOT}
