/*
 * The fixed-function geometry back end of the 3D pipeline: clipping (CLIP),
 * strips-and-fans setup, viewport transform and snapping (SF), and
 * rasterization into 2x2 pixel quads for pixel shader dispatch (WM).
 *
 * It does not decode commands: the pipeline (pipe3d.c) fills gt_geom_state
 * from the decoded 3DSTATE_CLIP, 3DSTATE_SF, 3DSTATE_RASTER, SF_CLIP_VIEWPORT,
 * SCISSOR_RECT, 3DSTATE_DRAWING_RECTANGLE, 3DSTATE_MULTISAMPLE,
 * 3DSTATE_SAMPLE_PATTERN, 3DSTATE_POLY_STIPPLE_*, 3DSTATE_LINE_STIPPLE and
 * 3DSTATE_WM, and calls gt_raster_draw() once per point, line or triangle
 * (strips, fans, quads and adjacency already expanded).  The body layouts of
 * those commands (3DSTATE_CLIP_BODY, 3DSTATE_SF_BODY, ...) are not in seed 004;
 * the field names and encodings below are those of Mesa's genxml gen9.xml and
 * gen12.xml (public facts), which match the seed's command pages where the
 * seed lists a field.
 *
 * Coordinate spaces: clip space (VUE position x,y,z,w); NDC (x/w ...);
 * window space (after the SF_CLIP_VIEWPORT transform: pixels, y down, z is
 * the depth value); screen space = window space + Drawing Rectangle Origin
 * (render-target pixels).  Scissor rectangle and polygon stipple use window
 * space; the clipped drawing rectangle and the quads handed out use screen
 * space.  Fixed point: snapped vertex coordinates are integers in 1/256 pixel
 * (GT_SUBPIX units) whatever the precision select (4-bit precision snaps to
 * multiples of 16 units).
 */
#ifndef GT_PIPE3D_RASTER_H
#define GT_PIPE3D_RASTER_H

#include <stdbool.h>
#include <stdint.h>

#define GT_SUBPIX_BITS 8
#define GT_SUBPIX (1 << GT_SUBPIX_BITS)
#define GT_VUE_MAX_SLOTS 40  /* float[4] slots per VUE the module handles */
#define GT_CLIP_MAX_NEW 48   /* vertices the clipper may create for one primitive */
#define GT_CLIP_MAX_POLY 24  /* vertices of a clipped polygon (3 + one per plane) */
#define GT_MAX_SAMPLES 16

/* A vertex: its VUE as an array of float[4] slots (gt_vue_layout.slot_count). */
typedef const float (*gt_vue)[4];

/* Where things are in a VUE (the URB entry the last geometry stage wrote). */
typedef struct gt_vue_layout {
    unsigned slot_count;        /* 128-bit slots per vertex, <= GT_VUE_MAX_SLOTS */
    unsigned position_slot;     /* slot of clip-space x,y,z,w (Gen VUE: slot 1) */
    int clip_distance_slot[2];  /* slots of clip distances 0-3 and 4-7, -1 if absent */
    int point_width_slot;       /* slot whose .w is Point Width (VUE header DW3: slot 0), -1 none */
} gt_vue_layout;

/* Enumerations (values as in the commands). */
enum { GT_CLIPMODE_NORMAL = 0, GT_CLIPMODE_REJECT_ALL = 3, GT_CLIPMODE_ACCEPT_ALL = 4 };
enum { GT_APIMODE_OGL = 0, GT_APIMODE_D3D = 1 };
enum { GT_FILL_MODE_SOLID = 0, GT_FILL_MODE_WIREFRAME = 1, GT_FILL_MODE_POINT = 2 };
enum { GT_CULLMODE_BOTH = 0, GT_CULLMODE_NONE = 1, GT_CULLMODE_FRONT = 2, GT_CULLMODE_BACK = 3 };
enum { GT_WINDING_CW = 0, GT_WINDING_CCW = 1 };
enum { GT_PIXLOC_CENTER = 0, GT_PIXLOC_UL_CORNER = 1 };
enum { GT_RASTRULE_UPPER_LEFT = 0, GT_RASTRULE_UPPER_RIGHT = 1 };
/* 3DSTATE_WM Barycentric Interpolation Mode bits (and gt_raster_quad.bary index). */
enum {
    GT_BIM_PERSPECTIVE_PIXEL, GT_BIM_PERSPECTIVE_CENTROID, GT_BIM_PERSPECTIVE_SAMPLE,
    GT_BIM_LINEAR_PIXEL, GT_BIM_LINEAR_CENTROID, GT_BIM_LINEAR_SAMPLE, GT_BIM_COUNT
};

/* The decoded state the back end needs; each member names its command field. */
typedef struct gt_geom_state {
    struct {                                  /* 3DSTATE_CLIP */
        bool clip_enable;                     /* Clip Enable (0: pass-through, no clip tests) */
        unsigned clip_mode;                   /* Clip Mode: GT_CLIPMODE_* */
        unsigned api_mode;                    /* API Mode: GT_APIMODE_OGL (z in -w..w), _D3D (0..w) */
        bool viewport_xy_clip_test_enable;    /* Viewport XY Clip Test Enable */
        bool guardband_clip_test_enable;      /* Guardband Clip Test Enable */
        uint8_t user_clip_distance_clip_test_enable_bitmask; /* User Clip Distance Clip Test Enable Bitmask */
        uint8_t user_clip_distance_cull_test_enable_bitmask; /* User Clip Distance Cull Test Enable Bitmask */
        bool perspective_divide_disable;      /* Perspective Divide Disable (w taken as 1) */
        float minimum_point_width;            /* Minimum Point Width (u8.3 decoded), vertex widths */
        float maximum_point_width;            /* Maximum Point Width */
    } clip;
    struct {                                  /* 3DSTATE_SF */
        bool viewport_transform_enable;       /* Viewport Transform Enable */
        float line_width;                     /* Line Width (u11.7 decoded, pixels; 0 = thinnest) */
        float point_width;                    /* Point Width (u8.3 decoded) */
        unsigned point_width_source;          /* Point Width Source: 0 Vertex (VUE header), 1 State */
        unsigned vertex_sub_pixel_precision_select; /* 0: 8 fractional bits, 1: 4 bits */
        bool last_pixel_enable;               /* Last Pixel Enable */
    } sf;
    struct {                                  /* 3DSTATE_RASTER */
        bool viewport_z_near_clip_test_enable; /* Viewport Z Near Clip Test Enable */
        bool viewport_z_far_clip_test_enable;  /* Viewport Z Far Clip Test Enable */
        bool scissor_rectangle_enable;        /* Scissor Rectangle Enable */
        unsigned front_face_fill_mode;        /* Front Face Fill Mode: GT_FILL_MODE_* */
        unsigned back_face_fill_mode;         /* Back Face Fill Mode */
        bool global_depth_offset_enable_solid;     /* Global Depth Offset Enable Solid */
        bool global_depth_offset_enable_wireframe; /* ... Wireframe */
        bool global_depth_offset_enable_point;     /* ... Point */
        bool dx_multisample_rasterization_enable;  /* DX Multisample Rasterization Enable */
        unsigned cull_mode;                   /* Cull Mode: GT_CULLMODE_* */
        unsigned front_winding;               /* Front Winding: GT_WINDING_CW / _CCW (on screen, y down) */
        float global_depth_offset_constant;   /* Global Depth Offset Constant */
        float global_depth_offset_scale;      /* Global Depth Offset Scale */
        float global_depth_offset_clamp;      /* Global Depth Offset Clamp (0: none) */
    } raster;
    struct {                                  /* SF_CLIP_VIEWPORT */
        float m00, m11, m22, m30, m31, m32;   /* Viewport Matrix Element mXY */
        float x_min_clip_guardband, x_max_clip_guardband; /* X/Y Min/Max Clip Guardband (NDC) */
        float y_min_clip_guardband, y_max_clip_guardband;
    } viewport;
    struct {                                  /* SCISSOR_RECT (inclusive, window space) */
        uint16_t x_min, y_min, x_max, y_max;  /* Scissor Rectangle X Min ... */
    } scissor;
    struct {                                  /* 3DSTATE_DRAWING_RECTANGLE (inclusive, screen space) */
        uint16_t clipped_x_min, clipped_y_min;   /* Clipped Drawing Rectangle X/Y Min */
        uint16_t clipped_x_max, clipped_y_max;   /* Clipped Drawing Rectangle X/Y Max */
        int16_t origin_x, origin_y;              /* Drawing Rectangle Origin X/Y */
    } drawing_rectangle;
    struct {                                  /* 3DSTATE_MULTISAMPLE + 3DSTATE_SAMPLE_PATTERN */
        unsigned number_of_multisamples;      /* Number of Multisamples: log2 of the count (0..4) */
        unsigned pixel_location;              /* Pixel Location: GT_PIXLOC_CENTER / _UL_CORNER */
        /* Sample k X/Y Offset of the pattern for this count, U0.4 (sixteenths of a pixel
         * from the UL corner); all zero means the standard pattern (gt_standard_sample_pattern) */
        uint8_t sample_x_offset[GT_MAX_SAMPLES], sample_y_offset[GT_MAX_SAMPLES];
    } multisample;
    struct {                                  /* 3DSTATE_POLY_STIPPLE_PATTERN / _OFFSET */
        uint32_t pattern_row[32];             /* Pattern Row 0..31 (bit 31 = leftmost column) */
        unsigned x_offset, y_offset;          /* Polygon Stipple X/Y Offset (0..31) */
    } poly_stipple;
    struct {                                  /* 3DSTATE_LINE_STIPPLE */
        uint16_t line_stipple_pattern;        /* Line Stipple Pattern (bit 0 first) */
        unsigned line_stipple_repeat_count;   /* Line Stipple Repeat Count (1..256) */
    } line_stipple;
    struct {                                  /* 3DSTATE_WM */
        bool line_stipple_enable;             /* Line Stipple Enable */
        bool polygon_stipple_enable;          /* Polygon Stipple Enable */
        unsigned barycentric_interpolation_mode; /* Barycentric Interpolation Mode: bit GT_BIM_* */
        unsigned point_rasterization_rule;    /* Point Rasterization Rule: GT_RASTRULE_* */
    } wm;
    /* Depth buffer format resolution for the depth offset constant: the UNORM depth
     * bits (16, 24), or 0 for D32_FLOAT (r = 2^(exponent of max |z| - 23)). */
    unsigned depth_unorm_bits;
} gt_geom_state;

/* Primitive kinds handed to gt_raster_draw and of setup primitives. */
enum { GT_PRIM_POINT = 1, GT_PRIM_LINE = 2, GT_PRIM_TRIANGLE = 3 };

/* One setup primitive (what the SF hands to the WM), passed to both callbacks.
 * vue[0..2] are its vertices 0,1,2: for a triangle three VUEs (input or
 * clipper-made), for a line vue[0] start, vue[1] end, vue[2] = vue[0]; for a
 * point vue[0..2] all the point's VUE.  A pixel's attribute is
 * a0 + b1*(a1-a0) + b2*(a2-a0) with gt_raster_quad barycentrics; lines have
 * b2 = 0 and b1 the position along the line (projection onto it), points
 * b1 = b2 = 0.  provoking is the VUE flat-shaded attributes come from. */
typedef struct gt_raster_prim {
    unsigned kind;               /* GT_PRIM_*: what is rasterized (after polygon fill mode) */
    unsigned source_kind;        /* kind given to gt_raster_draw */
    bool front_facing;           /* triangles (and their wireframe/point forms); true otherwise */
    gt_vue vue[3];
    gt_vue provoking;
    float x[3], y[3];            /* screen-space snapped positions, pixels */
    float z[3];                  /* window z (without depth offset) */
    float inv_w[3];              /* 1/w_clip per vertex (1 when perspective divide disabled) */
    float depth_offset;          /* added to every interpolated z */
    float point_width;           /* points: width in pixels */
} gt_raster_prim;

/* One 2x2 quad ("subspan"); pixel i is (x + (i&1), y + (i>>1)).  Only pixels in
 * pixel_mask carry meaningful values. */
typedef struct gt_raster_quad {
    int x, y;                    /* screen space, both even */
    unsigned pixel_mask;         /* lit pixels, bit i = pixel i */
    uint16_t coverage[4];        /* per pixel: bit per sample (1 bit when single-sampled) */
    float bary[GT_BIM_COUNT][4][2]; /* b1, b2 per mode (only modes in barycentric_interpolation_mode) */
    float z[4];                  /* source depth at the pixel position (offset applied) */
    float w[4];                  /* "Source W": perspective-correct clip w (1/interpolated 1/w) */
    float inv_w[4];              /* interpolated 1/w */
    float point_coord[4][2];     /* points: (s,t) in [0,1], origin at the upper left */
    unsigned num_samples;        /* samples per pixel (1 when single-sampled) */
    float sample_z[4][GT_MAX_SAMPLES];   /* depth at each sample position (num_samples > 1) */
    /* b1, b2 at each sample position, perspective [0] and linear [1]; only when a
     * _SAMPLE mode is enabled */
    float sample_bary[2][4][GT_MAX_SAMPLES][2];
} gt_raster_quad;

/* Callbacks; a non-zero return stops the primitive and is returned by gt_raster_draw. */
typedef int (*gt_raster_prim_fn)(void *user, const gt_raster_prim *prim);
typedef int (*gt_raster_quad_fn)(void *user, const gt_raster_prim *prim, const gt_raster_quad *q);

/* Counters (tests, statistics). */
typedef struct gt_raster_stats {
    uint64_t clip_invocations, clip_primitives; /* primitives entering / leaving the clipper */
    uint64_t culled, dropped_bad;               /* culled triangles; dropped NaN/w=0 primitives */
    uint64_t setup_prims, quads;
} gt_raster_stats;

/* The back end's context: the caller owns it (it is large: clip storage
 * inside), sets st, vl, the callbacks and user, then calls gt_raster_begin. */
typedef struct gt_raster_ctx {
    const gt_geom_state *st;
    const gt_vue_layout *vl;
    gt_raster_prim_fn prim_fn;    /* may be NULL */
    gt_raster_quad_fn quad_fn;    /* may be NULL */
    void *user;
    gt_raster_stats stats;
    /* line stipple position (3DSTATE_LINE_STIPPLE Current Stipple Index /
     * Current Repeat Counter): reset by gt_raster_reset_line_stipple */
    unsigned stipple_index, stipple_counter;
    /* derived per-state data (gt_raster_begin) */
    int sample_x[GT_MAX_SAMPLES], sample_y[GT_MAX_SAMPLES]; /* GT_SUBPIX units from pixel UL */
    unsigned num_samples;
    bool ms_raster;
    /* vertices made by the clipper */
    unsigned clip_used;
    float clip_store[GT_CLIP_MAX_NEW][GT_VUE_MAX_SLOTS][4];
} gt_raster_ctx;

/* Standard sample positions for 2^log2n samples (log2n 0..4) in U0.4 (sixteenths
 * of a pixel from the pixel's upper-left corner), as Mesa's
 * gen_sample_positions.h programs 3DSTATE_SAMPLE_PATTERN.  Returns the count. */
unsigned gt_standard_sample_pattern(unsigned log2n, uint8_t x[GT_MAX_SAMPLES], uint8_t y[GT_MAX_SAMPLES]);

/* Derive per-state data; call after changing *st or *vl.  Returns GTSIM_OK or
 * GTSIM_ERR_INVALID (slot layout out of range, bad sample count). */
int gt_raster_begin(gt_raster_ctx *c);

/* Reset the line stipple position (index 0, repeat counter 1). */
void gt_raster_reset_line_stipple(gt_raster_ctx *c);

/* Clip, set up and rasterize one primitive: kind GT_PRIM_POINT (v[0]),
 * GT_PRIM_LINE (v[0], v[1]) or GT_PRIM_TRIANGLE (v[0..2]); provoking is the index
 * (0..kind-1) of the provoking vertex; edge_flags (triangles, may be NULL = all
 * edges) bit i marks edge v[i]->v[i+1] as drawn in wireframe/point fill modes.
 * Calls prim_fn per setup primitive and quad_fn per quad with a lit pixel, in
 * raster order.  Returns GTSIM_OK, a callback's non-zero value, or
 * GTSIM_ERR_INVALID (bad kind/index, clip storage exhausted).  Bad positions
 * (NaN, infinities, w <= 0 unclipped) drop the primitive (stats.dropped_bad). */
int gt_raster_draw(gt_raster_ctx *c, unsigned kind, const gt_vue v[], unsigned provoking,
                   unsigned edge_flags);

/* The clipper alone (clip.c): clip the polygon in[0..n-1] (n = 1, 2 or 3) against
 * the enabled planes of c->st (view volume or guard band, near/far, user clip
 * distances, w > 0).  New vertices are written to c->clip_store (every VUE slot
 * interpolated linearly in clip space).  out receives the surviving polygon
 * (up to GT_CLIP_MAX_POLY vertices), out_edge bit i whether edge out[i]->out[i+1]
 * is an original edge (or lies on a user clip plane: drawn in wireframe), given
 * in_edge the same for the input.  Returns the vertex count (0 = rejected) or
 * GTSIM_ERR_INVALID when the storage is exhausted. */
int gt_clip_polygon(gt_raster_ctx *c, const gt_vue in[], unsigned n, unsigned in_edge, gt_vue out[],
                    unsigned *out_edge);

#endif
