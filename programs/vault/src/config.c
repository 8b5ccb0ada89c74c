#include "vault.h"

enum { AUTHORITY, CONFIG, DUM_MINT, TREASURY, PROGRAM_DATA, SYSTEM_PROGRAM, TOKEN_PROGRAM, COUNT };

#define MINT_SIZE 82
/* UpgradeableLoaderState::ProgramData: u32 tag 3, u64 slot, Option<Pubkey> upgrade authority. */
#define PROGRAM_DATA_TAG 3
#define PROGRAM_DATA_AUTHORITY_OFFSET 13

/* Only the program's upgrade authority may initialise the config: the key that deployed it. */
static u64 check_upgrade_authority(const Input *input, const AccountInfo *program_data,
                                   const AccountInfo *authority) {
  if (!pubkey_eq(program_data->owner, &UPGRADEABLE_LOADER_ID)) return ERR_INVALID_OWNER;
  u8 bump;
  Bytes seeds[2] = {{input->program_id->x, sizeof(Pubkey)}, {&bump, 1}};
  Pubkey expected;
  if (!find_program_address(seeds, 2, &UPGRADEABLE_LOADER_ID, &expected, &bump) ||
      !pubkey_eq(&expected, program_data->key)) {
    return ERR_INVALID_ADDRESS;
  }
  const u8 *data = program_data->data;
  if (program_data->data_len < PROGRAM_DATA_AUTHORITY_OFFSET + sizeof(Pubkey) ||
      read_u32(data) != PROGRAM_DATA_TAG) {
    return ERR_INVALID_ACCOUNT_DATA;
  }
  if (data[PROGRAM_DATA_AUTHORITY_OFFSET - 1] != 1 ||
      !bytes_eq(data + PROGRAM_DATA_AUTHORITY_OFFSET, authority->key->x, sizeof(Pubkey))) {
    return ERR_UNAUTHORIZED;
  }
  return SUCCESS;
}

/* Finds the canonical bump of a single-label address and checks the account is at it. */
static u64 find_label_address(const Input *input, const u8 *label, u64 label_len,
                              const AccountInfo *account, u8 *bump) {
  Bytes seeds[2] = {{label, label_len}, {bump, 1}};
  Pubkey expected;
  if (!find_program_address(seeds, 2, input->program_id, &expected, bump)) {
    return ERR_INVALID_ADDRESS;
  }
  return pubkey_eq(&expected, account->key) ? SUCCESS : ERR_INVALID_ADDRESS;
}

u64 initialize_config(const Input *input) {
  if (input->data_len != 8 + 2 + 8 + 8 + 8) return ERR_INVALID_INSTRUCTION;
  if (input->account_count < COUNT) return ERR_NOT_ENOUGH_ACCOUNTS;
  AccountInfo *accounts = input->accounts;
  const u8 *args = input->data + 8;
  u16 penalty_bps = read_u16(args);
  u64 rewards_per_sol = read_u64(args + 2);
  u64 max_supply = read_u64(args + 10);
  u64 staking_rate = read_u64(args + 18);

  u64 result;
  AccountInfo *authority = &accounts[AUTHORITY];
  AccountInfo *config_account = &accounts[CONFIG];
  AccountInfo *mint = &accounts[DUM_MINT];
  if ((result = require_signer(authority)) != SUCCESS) return result;
  if ((result = require_writable(authority)) != SUCCESS) return result;
  if ((result = require_program(&accounts[SYSTEM_PROGRAM], &SYSTEM_PROGRAM_ID)) != SUCCESS) {
    return result;
  }
  if ((result = require_program(&accounts[TOKEN_PROGRAM], &TOKEN_PROGRAM_ID)) != SUCCESS) {
    return result;
  }
  if ((result = require_uninitialized(config_account, input)) != SUCCESS) return result;
  if ((result = check_upgrade_authority(input, &accounts[PROGRAM_DATA], authority)) != SUCCESS) {
    return result;
  }
  /* Penalties are paid by adding lamports, which the runtime refuses for an account that would
   * end up below the rent-exempt minimum: the treasury must be an existing, funded account. */
  Rent rent;
  sol_get_rent_sysvar(&rent);
  if (accounts[TREASURY].executable ||
      *accounts[TREASURY].lamports < rent_exempt_minimum(&rent, accounts[TREASURY].data_len)) {
    return ERR_INVALID_TREASURY;
  }
  if (penalty_bps > BPS_DENOMINATOR) return ERR_INVALID_PENALTY;

  u8 config_bump, mint_bump;
  if ((result = find_label_address(input, SEED_CONFIG, sizeof(SEED_CONFIG), config_account,
                                   &config_bump)) != SUCCESS) {
    return result;
  }
  if ((result = find_label_address(input, SEED_DUM_MINT, sizeof(SEED_DUM_MINT), mint,
                                   &mint_bump)) != SUCCESS) {
    return result;
  }
  if (pubkey_eq(mint->owner, &TOKEN_PROGRAM_ID)) return ERR_ALREADY_INITIALIZED;
  if ((result = require_uninitialized(mint, input)) != SUCCESS) return result;

  Bytes config_seed_list[2] = {{SEED_CONFIG, sizeof(SEED_CONFIG)}, {&config_bump, 1}};
  SignerSeeds config_seeds = {config_seed_list, 2};
  CreateAccountRequest create = {input, authority, config_account, &config_seeds};
  result = create_program_account(&create, sizeof(ConfigAccount), input->program_id);
  if (result != SUCCESS) return result;

  Bytes mint_seed_list[2] = {{SEED_DUM_MINT, sizeof(SEED_DUM_MINT)}, {&mint_bump, 1}};
  SignerSeeds mint_seeds = {mint_seed_list, 2};
  create.target = mint;
  create.target_seeds = &mint_seeds;
  if ((result = create_program_account(&create, MINT_SIZE, &TOKEN_PROGRAM_ID)) != SUCCESS) {
    return result;
  }
  /* The config address is the mint authority: only this program can sign for it. */
  if ((result = token_initialize_mint(input, mint, config_account->key)) != SUCCESS) return result;

  ConfigAccount *config = (ConfigAccount *)config_account->data;
  config->discriminator = DISC_CONFIG;
  config->rewards_per_sol = rewards_per_sol;
  config->max_supply = max_supply;
  config->staking_rate_per_second = staking_rate;
  config->authority = *authority->key;
  config->treasury = *accounts[TREASURY].key;
  config->dum_mint = *mint->key;
  config->penalty_bps = penalty_bps;
  config->bump = config_bump;
  config->mint_bump = mint_bump;
  return SUCCESS;
}
