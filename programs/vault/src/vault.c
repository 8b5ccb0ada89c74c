#include "vault.h"

static u64 seconds_between(i64 from, i64 to) { return to > from ? (u64)(to - from) : 0; }

/* DUM base units earned by `amount` lamports locked for `seconds` at `rate` per SOL-second. */
static u64 staking_reward(u64 amount, u64 rate, u64 seconds) {
  return mul_div_small(amount, sat_mul(rate, seconds), LAMPORTS_PER_SOL);
}

/* Everything `amount` lamports earn by staying locked `seconds` of the vault's term: the rewards
 * per SOL spread evenly over the term (the whole figure only for lamports locked from the start
 * to the end), plus the staking rate per SOL-second. Proportional to lamport-seconds, so capital
 * moved from vault to vault earns no more than the same capital left in one. */
static u64 locked_reward(const VaultAccount *vault, u64 amount, u64 seconds) {
  if (amount == 0 || seconds == 0) return 0;
  u64 per_sol = mul_div_wide(vault->rewards_per_sol, seconds, vault->duration_seconds);
  return sat_add(mul_div_small(amount, per_sol, LAMPORTS_PER_SOL),
                 staking_reward(amount, vault->staking_rate_per_second, seconds));
}

enum { CV_CREATOR, CV_VAULT, CV_CONFIG, CV_SYSTEM_PROGRAM, CV_COUNT };

u64 create_vault(const Input *input) {
  if (input->data_len != 8 + 8 + 1 + 4) return ERR_INVALID_INSTRUCTION;
  if (input->account_count < CV_COUNT) return ERR_NOT_ENOUGH_ACCOUNTS;
  AccountInfo *accounts = input->accounts;
  u64 post_id = read_u64(input->data + 8);
  u8 multiplier = input->data[16];
  u32 duration_days = read_u32(input->data + 17);

  u64 result;
  AccountInfo *creator = &accounts[CV_CREATOR];
  AccountInfo *vault_account = &accounts[CV_VAULT];
  if ((result = require_signer(creator)) != SUCCESS) return result;
  if ((result = require_writable(creator)) != SUCCESS) return result;
  if ((result = require_program(&accounts[CV_SYSTEM_PROGRAM], &SYSTEM_PROGRAM_ID)) != SUCCESS) {
    return result;
  }
  ConfigAccount *config;
  if ((result = load_config(&accounts[CV_CONFIG], input, &config)) != SUCCESS) return result;
  if (multiplier < MIN_MULTIPLIER || multiplier > MAX_MULTIPLIER) return ERR_INVALID_MULTIPLIER;
  if (duration_days == 0) return ERR_INVALID_DURATION;
  if ((result = require_uninitialized(vault_account, input)) != SUCCESS) return result;

  u8 bump;
  Bytes seeds[4] = {
      {SEED_VAULT, sizeof(SEED_VAULT)},
      {input->data + 8, sizeof(u64)},
      {creator->key->x, sizeof(Pubkey)},
      {&bump, 1},
  };
  Pubkey expected;
  if (!find_program_address(seeds, 4, input->program_id, &expected, &bump) ||
      !pubkey_eq(&expected, vault_account->key)) return ERR_INVALID_ADDRESS;

  i64 now = current_time();
  u64 duration = (u64)duration_days * SECONDS_PER_DAY; /* < 2^49: cannot overflow */
  u64 end;
  if (now < 0 || !add_u64((u64)now, duration, &end) || (i64)end < 0) return ERR_OVERFLOW;

  SignerSeeds signer = {seeds, 4};
  CreateAccountRequest create = {input, creator, vault_account, &signer};
  result = create_program_account(&create, sizeof(VaultAccount), input->program_id);
  if (result != SUCCESS) return result;

  VaultAccount *vault = (VaultAccount *)vault_account->data;
  vault->discriminator = DISC_VAULT;
  vault->post_id = post_id;
  vault->target_amount = TARGET_UNIT_LAMPORTS * multiplier;
  vault->start_ts = now;
  vault->end_ts = (i64)end;
  vault->duration_seconds = duration;
  vault->rewards_per_sol = config->rewards_per_sol;
  vault->staking_rate_per_second = config->staking_rate_per_second;
  vault->creator = *creator->key;
  vault->treasury = config->treasury;
  vault->penalty_bps = config->penalty_bps;
  vault->multiplier = multiplier;
  vault->status = VAULT_ACTIVE;
  vault->bump = bump;
  return SUCCESS;
}

enum { JV_PARTICIPANT, JV_VAULT, JV_DEPOSIT, JV_SYSTEM_PROGRAM, JV_COUNT };

static u64 open_deposit(const Input *input, VaultAccount *vault, DepositAccount **out) {
  AccountInfo *participant = &input->accounts[JV_PARTICIPANT];
  AccountInfo *vault_account = &input->accounts[JV_VAULT];
  AccountInfo *deposit_account = &input->accounts[JV_DEPOSIT];
  u8 bump;
  Bytes seeds[4] = {
      {SEED_DEPOSIT, sizeof(SEED_DEPOSIT)},
      {vault_account->key->x, sizeof(Pubkey)},
      {participant->key->x, sizeof(Pubkey)},
      {&bump, 1},
  };
  Pubkey expected;
  if (!find_program_address(seeds, 4, input->program_id, &expected, &bump) ||
      !pubkey_eq(&expected, deposit_account->key)) return ERR_INVALID_ADDRESS;
  u64 participants;
  if (!add_u64(vault->participant_count, 1, &participants)) return ERR_OVERFLOW;

  SignerSeeds signer = {seeds, 4};
  CreateAccountRequest create = {input, participant, deposit_account, &signer};
  u64 result = create_program_account(&create, sizeof(DepositAccount), input->program_id);
  if (result != SUCCESS) return result;

  DepositAccount *deposit = (DepositAccount *)deposit_account->data;
  deposit->discriminator = DISC_DEPOSIT;
  deposit->vault = *vault_account->key;
  deposit->participant = *participant->key;
  deposit->bump = bump;
  vault->participant_count = participants;
  *out = deposit;
  return SUCCESS;
}

u64 join_vault(const Input *input) {
  if (input->data_len != 8 + 8) return ERR_INVALID_INSTRUCTION;
  if (input->account_count < JV_COUNT) return ERR_NOT_ENOUGH_ACCOUNTS;
  AccountInfo *accounts = input->accounts;
  u64 lamports = read_u64(input->data + 8);

  u64 result;
  AccountInfo *participant = &accounts[JV_PARTICIPANT];
  AccountInfo *vault_account = &accounts[JV_VAULT];
  AccountInfo *deposit_account = &accounts[JV_DEPOSIT];
  if ((result = require_signer(participant)) != SUCCESS) return result;
  if ((result = require_writable(participant)) != SUCCESS) return result;
  if ((result = require_writable(vault_account)) != SUCCESS) return result;
  if ((result = require_writable(deposit_account)) != SUCCESS) return result;
  if ((result = require_program(&accounts[JV_SYSTEM_PROGRAM], &SYSTEM_PROGRAM_ID)) != SUCCESS) {
    return result;
  }
  if (lamports == 0) return ERR_INVALID_AMOUNT;
  VaultAccount *vault;
  if ((result = load_vault(vault_account, input, &vault)) != SUCCESS) return result;
  /* A creator's own SOL would unlock their own vault and earn rewards for it. */
  if (pubkey_eq(participant->key, &vault->creator)) return ERR_CREATOR_CANNOT_JOIN;
  i64 now = current_time();
  if (vault->status != VAULT_ACTIVE || now >= vault->end_ts) return ERR_VAULT_ENDED;

  u64 vault_total;
  if (!add_u64(vault->total_deposited, lamports, &vault_total)) return ERR_OVERFLOW;
  DepositAccount *deposit;
  if (pubkey_eq(deposit_account->owner, &SYSTEM_PROGRAM_ID) && deposit_account->data_len == 0) {
    if ((result = open_deposit(input, vault, &deposit)) != SUCCESS) return result;
    deposit->first_deposit_ts = now;
    deposit->last_update_ts = now;
  } else {
    if ((result = load_deposit(deposit_account, input, vault_account, &deposit)) != SUCCESS) {
      return result;
    }
    if (!pubkey_eq(&deposit->participant, participant->key)) return ERR_UNAUTHORIZED;
  }
  u64 amount, total;
  if (!add_u64(deposit->amount, lamports, &amount)) return ERR_OVERFLOW;
  if (!add_u64(deposit->total_deposited, lamports, &total)) return ERR_OVERFLOW;

  if ((result = system_transfer(input, participant, deposit_account, lamports)) != SUCCESS) {
    return result;
  }
  /* What the amount held so far has earned is kept before the amount changes. */
  u64 earned = locked_reward(vault, deposit->amount, seconds_between(deposit->last_update_ts, now));
  deposit->accrued_reward = sat_add(deposit->accrued_reward, earned);
  deposit->last_update_ts = now;
  deposit->amount = amount;
  deposit->total_deposited = total;
  vault->total_deposited = vault_total;
  return SUCCESS;
}

/* The accounts a participant's withdrawal starts with. */
typedef struct {
  AccountInfo *participant;
  AccountInfo *vault_account;
  AccountInfo *deposit_account;
  VaultAccount *vault;
  DepositAccount *deposit;
} Withdrawal;

static u64 load_withdrawal(const Input *input, Withdrawal *w) {
  AccountInfo *accounts = input->accounts;
  w->participant = &accounts[0];
  w->vault_account = &accounts[1];
  w->deposit_account = &accounts[2];
  u64 result;
  if ((result = require_signer(w->participant)) != SUCCESS) return result;
  if ((result = require_writable(w->participant)) != SUCCESS) return result;
  if ((result = require_writable(w->deposit_account)) != SUCCESS) return result;
  if ((result = load_vault(w->vault_account, input, &w->vault)) != SUCCESS) return result;
  result = load_deposit(w->deposit_account, input, w->vault_account, &w->deposit);
  if (result != SUCCESS) return result;
  if (!pubkey_eq(&w->deposit->participant, w->participant->key)) return ERR_UNAUTHORIZED;
  return SUCCESS;
}

enum { WR_CONFIG = 3, WR_DUM_MINT, WR_TOKEN_ACCOUNT, WR_TOKEN_PROGRAM, WR_COUNT };

#define MINT_SUPPLY_OFFSET 36
#define TOKEN_ACCOUNT_SIZE 165

u64 withdraw_with_rewards(const Input *input) {
  if (input->data_len != 8) return ERR_INVALID_INSTRUCTION;
  if (input->account_count < WR_COUNT) return ERR_NOT_ENOUGH_ACCOUNTS;
  AccountInfo *accounts = input->accounts;
  Withdrawal w;
  u64 result;
  if ((result = load_withdrawal(input, &w)) != SUCCESS) return result;
  AccountInfo *config_account = &accounts[WR_CONFIG];
  AccountInfo *mint = &accounts[WR_DUM_MINT];
  AccountInfo *token_account = &accounts[WR_TOKEN_ACCOUNT];
  ConfigAccount *config;
  if ((result = load_config(config_account, input, &config)) != SUCCESS) return result;
  if (!pubkey_eq(mint->key, &config->dum_mint) || !pubkey_eq(mint->owner, &TOKEN_PROGRAM_ID)) {
    return ERR_INVALID_MINT;
  }
  if ((result = require_writable(mint)) != SUCCESS) return result;
  if (!pubkey_eq(token_account->owner, &TOKEN_PROGRAM_ID) ||
      token_account->data_len != TOKEN_ACCOUNT_SIZE) {
    return ERR_INVALID_TOKEN_ACCOUNT;
  }
  if (!pubkey_eq((const Pubkey *)token_account->data, &config->dum_mint)) return ERR_INVALID_MINT;
  if ((result = require_writable(token_account)) != SUCCESS) return result;
  if ((result = require_program(&accounts[WR_TOKEN_PROGRAM], &TOKEN_PROGRAM_ID)) != SUCCESS) {
    return result;
  }

  VaultAccount *vault = w.vault;
  DepositAccount *deposit = w.deposit;
  if (current_time() < vault->end_ts) return ERR_VAULT_LOCKED;
  if (deposit->rewarded) return ERR_ALREADY_WITHDRAWN;
  if (deposit->amount == 0) return ERR_NOTHING_TO_WITHDRAW;

  u64 reward = sat_add(deposit->accrued_reward,
                       locked_reward(vault, deposit->amount,
                                     seconds_between(deposit->last_update_ts, vault->end_ts)));
  u64 supply = read_u64(mint->data + MINT_SUPPLY_OFFSET);
  u64 mintable = config->max_supply > supply ? config->max_supply - supply : 0;
  u64 minted = reward < mintable ? reward : mintable;
  if (minted > 0) {
    Bytes seed_list[2] = {{SEED_CONFIG, sizeof(SEED_CONFIG)}, {&config->bump, 1}};
    SignerSeeds seeds = {seed_list, 2};
    MintToRequest request = {input, mint, token_account, config_account, &seeds, minted};
    if ((result = token_mint_to(&request)) != SUCCESS) return result;
  }
  /* Below target at the end: each participant takes their deposit back. At or above it, the
   * deposit is the creator's to claim and the participant keeps the DUM. */
  if (vault->total_deposited < vault->target_amount) {
    result = move_lamports(w.deposit_account, w.participant, deposit->amount);
    if (result != SUCCESS) return result;
    deposit->refunded = 1;
  }
  deposit->rewarded = 1;
  deposit->reward_minted = minted;
  return SUCCESS;
}

enum { EW_TREASURY = 3, EW_COUNT };

u64 early_withdraw(const Input *input) {
  if (input->data_len != 8) return ERR_INVALID_INSTRUCTION;
  if (input->account_count < EW_COUNT) return ERR_NOT_ENOUGH_ACCOUNTS;
  Withdrawal w;
  u64 result;
  if ((result = load_withdrawal(input, &w)) != SUCCESS) return result;
  AccountInfo *treasury = &input->accounts[EW_TREASURY];
  if ((result = require_writable(w.vault_account)) != SUCCESS) return result;
  VaultAccount *vault = w.vault;
  DepositAccount *deposit = w.deposit;
  if (!pubkey_eq(treasury->key, &vault->treasury)) return ERR_INVALID_TREASURY;
  if ((result = require_writable(treasury)) != SUCCESS) return result;
  i64 now = current_time();
  if (vault->status != VAULT_ACTIVE || now >= vault->end_ts) return ERR_VAULT_ENDED;
  u64 amount = deposit->amount;
  if (amount == 0) return ERR_NOTHING_TO_WITHDRAW;

  u64 penalty = mul_div_small(amount, vault->penalty_bps, BPS_DENOMINATOR);
  u64 vault_total, penalties;
  if (!sub_u64(vault->total_deposited, amount, &vault_total)) return ERR_OVERFLOW;
  if (!add_u64(deposit->penalty_paid, penalty, &penalties)) return ERR_OVERFLOW;
  if ((result = move_lamports(w.deposit_account, w.participant, amount - penalty)) != SUCCESS) {
    return result;
  }
  if (penalty > 0 && (result = move_lamports(w.deposit_account, treasury, penalty)) != SUCCESS) {
    return result;
  }
  /* Leaving early forfeits the staking reward earned so far. */
  deposit->amount = 0;
  deposit->accrued_reward = 0;
  deposit->last_update_ts = now;
  deposit->penalty_paid = penalties;
  vault->total_deposited = vault_total;
  return SUCCESS;
}

enum { CL_CREATOR, CL_VAULT, CL_FIRST_DEPOSIT };

u64 claim_vault(const Input *input) {
  if (input->data_len != 8) return ERR_INVALID_INSTRUCTION;
  if (input->account_count <= CL_FIRST_DEPOSIT) return ERR_NOT_ENOUGH_ACCOUNTS;
  AccountInfo *accounts = input->accounts;
  AccountInfo *creator = &accounts[CL_CREATOR];
  AccountInfo *vault_account = &accounts[CL_VAULT];
  u64 result;
  if ((result = require_signer(creator)) != SUCCESS) return result;
  if ((result = require_writable(creator)) != SUCCESS) return result;
  if ((result = require_writable(vault_account)) != SUCCESS) return result;
  VaultAccount *vault;
  if ((result = load_vault(vault_account, input, &vault)) != SUCCESS) return result;
  if (!pubkey_eq(creator->key, &vault->creator)) return ERR_UNAUTHORIZED;
  if (current_time() < vault->end_ts) return ERR_VAULT_LOCKED;
  if (vault->total_deposited < vault->target_amount) return ERR_TARGET_NOT_REACHED;
  if (vault->status == VAULT_PAID_OUT) return ERR_ALREADY_CLAIMED;

  u64 claimed = vault->claimed_amount;
  for (u64 i = CL_FIRST_DEPOSIT; i < input->account_count; i++) {
    AccountInfo *deposit_account = &accounts[i];
    DepositAccount *deposit;
    if ((result = require_writable(deposit_account)) != SUCCESS) return result;
    if ((result = load_deposit(deposit_account, input, vault_account, &deposit)) != SUCCESS) {
      return result;
    }
    if (deposit->claimed) return ERR_ALREADY_CLAIMED;
    if (deposit->amount == 0) return ERR_NOTHING_TO_WITHDRAW;
    if (!add_u64(claimed, deposit->amount, &claimed)) return ERR_OVERFLOW;
    if ((result = move_lamports(deposit_account, creator, deposit->amount)) != SUCCESS) {
      return result;
    }
    deposit->claimed = 1;
  }
  if (claimed > vault->total_deposited) return ERR_OVERFLOW;
  vault->claimed_amount = claimed;
  if (claimed == vault->total_deposited) vault->status = VAULT_PAID_OUT;
  return SUCCESS;
}
