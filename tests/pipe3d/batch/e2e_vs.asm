// e2e VS (SIMD8): inputs r2-r5 position xyzw, r6-r9 colour rgba (element 0 and 1);
// writes VUE slot 0 (header, zeros) and slot 1 (position) in one URB SIMD8
// write (offset 0, 8 data phases), slot 2 (colour) in a second (offset 2), EOT.
mov (8|M0) r10.0<1>:ud r1.0<8;8,1>:ud
mov (8|M0) r11.0<1>:ud 0x0:ud
mov (8|M0) r12.0<1>:ud 0x0:ud
mov (8|M0) r13.0<1>:ud 0x0:ud
mov (8|M0) r14.0<1>:ud 0x0:ud
mov (8|M0) r15.0<1>:ud r2.0<8;8,1>:ud
mov (8|M0) r16.0<1>:ud r3.0<8;8,1>:ud
mov (8|M0) r17.0<1>:ud r4.0<8;8,1>:ud
mov (8|M0) r18.0<1>:ud r5.0<8;8,1>:ud
send (8|M0) null:ud r10 0x6 0x12080007
mov (8|M0) r120.0<1>:ud r1.0<8;8,1>:ud
mov (8|M0) r121.0<1>:ud r6.0<8;8,1>:ud
mov (8|M0) r122.0<1>:ud r7.0<8;8,1>:ud
mov (8|M0) r123.0<1>:ud r8.0<8;8,1>:ud
mov (8|M0) r124.0<1>:ud r9.0<8;8,1>:ud
send (8|M0) null:ud r120 0x26 0x0A080027 {EOT}
