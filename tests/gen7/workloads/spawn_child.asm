// Workload 4, child thread (Gen7 / Gen7.5, iga64 -p=7p5).  Its payload is
// what the root wrote to the URB (seed 000 §1.7.1.4): r0 = software R0
// {root index, child index, ...}, r1.0 = a value the root computed.
// Writes {root, child, 3 * value, 0xc0ffee, value, value, value, value}
// as 2 OWords at OWord 2 * (root * @C@ + child) of BTI 0, then ends with a
// child "dereference resource" EOT (Requester Type child, no URB handle).
(W) mul (1|M0) r3.0<1>:ud r0.0<0;1,0>:ud @C@:uw
(W) add (1|M0) r3.0<1>:ud r3.0<0;1,0>:ud r0.1<0;1,0>:ud
(W) shl (1|M0) r3.0<1>:ud r3.0<0;1,0>:ud 0x1:ud
(W) mov (8|M0) r10.0<1>:ud r0.0<8;8,1>:ud
(W) mov (1|M0) r10.2<1>:ud r3.0<0;1,0>:ud
(W) mov (8|M0) r11.0<1>:ud r1.0<0;1,0>:ud
(W) mov (2|M0) r11.0<1>:ud r0.0<2;2,1>:ud
(W) mul (1|M0) r11.2<1>:ud r1.0<0;1,0>:ud 0x3:uw
(W) mov (1|M0) r11.3<1>:ud 0xc0ffee:ud
(W) send (8|M0) null:ud r10 0xA 0x040A0200
(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud
(W) send (8|M0) null:ud r127 0x7 0x02000012 {EOT}
