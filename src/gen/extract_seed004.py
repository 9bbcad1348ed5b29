#!/usr/bin/env python3
"""Write the 3D command and state layouts of src/gen (gen12_3d.txt, gen9_3d.txt).

Run by developers only (never by the build):

    python3 src/gen/extract_seed004.py SEED004.txt GENXML_DIR src/gen

SEED004.txt is seed 004 (the Gen12LP command reference, an OCR'd PDF).
GENXML_DIR holds the public Mesa genxml files (gen4.xml .. gen12.xml, read
with their <import> chains) used as a source of FACTS only: DWord/bit
positions, widths, value numbers and the PRM field names.

Why two sources: seed 004 (Vol 2a) gives every 3DSTATE_* command's header
(opcode, sub-opcode, Length Bias, default DWord Length) and the fields of the
commands whose fields are inline (3DSTATE_SBE, 3DSTATE_SF, 3DSTATE_WM, ...),
but most commands' DWords 1..n are a "Format: 3DSTATE_X_BODY" structure and
the 3D state structures (BLEND_STATE, CC_VIEWPORT, VERTEX_BUFFER_STATE ...)
are described in another volume that is not a seed.  Those layouts come from
the public genxml facts of the same generation (gen12 for Tiger Lake).

The seed is authoritative where it speaks: for every command with a seed
section the script compares the header and each inline field (DWord, bit
range) with the genxml layout, renames a field to the seed's name when the
positions agree, adds seed fields genxml lacks and reports every
disagreement on stderr (src/gen/README.md records the review).  The Gen9
layout takes the same renames so both generations share slot names.

Output format (one item per line, '#' comments):
    command NAME header=0xHHHH0000 bias=2 lenbits=8 len=N [var]
    struct NAME dwords=N [var]
    field DW HI LO KIND "Name"           KIND: uint hex bool addr enum sint float
    value N "Name"                       (named values of the enum field above)
    group STRUCT dw=D size=S             variable count of STRUCT from DWord D
A field's hi may exceed 31 (64-bit addresses: DWord 1..2 bits 47:6 is
"field 1 47 6 addr").  Fixed arrays are expanded, one field per element,
with "[i]" appended to the name.
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

# ---------------------------------------------------------------- genxml


def load_genxml(path, seen=None):
    """Items (instruction/struct/enum) of a genxml file with its imports
    resolved: the file's own items replace imported ones of the same name."""
    root = ET.parse(path).getroot()
    own = {}
    order = []
    imported = {}
    for el in root:
        if el.tag == 'import':
            excl = {e.get('name') for e in el if e.tag == 'exclude'}
            sub = load_genxml(os.path.join(os.path.dirname(path), el.get('name')))
            for k, v in sub.items():
                if k not in excl:
                    imported[k] = v
        elif el.tag in ('instruction', 'struct', 'enum'):
            own[el.get('name')] = el
            order.append(el.get('name'))
    items = dict(imported)
    items.update(own)
    return items


def is_3d_instruction(el):
    """GFXPIPE (type 3) subtype 3 commands of the render engine, and the
    subtype 1 3D ones (3DSTATE_VF_STATISTICS)."""
    d = {f.get('name'): f.get('default') for f in el.findall('field')}
    return (d.get('Command Type') == '3' and (d.get('Command SubType') == '3' or
            (d.get('Command SubType') == '1' and el.get('name').startswith('3D'))))


HEADER_FIELDS = {'Command Type', 'Command SubType', '3D Command Opcode', '3D Command Sub Opcode',
                 '3DSTATE Command Sub Opcode', 'Length',
                 'DWord Length', 'Dword Length'}


class Field:
    def __init__(self, dw, hi, lo, kind, name, values=None):
        self.dw, self.hi, self.lo, self.kind, self.name = dw, hi, lo, kind, name
        self.values = values or []

    def key(self):
        return (self.dw, self.hi, self.lo)


class Layout:
    def __init__(self, name, is_cmd):
        self.name, self.is_cmd = name, is_cmd
        self.header = 0
        self.bias = 2
        self.lenbits = 0
        self.length = 0
        self.fields = []
        self.group = None  # (struct name, dw, size)
        self.var = False   # any length (a command with inline payload)
        self.notes = []


FLOAT_TYPES = {'float'}


def kind_of(ftype, values):
    if ftype == 'bool':
        return 'bool'
    if ftype in ('address', 'offset'):
        return 'addr'
    if ftype == 'int' or re.match(r'^s\d+\.\d+$', ftype or ''):
        return 'sint'
    if ftype in FLOAT_TYPES:
        return 'float'
    if values:
        return 'enum'
    return 'uint'


def add_bits(out, name, start, end, kind, values, layout):
    """Append field [start, end] (bit numbers from bit 0 of DWord 0)."""
    dw = start // 32
    lo = start - 32 * dw
    hi = end - 32 * dw
    if hi > 63:
        # wider than the two DWords a gt_field reads: split into 32-bit parts
        layout.notes.append('split %s (bits %d..%d)' % (name, start, end))
        part = 0
        s = start
        while s <= end:
            e = min(end, (s // 32) * 32 + 31)
            add_bits(out, '%s Part %d' % (name, part), s, e, 'hex', None, layout)
            part += 1
            s = e + 1
        return
    out.append(Field(dw, hi, lo, kind, name, values))


def enum_values(items, el, ftype):
    vals = [(int(v.get('value'), 0), v.get('name')) for v in el.findall('value')]
    if not vals and ftype in items and items[ftype].tag == 'enum':
        vals = [(int(v.get('value'), 0), v.get('name')) for v in items[ftype].findall('value')]
    return vals


def flatten(items, el, base, prefix, out, layout, structs_used, top):
    """Fields of element el (instruction, struct or group) at bit offset base."""
    for child in el:
        if child.tag == 'field':
            name = child.get('name')
            if top and name in HEADER_FIELDS:
                continue
            ftype = child.get('type') or 'uint'
            if ftype in ('mbz', 'mbo'):
                continue
            start = base + int(child.get('start'))
            end = base + int(child.get('end'))
            full = (prefix + ' ' + name).strip() if prefix else name
            if ftype in items and items[ftype].tag == 'struct':
                structs_used.add(ftype)
                sub_prefix = prefix if name.endswith('Body') or name == ftype else full
                flatten(items, items[ftype], start, sub_prefix, out, layout, structs_used, False)
                continue
            vals = enum_values(items, child, ftype)
            add_bits(out, full, start, end, kind_of(ftype, vals), vals, layout)
        elif child.tag == 'group':
            count = int(child.get('count'))
            gstart = base + int(child.get('start'))
            size = int(child.get('size'))
            if count == 0:
                # variable: the group's structure
                fl = [c for c in child if c.tag == 'field']
                ftype = fl[0].get('type') if len(fl) == 1 else None
                if ftype and ftype in items and items[ftype].tag == 'struct':
                    sname = ftype
                else:
                    sname = layout.name + '_ENTRY'
                    items[sname] = synth_struct(sname, child, size)
                structs_used.add(sname)
                layout.group = (sname, gstart // 32, max(1, size // 32))
                continue
            for i in range(count):
                sub = '%s[%d]' % (prefix, i) if prefix else None
                tmp = []
                flatten(items, child, gstart + i * size, prefix, tmp, layout, structs_used, False)
                for f in tmp:
                    f.name = '%s[%d]' % (f.name, i)
                    out.append(f)


def synth_struct(name, group, size):
    el = ET.Element('struct', {'name': name, 'length': str(max(1, size // 32))})
    for c in group:
        el.append(c)
    return el


def layout_of(items, name, structs_used):
    el = items[name]
    lay = Layout(name, el.tag == 'instruction')
    if lay.is_cmd:
        d = {f.get('name'): f for f in el.findall('field')}
        hdr = 0
        for fname, (s, e) in (('Command Type', (29, 31)), ('Command SubType', (27, 28)),
                              ('3D Command Opcode', (24, 26)), ('3D Command Sub Opcode', (16, 23))):
            f = d.get(fname)
            if f is None:
                f = d.get(fname.replace('3D Command', '3DSTATE Command'))
            hdr |= int(f.get('default'), 0) << s
        lay.header = hdr
        lay.bias = int(el.get('bias', '2'))
        lf = next((d[k] for k in ('DWord Length', 'Dword Length', 'Length') if k in d), None)
        lay.lenbits = int(lf.get('end')) + 1 if lf is not None else 0
        lay.length = int(el.get('length', '0') or 0)
    else:
        lay.length = int(el.get('length', '1'))
    flatten(items, el, 0, '', lay.fields, lay, structs_used, lay.is_cmd)
    return lay


# ---------------------------------------------------------------- seed 004

SECTION_RE = re.compile(r'^(3DSTATE_[A-Z0-9_]+|3DPRIMITIVE)\s*$')
ROW_RE = re.compile(r'^(?:(\d+)(?:\.\.(\d+))?\s+)?(\d+)(?::(\d+))?\s+(\S.*?)\s*$')


def parse_seed(path, section_re=SECTION_RE, name_once=False):
    """{command: {'bias', 'subop', 'opcode', 'length', 'source', 'defaults',
    'fields': [(dw0, dw1, hi, lo, name, fmt)]}} from the seed's command
    sections whose name section_re matches: "NAME / NAME / Source: ... /
    Length Bias: n / ... DWord Bit Description / rows".  'defaults' maps a
    row's (dw0, hi, lo) to its Default Value.  name_once: a section may also
    start "NAME" "Source: ..." (the video commands' pages)."""
    lines = open(path, encoding='utf-8', errors='replace').read().split('\n')
    cmds = {}
    i = 0
    n = len(lines)
    while i < n:
        m = section_re.match(lines[i].split('|>')[-1])
        if not m:
            i += 1
            continue
        name = m.group(1)
        # a section starts "NAME" (blank lines) "NAME" "Source: ..."
        j = i + 1
        while j < n and not lines[j].strip():
            j += 1
        if name_once and j < n and lines[j].startswith('Source:'):
            j -= 1  # "NAME" "Source: ..." (the name once, after a page marker)
        elif j + 1 >= n or lines[j].strip() != name or not lines[j + 1].startswith('Source:'):
            i += 1
            continue
        if name in cmds:  # a second section of that name: the first one counts
            i += 1
            continue
        sec = cmds.setdefault(name, {'fields': [], 'bias': None, 'subop': None, 'opcode': None,
                                     'length': None, 'line': i + 1, 'defaults': {},
                                     'source': lines[j + 1][len('Source:'):].strip()})
        k = j + 2
        dw = None
        in_table = False
        last = None
        while k < n:
            raw = lines[k]
            txt = raw.split('|>')[-1].strip() if '|>' in raw else raw.strip()
            if '|>' in raw:
                if txt == name:  # page break, the same section goes on
                    k += 1
                    continue
                if not name_once or section_re.match(txt):
                    break  # a page of another section
                # (video pages: a marker inside the same section's text)
            if section_re.match(txt) and txt != name:
                # next section?
                kk = k + 1
                while kk < n and not lines[kk].strip():
                    kk += 1
                if kk + 1 < n and lines[kk].strip() == txt and lines[kk + 1].startswith('Source:'):
                    break
            if name_once and txt.startswith('Source:'):
                break  # the next section (of any kind: command, structure, instruction)
            if txt.startswith('Length Bias:'):
                sec['bias'] = int(re.findall(r'\d+', txt)[0])
            elif txt.startswith('DWord Bit Description') or txt.startswith('Dword Bit Description'):
                in_table = True
            elif in_table:
                mrow = ROW_RE.match(txt)
                if name_once and re.match(r'^\d+h?\s{2,}[A-Za-z]', txt):
                    mrow = None  # a value table's row ("0  Short Format Driver")
                if mrow and int(mrow.group(3)) < 64 and not txt.startswith('Default') \
                        and not re.match(r'^\d+\s*(h|b)\b', txt):
                    d0, d1, hi, lo, fname = mrow.groups()
                    hi = int(hi)
                    lo = int(lo) if lo is not None else hi
                    if d0 is not None:
                        dw = (int(d0), int(d1) if d1 else int(d0))
                    elif dw is not None and last is not None and last[0] == dw[0] and (hi, lo) == (31, 0) \
                            and hi >= last[3]:
                        # rows of a DWord go down in bit order: a row that
                        # does not is the next DWord's, whose number the
                        # OCR lost (3DPRIMITIVE Extended Parameter 0..2)
                        dw = (dw[1] + 1, dw[1] + 1)
                    if dw is not None and hi >= lo and re.match(r'^[A-Za-z0-9]', fname):
                        last = [dw[0], dw[1], hi, lo, fname, None]
                        sec['fields'].append(last)
                elif txt.startswith('Format:') and last is not None and last[5] is None:
                    last[5] = txt[len('Format:'):].strip()
                elif name_once and last is not None and re.match(r'^[0-9A-Fa-f]+h\s+.*\[Default\]', txt):
                    # "3h  DWORD_COUNT_n [Default] ...": a value table's default
                    sec['defaults'].setdefault((last[0], last[2], last[3]), int(txt.split('h')[0], 16))
                elif txt.startswith('Default Value:') and last is not None:
                    v = re.match(r'Default Value:\s*([0-9A-Fa-f]+)h', txt)
                    if v:
                        sec['defaults'].setdefault((last[0], last[2], last[3]), int(v.group(1), 16))
                        if last[4] == '3D Command Sub Opcode':
                            sec['subop'] = int(v.group(1), 16)
                        elif last[4] == '3D Command Opcode':
                            sec['opcode'] = int(v.group(1), 16)
                        elif last[4].lower() == 'dword length':
                            sec['length'] = int(v.group(1), 16)
            k += 1
        i = k
    return cmds


def norm(s):
    return re.sub(r'[^A-Z0-9]+', '', s.upper())


def seed_overlay(lay, sec, log):
    """Check lay against the seed's section; rename to the seed's names; add
    seed-only fields.  Returns {genxml name: seed name}."""
    renames = {}
    hdr_sub = (lay.header >> 16) & 0xff
    hdr_op = (lay.header >> 24) & 7
    if sec['subop'] is not None and sec['subop'] != hdr_sub:
        log.append('%s: seed sub-opcode %#x, genxml %#x (seed kept)' % (lay.name, sec['subop'], hdr_sub))
        lay.header = (lay.header & ~0x00ff0000) | (sec['subop'] << 16)
    if sec['opcode'] is not None and sec['opcode'] != hdr_op:
        log.append('%s: seed opcode %#x, genxml %#x (seed kept)' % (lay.name, sec['opcode'], hdr_op))
        lay.header = (lay.header & ~0x07000000) | (sec['opcode'] << 24)
    if sec['bias'] is not None and sec['bias'] != lay.bias:
        log.append('%s: seed Length Bias %d, genxml %d (seed kept)' % (lay.name, sec['bias'], lay.bias))
        lay.bias = sec['bias']
    if sec['length'] is not None and lay.length and sec['length'] + lay.bias != lay.length:
        log.append('%s: seed DWord Length default %d (total %d), genxml length %d' %
                   (lay.name, sec['length'], sec['length'] + lay.bias, lay.length))
    bykey = {f.key(): f for f in lay.fields}
    checked = 0
    for d0, d1, hi, lo, fname, fmt in sec['fields']:
        if d0 == 0 and hi >= 16:
            continue
        if fname.startswith('Reserved') or fname in HEADER_FIELDS or (fmt or '').startswith('MBZ'):
            continue
        if fmt and (fmt.endswith('_BODY') or '(Body)' in fmt or fmt in (
                'VERTEX_BUFFER_STATE', 'VERTEX_ELEMENT_STATE', 'SO_DECL_ENTRY')) or '[' in fmt if fmt else False:
            continue
        # seed rows: "1..2 63:6" (64-bit, hi counted from DWord d0) or
        # "1 31:0" etc.
        key = (d0, hi, lo) if hi < 64 else None
        if key is None:
            continue
        checked += 1
        f = bykey.get(key)
        one_bit_flag = fmt is None and hi == lo and re.search(r' (Enable|Disable)$', fname)
        if f is None and not ((one_bit_flag or fmt and re.match(r'^(Enable|Disable|Boolean|U\d+|S\d+|U\d+-1)$', fmt))
                              and re.match(r'^[A-Z][A-Za-z0-9 \-/]{2,60}$', fname)
                              and (not lay.length or d0 < lay.length)):
            log.append('%s: seed row DW%d %d:%d "%s" (Format %s) not a field: ignored' %
                       (lay.name, d0, hi, lo, fname, fmt))
            continue
        if f is None:
            log.append('%s: seed field DW%d %d:%d "%s" not in genxml layout: added' %
                       (lay.name, d0, hi, lo, fname))
            kind = 'bool' if hi == lo and (fmt or 'Enable') in ('Enable', 'Disable', 'Boolean') else \
                'addr' if 'ADDR' in (fmt or '') or 'Address' in (fmt or '') else 'uint'
            nf = Field(d0, hi, lo, kind, fname)
            lay.fields.append(nf)
            bykey[key] = nf
        elif norm(f.name) != norm(fname):
            if not re.match(r'^[A-Z][A-Za-z0-9 \-/()]{2,60}$', fname):
                log.append('%s: seed row DW%d %d:%d "%s": not a field name, genxml "%s" kept' %
                           (lay.name, d0, hi, lo, fname, f.name))
                continue
            log.append('%s: DW%d %d:%d genxml "%s" renamed to the seed\'s "%s"' % (lay.name, d0, hi, lo, f.name, fname))
            renames[f.name] = fname
            f.name = fname
    lay.notes.append('seed 004 section checked: %d inline fields' % checked)
    return renames


# ---------------------------------------------------------------- video

# The video engines' own commands (seed 004: sections whose Source is the
# VideoCS or the VideoEnhancementCS): codec pipelines MFX/MFD/MFC (AVC,
# MPEG-2, VC-1, JPEG, VP8), HCP (HEVC, VP9), AVP (AV1), VDENC, HuC, the
# VD control commands, VEBOX and SFC.
VIDEO_SECTION_RE = re.compile(r'^((?:MFX|MFD|MFC|HCP|HUC|VDENC|AVP|VD|VEBOX|SFC)_[A-Za-z0-9_]+)\s*$')


def video_layouts(seed_path, source, log):
    """Layouts of the commands of the engine whose command pages name
    source ('VideoCS', 'VideoEnhancementCS'), everything from the seed:
    the header from the DWord 0 opcode rows' defaults, the DWord Length
    width and default, Length Bias and the inline fields.  Every command
    is written 'var' (several carry inline payloads of any length)."""
    lays = []
    for name, sec in sorted(parse_seed(seed_path, VIDEO_SECTION_RE, name_once=True).items()):
        if source not in [x.strip() for x in sec['source'].split(',')]:
            continue
        lay = Layout(name, True)
        lay.bias = sec['bias'] if sec['bias'] is not None else 2
        rows0 = [f for f in sec['fields'] if f[0] == 0]
        # the DWord Length row ("DWord Length", "DWORD_COUNT_n"): bits n:0 of DWord 0
        # (its default, when the OCR kept it, is the length the seed expects;
        # every video command is read with the length its header gives)
        ln = [f for f in rows0 if f[3] == 0 and 5 <= f[2] <= 15]
        if not ln:
            log.append('%s: no DWord Length row in the seed section: not written' % name)
            continue
        lay.lenbits = ln[0][2] + 1
        lay.length = sec['defaults'].get((0, ln[0][2], 0), -lay.bias) + lay.bias
        header, covered = 0, 0
        for d0, d1, hi, lo, fname, fmt in rows0:
            if lo >= 16:
                v = sec['defaults'].get((0, hi, lo))
                if v is None:
                    log.append('%s: DW0 %d:%d "%s" has no default: taken as 0' % (name, hi, lo, fname))
                    v = 0
                header |= v << lo
                covered |= ((1 << (hi - lo + 1)) - 1) << lo
        if covered != 0xffff0000 or header >> 29 != 3:
            log.append('%s: DWord 0 opcode rows cover %#010x, header %#010x: not written' % (name, covered, header))
            continue
        lay.header = header
        lay.var = True
        seen = set()
        for d0, d1, hi, lo, fname, fmt in sec['fields']:
            if d0 == 0 and (lo >= 16 or (lo == 0 and 5 <= hi <= 15)):
                continue
            if fname.startswith('Reserved') or (fmt or '').startswith('MBZ') or len(fname) > 80 or \
                    (d0, hi, lo) in seen or hi > 63 or (hi > 31 and d1 == d0):
                continue
            seen.add((d0, hi, lo))
            kind = 'bool' if hi == lo and ((fmt or '') in ('Enable', 'Disable', 'Boolean') or
                                           re.search(r'(Enable|Disable|Flag)$', fname)) else \
                'addr' if 'Address' in fname and hi - lo >= 15 else 'hex' if hi - lo >= 15 else 'uint'
            lay.fields.append(Field(d0, hi, lo, kind, fname))
        lay.notes.append('seed 004 section (line %d, Source: %s): %d fields' %
                         (sec['line'], sec['source'], len(lay.fields)))
        lays.append(lay)
    return lays


# ---------------------------------------------------------------- output

def fmt_layout(lay):
    out = []
    if lay.is_cmd:
        out.append('command %s header=%#010x bias=%d lenbits=%d len=%d%s' %
                   (lay.name, lay.header, lay.bias, lay.lenbits, lay.length,
                    ' var' if lay.group or lay.var else ''))
    else:
        out.append('struct %s dwords=%d%s' % (lay.name, lay.length, ' var' if lay.group else ''))
    for note in lay.notes:
        out.append('# ' + note)
    seen = {}
    for f in sorted(lay.fields, key=lambda f: (f.dw, f.lo, f.hi)):
        nm = f.name.replace('"', "'")
        if nm in seen:
            seen[nm] += 1
            nm = '%s %d' % (nm, seen[nm])
        else:
            seen[nm] = 1
        out.append('field %d %d %d %s "%s"' % (f.dw, f.hi, f.lo, f.kind, nm))
        if f.kind == 'enum':
            for v, vn in f.values:
                out.append('value %d "%s"' % (v, vn.replace('"', "'")))
    if lay.group:
        out.append('group %s dw=%d size=%d' % lay.group)
    out.append('')
    return '\n'.join(out)


# The structures the 3D commands point to (dynamic state), beyond those a
# command contains.
POINTED_STRUCTS = ['BLEND_STATE', 'BLEND_STATE_ENTRY', 'CC_VIEWPORT', 'SF_CLIP_VIEWPORT', 'SCISSOR_RECT',
                   'COLOR_CALC_STATE', 'VERTEX_BUFFER_STATE', 'VERTEX_ELEMENT_STATE',
                   'SF_OUTPUT_ATTRIBUTE_DETAIL', 'SO_DECL', 'SO_DECL_ENTRY', '3DSTATE_CONSTANT_BODY',
                   'CLIP_VIEWPORT', 'SAMPLER_STATE', 'SAMPLER_BORDER_COLOR_STATE',
                   'RENDER_SURFACE_STATE', 'BINDING_TABLE_STATE', 'DEPTH_STENCIL_STATE',
                   'PALETTE_ENTRY', 'GATHER_CONSTANT_ENTRY', 'BINDING_TABLE_EDIT_ENTRY',
                   '3DSTATE_CONSTANT_ALL_DATA', '3DSTATE_SO_BUFFER_INDEX_BODY', 'CPS_STATE']
# Commands left out on purpose (not the render pipeline's state).
SKIP = {'3DSTATE_PTBR_MARKER', '3DSTATE_PTBR_TILE_PASS_INFO', '3DSTATE_PTBR_TILE_SELECT'}


def main():
    if len(sys.argv) == 4 and sys.argv[1] == '--video':
        seed_path, out_dir = sys.argv[2:]
        log = []
        for fname, source in (('gen12_vcs.txt', 'VideoCS'), ('gen12_vecs.txt', 'VideoEnhancementCS')):
            lays = video_layouts(seed_path, source, log)
            with open(os.path.join(out_dir, fname), 'w') as fp:
                fp.write('# gen12 commands of the %s: written by src/gen/extract_seed004.py --video\n' % source)
                fp.write('# from seed 004 alone (see src/gen/README.md).\n')
                fp.write('# Do not edit by hand: fix the script and rerun it.\n\n')
                fp.write('engine video\n\n')
                for lay in lays:
                    fp.write(fmt_layout(lay) + '\n')
        for line in log:
            sys.stderr.write(line + '\n')
        return 0
    if len(sys.argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    seed_path, gx_dir, out_dir = sys.argv[1:]
    seed = parse_seed(seed_path)
    log = []
    result = {}
    renames_all = {}
    for gen, fname in (('gen12', 'gen12.xml'), ('gen9', 'gen9.xml')):
        items = load_genxml(os.path.join(gx_dir, fname))
        names = sorted(k for k, v in items.items() if v.tag == 'instruction' and is_3d_instruction(v)
                       and k not in SKIP)
        structs_used = set(s for s in POINTED_STRUCTS if s in items)
        lays = []
        for nm in names:
            lay = layout_of(items, nm, structs_used)
            if gen == 'gen12' and nm in seed:
                renames_all.update({(nm, a): b for a, b in seed_overlay(lay, seed[nm], log).items()})
            lays.append(lay)
        if gen == 'gen12':
            for nm in sorted(seed):
                if nm not in items and nm not in SKIP:
                    log.append('%s: seed section without a genxml gen12 layout: not written' % nm)
        done = set()
        todo = sorted(structs_used)
        slays = []
        while todo:
            s = todo.pop(0)
            if s in done or s not in items:
                continue
            done.add(s)
            more = set()
            slays.append(layout_of(items, s, more))
            todo.extend(sorted(more - done))
        if gen == 'gen9':
            for lay in lays + slays:
                for f in lay.fields:
                    base = re.sub(r'(\[\d+\])+$', '', f.name)
                    if (lay.name, base) in renames_all:
                        f.name = renames_all[(lay.name, base)] + f.name[len(base):]
        result[gen] = (lays, sorted(slays, key=lambda l: l.name))
    for gen, (lays, slays) in result.items():
        with open(os.path.join(out_dir, '%s_3d.txt' % gen), 'w') as fp:
            fp.write('# %s 3D pipeline commands and state structures: written by\n' % gen)
            fp.write('# src/gen/extract_seed004.py (see src/gen/README.md for the sources and the review).\n')
            fp.write('# Do not edit by hand: fix the script (its overrides) and rerun it.\n\n')
            for lay in lays + slays:
                fp.write(fmt_layout(lay) + '\n')
    for line in log:
        sys.stderr.write(line + '\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
