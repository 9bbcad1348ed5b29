// Workload: gateway, second root thread (Gen7 / Gen7.5, iga64 -p=7p5).
// A synchronized root (MEDIA_OBJECT Thread Synchronization, seed 000
// §1.5.1.5): r1 = the URB row the first thread passed with its spawn-root
// message (§1.7.1), r1.0 = the first thread's gateway ID, r1.1 = v.
// Forwards 16 bytes {2v, 3v, v + 7, v ^ 0xffff} from M0.0 into the first
// thread's gateway window (forward message, SFID 3 subfunction 2, Notify =
// desc bit 15; M0.4 31:16 recipient gateway ID, 15:0 Key @KEY@; M0.5 28:16
// byte offset, 10:8 size code 4 = 16 bytes: @OFFLEN@), then ends (no URB
// handle of its own: Resource Select 1).
(W) mov (8|M0) r20.0<1>:ud 0x0:ud
(W) mul (1|M0) r20.0<1>:ud r1.1<0;1,0>:ud 0x2:uw
(W) mul (1|M0) r20.1<1>:ud r1.1<0;1,0>:ud 0x3:uw
(W) add (1|M0) r20.2<1>:ud r1.1<0;1,0>:ud 0x7:ud
(W) xor (1|M0) r20.3<1>:ud r1.1<0;1,0>:ud 0xffff:ud
(W) shl (1|M0) r20.4<1>:ud r1.0<0;1,0>:ud 0x10:ud
(W) or (1|M0) r20.4<1>:ud r20.4<0;1,0>:ud @KEY@:ud
(W) mov (1|M0) r20.5<1>:ud @OFFLEN@:ud
(W) send (8|M0) null:ud r20 0x3 0x02008002
(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud
(W) send (8|M0) null:ud r127 0x7 0x02000010 {EOT}
