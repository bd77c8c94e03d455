/*
 * dx7gl RSX front end: PlayStation 3 shader programs (seed 002) read,
 * decoded, disassembled and translated to GLSL for wined3d-lite's
 * programmable path.
 *
 *  - containers: a .vsp / .psp entry is a sequence of CgBinaryProgram
 *    (revision 6) programs, each padded with zeros to 64 bytes
 *    (rsx_container_read);
 *  - the .shp permutation index (rsx_shp_read, rsx_shp_find);
 *  - fragment microcode: 16-byte instructions, each 32-bit word rotated by
 *    16 bits, inline constants after the instruction reading one
 *    (rsx_fp_decode);
 *  - vertex microcode: 16-byte slots of four big-endian words, a vector
 *    and a scalar operation each (rsx_vp_decode);
 *  - text (rsx_fp_disassemble, rsx_vp_disassemble) and GLSL
 *    (rsx_fp_translate, rsx_vp_translate) of decoded programs;
 *  - rsx_pipeline: a decoded vertex and fragment program pair made into a
 *    wined3d program, with the fragment program's inline constants in a
 *    uniform block so that named uniforms can be set as the RSX driver
 *    patches them into the microcode.
 *
 * Every reader refuses malformed input with RSX_E_* and a message in a
 * struct rsx_error; nothing reads past the bytes it is given.  Nothing here
 * includes GL.  documentation/rsx.md says which field each part reads.
 */
#ifndef DX7GL_RSX_H
#define DX7GL_RSX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Results: RSX_OK or a negative error. */
#define RSX_OK            0
#define RSX_E_TRUNCATED  (-1)   /* the data ends before what it describes */
#define RSX_E_INVALID    (-2)   /* a field holds a value the format does not allow */
#define RSX_E_UNSUPPORTED (-3)  /* well formed, but its meaning is not established (never guessed) */
#define RSX_E_NOMEMORY   (-4)
#define RSX_E_ARGUMENT   (-5)

struct rsx_error
{
    char message[192];
};
const char *rsx_result_name(int result);

/* ---------------------------------------------------------------------- */
/* CgBinaryProgram containers.                                             */

#define RSX_CG_REVISION         6
#define RSX_CG_PROFILE_VERTEX   7003    /* CG_PROFILE_SCE_VP_RSX */
#define RSX_CG_PROFILE_FRAGMENT 7004    /* CG_PROFILE_SCE_FP_RSX */
#define RSX_CG_HEADER_SIZE      32
#define RSX_CG_PARAMETER_SIZE   48
#define RSX_CG_VERTEX_DESC_SIZE 24
#define RSX_CG_FRAGMENT_DESC_SIZE 24
#define RSX_CG_ALIGNMENT        64      /* each program of a container is padded to this */

/* Cg's enumerants as the parameter table holds them. */
#define RSX_CG_VARYING  4101
#define RSX_CG_UNIFORM  4102
#define RSX_CG_CONSTANT 4103
#define RSX_CG_IN       4097
#define RSX_CG_OUT      4098
#define RSX_CG_INOUT    4099

/* One entry of the parameter table (CgBinaryParameter, 48 bytes). */
struct rsx_parameter
{
    uint32_t type;              /* CGtype */
    uint32_t resource;          /* CGresource */
    uint32_t variability;       /* RSX_CG_VARYING / UNIFORM / CONSTANT */
    int32_t resource_index;     /* constant register, texture unit... (-1 none) */
    const char *name;           /* "" when the table has none (vertex programs) */
    const char *semantic;       /* "" when none */
    uint32_t direction;         /* RSX_CG_IN / OUT / INOUT */
    int32_t paramno;
    uint32_t referenced, shared;
    /* Default value: up to 16 floats (a float4x4), 0 when none. */
    unsigned int default_count;
    float default_value[16];
    /* Fragment uniforms: byte offsets into the microcode of the inline
     * constants the driver patches with the value (CgBinaryEmbeddedConstant). */
    unsigned int embedded_count;
    uint32_t *embedded_offsets;
};

/* CgBinaryVertexProgram. */
struct rsx_vertex_desc
{
    uint32_t instruction_count;
    uint32_t instruction_slot;      /* load address */
    uint32_t register_count;        /* temporaries used */
    uint32_t attribute_input_mask;  /* bit n: attribute n read */
    uint32_t attribute_output_mask; /* outputs written (seed: destination 1 -> bit 0, 7..14 -> 14..21) */
    uint32_t user_clip_mask;
};

/* CgBinaryFragmentProgram (22 bytes and two of padding). */
struct rsx_fragment_desc
{
    uint32_t instruction_count;
    uint32_t attribute_input_mask;  /* bit 14+k: texcoord k (0-7), 13: texcoord 9, 0 and 2: colour 0 */
    uint32_t partial_tex_type;      /* two bits a texture unit */
    uint16_t texcoord_input_mask;   /* bit k: texture coordinate k read */
    uint16_t texcoord_2d_mask;
    uint16_t texcoord_centroid_mask;
    uint8_t register_count;
    uint8_t output_from_h0;         /* the colour is H0 instead of R0 */
    uint8_t depth_replace;          /* the program writes depth (R1.z) */
    uint8_t pixel_kill;             /* the program contains KIL */
    uint8_t padding[2];
};

struct rsx_program
{
    uint32_t profile, revision, total_size;
    uint32_t parameter_count, parameter_offset, descriptor_offset, ucode_size, ucode_offset;
    size_t file_offset;             /* where it starts in the container */
    const uint8_t *data;            /* total_size bytes (in the caller's buffer) */
    const uint8_t *ucode;           /* ucode_size bytes */
    struct rsx_parameter *parameters;
    union
    {
        struct rsx_vertex_desc vertex;
        struct rsx_fragment_desc fragment;
    } desc;
};

struct rsx_container
{
    unsigned int count;
    struct rsx_program *programs;
};

/* One program of `size` bytes (exactly its total_size). The program keeps
 * pointers into data, which must outlive it. */
int rsx_program_read(const void *data, size_t size, struct rsx_program *program, struct rsx_error *error);
void rsx_program_free(struct rsx_program *program);
/* A .vsp / .psp entry: programs one after another, each padded with zeros
 * to 64 bytes; nonzero padding or bytes left over are refused. */
int rsx_container_read(const void *data, size_t size, struct rsx_container *container, struct rsx_error *error);
void rsx_container_free(struct rsx_container *container);
/* A parameter by name, or NULL. */
const struct rsx_parameter *rsx_program_find_parameter(const struct rsx_program *program, const char *name);

/* ---------------------------------------------------------------------- */
/* .shp permutation index.                                                 */

#define RSX_SHP_ENTRY_SIZE          16
#define RSX_SHP_RECORD_HEADER_SIZE  44
#define RSX_SHP_DESCRIPTOR_SIZE     20
#define RSX_SHP_MAGIC_VERTEX        0xaebe000bu
#define RSX_SHP_MAGIC_FRAGMENT      0xdede0007u

struct rsx_shp_descriptor
{
    uint32_t hash, encoding, offsets[3];
};

struct rsx_shp_record
{
    uint32_t magic;                 /* RSX_SHP_MAGIC_VERTEX or _FRAGMENT */
    uint32_t offset;                /* into the tail */
    uint32_t size;                  /* the entry's upper 16 bits */
    uint8_t variant_count;          /* byte 20 */
    uint16_t descriptor_count;      /* bytes 22-23 */
    uint32_t descriptor_offset;     /* bytes 24-27, from the record's start */
    struct rsx_shp_descriptor *descriptors;
};

struct rsx_shp_entry
{
    uint32_t key;
    uint32_t metadata_offset;       /* into the tail: relative to the table's end */
    uint32_t programs;              /* locates the one or two programs */
    uint16_t metadata_size;         /* upper 16 bits of the sizes word */
    uint16_t programs_size;         /* lower 16 bits: the programs, each padded to 64, summed */
    unsigned int record;            /* index into rsx_shp.records */
};

struct rsx_shp
{
    unsigned int entry_count, record_count;
    size_t table_size, tail_size;
    struct rsx_shp_entry *entries;
    struct rsx_shp_record *records;
};

/* entry_count: the table's length (the format does not store it: the
 * caller knows it, or passes 0 to take the table as ending where the first
 * record starts, i.e. at the smallest metadata offset). */
int rsx_shp_read(const void *data, size_t size, unsigned int entry_count, struct rsx_shp *shp,
        struct rsx_error *error);
void rsx_shp_free(struct rsx_shp *shp);
/* The first entry whose key equals key, as the load callbacks take it. */
const struct rsx_shp_entry *rsx_shp_find(const struct rsx_shp *shp, uint32_t key);

/* ---------------------------------------------------------------------- */
/* Fragment microcode.                                                     */

/* Opcodes: the six bits of word 0, with word 2's branch bit as bit 6. */
enum rsx_fp_opcode
{
    RSX_FP_NOP = 0x00, RSX_FP_MOV = 0x01, RSX_FP_MUL = 0x02, RSX_FP_ADD = 0x03, RSX_FP_MAD = 0x04,
    RSX_FP_DP3 = 0x05, RSX_FP_DP4 = 0x06, RSX_FP_DST = 0x07, RSX_FP_MIN = 0x08, RSX_FP_MAX = 0x09,
    RSX_FP_SLT = 0x0a, RSX_FP_SGE = 0x0b, RSX_FP_SLE = 0x0c, RSX_FP_SGT = 0x0d, RSX_FP_SNE = 0x0e,
    RSX_FP_SEQ = 0x0f, RSX_FP_FRC = 0x10, RSX_FP_FLR = 0x11, RSX_FP_KIL = 0x12, RSX_FP_PK4 = 0x13,
    RSX_FP_UP4 = 0x14, RSX_FP_DDX = 0x15, RSX_FP_DDY = 0x16, RSX_FP_TEX = 0x17, RSX_FP_TXP = 0x18,
    RSX_FP_TXD = 0x19, RSX_FP_RCP = 0x1a, RSX_FP_RSQ = 0x1b, RSX_FP_EX2 = 0x1c, RSX_FP_LG2 = 0x1d,
    RSX_FP_LIT = 0x1e, RSX_FP_LRP = 0x1f, RSX_FP_STR = 0x20, RSX_FP_SFL = 0x21, RSX_FP_COS = 0x22,
    RSX_FP_SIN = 0x23, RSX_FP_PK2 = 0x24, RSX_FP_UP2 = 0x25, RSX_FP_POW = 0x26, RSX_FP_PKB = 0x27,
    RSX_FP_UPB = 0x28, RSX_FP_PK16 = 0x29, RSX_FP_UP16 = 0x2a, RSX_FP_PKG = 0x2c, RSX_FP_UPG = 0x2d,
    RSX_FP_DP2A = 0x2e, RSX_FP_TXL = 0x2f, RSX_FP_TXB = 0x31, RSX_FP_REFL = 0x36, RSX_FP_DP2 = 0x38,
    RSX_FP_NRM = 0x39, RSX_FP_DIV = 0x3a, RSX_FP_DIVSQ = 0x3b, RSX_FP_LIF = 0x3c, RSX_FP_FENCT = 0x3d,
    RSX_FP_FENCB = 0x3e,
    RSX_FP_BRK = 0x40, RSX_FP_CAL = 0x41, RSX_FP_IFE = 0x42, RSX_FP_LOOP = 0x43, RSX_FP_REP = 0x44,
    RSX_FP_RET = 0x45,
};
#define RSX_FP_BRANCH 0x40
/* RPCS3's name of an opcode number; NULL for a number no reader names. */
const char *rsx_fp_opcode_name(unsigned int opcode);

/* Source register types (bits 0-1 of a source word). */
enum rsx_fp_register_type { RSX_FP_TEMP = 0, RSX_FP_INPUT = 1, RSX_FP_CONSTANT = 2 };
/* Interpolant numbers (word 0 bits 13-16). */
enum rsx_fp_input
{
    RSX_FP_IN_WPOS = 0, RSX_FP_IN_COL0 = 1, RSX_FP_IN_COL1 = 2, RSX_FP_IN_FOGC = 3,
    RSX_FP_IN_TEX0 = 4,     /* 4 + k: texture coordinate k, k = 0..9 */
    RSX_FP_IN_SSA = 14,
};

/* Masks: bit 0 x, 1 y, 2 z, 3 w.  Swizzles: 0..3 for x..w. */
struct rsx_fp_source
{
    uint8_t type;               /* enum rsx_fp_register_type (3 is refused) */
    uint8_t index;              /* temporary, bits 2-7 */
    uint8_t fp16;               /* H register (bit 8) */
    uint8_t swizzle[4];         /* bits 9-16 */
    uint8_t neg;                /* bit 17 */
    uint8_t abs;                /* source 0: word 1 bit 29; 1 and 2: bit 18 */
    uint8_t prec_mod;           /* word 2 bits 19-21, 22-24, 25-27 for sources 0, 1, 2 */
};

struct rsx_fp_instruction
{
    uint32_t offset;            /* in 32-bit words from the program's start */
    uint8_t opcode;             /* enum rsx_fp_opcode */
    /* Word 0. */
    uint8_t end;                /* bit 0 */
    uint8_t dest;               /* bits 1-6 */
    uint8_t dest_fp16;          /* bit 7: H register */
    uint8_t set_cond;           /* bit 8: the result updates a condition register */
    uint8_t mask;               /* bits 9-12 */
    uint8_t input;              /* bits 13-16: the interpolant an input source reads */
    uint8_t tex_unit;           /* bits 17-20 */
    uint8_t exp_tex;            /* bit 21 (_bx2) */
    uint8_t prec;               /* bits 22-23: 0 fp32, 1 fp16, 2 fixed12, 3 fixed9 */
    uint8_t no_dest;            /* bit 30 */
    uint8_t saturate;           /* bit 31 */
    /* Word 1: source 0 and the condition. */
    struct rsx_fp_source src[3];
    uint8_t exec_lt, exec_eq, exec_gt;  /* bits 18, 19, 20 */
    uint8_t cond_swizzle[4];    /* bits 21-28 */
    uint8_t cond_mod_reg;       /* bit 30: the condition register written */
    uint8_t cond_reg;           /* bit 31: the condition register read */
    /* Word 2 (non-branch): result scale, bits 28-30. */
    uint8_t scale;
    /* Word 3 (non-branch). */
    uint16_t addr_reg;          /* bits 19-29 */
    uint8_t use_index_reg;      /* bit 30 */
    uint8_t no_perspective;     /* bit 31: the interpolant read without perspective correction */
    /* Branch instructions (opcode >= 0x40): words 2 and 3 below bit 31. */
    uint32_t else_offset;       /* IFE: word 2; CAL: the target; LOOP/REP: the byte fields */
    uint32_t end_offset;        /* IFE, LOOP, REP: word 3 */
    uint8_t word3_bit31;        /* branch: word 3's top bit (clear on the disc) */
    /* The inline constant that follows an instruction with a constant source. */
    uint8_t has_constant;
    uint32_t constant[4];       /* the four words, rotated, as float bits */
    uint32_t constant_offset;   /* its byte offset in the microcode */
};

/* LOOP / REP fields of word 2. */
static inline unsigned int rsx_fp_loop_count(const struct rsx_fp_instruction *i) { return (i->else_offset >> 2) & 0xff; }
static inline unsigned int rsx_fp_loop_init(const struct rsx_fp_instruction *i) { return (i->else_offset >> 10) & 0xff; }
static inline unsigned int rsx_fp_loop_increment(const struct rsx_fp_instruction *i) { return (i->else_offset >> 19) & 0xff; }

struct rsx_fp_program
{
    unsigned int count;
    struct rsx_fp_instruction *instructions;
    uint32_t size_words;            /* up to and with the end instruction */
    uint32_t input_mask;            /* bit n: interpolant n read */
    uint32_t noperspective_mask;    /* interpolants read with word 3 bit 31 */
    uint32_t texture_mask;          /* units sampled */
    unsigned int constant_count;    /* inline constants */
    int has_kill, writes_depth_register;
};

/* Decode microcode (the program's ucode bytes).  Stops at the end flag;
 * what follows must be zeros.  Unknown opcodes, source type 3, interpolant
 * 15, branch offsets that are not instruction boundaries in order, and
 * microcode without an end flag are refused. */
int rsx_fp_decode(const uint8_t *ucode, size_t size, struct rsx_fp_program *program, struct rsx_error *error);
void rsx_fp_program_free(struct rsx_fp_program *program);
/* The index of the instruction at a word offset, or -1. */
int rsx_fp_instruction_at(const struct rsx_fp_program *program, uint32_t offset);
/* The four words of an instruction as the fields are read from them. */
static inline uint32_t rsx_fp_word(const uint8_t *p)
{
    uint32_t le = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    return le << 16 | le >> 16;
}

/* ---------------------------------------------------------------------- */
/* Vertex microcode.                                                       */

enum rsx_vp_vec_opcode
{
    RSX_VP_VEC_NOP = 0x00, RSX_VP_VEC_MOV = 0x01, RSX_VP_VEC_MUL = 0x02, RSX_VP_VEC_ADD = 0x03,
    RSX_VP_VEC_MAD = 0x04, RSX_VP_VEC_DP3 = 0x05, RSX_VP_VEC_DPH = 0x06, RSX_VP_VEC_DP4 = 0x07,
    RSX_VP_VEC_DST = 0x08, RSX_VP_VEC_MIN = 0x09, RSX_VP_VEC_MAX = 0x0a, RSX_VP_VEC_SLT = 0x0b,
    RSX_VP_VEC_SGE = 0x0c, RSX_VP_VEC_ARL = 0x0d, RSX_VP_VEC_FRC = 0x0e, RSX_VP_VEC_FLR = 0x0f,
    RSX_VP_VEC_SEQ = 0x10, RSX_VP_VEC_SFL = 0x11, RSX_VP_VEC_SGT = 0x12, RSX_VP_VEC_SLE = 0x13,
    RSX_VP_VEC_SNE = 0x14, RSX_VP_VEC_STR = 0x15, RSX_VP_VEC_SSG = 0x16, RSX_VP_VEC_TXL = 0x19,
};
enum rsx_vp_sca_opcode
{
    RSX_VP_SCA_NOP = 0x00, RSX_VP_SCA_MOV = 0x01, RSX_VP_SCA_RCP = 0x02, RSX_VP_SCA_RCC = 0x03,
    RSX_VP_SCA_RSQ = 0x04, RSX_VP_SCA_EXP = 0x05, RSX_VP_SCA_LOG = 0x06, RSX_VP_SCA_LIT = 0x07,
    RSX_VP_SCA_BRA = 0x08, RSX_VP_SCA_BRI = 0x09, RSX_VP_SCA_CAL = 0x0a, RSX_VP_SCA_CLI = 0x0b,
    RSX_VP_SCA_RET = 0x0c, RSX_VP_SCA_LG2 = 0x0d, RSX_VP_SCA_EX2 = 0x0e, RSX_VP_SCA_SIN = 0x0f,
    RSX_VP_SCA_COS = 0x10, RSX_VP_SCA_BRB = 0x11, RSX_VP_SCA_CLB = 0x12, RSX_VP_SCA_PSH = 0x13,
    RSX_VP_SCA_POP = 0x14,
};
const char *rsx_vp_vec_opcode_name(unsigned int opcode);
const char *rsx_vp_sca_opcode_name(unsigned int opcode);

enum rsx_vp_register_type { RSX_VP_TEMP = 1, RSX_VP_INPUT = 2, RSX_VP_CONSTANT = 3 };
#define RSX_VP_CONSTANT_COUNT 468
#define RSX_VP_NO_TEMP 63

struct rsx_vp_source
{
    uint8_t type;               /* bits 0-1: enum rsx_vp_register_type (0 is refused when read) */
    uint8_t temp;               /* bits 2-7 */
    uint8_t swizzle[4];         /* bits 8-15, x highest */
    uint8_t neg;                /* bit 16 */
    uint8_t abs;                /* word 0 bits 21, 22, 23 */
};

struct rsx_vp_instruction
{
    uint8_t vec_opcode;         /* word 1 bits 22-26 */
    uint8_t sca_opcode;         /* word 1 bits 27-31 */
    uint8_t input;              /* word 1 bits 8-11: attribute of every input source */
    uint16_t constant;          /* word 1 bits 12-21: constant of every constant source */
    struct rsx_vp_source src[3];
    /* Word 0. */
    uint8_t addr_swizzle;       /* bits 0-1 */
    uint8_t cond_swizzle[4];    /* bits 2-9, x highest */
    uint8_t cond;               /* bits 10-12: bit 0 LT, 1 EQ, 2 GT */
    uint8_t cond_test;          /* bit 13 */
    uint8_t cond_update;        /* bit 14 */
    uint8_t vec_dest;           /* bits 15-20 (63: none) */
    uint8_t addr_reg;           /* bit 24 */
    uint8_t cond_reg;           /* bit 25 */
    uint8_t saturate;           /* bit 26 */
    uint8_t index_input;        /* bit 27: relative attribute addressing */
    uint8_t d0_bit28;           /* not assigned */
    uint8_t cond_update_1;      /* bit 29 (set with bit 14) */
    uint8_t vec_result;         /* bit 30: the vector result goes to the output register */
    uint8_t d0_bit31;           /* not assigned */
    /* Word 3. */
    uint8_t end;                /* bit 0 */
    uint8_t index_const;        /* bit 1: relative constant addressing */
    uint8_t output;             /* bits 2-6 */
    uint8_t sca_dest;           /* bits 7-12 (63: none: then the output, or RC with vec_result) */
    uint8_t vec_mask, sca_mask; /* bits 13-16, 17-20; here bit 0 is x */
};

struct rsx_vp_program
{
    unsigned int count;
    struct rsx_vp_instruction *instructions;
    uint32_t input_mask;        /* attributes read */
    uint32_t output_mask;       /* in the descriptor's numbering */
    unsigned int temp_count;    /* highest temporary read or written + 1, at least 1 */
};

/* Decode `size` bytes of slots (instruction_count * 16); the end bit must
 * be set on the last slot and on no other. */
int rsx_vp_decode(const uint8_t *ucode, size_t size, struct rsx_vp_program *program, struct rsx_error *error);
void rsx_vp_program_free(struct rsx_vp_program *program);
/* The output mask bit of destination d written with mask m (seed 002),
 * 0 when the numbering is not established. */
uint32_t rsx_vp_output_bit(unsigned int output, unsigned int mask);

/* ---------------------------------------------------------------------- */
/* Text and GLSL.                                                          */

/* Disassembly into a malloc()ed string (every operand printed, with the
 * words of each instruction). */
char *rsx_fp_disassemble(const struct rsx_fp_program *program);
char *rsx_vp_disassemble(const struct rsx_vp_program *program);
/* A container program's header, parameters and descriptor as text. */
char *rsx_program_describe(const struct rsx_program *program);

/* The interface of translated programs (what wined3d's programmable path
 * takes): interpolant i is `v_var<i>` (i the fragment input number),
 * attribute n `v_in<n>`, the vertex constants `vc[468]`, the fragment
 * inline constants `fc[constant_count]` in program order, texture unit u
 * `s_tex<u>`, the colour `o_color`. */
struct rsx_glsl
{
    char *body;                 /* GLSL functions and `void shader_main()` */
    uint32_t attribute_mask;    /* vertex: attributes read */
    uint32_t varying_mask;      /* vertex: interpolants written; fragment: read */
    uint32_t noperspective_mask;
    uint32_t sampler_mask;
    unsigned int constant_count;
    int writes_depth;
    int writes_point_size;      /* vertex: output 6 written with x alone */
};
void rsx_glsl_free(struct rsx_glsl *glsl);
/* desc may be NULL (the header descriptor's flags then default to off).
 * Opcodes whose meaning is not sourced are refused with RSX_E_UNSUPPORTED. */
int rsx_fp_translate(const struct rsx_fp_program *program, const struct rsx_fragment_desc *desc,
        struct rsx_glsl *glsl, struct rsx_error *error);
int rsx_vp_translate(const struct rsx_vp_program *program, struct rsx_glsl *glsl, struct rsx_error *error);

/* ---------------------------------------------------------------------- */
/* Pipelines on wined3d-lite.                                              */

struct wined3d_device;
struct wined3d_program;

struct rsx_pipeline
{
    struct wined3d_device *device;
    struct wined3d_program *program;
    struct rsx_fp_program fp;
    struct rsx_glsl vs, fs;
    float *fs_constants;        /* fs.constant_count vec4s, from the microcode */
    uint32_t *fs_constant_offsets; /* byte offset of each in the microcode */
};

/* Translate both programs and create the wined3d program (linked once; the
 * core caches programs by their bytes). */
int rsx_pipeline_create(struct wined3d_device *device, const struct rsx_program *vertex,
        const struct rsx_program *fragment, struct rsx_pipeline *pipeline, struct rsx_error *error);
/* The same from bare microcode. */
int rsx_pipeline_create_from_ucode(struct wined3d_device *device, const uint8_t *vp, size_t vp_size,
        const uint8_t *fp, size_t fp_size, const struct rsx_fragment_desc *fp_desc,
        struct rsx_pipeline *pipeline, struct rsx_error *error);
void rsx_pipeline_destroy(struct rsx_pipeline *pipeline);
/* Make it the device's program and send its fragment constants. */
int rsx_pipeline_bind(struct rsx_pipeline *pipeline);
/* Patch a fragment uniform as the RSX driver does: every inline constant at
 * one of the parameter's embedded offsets takes the value (count floats). */
int rsx_pipeline_set_fragment_parameter(struct rsx_pipeline *pipeline, const struct rsx_parameter *parameter,
        const float *value, unsigned int count);
/* The same by the inline constant's byte offset in the microcode. */
int rsx_pipeline_set_fragment_constant(struct rsx_pipeline *pipeline, uint32_t ucode_offset, const float value[4]);
/* Vertex constants c[start..start+count-1]. */
int rsx_pipeline_set_vertex_constants(struct rsx_pipeline *pipeline, unsigned int start, unsigned int count,
        const float *values);

#ifdef __cplusplus
}
#endif

#endif /* DX7GL_RSX_H */
