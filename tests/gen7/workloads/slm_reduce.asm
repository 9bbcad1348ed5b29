// Workload 5: work-group sum through shared local memory with a barrier
// (Gen7 / Gen7.5, iga64 -p=7p5).  GPGPU_WALKER, SIMD8, 8 threads per group.
// r0.1 = Thread Group ID X (seed 000 §1.7.1.5); r1.0 = thread index t (its
// CURBE register), r1.1 = threads per group T (8).
//  1. OWord block read (BTI 0) of its 8 input DWords at OWord 2 * (X*T + t)
//  2. partial = sum of the 8; untyped surface write of it to SLM (BTI 254)
//     at byte 4t (SFID and descriptor substituted by wl_gpgpu.c: Ivy Bridge data cache type 13,
//     Haswell data cache 1 type 9)
//  3. barrier: gateway (SFID 3) subfunction 4 with the barrier ID of
//     r0.2 bits 27:24, then wait n0.0
//  4. untyped surface read of the 8 partials (lane i: byte 4i), total
//  5. OWord block write (BTI 1) of {X, t, partial, total} at OWord X*T + t
(W) mul (1|M0) r2.0<1>:ud r0.1<0;1,0>:ud r1.2<0;1,0>:uw
(W) add (1|M0) r2.0<1>:ud r2.0<0;1,0>:ud r1.0<0;1,0>:ud
(W) mov (8|M0) r9.0<1>:ud r0.0<8;8,1>:ud
(W) shl (1|M0) r9.2<1>:ud r2.0<0;1,0>:ud 0x1:ud
(W) send (8|M0) r10:ud r9 0xA 0x02180200
(W) add (4|M0) r20.0<1>:d r10.0<4;4,1>:d r10.4<4;4,1>:d
(W) add (2|M0) r20.0<1>:d r20.0<2;2,1>:d r20.2<2;2,1>:d
(W) add (1|M0) r20.0<1>:d r20.0<0;1,0>:d r20.1<0;1,0>:d
(W) shl (8|M0) r30.0<1>:ud r1.0<0;1,0>:ud 0x2:ud
(W) mov (8|M0) r31.0<1>:ud r20.0<0;1,0>:ud
(W) send (8|M0) null:ud r30 @SLM_SFID@ @SLMW@
(W) mov (8|M0) r40.0<1>:ud 0x0:ud
(W) and (1|M0) r40.2<1>:ud r0.2<0;1,0>:ud 0x0f000000:ud
(W) send (8|M0) null:ud r40 0x3 0x02000004
(W) wait n0.0<0;1,0>:ud
(W) mov (8|M0) r44.0<1>:uw 0x76543210:v
(W) shl (8|M0) r45.0<1>:ud r44.0<8;8,1>:uw 0x2:ud
(W) send (8|M0) r50:ud r45 @SLM_SFID@ @SLMR@
(W) add (4|M0) r51.0<1>:d r50.0<4;4,1>:d r50.4<4;4,1>:d
(W) add (2|M0) r51.0<1>:d r51.0<2;2,1>:d r51.2<2;2,1>:d
(W) add (1|M0) r51.0<1>:d r51.0<0;1,0>:d r51.1<0;1,0>:d
(W) mov (8|M0) r60.0<1>:ud r0.0<8;8,1>:ud
(W) mov (1|M0) r60.2<1>:ud r2.0<0;1,0>:ud
(W) mov (8|M0) r61.0<1>:ud 0x0:ud
(W) mov (1|M0) r61.0<1>:ud r0.1<0;1,0>:ud
(W) mov (1|M0) r61.1<1>:ud r1.0<0;1,0>:ud
(W) mov (1|M0) r61.2<1>:ud r20.0<0;1,0>:ud
(W) mov (1|M0) r61.3<1>:ud r51.0<0;1,0>:ud
(W) send (8|M0) null:ud r60 0xA 0x040A0001
(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud
(W) send (8|M0) null:ud r127 0x7 0x02000010 {EOT}
