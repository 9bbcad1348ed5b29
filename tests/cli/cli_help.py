#!/usr/bin/env python3
"""gtsim --version, gtsim --help and gtsim CMD --help (ctest cli_help).

Usage: cli_help.py GTSIM VERSION [SOURCE_DIR]
Every command listed by `gtsim --help` prints exactly its own section of the
usage text to stdout and exits 0, for --help, -h and `gtsim help CMD`.  When
SOURCE_DIR is a git checkout, --version names its current commit (the string
is taken at build time, not when the build directory was configured)."""
import re
import subprocess
import sys

gtsim, version = sys.argv[1], sys.argv[2]
source = sys.argv[3] if len(sys.argv) > 3 else None
failures = []


def run(*args):
    p = subprocess.run([gtsim, *args], capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL", what)


rc, out, err = run("--version")
check(rc == 0 and err == "", f"--version: exit {rc}, stderr {err!r}")
check(re.fullmatch(r"gtsim " + re.escape(version) + r"( \(git [^)]+\))?\n", out) is not None,
      f"--version prints 'gtsim {version}[ (git ...)]': {out!r}")
if source:
    try:
        head = subprocess.run(["git", "-C", source, "describe", "--always"], capture_output=True,
                              text=True, timeout=60)
    except OSError:
        head = None
    if head and head.returncode == 0 and head.stdout.strip():
        m = re.search(r"\(git ([^)]+?)(-dirty)?\)", out)
        check(m is not None and m.group(1) == head.stdout.strip(),
              f"--version names the checkout's commit {head.stdout.strip()}: {out!r}")

rc, full, err = run("--help")
check(rc == 0 and err == "" and full.startswith("usage:\n"), f"--help: exit {rc}, stderr {err!r}")
check(run("-h") == (0, full, ""), "-h prints the same as --help")
commands = re.findall(r"^  gtsim ([a-z][a-z0-9-]*)\b", full, re.M)
check({"run", "disasm", "serve", "exec"} <= set(commands), f"--help lists run, disasm, serve, exec: {commands}")
lines = full.splitlines(keepends=True)
for cmd in commands:
    # The command's section: its "  gtsim CMD" line up to the next "  gtsim ".
    start = next(i for i, l in enumerate(lines) if re.match(r"  gtsim " + cmd + r"\b", l))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("  gtsim ")), len(lines))
    want = "usage:\n" + "".join(lines[start:end])
    for args in ([cmd, "--help"], [cmd, "-h"], ["help", cmd], [cmd, "--platform", "skl", "--help"]):
        rc, out, err = run(*args)
        check(rc == 0 and err == "", f"gtsim {' '.join(args)}: exit {rc}, stderr {err!r}")
        check(out == want, f"gtsim {' '.join(args)} prints the {cmd} section of --help:\n{out}")
    print(f"gtsim {cmd} --help: {end - start} lines")

rc, out, err = run("no-such-command", "--help")
check(rc == 2 and out == "" and "unknown command" in err, f"unknown command --help: exit {rc}")
rc, out, err = run()
check(rc == 2 and err.startswith("usage:"), f"no arguments: exit {rc}, usage on stderr")
# After PROGRAM (or "--"), --help belongs to the program.
for args in (["exec", "printf", "%s\n", "--help"], ["exec", "--platform", "skl", "--", "printf", "%s\n", "-h"]):
    rc, out, err = run(*args)
    check(rc == 0 and out == args[-1] + "\n", f"gtsim {' '.join(args)} runs printf: exit {rc}, {out!r} {err!r}")

print("cli_help:", "FAILED" if failures else f"all checks passed ({len(commands)} commands)")
sys.exit(1 if failures else 0)
