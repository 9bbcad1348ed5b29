// Workload: gateway, first root thread (Gen7 / Gen7.5, iga64 -p=7p5).
// MEDIA_OBJECT with Children Present (it owns a URB handle, R0.0 15:0),
// inline data r1.0 = v.  Message gateway payloads (SFID 3, legacy protocol
// of MEDIA_VFE_STATE Bypass Gateway Control = 0, seed 000 §1.8.1; layouts
// as src/pipe/media.h documents them):
//  1. zero the window r@WIN@ and open the gateway: M0.4 15:0 Key @KEY@,
//     M0.5 28:21 RegBase @WIN@, 10:8 size code 0 (one register); AckReq
//     (desc bit 14): the acknowledgement r12.0 7:0 is the gateway ID.
//  2. pass {gateway ID, v} to the synchronized root thread: a URB write of
//     one row at offset 0 of its handle, then a thread spawner "spawn a
//     root thread" message (seed 000 §1.7.2: Opcode 1, Resource Select 1;
//     M0.0 URB handle, M0.2 9:4 interface descriptor 1, M0.4 15:10 URB
//     length 1, 9:0 offset 0).
//  3. wait n0.0 until the forwarded message arrives (seed 001 §3.3.39).
//  4. write 4 OWords at OWord 0 of BTI 0: the window register, then
//     {v, w4 + w5, 3 * w6, 0x600DF00D, 0x5A5A5A5A x 4} (wN = window DWord
//     N), and end, dereferencing the URB handle.
(W) mov (8|M0) r@WIN@.0<1>:ud 0x0:ud
(W) mov (8|M0) r10.0<1>:ud r0.0<8;8,1>:ud
(W) mov (1|M0) r10.4<1>:ud @KEY@:ud
(W) mov (1|M0) r10.5<1>:ud @REGBASE@:ud
(W) send (8|M0) r12:ud r10 0x3 0x02104000
(W) mov (8|M0) r14.0<1>:ud 0x0:ud
(W) and (1|M0) r14.0<1>:ud r0.0<0;1,0>:ud 0xffff:ud
(W) mov (8|M0) r15.0<1>:ud 0x0:ud
(W) and (1|M0) r15.0<1>:ud r12.0<0;1,0>:ud 0xff:ud
(W) mov (1|M0) r15.1<1>:ud r1.0<0;1,0>:ud
(W) send (8|M0) null:ud r14 0x6 0x04080000
(W) mov (8|M0) r16.0<1>:ud 0x0:ud
(W) mov (1|M0) r16.0<1>:ud r14.0<0;1,0>:ud
(W) mov (1|M0) r16.2<1>:ud 0x10:ud
(W) mov (1|M0) r16.4<1>:ud 0x400:ud
(W) send (8|M0) null:ud r16 0x7 0x02000011
(W) wait (1|M0) n0.0<0;1,0>:ud
(W) mov (8|M0) r20.0<1>:ud r0.0<8;8,1>:ud
(W) mov (1|M0) r20.2<1>:ud 0x0:ud
(W) mov (8|M0) r21.0<1>:ud r@WIN@.0<8;8,1>:ud
(W) mov (8|M0) r22.0<1>:ud 0x5a5a5a5a:ud
(W) mov (1|M0) r22.0<1>:ud r1.0<0;1,0>:ud
(W) add (1|M0) r22.1<1>:ud r@WIN@.4<0;1,0>:ud r@WIN@.5<0;1,0>:ud
(W) mul (1|M0) r22.2<1>:ud r@WIN@.6<0;1,0>:ud 0x3:uw
(W) mov (1|M0) r22.3<1>:ud 0x600df00d:ud
(W) send (8|M0) null:ud r20 0xA 0x060A0300
(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud
(W) send (8|M0) null:ud r127 0x7 0x02000000 {EOT}
