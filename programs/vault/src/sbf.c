#include "sbf.h"

bool deserialize(u8 *input, Input *out) {
  u64 count = *(u64 *)input;
  if (count > MAX_ACCOUNTS) return false;
  u8 *p = input + sizeof(u64);
  AccountInfo *accounts = (AccountInfo *)HEAP_START;
  for (u64 i = 0; i < count; i++) {
    u8 duplicate_of = p[0];
    if (duplicate_of != 0xff) {
      /* The runtime serializes a repeated account once and marks later uses with the index of
       * the first; both views share the same memory. */
      accounts[i] = accounts[duplicate_of];
      p += 8;
      continue;
    }
    AccountInfo *account = &accounts[i];
    account->is_signer = p[1] != 0;
    account->is_writable = p[2] != 0;
    account->executable = p[3] != 0;
    p += 8; /* the three flags and four bytes of padding */
    account->key = (Pubkey *)p;
    p += sizeof(Pubkey);
    account->owner = (Pubkey *)p;
    p += sizeof(Pubkey);
    account->lamports = (u64 *)p;
    p += sizeof(u64);
    account->data_len = *(u64 *)p;
    p += sizeof(u64);
    account->data = p;
    p += account->data_len + MAX_PERMITTED_DATA_INCREASE;
    p = (u8 *)(((u64)p + 7) & ~7UL);
    account->rent_epoch = *(u64 *)p;
    p += sizeof(u64);
  }
  out->accounts = accounts;
  out->account_count = count;
  out->data_len = *(u64 *)p;
  p += sizeof(u64);
  out->data = p;
  p += out->data_len;
  out->program_id = (const Pubkey *)p;
  return true;
}

void *memcpy(void *dst, const void *src, u64 n) {
  sol_memcpy_(dst, src, n);
  return dst;
}

void *memset(void *dst, int value, u64 n) {
  sol_memset_(dst, (u8)value, n);
  return dst;
}

bool bytes_eq(const u8 *a, const u8 *b, u64 n) {
  for (u64 i = 0; i < n; i++) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

bool pubkey_eq(const Pubkey *a, const Pubkey *b) {
  const u64 *x = (const u64 *)a->x;
  const u64 *y = (const u64 *)b->x;
  /* Keys in the input and in account data sit at 8-byte aligned offsets; a loose key (in
   * instruction data) is compared bytewise by callers. */
  return x[0] == y[0] && x[1] == y[1] && x[2] == y[2] && x[3] == y[3];
}

bool is_zero_pubkey(const Pubkey *key) {
  const u64 *x = (const u64 *)key->x;
  return (x[0] | x[1] | x[2] | x[3]) == 0;
}

u64 read_u64(const u8 *p) {
  u64 value = 0;
  for (int i = 7; i >= 0; i--) value = (value << 8) | p[i];
  return value;
}

u32 read_u32(const u8 *p) {
  return (u32)p[0] | ((u32)p[1] << 8) | ((u32)p[2] << 16) | ((u32)p[3] << 24);
}

u16 read_u16(const u8 *p) { return (u16)(p[0] | (p[1] << 8)); }

void write_u64(u8 *p, u64 value) {
  for (int i = 0; i < 8; i++) {
    p[i] = (u8)value;
    value >>= 8;
  }
}

void write_u32(u8 *p, u32 value) {
  for (int i = 0; i < 4; i++) {
    p[i] = (u8)value;
    value >>= 8;
  }
}

bool add_u64(u64 a, u64 b, u64 *out) {
  u64 sum = a + b;
  if (sum < a) return false;
  *out = sum;
  return true;
}

bool sub_u64(u64 a, u64 b, u64 *out) {
  if (b > a) return false;
  *out = a - b;
  return true;
}

u64 sat_add(u64 a, u64 b) {
  u64 sum = a + b;
  return sum < a ? U64_MAX : sum;
}

/* (hi, lo) = a * b, from 32-bit limbs. */
static void mul_wide(u64 a, u64 b, u64 *hi, u64 *lo) {
  u64 a0 = a & 0xffffffffUL, a1 = a >> 32;
  u64 b0 = b & 0xffffffffUL, b1 = b >> 32;
  u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  u64 middle = (p00 >> 32) + (p01 & 0xffffffffUL) + (p10 & 0xffffffffUL);
  *lo = (p00 & 0xffffffffUL) | (middle << 32);
  *hi = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
}

u64 sat_mul(u64 a, u64 b) {
  /* Not `a > U64_MAX / b`: the optimiser turns that into a 128-bit multiply, which the BPF
   * backend cannot lower. */
  u64 hi, lo;
  mul_wide(a, b, &hi, &lo);
  return hi != 0 ? U64_MAX : lo;
}

u64 mul_div_small(u64 a, u64 b, u64 d) {
  /* With a = qa*d + ra and b = qb*d + rb:
   *   a*b/d = qa*b + ra*qb + ra*rb/d, where ra*rb < d^2 <= 2^64 fits, so the floor is exact. */
  u64 qa = a / d, ra = a % d;
  u64 qb = b / d, rb = b % d;
  return sat_add(sat_add(sat_mul(qa, b), sat_mul(ra, qb)), (ra * rb) / d);
}

u64 mul_div_wide(u64 a, u64 b, u64 d) {
  if (d == 0) return U64_MAX;
  u64 hi, lo;
  mul_wide(a, b, &hi, &lo);
  if (hi == 0) return lo / d; /* the usual case: the product fits in 64 bits */
  if (hi >= d) return U64_MAX; /* the quotient needs more than 64 bits */
  /* Restoring division of hi:lo by d, one bit at a time; the remainder stays below d. */
  u64 quotient = 0, remainder = hi;
  for (int i = 63; i >= 0; i--) {
    u64 carry = remainder >> 63;
    remainder = (remainder << 1) | ((lo >> i) & 1);
    quotient <<= 1;
    if (carry || remainder >= d) {
      remainder -= d;
      quotient |= 1;
    }
  }
  return quotient;
}

u64 rent_exempt_minimum(const Rent *rent, u64 data_len) {
  /* Rent::minimum_balance: ((128 + len) * lamports_per_byte_year) as f64 * threshold, truncated.
   * The threshold is decoded from its IEEE-754 bits (mantissa * 2^exponent); the product is
   * exact for the thresholds clusters use (2.0, 1.0). */
  u64 base = sat_mul(128 + data_len, rent->lamports_per_byte_year);
  u64 bits = rent->exemption_threshold_bits;
  u64 exponent = (bits >> 52) & 0x7ff;
  if (bits >> 63 || exponent == 0) return 0; /* negative, zero or subnormal threshold */
  u64 mantissa = (bits & 0xfffffffffffffUL) | (1UL << 52);
  u64 hi, lo;
  mul_wide(base, mantissa, &hi, &lo);
  /* value = (hi:lo) * 2^(exponent - 1075) */
  if (exponent >= 1075) {
    u64 shift = exponent - 1075;
    if (hi != 0 || shift >= 64) return U64_MAX;
    if (shift == 0) return lo;
    if ((lo >> (64 - shift)) != 0) return U64_MAX;
    return lo << shift;
  }
  u64 shift = 1075 - exponent;
  if (shift >= 128) return 0;
  if (shift >= 64) return hi >> (shift - 64);
  u64 result_hi = hi >> shift;
  if (result_hi != 0) return U64_MAX;
  return (lo >> shift) | (hi << (64 - shift));
}

static const char PDA_MARKER[] = "ProgramDerivedAddress";
#define CURVE25519_EDWARDS 0
#define MAX_SEEDS 6

/* sha256(seeds... || program_id || "ProgramDerivedAddress"), as the runtime derives addresses. */
static bool hash_program_address(const Bytes *seeds, u64 count, const Pubkey *program_id,
                                 Pubkey *out) {
  Bytes slices[MAX_SEEDS + 2];
  if (count > MAX_SEEDS) return false;
  for (u64 i = 0; i < count; i++) slices[i] = seeds[i];
  slices[count].addr = program_id->x;
  slices[count].len = sizeof(Pubkey);
  slices[count + 1].addr = (const u8 *)PDA_MARKER;
  slices[count + 1].len = sizeof(PDA_MARKER) - 1;
  sol_sha256(slices, count + 2, out->x);
  return true;
}

bool is_program_address(const Bytes *seeds, u64 count, const Pubkey *program_id,
                        const Pubkey *key) {
  Pubkey derived;
  return hash_program_address(seeds, count, program_id, &derived) && pubkey_eq(&derived, key);
}

bool find_program_address(const Bytes *seeds, u64 count, const Pubkey *program_id,
                          Pubkey *address, u8 *bump) {
  u8 unused;
  for (u64 candidate = 255; candidate > 0; candidate--) {
    *bump = (u8)candidate;
    if (!hash_program_address(seeds, count, program_id, address)) return false;
    /* 0 means the bytes decompress to a curve point: an address with a private key. */
    if (sol_curve_validate_point(CURVE25519_EDWARDS, address->x, &unused) != 0) return true;
  }
  return false;
}
