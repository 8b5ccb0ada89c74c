/*
 * The Solana runtime as seen from C compiled by stock clang for SBPF v0: fixed-size types,
 * syscalls, the deserialized input, cross-program invocation structures and small helpers.
 *
 * Limits of the target that shape this code: 512 bytes of stack per function (large working
 * sets live in the heap region), at most five arguments per call, no 128-bit integers, no
 * signed division, no mutable globals, no libc.
 */
#ifndef DUM_SBF_H
#define DUM_SBF_H

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long u64;
typedef long i64;
typedef _Bool bool;
#define true 1
#define false 0
#define NULL ((void *)0)

_Static_assert(sizeof(u64) == 8, "u64 is 64 bits on the BPF target");

#define U64_MAX 0xffffffffffffffffUL
#define SUCCESS 0UL

typedef struct {
  u8 x[32];
} Pubkey;

/* The C ABI account view the runtime understands for sol_invoke_signed_c. Every pointer points
 * into the serialized input, as CPI requires. */
typedef struct {
  Pubkey *key;
  u64 *lamports;
  u64 data_len;
  u8 *data;
  Pubkey *owner;
  u64 rent_epoch;
  bool is_signer;
  bool is_writable;
  bool executable;
} AccountInfo;

typedef struct {
  const Pubkey *pubkey;
  bool is_writable;
  bool is_signer;
} AccountMeta;

typedef struct {
  const Pubkey *program_id;
  const AccountMeta *accounts;
  u64 account_len;
  const u8 *data;
  u64 data_len;
} Instruction;

typedef struct {
  const u8 *addr;
  u64 len;
} Bytes;

typedef struct {
  const Bytes *addr;
  u64 len;
} SignerSeeds;

typedef struct {
  u64 slot;
  i64 epoch_start_timestamp;
  u64 epoch;
  u64 leader_schedule_epoch;
  i64 unix_timestamp;
} Clock;

typedef struct {
  u64 lamports_per_byte_year;
  u64 exemption_threshold_bits; /* an f64, read as bits: no floating point here */
  u8 burn_percent;
} Rent;

/* Syscalls (resolved by name by the loader). */
extern void sol_log_(const char *message, u64 len);
extern void sol_log_64_(u64 a, u64 b, u64 c, u64 d, u64 e);
extern void sol_log_pubkey(const Pubkey *key);
extern u64 sol_sha256(const Bytes *slices, u64 count, u8 *result);
extern u64 sol_curve_validate_point(u64 curve_id, const u8 *point, u8 *result);
extern u64 sol_invoke_signed_c(const Instruction *instruction, const AccountInfo *accounts,
                               u64 account_count, const SignerSeeds *signers, u64 signer_count);
extern u64 sol_get_clock_sysvar(Clock *clock);
extern u64 sol_get_rent_sysvar(Rent *rent);
extern void sol_memcpy_(void *dst, const void *src, u64 n);
extern void sol_memset_(void *dst, u8 value, u64 n);
extern void sol_memcmp_(const void *a, const void *b, u64 n, int *result);

#define LOG(literal) sol_log_((literal), sizeof(literal) - 1)

/* The heap region: 32 KiB the runtime gives every invocation. */
#define HEAP_START ((u8 *)0x300000000UL)
#define MAX_ACCOUNTS 64
/* Accounts may grow by this much within one instruction; the input leaves room for it. */
#define MAX_PERMITTED_DATA_INCREASE 10240

typedef struct {
  AccountInfo *accounts; /* in the heap */
  u64 account_count;
  const u8 *data;
  u64 data_len;
  const Pubkey *program_id;
} Input;

/* Returns false when the input holds more accounts than MAX_ACCOUNTS. */
bool deserialize(u8 *input, Input *out);

/* Memory helpers: clang may emit calls to these for struct copies. */
void *memcpy(void *dst, const void *src, u64 n);
void *memset(void *dst, int value, u64 n);
bool pubkey_eq(const Pubkey *a, const Pubkey *b);
bool bytes_eq(const u8 *a, const u8 *b, u64 n);
bool is_zero_pubkey(const Pubkey *key);

/* Little-endian reads and writes at any alignment. */
u64 read_u64(const u8 *p);
u32 read_u32(const u8 *p);
u16 read_u16(const u8 *p);
void write_u64(u8 *p, u64 value);
void write_u32(u8 *p, u32 value);

/* Checked and saturating arithmetic. The checked forms return false on overflow. */
bool add_u64(u64 a, u64 b, u64 *out);
bool sub_u64(u64 a, u64 b, u64 *out);
u64 sat_add(u64 a, u64 b);
u64 sat_mul(u64 a, u64 b);
/* floor(a * b / d) without 128-bit integers, saturating at U64_MAX; d must be at most 2^32. */
u64 mul_div_small(u64 a, u64 b, u64 d);
/* floor(a * b / d) for any d > 0, saturating at U64_MAX: a 128-bit product, then long division. */
u64 mul_div_wide(u64 a, u64 b, u64 d);

/* Lamports for `data_len` bytes to be rent-exempt, per the Rent sysvar. */
u64 rent_exempt_minimum(const Rent *rent, u64 data_len);

/* Whether `key` is the program address of `seeds` (the last seed being the bump), by hashing as
 * sol_create_program_address does. The bump was found with sol_try_find_program_address when
 * the account was created, so the curve check that syscall adds is not needed to verify it. */
bool is_program_address(const Bytes *seeds, u64 count, const Pubkey *program_id,
                        const Pubkey *key);

/* find_program_address: the highest bump (from 255 down) whose address is off the ed25519
 * curve. `seeds[count - 1]` must point at `*bump`, which receives the answer. Hashing with
 * sol_sha256 and checking the curve with sol_curve_validate_point costs about a quarter of
 * sol_try_find_program_address per attempt. Returns false if no bump works. */
bool find_program_address(const Bytes *seeds, u64 count, const Pubkey *program_id,
                          Pubkey *address, u8 *bump);

#endif
