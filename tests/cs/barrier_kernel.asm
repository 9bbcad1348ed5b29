// Failed-group kernel (tests/cs/test_cs.c test_walker_failed_group_stats):
// the thread whose per-thread r1.2 is 0 ends at once (4 instructions:
// cmp, jmpi, mov, send EOT); the others send a barrier message (gateway,
// SFID 3, subfunction 4, barrier ID from r0.2 bits 27:24) and wait on
// n0.0 (5 instructions: cmp, jmpi, mov, and, send; the wait never
// completes, so it is not counted), for a barrier that thread never arrives
// at.  The walker ends in a barrier deadlock.
// Assembled by iga64 -p=9 at build time.
(W) cmp (1|M0) (eq)f0.0 null<1>:ud r1.2<0;1,0>:ud 0x0:ud
(W&f0.0) jmpi (1|M0) LEAVE
(W) mov (8|M0) r40.0<1>:ud 0x0:ud
(W) and (1|M0) r40.2<1>:ud r0.2<0;1,0>:ud 0x0f000000:ud
(W) send (8|M0) null:ud r40 0x3 0x02000004
(W) wait (1|M0) n0.0<0;1,0>:ud
LEAVE:
(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud
(W) send (8|M0) null:ud r127 0x27 0x02000010 {EOT}
