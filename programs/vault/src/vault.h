/*
 * Dum vault: accounts, instruction discriminators and error codes. The layouts are Borsh with
 * an Anchor-style 8-byte discriminator in front (sha256("account:<Name>")[0..8]), with fields
 * ordered so that every one is naturally aligned: the C structs below are exactly the bytes.
 * docs/vault-program.md states the rules; the IDL (dum_vault.json) describes the same layouts.
 */
#ifndef DUM_VAULT_H
#define DUM_VAULT_H

#include "sbf.h"

/* sha256("global:<instruction>")[0..8], read as a little-endian u64. */
#define IX_INITIALIZE_CONFIG 0x46c4bec201157fd0UL
#define IX_CREATE_VAULT 0x873652c1d0f7ed1dUL
#define IX_JOIN_VAULT 0x98cfb4c6b0fde149UL
#define IX_WITHDRAW_WITH_REWARDS 0xa42b446c235f1303UL
#define IX_EARLY_WITHDRAW 0xf94137623e679313UL
#define IX_CLAIM_VAULT 0x89e3ac35b9b06f57UL
#define IX_ADD_MEDIA_REF 0x4e989d2ea913cf86UL

/* sha256("account:<Name>")[0..8], read as a little-endian u64. */
#define DISC_CONFIG 0x82ccfa1ee0aa0c9bUL
#define DISC_VAULT 0x777598022be808d3UL
#define DISC_DEPOSIT 0xe315adcf42799294UL
#define DISC_MEDIA_REF 0x6b1e2662d6486a4fUL

#define LAMPORTS_PER_SOL 1000000000UL
#define TARGET_UNIT_LAMPORTS 100000000UL /* target = 0.1 SOL x multiplier */
#define SECONDS_PER_DAY 86400UL
#define BPS_DENOMINATOR 10000UL
#define MIN_MULTIPLIER 1
#define MAX_MULTIPLIER 10
#define DUM_DECIMALS 9

#define VAULT_ACTIVE 0
#define VAULT_PAID_OUT 1

#define MEDIA_URL 3 /* image 0, video 1, audio 2, url 3 */
#define MAX_IPFS_HASH_LEN 64
#define MAX_ARWEAVE_ID_LEN 64
#define MAX_METADATA_LEN 256

typedef struct {
  u64 discriminator;
  u64 rewards_per_sol;
  u64 max_supply;
  u64 staking_rate_per_second;
  Pubkey authority;
  Pubkey treasury;
  Pubkey dum_mint;
  u16 penalty_bps;
  u8 bump;
  u8 mint_bump;
  u8 reserved[4];
} ConfigAccount;
_Static_assert(sizeof(ConfigAccount) == 136, "config layout");

typedef struct {
  u64 discriminator;
  u64 post_id;
  u64 target_amount;
  /* Lamports currently locked by participants (frozen at the end: nothing joins or leaves). */
  u64 total_deposited;
  u64 claimed_amount;
  i64 start_ts;
  i64 end_ts;
  u64 duration_seconds;
  /* The reward terms, copied from the config when the vault is created. */
  u64 rewards_per_sol;
  u64 staking_rate_per_second;
  u64 participant_count;
  Pubkey creator;
  Pubkey treasury;
  u16 penalty_bps;
  u8 multiplier;
  u8 status;
  u8 bump;
  u8 reserved[3];
} VaultAccount;
_Static_assert(sizeof(VaultAccount) == 160, "vault layout");

typedef struct {
  u64 discriminator;
  /* Lamports locked now; the deposit account holds them (above its rent-exempt minimum). */
  u64 amount;
  u64 total_deposited;
  /* Staking reward earned by `amount` up to last_update_ts, in DUM base units. */
  u64 accrued_reward;
  u64 reward_minted;
  u64 penalty_paid;
  i64 first_deposit_ts;
  i64 last_update_ts;
  Pubkey vault;
  Pubkey participant;
  u8 bump;
  u8 rewarded;
  u8 refunded;
  u8 claimed;
  u8 reserved[4];
} DepositAccount;
_Static_assert(sizeof(DepositAccount) == 136, "deposit layout");

typedef struct {
  u64 discriminator;
  u64 size;
  i64 created_ts;
  Pubkey vault;
  Pubkey creator;
  u8 content_hash[32];
  u8 media_type;
  u8 bump;
  u8 ipfs_hash_len;
  u8 arweave_id_len;
  u16 metadata_len;
  u8 reserved[2];
  u8 ipfs_hash[MAX_IPFS_HASH_LEN];
  u8 arweave_id[MAX_ARWEAVE_ID_LEN];
  u8 metadata[MAX_METADATA_LEN];
} MediaRefAccount;
_Static_assert(sizeof(MediaRefAccount) == 512, "media ref layout");

/* Custom program errors (InstructionError::Custom), numbered as Anchor numbers user errors. */
enum {
  ERR_INVALID_INSTRUCTION = 6000,
  ERR_NOT_ENOUGH_ACCOUNTS,
  ERR_MISSING_SIGNATURE,
  ERR_NOT_WRITABLE,
  ERR_INVALID_OWNER,
  ERR_INVALID_ADDRESS,
  ERR_INVALID_ACCOUNT_DATA,
  ERR_ALREADY_INITIALIZED,
  ERR_NOT_INITIALIZED,
  ERR_UNAUTHORIZED,
  ERR_INVALID_PROGRAM,
  ERR_INVALID_MINT,
  ERR_INVALID_TREASURY,
  ERR_INVALID_PENALTY,
  ERR_INVALID_MULTIPLIER,
  ERR_INVALID_DURATION,
  ERR_INVALID_AMOUNT,
  ERR_VAULT_ENDED,
  ERR_VAULT_LOCKED,
  ERR_TARGET_NOT_REACHED,
  ERR_ALREADY_WITHDRAWN,
  ERR_ALREADY_CLAIMED,
  ERR_NOTHING_TO_WITHDRAW,
  ERR_OVERFLOW,
  ERR_NOT_RENT_EXEMPT,
  ERR_INVALID_MEDIA,
  ERR_INVALID_TOKEN_ACCOUNT,
  ERR_TOO_MANY_ACCOUNTS,
  ERR_CREATOR_CANNOT_JOIN,
};

/* Well-known programs. */
extern const Pubkey SYSTEM_PROGRAM_ID;
extern const Pubkey TOKEN_PROGRAM_ID;
extern const Pubkey UPGRADEABLE_LOADER_ID;

/* Seeds: the labels of spec section 3. */
extern const u8 SEED_CONFIG[6];
extern const u8 SEED_DUM_MINT[8];
extern const u8 SEED_VAULT[5];
extern const u8 SEED_DEPOSIT[7];
extern const u8 SEED_MEDIA_REF[9];

/* Instruction handlers: each returns SUCCESS or an error code. */
u64 initialize_config(const Input *input);
u64 create_vault(const Input *input);
u64 join_vault(const Input *input);
u64 withdraw_with_rewards(const Input *input);
u64 early_withdraw(const Input *input);
u64 claim_vault(const Input *input);
u64 add_media_ref(const Input *input);

/* Account checks shared by the handlers. */
u64 require_signer(const AccountInfo *account);
u64 require_writable(const AccountInfo *account);
u64 require_program(const AccountInfo *account, const Pubkey *id);
/* A writable system account with no data: where a new program account may be created. */
u64 require_uninitialized(const AccountInfo *account, const Input *input);
u64 load_config(const AccountInfo *account, const Input *input, ConfigAccount **out);
u64 load_vault(const AccountInfo *account, const Input *input, VaultAccount **out);
u64 load_deposit(const AccountInfo *account, const Input *input, const AccountInfo *vault,
                 DepositAccount **out);
/* Moves lamports out of an account this program owns, keeping it rent-exempt. */
u64 move_lamports(AccountInfo *from, AccountInfo *to, u64 lamports);
i64 current_time(void);

/* Cross-program invocations. */
typedef struct {
  const Input *input;
  AccountInfo *payer;
  AccountInfo *target;
  const SignerSeeds *target_seeds; /* the new account's own seeds: it signs its creation */
} CreateAccountRequest;
u64 create_program_account(const CreateAccountRequest *request, u64 space, const Pubkey *owner);
u64 system_transfer(const Input *input, AccountInfo *from, AccountInfo *to, u64 lamports);
u64 token_initialize_mint(const Input *input, AccountInfo *mint, const Pubkey *authority);
typedef struct {
  const Input *input;
  AccountInfo *mint;
  AccountInfo *destination;
  AccountInfo *authority;
  const SignerSeeds *authority_seeds;
  u64 amount;
} MintToRequest;
u64 token_mint_to(const MintToRequest *request);

#endif
