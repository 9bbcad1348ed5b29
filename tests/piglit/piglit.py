#!/usr/bin/env python3
"""The piglit harness of issue 15: piglit's OpenGL tests (Debian package
piglit, PIGLIT_PLATFORM=surfaceless_egl) on llvmpipe and on iris through gtsim.

  piglit.py select > tests-quick.txt
      choose the test list from `piglit print-cmd quick` (see the list's header)
  piglit.py run --platform llvmpipe|skl|tgllp [--gtsim PATH] [--jobs N] [--timeout S]
                [--only-pass BASELINE] LIST > RESULTS
      run the list's tests, N at a time (default: the host's processors), each under a
      wall-clock timeout; one line per test: RESULT <tab> NAME <tab> SECONDS <tab> CAUSE
  piglit.py check --platform skl|tgllp --gtsim PATH LIST BASELINE EXPECTED [--results FILE]
      run on gtsim the tests BASELINE (llvmpipe's results) passes; fails when one of them
      does not pass and is not listed in EXPECTED (NAME <tab> RESULT <tab> CAUSE lines)
  piglit.py causes [--baseline BASELINE] RESULTS
      the failure causes of a results file grouped, with counts, largest first
  piglit.py expect --platform skl|tgllp BASELINE RESULTS > expected-PLATFORM.txt
      the expectations of a gtsim run: every test BASELINE passes and RESULTS does not

Results follow piglit's own rules (framework/test/base.py, piglit_test.py,
results.py): the test prints `PIGLIT: {"result": "pass"}` (or "fail", "skip",
"warn") and subtests as `PIGLIT: {"subtest": {"NAME": "RESULT"}}`; with subtests the
test's result is the worst one; a non-zero exit turns pass into warn and anything
else into fail; death by a signal is a crash; running past the timeout is a timeout.
Through `gtsim exec` a signal N shows as exit status 128+N.
"""
import argparse
import concurrent.futures
import hashlib
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

BAD = {'pass': 0, 'skip': 0, 'notrun': 0, 'warn': 10, 'fail': 30, 'timeout': 50, 'crash': 60}


def piglit_dir():
    """The installed piglit tree (bin/, tests/): PIGLIT_DIR or the Debian package's."""
    d = os.environ.get('PIGLIT_DIR')
    if d:
        return d
    try:
        arch = subprocess.run(['dpkg-architecture', '-qDEB_HOST_MULTIARCH'], capture_output=True,
                              text=True).stdout.strip()
    except OSError:
        arch = ''
    for c in ([f'/usr/lib/{arch}/piglit'] if arch else []) + ['/usr/lib/x86_64-linux-gnu/piglit',
                                                               '/usr/lib/piglit']:
        if os.path.isdir(os.path.join(c, 'bin')):
            return c
    sys.exit('piglit.py: piglit is not installed (apt-get install piglit; tools/deps.sh)')


# --------------------------------------------------------------------------- select

# (category, name regex, how many tests to take).  Chosen within each category
# round-robin over its subgroups (the name's next component) so that every
# feature gets some tests; within a subgroup in the order of an MD5 hash of the
# name (deterministic, spread over the generated variants).
CATEGORIES = [
    ('opengl 1.x', r'^spec@!opengl 1\.[0-5]@', 200),
    ('opengl 2.x-3.x', r'^spec@!opengl [23]\.\d@', 150),
    ('glsl 1.10-1.50 execution', r'^spec@glsl-1\.[1-5]0@execution@', 400),
    ('fbo', r'^spec@(ext|arb)_framebuffer_(object|blit|srgb|multisample)@|^spec@arb_draw_buffers@'
     r'|^spec@ext_framebuffer_multisample_blit_scaled@', 100),
    ('texturing', r'^spec@(arb|ext)_texture_|^spec@arb_sampler_objects@|^spec@arb_seamless_cube_map@', 110),
    ('depth/stencil', r'^spec@(ext_packed_depth_stencil|arb_depth_buffer_float|arb_depth_texture'
     r'|arb_depth_clamp|ext_depth_bounds_test|ext_stencil_wrap|ext_stencil_two_side|arb_stencil_texturing'
     r'|arb_texture_stencil8)@|^hiz@', 70),
    ('blending', r'^spec@(ext_blend_\w+|arb_blend_func_extended|arb_draw_buffers_blend'
     r'|ext_draw_buffers2|khr_blend_equation_advanced)@', 50),
    ('transform feedback', r'^spec@(ext_transform_feedback\d?|arb_transform_feedback\w*)@', 70),
    ('tessellation', r'^spec@arb_tessellation_shader@', 60),
    ('geometry shaders', r'^spec@arb_geometry_shader4@|^spec@glsl-1\.50@execution@geometry', 50),
]


# Compiler-only tests (they never reach the GPU) are left out; a test program other than
# shader_runner gets at most MAX_PER_BINARY variants per category.
NO_GPU = {'bin/glslparsertest', 'bin/glslparsertest_gles2', 'bin/asmparsertest'}
SHADER_RUNNERS = {'bin/shader_runner', 'bin/shader_runner_gles2', 'bin/shader_runner_gles3'}
MAX_PER_BINARY = 8


def binary(cmd):
    return cmd.split(' ')[0]


def relative_command(cmd, pdir):
    """A print-cmd command with the piglit tree's paths made relative to it."""
    words = []
    for w in cmd.split(' '):
        for pre in (pdir + '/', re.sub(r'^/usr', '..', pdir) + '/'):
            if w.startswith(pre):
                w = w[len(pre):]
        words.append(w)
    return ' '.join(words)


def round_robin(groups):
    """{key: [names]} -> one list taking one name of each group in turn (groups in key order,
    names in MD5 order)."""
    lists = [sorted(groups[k], key=lambda n: hashlib.md5(n.encode()).hexdigest()) for k in sorted(groups)]
    out = []
    for i in range(max(len(l) for l in lists)):
        out += [l[i] for l in lists if i < len(l)]
    return out


def cmd_select(args):
    pdir = piglit_dir()
    out = subprocess.run(['piglit', 'print-cmd', 'quick', '--format', '{name}\t{command}'],
                         capture_output=True, text=True, check=True).stdout
    tests = {}
    for line in out.splitlines():
        name, _, cmd = line.partition('\t')
        if cmd:
            tests[name] = relative_command(cmd, pdir)
    drop = set()
    if args.drop:
        with open(args.drop) as f:
            drop = {l.split('\t')[0].rstrip('\n') for l in f if l.strip() and not l.startswith('#')}
    chosen = []
    taken = set()
    for cat, rx, quota in CATEGORIES:
        r = re.compile(rx)
        outer = {}
        for name in sorted(tests):
            m = r.search(name)
            if (m and name not in taken and name not in drop and binary(tests[name]) not in NO_GPU
                    and os.access(os.path.join(pdir, binary(tests[name])), os.X_OK)):
                top = '@'.join(name.split('@')[:2])
                rest = re.sub(r'^execution@', '', name[len(top) + 1:])
                inner = rest.split('@')[0].split(' ')[0]
                outer.setdefault(top, {}).setdefault(inner, []).append(name)
        picked = []
        per_binary = {}
        queues = {top: round_robin(inner) for top, inner in outer.items()}
        i = 0
        while len(picked) < quota and any(i < len(q) for q in queues.values()):
            for top in sorted(queues):
                if i < len(queues[top]) and len(picked) < quota:
                    n = queues[top][i]
                    b = binary(tests[n])
                    if b in SHADER_RUNNERS or per_binary.get(b, 0) < MAX_PER_BINARY:
                        per_binary[b] = per_binary.get(b, 0) + 1
                        picked.append(n)
            i += 1
        for n in sorted(picked):
            chosen.append((cat, n))
            taken.add(n)
    for l in (
            "piglit tests of gtsim issue 15: NAME <tab> COMMAND (paths relative to the piglit tree,",
            "/usr/lib/<multiarch>/piglit).  Made by",
            "  tests/piglit/piglit.py select --drop tests/piglit/dropped.txt > tests/piglit/tests-quick.txt",
            "from `piglit print-cmd quick` (Debian bookworm piglit 0~git20220119-124bca3c9-1): per category",
            "a quota, taken round-robin over its extensions or versions, within each round-robin over",
            "its subgroups (the next name component), within a subgroup in MD5 order of the name; at most",
            "%d variants of one program other than shader_runner per category.  Left out: compiler-only" % MAX_PER_BINARY,
            "tests (glslparsertest, asmparsertest), programs the package does not ship (windowoverlap),",
            "and the tests of dropped.txt (more than 20 s on gtsim)."):
        print('# ' + l)
    print('# Categories (quota): ' + '; '.join(f'{c} ({q})' for c, _, q in CATEGORIES))
    for cat, n in chosen:
        print(f'{n}\t{tests[n]}')


# --------------------------------------------------------------------------- run

def read_list(path):
    tests = []
    with open(path) as f:
        for line in f:
            line = line.rstrip('\n')
            if line and not line.startswith('#'):
                name, _, cmd = line.partition('\t')
                tests.append((name, cmd))
    return tests


def read_results(path):
    """RESULT <tab> NAME <tab> SECONDS <tab> CAUSE lines -> {name: (result, cause)}."""
    res = {}
    with open(path) as f:
        for line in f:
            if line.strip() and not line.startswith('#'):
                p = line.rstrip('\n').split('\t')
                res[p[1]] = (p[0], p[3] if len(p) > 3 else '')
    return res


def piglit_result(out, rc, timed_out):
    """The piglit result of one run (see the module comment)."""
    if timed_out:
        return 'timeout'
    result = None
    subtests = {}
    for line in out.splitlines():
        if line.startswith('PIGLIT:'):
            import json
            try:
                d = json.loads(line[8:])
            except ValueError:
                continue
            if 'result' in d:
                result = d['result']
            elif 'subtest' in d:
                subtests.update(d['subtest'])
    if subtests and result != 'crash':
        vals = list(subtests.values())
        worst = max(vals, key=lambda v: BAD.get(v, 30))
        if BAD.get(worst, 30) == 0:
            worst = 'pass' if 'pass' in vals else 'skip'
        result = worst
    if rc < 0 or rc > 128:
        return 'crash'
    if result is None:
        result = 'fail'
    if rc != 0:
        result = 'warn' if result == 'pass' else 'fail'
    return result


HANG = re.compile(r'^gtsim-i915: GPU hang on context \d+ \(batch 0x[0-9a-f]+\): (.*)$')
STOP = re.compile(r'^gtsim-i915: (.*): the simulation of context \d+ stopped: (.*)$')
GTSIM_MSG = re.compile(r'^gtsim(-i915)?: (?!note:)(.*)$')


def failure_cause(result, rc, out, err):
    """One line saying why a test did not pass: gtsim's report when the simulation stopped
    on an error (with the stage of the thread it names), else the test's own words."""
    lines = err.splitlines()
    for i, l in enumerate(lines):
        m = HANG.match(l)
        if m:
            cause = m.group(1)
            if i + 1 < len(lines) and lines[i + 1].startswith('  in '):
                cause += ' |' + lines[i + 1][1:]
            return 'gpu hang: ' + cause
    for l in lines:
        m = STOP.match(l)
        if m:
            return f'stopped ({m.group(1)}): {m.group(2)}'
    for l in lines:
        m = GTSIM_MSG.match(l)
        if m:
            return 'gtsim: ' + m.group(2)
    if result == 'timeout':
        return 'timeout'
    if result == 'crash':
        sig = -rc if rc < 0 else rc - 128
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = str(sig)
        last = [l for l in (out + '\n' + err).splitlines() if l.strip() and not l.startswith('PIGLIT')]
        return f'crash ({name})' + (': ' + last[-1].strip() if last else '')
    text = [l.strip() for l in (out + '\n' + err).splitlines() if l.strip() and not l.startswith('PIGLIT')]
    for l in text:
        if re.match(r'(Probe|Test failure|FAIL|Failed|Unexpected|Expected|Mesa|Error|error|GL error)', l):
            return l
    return text[0] if text else f'exit status {rc}, no message'


def run_one(name, cmd, args, pdir):
    words = cmd.split(' ')
    argv = [os.path.join(pdir, words[0])] + [
        os.path.join(pdir, w) if w.startswith('tests/') or w.startswith('generated_tests/') else w
        for w in words[1:]]
    env = dict(os.environ)
    env['PIGLIT_PLATFORM'] = 'surfaceless_egl'
    env['PIGLIT_SOURCE_DIR'] = pdir
    if args.platform == 'llvmpipe':
        env['LIBGL_ALWAYS_SOFTWARE'] = '1'
        env['GALLIUM_DRIVER'] = 'llvmpipe'
    else:
        env.pop('LIBGL_ALWAYS_SOFTWARE', None)
        env.pop('GALLIUM_DRIVER', None)
        env['INTEL_DEBUG'] = 'noccs,nohiz'
        argv = [args.gtsim, 'exec', '--platform', args.platform, '--host-threads', '1', '--no-progress',
                '--'] + argv
    t0 = time.monotonic()
    timed_out = False
    with tempfile.TemporaryDirectory(prefix='piglit-') as cwd:
        try:
            p = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 stdin=subprocess.DEVNULL, start_new_session=True)
        except OSError as e:
            return 'fail', name, 0.0, f'cannot run {argv[0]}: {e.strerror}'
        try:
            out, err = p.communicate(timeout=args.timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            try:
                os.killpg(p.pid, signal.SIGKILL)  # the test's own process group only
            except ProcessLookupError:
                pass
            out, err = p.communicate()
    dt = time.monotonic() - t0
    out = out.decode(errors='replace')
    err = err.decode(errors='replace')
    rc = p.returncode
    result = piglit_result(out, rc, timed_out)
    cause = '' if result in ('pass', 'skip') else failure_cause(result, rc, out, err)
    if result == 'skip':
        m = [l for l in (out + '\n' + err).splitlines() if l.strip() and not l.startswith('PIGLIT')]
        cause = m[-1].strip()[:200] if m else ''
    cause = cause.replace('\t', ' ')[:600]
    return result, name, dt, cause


def run_list(tests, args):
    pdir = piglit_dir()
    results = [None] * len(tests)
    if getattr(args, 'reuse', None):  # results of an earlier run of the same tests
        old = {}
        with open(args.reuse) as f:
            for line in f:
                p = line.rstrip('\n').split('\t')
                if len(p) >= 3 and not line.startswith('#'):
                    old[p[1]] = (p[0], p[1], float(p[2]), p[3] if len(p) > 3 else '')
        results = [old.get(n) for n, _ in tests]
        tests = [(i, t) for i, t in enumerate(tests) if results[i] is None]
    else:
        tests = list(enumerate(tests))
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = {ex.submit(run_one, n, c, args, pdir): i for i, (n, c) in tests}
        done = 0
        partial = open(args.partial, 'w') if getattr(args, 'partial', None) else None
        for f in concurrent.futures.as_completed(futs):
            results[futs[f]] = f.result()
            if partial:
                write_results([results[futs[f]]], partial)
                partial.flush()
            done += 1
            if args.progress and sys.stderr.isatty():
                print(f'\r{done}/{len(tests)}', end='', file=sys.stderr, flush=True)
    if args.progress and sys.stderr.isatty():
        print(file=sys.stderr)
    return results


def write_results(results, f):
    for r, n, dt, cause in results:
        f.write(f'{r}\t{n}\t{dt:.2f}\t{cause}\n')


def renderer_check(args):
    """The GL renderer the tests get: llvmpipe, or iris's 'Mesa Intel' on the simulated GPU."""
    pdir = piglit_dir()
    env = dict(os.environ, PIGLIT_PLATFORM='surfaceless_egl')
    argv = [os.path.join(pdir, 'bin', 'glinfo'), '-auto']
    if args.platform == 'llvmpipe':
        env.update(LIBGL_ALWAYS_SOFTWARE='1', GALLIUM_DRIVER='llvmpipe')
        want = 'llvmpipe'
    else:
        env['INTEL_DEBUG'] = 'noccs,nohiz'
        env.pop('LIBGL_ALWAYS_SOFTWARE', None)
        env.pop('GALLIUM_DRIVER', None)
        argv = [args.gtsim, 'exec', '--platform', args.platform, '--no-progress', '--'] + argv
        want = 'Mesa Intel'
    p = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300)
    m = re.search(r'GL_RENDERER = (.*)', p.stdout)
    renderer = m.group(1).strip() if m else '(none)'
    if want not in renderer:
        sys.exit(f'piglit.py: the renderer on {args.platform} is "{renderer}", not {want}:\n'
                 f'{p.stdout}{p.stderr}')
    return renderer


def cmd_run(args):
    tests = read_list(args.list)
    if args.only_pass:
        base = read_results(args.only_pass)
        tests = [t for t in tests if base.get(t[0], ('',))[0] == 'pass']
    renderer = renderer_check(args)
    t0 = time.monotonic()
    results = run_list(tests, args)
    dt = time.monotonic() - t0
    counts = {}
    for r in results:
        counts[r[0]] = counts.get(r[0], 0) + 1
    out = open(args.output, 'w') if args.output else sys.stdout
    out.write(f'# piglit.py run --platform {args.platform} {os.path.basename(args.list)}: renderer "{renderer}", '
              f'{len(tests)} tests, {args.jobs} jobs, {dt:.0f} s; '
              + ', '.join(f'{k} {v}' for k, v in sorted(counts.items())) + '\n')
    out.write('# RESULT <tab> NAME <tab> SECONDS <tab> CAUSE\n')
    write_results(results, out)
    print(f'piglit.py: {args.platform}: {len(tests)} tests in {dt:.0f} s: '
          + ', '.join(f'{k} {v}' for k, v in sorted(counts.items())), file=sys.stderr)


# --------------------------------------------------------------------------- check

def read_expected(path):
    exp = {}
    with open(path) as f:
        for line in f:
            if line.strip() and not line.startswith('#'):
                p = line.rstrip('\n').split('\t')
                exp[p[0]] = (p[1] if len(p) > 1 else '', p[2] if len(p) > 2 else '')
    return exp


def cmd_check(args):
    tests = read_list(args.list)
    base = read_results(args.baseline)
    exp = read_expected(args.expected)
    missing = [n for n, _ in tests if n not in base]
    if missing:
        sys.exit(f'piglit.py: {len(missing)} tests of the list have no llvmpipe result in {args.baseline} '
                 f'(refresh it: tests/piglit/refresh.sh), e.g. {missing[0]}')
    stale = [n for n in exp if base.get(n, ('',))[0] != 'pass']
    tests = [t for t in tests if base[t[0]][0] == 'pass']
    renderer = renderer_check(args)
    t0 = time.monotonic()
    results = run_list(tests, args)
    dt = time.monotonic() - t0
    if args.results:
        with open(args.results, 'w') as f:
            write_results(results, f)
    new_fail, unexpected_pass = [], []
    kept = 0
    for r, n, _, cause in results:
        if r == 'pass':
            kept += 1
            if n in exp:
                unexpected_pass.append(n)
        elif n not in exp:
            new_fail.append(f'{n}\t{r}\t{cause}')
    print(f'piglit {args.platform} ({renderer}): {len(tests)} tests llvmpipe passes, run in {dt:.0f} s '
          f'with {args.jobs} jobs')
    print(f'expectations: {os.path.basename(args.expected)}: {len(exp)} lines')
    print(f'kept: {kept} of {len(tests)} llvmpipe passes pass on gtsim ({100.0 * kept / max(1, len(tests)):.1f}%)')
    for n in unexpected_pass:
        print(f'unexpected pass (remove it from {os.path.basename(args.expected)}): {n}')
    for n in stale:
        print(f'note: {n} is listed but llvmpipe does not pass it (remove it)')
    if new_fail:
        print(f'{len(new_fail)} new failures (llvmpipe passes, gtsim does not, not expected):')
        for l in new_fail:
            print('  ' + l)
        return 1
    print('PASS piglit_' + args.platform)
    return 0


# --------------------------------------------------------------------------- causes

def cause_key(cause):
    """A failure cause without its addresses, numbers, message descriptors and instruction
    text, for grouping; a gtsim report keeps the kind of thread it names; a test's own
    failure message (no gtsim report) is a wrong result."""
    c = cause
    stage = re.search(r'\| in an? (SIMD\d+ )?(\w+) thread', c)
    c = re.sub(r' \| in .*$', '', c)
    c = re.sub(r' at EU IP .*$', '', c)
    c = re.sub(r' \(SFID [^)]*\)', '', c)
    c = re.sub(r'`[^`]*`', '`..`', c)
    c = re.sub(r'0x[0-9a-fA-F]+', '0x*', c)
    c = re.sub(r'\b\d+(\.\d+)?\b', 'N', c)
    if stage:
        c += f' (in a {stage.group(2)} thread)'
    if not c.startswith(('gpu hang', 'stopped', 'gtsim', 'timeout', 'crash', 'cannot run')):
        c = 'wrong result (no gtsim report): ' + c
    return c.strip()


def cmd_causes(args):
    res = read_results(args.results)
    base = read_results(args.baseline) if args.baseline else None
    groups = {}
    for n, (r, cause) in res.items():
        if r in ('pass', 'skip') or (base is not None and base.get(n, ('',))[0] != 'pass'):
            continue
        key = f'{r}: {cause_key(cause)}'
        groups.setdefault(key, []).append(n)
    for key, names in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print(f'{len(names):5d}  {key}\n       e.g. {names[0]}')


def cmd_expect(args):
    base = read_results(args.baseline)
    res = read_results(args.results)
    lines = []
    for n, (r, cause) in res.items():
        if base.get(n, ('',))[0] == 'pass' and r != 'pass':
            lines.append(f'{n}\t{r}\t{cause}')
    npass = sum(1 for r, _ in base.values() if r == 'pass')
    print(f'# piglit tests llvmpipe passes and gtsim {args.platform} does not: NAME <tab> RESULT <tab> CAUSE.')
    print(f'# Made by tests/piglit/piglit.py expect --platform {args.platform} tests/piglit/llvmpipe.txt RESULTS')
    print(f'# from a run of tests/piglit/run.sh --platform {args.platform}; {len(lines)} of {npass} llvmpipe passes.')
    print('# Remove a line when its test passes (ctest piglit_' + args.platform + ' reports "unexpected pass").')
    for l in sorted(lines):
        print(l)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest='cmd', required=True)
    s = sub.add_parser('select')
    s.add_argument('--drop', help='file whose first column names tests to leave out')
    s.set_defaults(fn=cmd_select)
    for name, fn in (('run', cmd_run), ('check', cmd_check)):
        r = sub.add_parser(name)
        r.add_argument('--platform', required=True, choices=['llvmpipe', 'skl', 'tgllp'] if name == 'run'
                       else ['skl', 'tgllp'])
        r.add_argument('--gtsim', default='build/gtsim')
        r.add_argument('--jobs', type=int, default=os.cpu_count() or 2)
        r.add_argument('--timeout', type=float, default=60.0, help='seconds per test (default 60)')
        r.add_argument('--progress', action='store_true')
        r.add_argument('--partial', help='append each result to this file as it comes')
        r.add_argument('list')
        if name == 'run':
            r.add_argument('--only-pass', metavar='BASELINE', help='run only the tests BASELINE passes')
            r.add_argument('-o', '--output')
            r.add_argument('--reuse', metavar='RESULTS', help='take the results of the tests RESULTS has from it')
        else:
            r.add_argument('baseline')
            r.add_argument('expected')
            r.add_argument('--results', help='write the per-test results here')
        r.set_defaults(fn=fn)
    e = sub.add_parser('expect')
    e.add_argument('--platform', required=True, choices=['skl', 'tgllp'])
    e.add_argument('baseline')
    e.add_argument('results')
    e.set_defaults(fn=cmd_expect)
    c = sub.add_parser('causes')
    c.add_argument('--baseline', help='only the tests this (llvmpipe) results file passes')
    c.add_argument('results')
    c.set_defaults(fn=cmd_causes)
    args = ap.parse_args()
    if getattr(args, 'gtsim', None):
        args.gtsim = os.path.abspath(args.gtsim)
    sys.exit(args.fn(args) or 0)


if __name__ == '__main__':
    main()
