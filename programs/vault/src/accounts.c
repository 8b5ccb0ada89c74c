#include "vault.h"

const Pubkey SYSTEM_PROGRAM_ID = {{0}};
const Pubkey TOKEN_PROGRAM_ID = {{0x06, 0xdd, 0xf6, 0xe1, 0xd7, 0x65, 0xa1, 0x93, 0xd9, 0xcb, 0xe1,
                                  0x46, 0xce, 0xeb, 0x79, 0xac, 0x1c, 0xb4, 0x85, 0xed, 0x5f, 0x5b,
                                  0x37, 0x91, 0x3a, 0x8c, 0xf5, 0x85, 0x7e, 0xff, 0x00, 0xa9}};
const Pubkey UPGRADEABLE_LOADER_ID = {{0x02, 0xa8, 0xf6, 0x91, 0x4e, 0x88, 0xa1, 0xb0, 0xe2, 0x10, 0x15,
                                       0x3e, 0xf7, 0x63, 0xae, 0x2b, 0x00, 0xc2, 0xb9, 0x3d, 0x16, 0xc1,
                                       0x24, 0xd2, 0xc0, 0x53, 0x7a, 0x10, 0x04, 0x80, 0x00, 0x00}};

const u8 SEED_CONFIG[6] = {'c', 'o', 'n', 'f', 'i', 'g'};
const u8 SEED_DUM_MINT[8] = {'d', 'u', 'm', '_', 'm', 'i', 'n', 't'};
const u8 SEED_VAULT[5] = {'v', 'a', 'u', 'l', 't'};
const u8 SEED_DEPOSIT[7] = {'d', 'e', 'p', 'o', 's', 'i', 't'};
const u8 SEED_MEDIA_REF[9] = {'m', 'e', 'd', 'i', 'a', '_', 'r', 'e', 'f'};

u64 require_signer(const AccountInfo *account) {
  return account->is_signer ? SUCCESS : ERR_MISSING_SIGNATURE;
}

u64 require_writable(const AccountInfo *account) {
  return account->is_writable ? SUCCESS : ERR_NOT_WRITABLE;
}

u64 require_program(const AccountInfo *account, const Pubkey *id) {
  return pubkey_eq(account->key, id) && account->executable ? SUCCESS : ERR_INVALID_PROGRAM;
}

u64 require_uninitialized(const AccountInfo *account, const Input *input) {
  if (pubkey_eq(account->owner, input->program_id)) return ERR_ALREADY_INITIALIZED;
  if (!pubkey_eq(account->owner, &SYSTEM_PROGRAM_ID) || account->data_len != 0) {
    return ERR_INVALID_OWNER;
  }
  return require_writable(account);
}

/* Owner, size and type tag of an account this program is expected to own. */
static u64 check_owned(const AccountInfo *account, const Input *input, u64 size,
                       u64 discriminator) {
  if (!pubkey_eq(account->owner, input->program_id)) return ERR_INVALID_OWNER;
  if (account->data_len != size) return ERR_INVALID_ACCOUNT_DATA;
  if (*(const u64 *)account->data != discriminator) return ERR_INVALID_ACCOUNT_DATA;
  return SUCCESS;
}

u64 load_config(const AccountInfo *account, const Input *input, ConfigAccount **out) {
  if (pubkey_eq(account->owner, &SYSTEM_PROGRAM_ID) && account->data_len == 0) {
    return ERR_NOT_INITIALIZED;
  }
  u64 result = check_owned(account, input, sizeof(ConfigAccount), DISC_CONFIG);
  if (result != SUCCESS) return result;
  ConfigAccount *config = (ConfigAccount *)account->data;
  Bytes seeds[2] = {{SEED_CONFIG, sizeof(SEED_CONFIG)}, {&config->bump, 1}};
  if (!is_program_address(seeds, 2, input->program_id, account->key)) return ERR_INVALID_ADDRESS;
  *out = config;
  return SUCCESS;
}

u64 load_vault(const AccountInfo *account, const Input *input, VaultAccount **out) {
  u64 result = check_owned(account, input, sizeof(VaultAccount), DISC_VAULT);
  if (result != SUCCESS) return result;
  VaultAccount *vault = (VaultAccount *)account->data;
  Bytes seeds[4] = {
      {SEED_VAULT, sizeof(SEED_VAULT)},
      {(const u8 *)&vault->post_id, sizeof(u64)},
      {vault->creator.x, sizeof(Pubkey)},
      {&vault->bump, 1},
  };
  if (!is_program_address(seeds, 4, input->program_id, account->key)) return ERR_INVALID_ADDRESS;
  *out = vault;
  return SUCCESS;
}

u64 load_deposit(const AccountInfo *account, const Input *input, const AccountInfo *vault,
                 DepositAccount **out) {
  u64 result = check_owned(account, input, sizeof(DepositAccount), DISC_DEPOSIT);
  if (result != SUCCESS) return result;
  DepositAccount *deposit = (DepositAccount *)account->data;
  if (!pubkey_eq(&deposit->vault, vault->key)) return ERR_INVALID_ACCOUNT_DATA;
  Bytes seeds[4] = {
      {SEED_DEPOSIT, sizeof(SEED_DEPOSIT)},
      {deposit->vault.x, sizeof(Pubkey)},
      {deposit->participant.x, sizeof(Pubkey)},
      {&deposit->bump, 1},
  };
  if (!is_program_address(seeds, 4, input->program_id, account->key)) return ERR_INVALID_ADDRESS;
  *out = deposit;
  return SUCCESS;
}

u64 move_lamports(AccountInfo *from, AccountInfo *to, u64 lamports) {
  u64 remaining, credited;
  if (!sub_u64(*from->lamports, lamports, &remaining)) return ERR_OVERFLOW;
  Rent rent;
  sol_get_rent_sysvar(&rent);
  if (remaining < rent_exempt_minimum(&rent, from->data_len)) return ERR_NOT_RENT_EXEMPT;
  /* The same account may be passed twice; then both views share one balance. */
  u64 to_before = from->lamports == to->lamports ? remaining : *to->lamports;
  if (!add_u64(to_before, lamports, &credited)) return ERR_OVERFLOW;
  *from->lamports = remaining;
  *to->lamports = credited;
  return SUCCESS;
}

i64 current_time(void) {
  Clock clock;
  sol_get_clock_sysvar(&clock);
  return clock.unix_timestamp;
}
