#!/usr/bin/env python3
"""gtsim disasm --platform ivb (intel-gen4disasm syntax) of a jmpi whose
immediate JIP is 0x7fffffff: the decoded JIP (the immediate + 16, 32-bit)
is INT32_MIN + 15, and the printed offset from the next instruction is that
minus 16 = -2147483649, computed without overflow.  The instruction is
iga64 -p=7p5's `(W) jmpi (1|M0) L0` (to itself) with bits 127:96 patched."""
import subprocess
import sys

gtsim, out = sys.argv[1], sys.argv[2]
asm = out + '.asm'
with open(asm, 'w') as f:
    f.write('L0:\n(W) jmpi (1|M0) L0\n')
subprocess.run(['iga64', '-p=7p5', '-a', asm, '-o', out], check=True)
code = bytearray(open(out, 'rb').read())
code[12:16] = (0x7fffffff).to_bytes(4, 'little')
open(out, 'wb').write(bytes(code))
r = subprocess.run([gtsim, 'disasm', '--platform', 'ivb', out], capture_output=True, text=True)
print(r.stdout + r.stderr, end='')
want = 'jmpi(1) -2147483649'
if r.returncode != 0 or want not in r.stdout:
    print('FAIL: expected exit 0 and "%s"' % want)
    sys.exit(1)
print('ok')
