#!/usr/bin/env python3
"""man/gtsim.1 documents every command and option of the CLI (ctest cli_manpage).

Usage: manpage.py GTSIM MANPAGE VERSION
The commands are those `gtsim --help` lists, their options those that
`gtsim CMD --help` prints (so options added later must be documented): each
command has a `.SS gtsim CMD` section in which each of its options is the tag
of a .TP/.TQ item; gtsim's own options (-h, --help, --version) are tags
outside the command sections.  The page renders without warnings (groff
-ww, man -l) and its .TH names the project version.  The checker is also run
on copies of the page with one option or command removed, which must fail."""
import os
import re
import subprocess
import sys
import tempfile

gtsim, manpage, version = sys.argv[1:4]
OPTION = re.compile(r"(?<![\w-])(--?[A-Za-z][A-Za-z0-9-]*)(?![\w.-])")


def gtsim_out(*args):
    p = subprocess.run([gtsim, *args], capture_output=True, text=True, timeout=60, check=True)
    return p.stdout


def plain(roff):
    """Roff text without font changes and escapes, as a reader sees it."""
    s = re.sub(r"\\f(\[[^]]*\]|\(..|.)", "", roff)
    return s.replace("\\-", "-").replace("\\e", "\\").replace("\\&", "").replace('"', "")


def options_of(text):
    return set(OPTION.findall(text))


full = gtsim_out("--help")
commands = re.findall(r"^  gtsim ([a-z][a-z0-9-]*)\b", full, re.M)
wanted = {cmd: options_of(gtsim_out(cmd, "--help")) for cmd in commands}
# gtsim's own options: the lines of --help in no command's section.
own, in_cmd = set(), False
for line in full.splitlines():
    if line.startswith("  gtsim "):
        in_cmd = re.match(r"  gtsim [a-z]", line) is not None
    if not in_cmd:
        own |= options_of(line)


def problems(roff):
    """What the page fails to document (empty list: all)."""
    sections, title, tags, lines = {}, None, set(), roff.splitlines()
    outside = set()
    for i, line in enumerate(lines):
        if line.startswith(".SS") or line.startswith(".SH"):
            title = plain(line[3:]).strip() if line.startswith(".SS") else None
            sections.setdefault(title, set())
        elif line.startswith((".TP", ".TQ")) and i + 1 < len(lines):
            found = options_of(plain(lines[i + 1]))
            m = re.fullmatch(r"gtsim ([a-z][a-z0-9-]*)", title or "")
            (sections[title] if m else outside).update(found)
    out = []
    for cmd in commands:
        title = f"gtsim {cmd}"
        if title not in sections:
            out.append(f"command {cmd}: no '.SS gtsim {cmd}' section")
            continue
        for opt in sorted(wanted[cmd] - sections[title]):
            out.append(f"gtsim {cmd} {opt}: in `gtsim {cmd} --help` but not a .TP/.TQ tag of its section")
    for opt in sorted(own - outside):
        out.append(f"gtsim {opt}: in `gtsim --help` but not a .TP/.TQ tag outside the command sections")
    th = re.search(r'^\.TH GTSIM 1 \S+ "gtsim ([^"]+)"', roff, re.M)
    if not th or th.group(1) != version:
        out.append(f".TH does not name gtsim {version}")
    return out


roff = open(manpage).read()
failures = problems(roff)
for f in failures:
    print("FAIL", f)
print(f"{sum(map(len, wanted.values()))} command options of {len(commands)} commands, {len(own)} own options checked")

# The checker fails on a page missing an option or a command.
def without(pattern):
    lines = roff.splitlines()
    i = next(i for i, l in enumerate(lines) if re.search(pattern, plain(l)))
    return "\n".join(lines[:i] + lines[i + 1:])

for what, pattern in (("run --stats", r"^\.B --stats$"), ("--version", r"^\.B --version$"),
                      ("disasm", r"^\.SS gtsim disasm")):
    if not problems(without(pattern)):
        failures.append(f"the checker accepts a page without {what}")
        print("FAIL the checker accepts a page without", what)

# Rendering: no groff warnings, and man -l shows it.
p = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", manpage], capture_output=True, text=True)
if p.returncode or p.stderr:
    failures.append("groff warnings")
    print("FAIL groff -man -ww:", p.stderr)
env = dict(os.environ, MANWIDTH="80", MAN_KEEP_FORMATTING="0", PAGER="cat")
p = subprocess.run(["man", "--warnings", "-l", manpage], capture_output=True, text=True, env=env)
text = re.sub(r".\x08", "", p.stdout)
if p.returncode or p.stderr or "GTSIM(1)" not in text or any(f"gtsim {c}" not in text for c in commands):
    failures.append("man -l")
    print(f"FAIL man -l: exit {p.returncode}, stderr {p.stderr!r}")

print("cli_manpage:", "FAILED" if failures else "all checks passed")
sys.exit(1 if failures else 0)
