// e2e PS (SIMD8): r2-r3 perspective pixel barycentrics, r4-r5 the plane
// coefficients of attribute 0 (colour); pln per component into r120-r123,
// then a SIMD8 render target write (no header, BTI 0, last), EOT.
pln (8|M0) r120.0<1>:f r4.0<0;1,0>:f r2.0<8;8,1>:f
pln (8|M0) r121.0<1>:f r4.4<0;1,0>:f r2.0<8;8,1>:f
pln (8|M0) r122.0<1>:f r5.0<0;1,0>:f r2.0<8;8,1>:f
pln (8|M0) r123.0<1>:f r5.4<0;1,0>:f r2.0<8;8,1>:f
send (8|M0) null:ud r120 0x25 0x08031400 {EOT}
