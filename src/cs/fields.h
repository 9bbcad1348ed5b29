/*
 * Field tables: one description of a command or state structure, from which
 * both unpacking (values for the handlers) and the human-readable decode
 * (command trace, error reports) are derived.
 *
 * A field is a bit range of the DWord array of a command or structure,
 * written as in the command pages of seed 004: DWord number and bit range
 * hi:lo inside that DWord.  hi may exceed 31 for fields that continue into
 * the next DWord (64-bit addresses: "DWord 1..2 bits 47:2" is dw 1, hi 47,
 * lo 2).  At most 64 bits.
 */
#ifndef GT_CS_FIELDS_H
#define GT_CS_FIELDS_H

#include <stddef.h>
#include <stdint.h>

enum gt_field_kind {
    GT_F_UINT,  /* unsigned integer, printed in decimal */
    GT_F_HEX,   /* unsigned integer, printed in hex */
    GT_F_BOOL,  /* one bit, printed only when set */
    GT_F_ADDR,  /* address or offset: the bits stay in place (value = DWords
                 * masked to hi:lo, not shifted), printed in hex */
    GT_F_ENUM,  /* value with names (gt_field.names) */
    GT_F_SINT,  /* two's complement integer */
    GT_F_FLOAT, /* IEEE-754 single precision (32 bits), printed with %g */
};

/* A named value of an enumerated field. */
typedef struct gt_field_value {
    uint32_t value;
    const char *name;
} gt_field_value;

typedef struct gt_field {
    const char *name;
    uint8_t dw;   /* DWord holding bit lo */
    uint8_t hi;   /* highest bit, counted from bit 0 of DWord dw (0..63) */
    uint8_t lo;   /* lowest bit (0..31) */
    uint8_t kind; /* enum gt_field_kind */
    const gt_field_value *names; /* GT_F_ENUM: terminated by name == NULL */
    uint16_t id;  /* slot of the unpacked value (gt_fields_unpack): the field's
                   * meaning, shared by every generation's layout of a command */
} gt_field;

/* Value of field f from the DWords dw[0..ndw).  Bits beyond ndw read as 0. */
uint64_t gt_field_get(const gt_field *f, const uint32_t *dw, unsigned ndw);

/* Unpack all nf fields: out[f[i].id] = value of f[i].  Slots no field
 * names are left as they are (callers zero out first), so a generation
 * whose layout lacks a field reads it as 0. */
void gt_fields_unpack(const gt_field *f, unsigned nf, const uint32_t *dw, unsigned ndw, uint64_t *out);

/* Append " Name=value" for each field to buf (NUL-terminated, truncated at
 * len).  Booleans print only when set; zero-valued fields are kept.
 * Returns the new string length. */
size_t gt_fields_format(const gt_field *f, unsigned nf, const uint32_t *dw, unsigned ndw,
                        char *buf, size_t len, size_t pos);

/* Inverse of gt_fields_unpack: write vals[f[i].id] into the bits of each of
 * the nf fields of dw[0..ndw) (other bits are kept; callers zero dw first).
 * GT_F_ADDR values are in place (as gt_field_get returns them), the others
 * right-aligned.  Returns 0, or -1 (nothing more written) when a field lies
 * beyond ndw DWords or its value does not fit its width (a negative
 * GT_F_SINT value fits when it sign-extends from the field). */
int gt_fields_pack(const gt_field *f, unsigned nf, const uint64_t *vals, uint32_t *dw, unsigned ndw);

/* Name of value v of an enumerated field, NULL if it has none. */
const char *gt_field_value_name(const gt_field *f, uint64_t v);

#endif
