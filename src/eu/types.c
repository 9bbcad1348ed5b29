/*
 * Element types: sizes and IGA spellings (seed 001 §2.2 numeric data types;
 * packed immediates V/UV/VF seed 001 §2.2.3).
 */
#include "eu/eu.h"

static const struct {
    uint8_t size;
    const char *name;
} gt_types[GT_TYPE_COUNT] = {
    [GT_TYPE_UD] = {4, "ud"}, [GT_TYPE_D] = {4, "d"},   [GT_TYPE_UW] = {2, "uw"},
    [GT_TYPE_W] = {2, "w"},   [GT_TYPE_UB] = {1, "ub"}, [GT_TYPE_B] = {1, "b"},
    [GT_TYPE_DF] = {8, "df"}, [GT_TYPE_F] = {4, "f"},   [GT_TYPE_UQ] = {8, "uq"},
    [GT_TYPE_Q] = {8, "q"},   [GT_TYPE_HF] = {2, "hf"}, [GT_TYPE_V] = {2, "v"},
    [GT_TYPE_UV] = {2, "uv"}, [GT_TYPE_VF] = {4, "vf"}, [GT_TYPE_INVALID] = {0, "???"},
};

int gt_type_size(int type)
{
    if (type < 0 || type >= GT_TYPE_COUNT)
        return 0;
    return gt_types[type].size;
}

const char *gt_type_name(int type)
{
    if (type < 0 || type >= GT_TYPE_COUNT)
        return "???";
    return gt_types[type].name;
}
