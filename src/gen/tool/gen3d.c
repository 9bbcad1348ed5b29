/*
 * Build-time generator of the 3D command and state tables: reads the
 * per-generation layouts src/gen/gen12_3d.txt and src/gen/gen9_3d.txt, and
 * the video engines' commands src/gen/gen12_vcs.txt and gen12_vecs.txt (written by
 * src/gen/extract_seed004.py; format described there; a file with an
 * "engine video" line gives its commands the id GT_CMD_VIDEO) and
 * writes gt3d_gen.h (enum gt3d_id, the field slot IDs
 * GT3D_<NAME>__<FIELD>, GT3D_<NAME>__NF) and gt3d_gen.c (gt_field tables,
 * gt_cmd_desc rows per generation, gt3d_desc()).
 *
 *   gen3d OUT.h OUT.c gen12 FILE12 gen9 FILE9 gen12vcs FILEVCS gen12vecs FILEVECS
 *
 * A host tool, not part of the core.  Exits 1 with a message on a malformed
 * input line.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_GENS 4

typedef struct value {
    unsigned v;
    char *name;
} value;

typedef struct field {
    unsigned dw, hi, lo;
    char kind[8];
    char *name;
    char *ident; /* slot identifier (FIELD part of GT3D_<NAME>__<FIELD>) */
    value *vals;
    unsigned nvals;
} field;

typedef struct layout {
    char *name;
    int is_cmd, var;
    unsigned header, bias, lenbits, len;
    field *f;
    unsigned nf;
    char *group;
    unsigned group_dw, group_size;
} layout;

typedef struct gen {
    const char *name;
    const char *cmd_id; /* gt_cmd_desc.id of its commands: GT_CMD_3D, or GT_CMD_VIDEO
                         * after an "engine video" line */
    layout *l;
    unsigned nl;
} gen;

/* All names (commands then structures), with their slot identifiers. */
typedef struct item {
    char *name;
    int is_cmd;
    char **slots;
    unsigned nslots;
} item;

static gen gens[MAX_GENS];
static unsigned ngens;
static item *items;
static unsigned nitems;

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "gen3d: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(1);
}

static void *grow(void *p, unsigned n, size_t size)
{
    p = realloc(p, (n + 1) * size);
    if (!p)
        die("out of memory");
    memset((char *)p + n * size, 0, size);
    return p;
}

static char *dup(const char *s)
{
    char *d = strdup(s);
    if (!d)
        die("out of memory");
    return d;
}

/* The field name's slot identifier: upper case, every run of other than
 * letters and digits one '_', no leading or trailing '_'. */
static char *ident_of(const char *name)
{
    char *s = malloc(strlen(name) + 1);
    if (!s)
        die("out of memory");
    size_t n = 0;
    int sep = 0;
    for (const char *p = name; *p; p++) {
        if (isalnum((unsigned char)*p)) {
            if (sep && n)
                s[n++] = '_';
            sep = 0;
            s[n++] = (char)toupper((unsigned char)*p);
        } else {
            sep = 1;
        }
    }
    s[n] = 0;
    return s;
}

/* The quoted string of line l (after the first '"'), unquoted. */
static char *quoted(const char *l, const char *file, unsigned line)
{
    const char *a = strchr(l, '"');
    const char *b = a ? strrchr(l, '"') : NULL;
    if (!a || b == a)
        die("%s:%u: missing quoted name", file, line);
    char *s = malloc((size_t)(b - a));
    if (!s)
        die("out of memory");
    memcpy(s, a + 1, (size_t)(b - a - 1));
    s[b - a - 1] = 0;
    return s;
}

static unsigned attr(const char *l, const char *key, int required, const char *file, unsigned line)
{
    const char *p = strstr(l, key);
    if (!p) {
        if (required)
            die("%s:%u: no %s", file, line, key);
        return 0;
    }
    return (unsigned)strtoul(p + strlen(key), NULL, 0);
}

static void read_gen(gen *g, const char *file)
{
    FILE *fp = fopen(file, "r");
    if (!fp)
        die("cannot open %s", file);
    char buf[4096];
    unsigned line = 0;
    layout *cur = NULL;
    while (fgets(buf, sizeof buf, fp)) {
        line++;
        buf[strcspn(buf, "\n")] = 0;
        if (!buf[0] || buf[0] == '#')
            continue;
        char word[32], name[256];
        if (sscanf(buf, "%31s", word) != 1)
            continue;
        if (!strcmp(word, "engine")) {
            if (sscanf(buf, "%*s %255s", name) != 1 || strcmp(name, "video"))
                die("%s:%u: unknown engine (only \"engine video\")", file, line);
            g->cmd_id = "GT_CMD_VIDEO";
        } else if (!strcmp(word, "command") || !strcmp(word, "struct")) {
            if (sscanf(buf, "%*s %255s", name) != 1)
                die("%s:%u: no name", file, line);
            g->l = grow(g->l, g->nl, sizeof *g->l);
            cur = &g->l[g->nl++];
            cur->name = dup(name);
            cur->is_cmd = word[0] == 'c';
            cur->var = strstr(buf, " var") != NULL;
            if (cur->is_cmd) {
                cur->header = attr(buf, "header=", 1, file, line);
                cur->bias = attr(buf, "bias=", 1, file, line);
                cur->lenbits = attr(buf, "lenbits=", 1, file, line);
                cur->len = attr(buf, "len=", 1, file, line);
            } else {
                cur->len = attr(buf, "dwords=", 1, file, line);
            }
        } else if (!strcmp(word, "field")) {
            if (!cur)
                die("%s:%u: field outside a layout", file, line);
            field f = {0};
            if (sscanf(buf, "field %u %u %u %7s", &f.dw, &f.hi, &f.lo, f.kind) != 4)
                die("%s:%u: bad field line", file, line);
            if (f.lo > 31 || f.hi < f.lo || f.hi > 63 || f.hi - f.lo > 63 || f.dw > 255)
                die("%s:%u: bad bit range", file, line);
            f.name = quoted(buf, file, line);
            f.ident = ident_of(f.name);
            cur->f = grow(cur->f, cur->nf, sizeof *cur->f);
            cur->f[cur->nf++] = f;
        } else if (!strcmp(word, "value")) {
            if (!cur || !cur->nf)
                die("%s:%u: value without a field", file, line);
            field *f = &cur->f[cur->nf - 1];
            f->vals = grow(f->vals, f->nvals, sizeof *f->vals);
            f->vals[f->nvals].v = attr(buf, "value ", 1, file, line);
            f->vals[f->nvals++].name = quoted(buf, file, line);
        } else if (!strcmp(word, "group")) {
            if (!cur || sscanf(buf, "group %255s", name) != 1)
                die("%s:%u: bad group line", file, line);
            cur->group = dup(name);
            cur->group_dw = attr(buf, "dw=", 1, file, line);
            cur->group_size = attr(buf, "size=", 1, file, line);
        } else {
            die("%s:%u: unknown line '%s'", file, line, word);
        }
    }
    fclose(fp);
}

static item *find_item(const char *name)
{
    for (unsigned i = 0; i < nitems; i++)
        if (!strcmp(items[i].name, name))
            return &items[i];
    return NULL;
}

static unsigned slot_of(item *it, const char *ident)
{
    for (unsigned i = 0; i < it->nslots; i++)
        if (!strcmp(it->slots[i], ident))
            return i;
    it->slots = grow(it->slots, it->nslots, sizeof *it->slots);
    it->slots[it->nslots] = dup(ident);
    return it->nslots++;
}

static int by_name(const void *a, const void *b)
{
    const item *x = a, *y = b;
    if (x->is_cmd != y->is_cmd)
        return y->is_cmd - x->is_cmd;
    return strcmp(x->name, y->name);
}

/* Make identifiers unique inside each layout (a second field whose name
 * gives the same identifier gets _2, _3 ...). */
static void unique_idents(layout *l)
{
    for (unsigned i = 0; i < l->nf; i++) {
        unsigned n = 1;
        for (unsigned j = 0; j < i; j++)
            if (!strcmp(l->f[j].ident, l->f[i].ident))
                n++;
        if (n > 1) {
            char *s = malloc(strlen(l->f[i].ident) + 12);
            if (!s)
                die("out of memory");
            sprintf(s, "%s_%u", l->f[i].ident, n);
            free(l->f[i].ident);
            l->f[i].ident = s;
        }
    }
}

static const char *kind_enum(const char *k)
{
    static const struct { const char *k, *e; } m[] = {
        {"uint", "GT_F_UINT"}, {"hex", "GT_F_HEX"}, {"bool", "GT_F_BOOL"}, {"addr", "GT_F_ADDR"},
        {"enum", "GT_F_ENUM"}, {"sint", "GT_F_SINT"}, {"float", "GT_F_FLOAT"},
    };
    for (unsigned i = 0; i < sizeof m / sizeof m[0]; i++)
        if (!strcmp(m[i].k, k))
            return m[i].e;
    die("unknown field kind '%s'", k);
    return NULL;
}

static void cstr(FILE *o, const char *s)
{
    fputc('"', o);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', o);
        fputc(*s, o);
    }
    fputc('"', o);
}

static layout *find_layout(gen *g, const char *name)
{
    for (unsigned i = 0; i < g->nl; i++)
        if (!strcmp(g->l[i].name, name))
            return &g->l[i];
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 5 || (argc - 3) % 2 || (argc - 3) / 2 > MAX_GENS)
        die("usage: gen3d OUT.h OUT.c GEN FILE [GEN FILE ...]");
    for (int a = 3; a < argc; a += 2) {
        gens[ngens].name = argv[a];
        read_gen(&gens[ngens], argv[a + 1]);
        ngens++;
    }
    /* items: the union of all generations' names; slots: first generation's
     * fields first, then the others' additions */
    for (unsigned g = 0; g < ngens; g++)
        for (unsigned i = 0; i < gens[g].nl; i++) {
            layout *l = &gens[g].l[i];
            unique_idents(l);
            if (!find_item(l->name)) {
                items = grow(items, nitems, sizeof *items);
                items[nitems].name = dup(l->name);
                items[nitems++].is_cmd = l->is_cmd;
            }
        }
    qsort(items, nitems, sizeof *items, by_name);
    for (unsigned g = 0; g < ngens; g++)
        for (unsigned i = 0; i < gens[g].nl; i++) {
            layout *l = &gens[g].l[i];
            item *it = find_item(l->name);
            for (unsigned j = 0; j < l->nf; j++)
                slot_of(it, l->f[j].ident);
        }

    FILE *h = fopen(argv[1], "w");
    if (!h)
        die("cannot write %s", argv[1]);
    fprintf(h, "/* Generated by src/gen/tool/gen3d.c from src/gen/gen*_3d.txt: do not edit. */\n"
               "#ifndef GT3D_GEN_H\n#define GT3D_GEN_H\n\n#include \"cs/cmds.h\"\n\n"
               "/* The 3D commands and state structures of every generation (seed 004 names). */\n"
               "enum gt3d_id {\n");
    for (unsigned i = 0; i < nitems; i++)
        fprintf(h, "    GT3D_%s,\n", items[i].name);
    fprintf(h, "    GT3D_COUNT\n};\n\n/* Field slots (gt_field.id) of each command and structure: the slot of\n"
               " * a field a generation's layout lacks reads as 0 after gt_fields_unpack. */\n");
    unsigned maxslots = 0;
    for (unsigned i = 0; i < nitems; i++) {
        fprintf(h, "enum {\n");
        for (unsigned s = 0; s < items[i].nslots; s++)
            fprintf(h, "    GT3D_%s__%s,\n", items[i].name, items[i].slots[s]);
        fprintf(h, "    GT3D_%s__NF\n};\n", items[i].name);
        if (items[i].nslots > maxslots)
            maxslots = items[i].nslots;
    }
    fprintf(h, "\n/* Most slots of any 3D command or structure (size of an unpack array). */\n"
               "#define GT3D_MAX_SLOTS %u\n\n", maxslots);
    fprintf(h, "/* Names of the generations' tables (gt_cmd_set.cmds3d / desc3d). */\n");
    for (unsigned g = 0; g < ngens; g++) {
        unsigned n = 0;
        for (unsigned i = 0; i < gens[g].nl; i++)
            n += gens[g].l[i].is_cmd;
        char up[64];
        snprintf(up, sizeof up, "%s", gens[g].name);
        for (char *p = up; *p; p++)
            *p = (char)toupper((unsigned char)*p);
        fprintf(h, "/* %s: the commands (gt3d_%s_cmds[0, GT3D_%s_NCMDS): commands, then the structures */\n"
                   "#define GT3D_%s_NCMDS %uu\n"
                   "extern const gt_cmd_desc gt3d_%s_cmds[];\nextern const unsigned gt3d_%s_ncmds;\n"
                   "extern const gt_cmd_desc *const gt3d_%s_by_id[GT3D_COUNT];\n",
                gens[g].name, gens[g].name, up, up, n, gens[g].name, gens[g].name, gens[g].name);
    }
    fprintf(h, "\n/* The layout of command or structure id in command set s (its\n"
               " * generation), NULL when that generation lacks it or s is NULL. */\n"
               "const gt_cmd_desc *gt3d_desc(const struct gt_cmd_set *s, enum gt3d_id id);\n\n"
               "/* Name of id (\"3DSTATE_VS\"), NULL if out of range. */\n"
               "const char *gt3d_name(enum gt3d_id id);\n\n#endif\n");
    fclose(h);

    FILE *c = fopen(argv[2], "w");
    if (!c)
        die("cannot write %s", argv[2]);
    fprintf(c, "/* Generated by src/gen/tool/gen3d.c from src/gen/gen*_3d.txt: do not edit. */\n"
               "#include <stddef.h>\n\n#include \"gt3d_gen.h\"\n\n");
    for (unsigned g = 0; g < ngens; g++) {
        gen *G = &gens[g];
        for (unsigned i = 0; i < G->nl; i++) {
            layout *l = &G->l[i];
            for (unsigned j = 0; j < l->nf; j++) {
                if (!l->f[j].nvals)
                    continue;
                fprintf(c, "static const gt_field_value v_%s_%u_%u[] = {", G->name, i, j);
                for (unsigned k = 0; k < l->f[j].nvals; k++) {
                    fprintf(c, "{%u, ", l->f[j].vals[k].v);
                    cstr(c, l->f[j].vals[k].name);
                    fprintf(c, "}, ");
                }
                fprintf(c, "{0, NULL}};\n");
            }
            if (!l->nf)
                continue;
            fprintf(c, "static const gt_field f_%s_%u[] = { /* %s */\n", G->name, i, l->name);
            for (unsigned j = 0; j < l->nf; j++) {
                field *f = &l->f[j];
                fprintf(c, "    {");
                cstr(c, f->name);
                fprintf(c, ", %u, %u, %u, %s, ", f->dw, f->hi, f->lo, kind_enum(f->kind));
                if (f->nvals)
                    fprintf(c, "v_%s_%u_%u", G->name, i, j);
                else
                    fprintf(c, "NULL");
                fprintf(c, ", GT3D_%s__%s},\n", l->name, f->ident);
            }
            fprintf(c, "};\n");
        }
        /* commands first (the lookup list), then the structures */
        unsigned ncmds = 0;
        fprintf(c, "\nconst gt_cmd_desc gt3d_%s_cmds[] = {\n", G->name);
        for (int pass = 0; pass < 2; pass++)
            for (unsigned i = 0; i < G->nl; i++) {
                layout *l = &G->l[i];
                if (l->is_cmd != (pass == 0))
                    continue;
                ncmds += pass == 0;
                unsigned min = l->var ? (l->group_dw ? l->group_dw : 1) : (l->len ? l->len : 1);
                /* a fixed command may carry optional DWords past its
                 * default length (3DPRIMITIVE's Extended Parameters) */
                unsigned max = min;
                for (unsigned j = 0; j < l->nf; j++) {
                    unsigned end = l->f[j].dw + (l->f[j].hi > 31 ? 2u : 1u);
                    if (end > max)
                        max = end;
                }
                if (l->var)
                    max = 0;
                if (max > 255)
                    max = 0;
                if (min > 255)
                    die("%s: %s longer than 255 DWords", G->name, l->name);
                fprintf(c, "    {.name = \"%s\", ", l->name);
                if (l->is_cmd)
                    fprintf(c, ".mask = 0xffff0000u, .match = 0x%08xu, .id = %s, .len_bits = %u, ",
                            l->header, G->cmd_id ? G->cmd_id : "GT_CMD_3D", l->lenbits);
                else
                    fprintf(c, ".id = GT_CMD_SKIP, ");
                fprintf(c, ".min_len = %u, .max_len = %u, ", min, max);
                if (l->nf)
                    fprintf(c, ".fields = f_%s_%u, .nfields = %u, ", G->name, i, l->nf);
                if (l->group) {
                    layout *s = find_layout(G, l->group);
                    if (!s)
                        die("%s: %s: group structure %s missing", G->name, l->name, l->group);
                    if (s->nf)
                        fprintf(c, ".group = f_%s_%u, .ngroup = %u, ", G->name, (unsigned)(s - G->l), s->nf);
                    fprintf(c, ".group_dw = %u, .group_size = %u, ", l->group_dw, l->group_size);
                }
                fprintf(c, ".sub = GT3D_%s},\n", l->name);
            }
        fprintf(c, "};\nconst unsigned gt3d_%s_ncmds = %u;\n\n", G->name, ncmds);
        fprintf(c, "const gt_cmd_desc *const gt3d_%s_by_id[GT3D_COUNT] = {\n", G->name);
        unsigned k = 0;
        for (int pass = 0; pass < 2; pass++)
            for (unsigned i = 0; i < G->nl; i++)
                if (G->l[i].is_cmd == (pass == 0))
                    fprintf(c, "    [GT3D_%s] = &gt3d_%s_cmds[%u],\n", G->l[i].name, G->name, k++);
        fprintf(c, "};\n\n");
    }
    fprintf(c, "static const char *const names[GT3D_COUNT] = {\n");
    for (unsigned i = 0; i < nitems; i++)
        fprintf(c, "    \"%s\",\n", items[i].name);
    fprintf(c, "};\n\nconst char *gt3d_name(enum gt3d_id id)\n{\n"
               "    return (unsigned)id < GT3D_COUNT ? names[id] : NULL;\n}\n\n"
               "const gt_cmd_desc *gt3d_desc(const struct gt_cmd_set *s, enum gt3d_id id)\n{\n"
               "    if (!s || !s->desc3d || (unsigned)id >= GT3D_COUNT)\n        return NULL;\n"
               "    return s->desc3d[id];\n}\n");
    fclose(c);
    return 0;
}
