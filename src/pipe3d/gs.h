/*
 * The geometry shader stage of the 3D pipeline (3DSTATE_GS, 3DSTATE_URB_GS,
 * 3DSTATE_CONSTANT_GS, 3DSTATE_BINDING_TABLE_POINTERS_GS,
 * 3DSTATE_SAMPLER_STATE_POINTERS_GS; seed 004 and Mesa genxml for the
 * layouts), between the VS (p3_geometry) and stream output (so.h).
 *
 * SIMD8 dispatch (the only mode brw uses on Gen9 and Gen12: iris programs
 * Dispatch Mode SIMD8, Mesa iris_state.c iris_store_gs_state; Gen12 has no
 * other).  Without instancing a thread takes up to 8 objects, lane k =
 * object k; with Instance Control = N - 1 a thread takes one object and up
 * to 8 of its N instances, lane k = instance k (+ 8 per further thread).
 * Payload (public facts: Mesa brw_fs.cpp setup_gs_payload, brw_fs_nir.cpp
 * emit_gs_input_load / load_invocation_id / load_primitive_id):
 *   R0        header (R0.3 sampler state | scratch size, R0.5 scratch | FFTID)
 *   R1        lane k's output URB handle (64-byte units); instanced: the
 *             instance number in bits 31:27
 *   R2        Include Primitive ID: lane k's PrimitiveID
 *   next      Include Vertex Handles: the input vertices' URB handles, a
 *             register per vertex v (lane k = object k's vertex v); instanced:
 *             DWord v of ceil(vertices / 8) registers
 *   GRF start push constants (3DSTATE_CONSTANT_GS), then the pushed vertex
 *             data: per vertex v, Vertex URB Entry Read Length x 8
 *             registers, element e component c in register 4e + c (lane k =
 *             object k's vertex; instanced: every lane the same)
 * Output: each lane's URB entry of the GS allocation holds (brw
 * emit_gs_thread_end, emit_gs_control_data_bits, emit_urb_writes): unless
 * Static Output, a 32-byte row whose DWord 0 is the vertex count; then
 * Control Data Header Size x 32 bytes of control data (CUT format: bit i =
 * the strip ends after vertex i; SID format: bits 2i+1:2i = vertex i's
 * stream); then the vertices, (Output Vertex Size + 1) x 16 bytes each, as
 * VUEs.  They are assembled as Output Topology (strips restart at cut
 * bits) and passed on per primitive to stream output and rasterization.
 */
#ifndef GT_PIPE3D_GS_H
#define GT_PIPE3D_GS_H

#include <stdint.h>

#include "pipe3d/so.h"

struct p3_draw;

/* Decode the GS (d->gsx, NULL when disabled; d->asm_mode) and stream
 * output state of a draw.  GTSIM_OK or an error (an unsupported dispatch
 * mode, a URB allocation outside the URB). */
int p3_gs_begin(struct p3_draw *d);

/* One object of `per` input VUEs (p3_assemble_mode order) with its flags;
 * d->prim_index is its PrimitiveID, d->instance its draw instance.
 * Queued for a SIMD8 thread (run by p3_gs_flush, or when 8 are queued);
 * instanced GS objects run at once. */
int p3_gs_object(struct p3_draw *d, unsigned per, const uint8_t *const vue[], uint8_t flags);

/* Run the queued objects (their input VUEs are about to be reused). */
int p3_gs_flush(struct p3_draw *d);

/* End of the draw: flush, then p3_so_end. */
int p3_gs_end(struct p3_draw *d);
void p3_gs_free(struct p3_draw *d);

#endif
