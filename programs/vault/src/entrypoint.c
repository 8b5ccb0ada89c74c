#include "vault.h"

static void log_error(u64 code) {
  switch (code) {
  case ERR_INVALID_INSTRUCTION: LOG("Error: InvalidInstruction"); break;
  case ERR_NOT_ENOUGH_ACCOUNTS: LOG("Error: NotEnoughAccounts"); break;
  case ERR_MISSING_SIGNATURE: LOG("Error: MissingSignature"); break;
  case ERR_NOT_WRITABLE: LOG("Error: AccountNotWritable"); break;
  case ERR_INVALID_OWNER: LOG("Error: InvalidAccountOwner"); break;
  case ERR_INVALID_ADDRESS: LOG("Error: InvalidAddress"); break;
  case ERR_INVALID_ACCOUNT_DATA: LOG("Error: InvalidAccountData"); break;
  case ERR_ALREADY_INITIALIZED: LOG("Error: AlreadyInitialized"); break;
  case ERR_NOT_INITIALIZED: LOG("Error: NotInitialized"); break;
  case ERR_UNAUTHORIZED: LOG("Error: Unauthorized"); break;
  case ERR_INVALID_PROGRAM: LOG("Error: InvalidProgram"); break;
  case ERR_INVALID_MINT: LOG("Error: InvalidMint"); break;
  case ERR_INVALID_TREASURY: LOG("Error: InvalidTreasury"); break;
  case ERR_INVALID_PENALTY: LOG("Error: InvalidPenalty"); break;
  case ERR_INVALID_MULTIPLIER: LOG("Error: InvalidMultiplier"); break;
  case ERR_INVALID_DURATION: LOG("Error: InvalidDuration"); break;
  case ERR_INVALID_AMOUNT: LOG("Error: InvalidAmount"); break;
  case ERR_VAULT_ENDED: LOG("Error: VaultEnded"); break;
  case ERR_VAULT_LOCKED: LOG("Error: VaultLocked"); break;
  case ERR_TARGET_NOT_REACHED: LOG("Error: TargetNotReached"); break;
  case ERR_ALREADY_WITHDRAWN: LOG("Error: AlreadyWithdrawn"); break;
  case ERR_ALREADY_CLAIMED: LOG("Error: AlreadyClaimed"); break;
  case ERR_NOTHING_TO_WITHDRAW: LOG("Error: NothingToWithdraw"); break;
  case ERR_OVERFLOW: LOG("Error: Overflow"); break;
  case ERR_NOT_RENT_EXEMPT: LOG("Error: NotRentExempt"); break;
  case ERR_INVALID_MEDIA: LOG("Error: InvalidMediaRef"); break;
  case ERR_INVALID_TOKEN_ACCOUNT: LOG("Error: InvalidTokenAccount"); break;
  case ERR_TOO_MANY_ACCOUNTS: LOG("Error: TooManyAccounts"); break;
  case ERR_CREATOR_CANNOT_JOIN: LOG("Error: CreatorCannotJoin"); break;
  default: break; /* errors of a called program are logged by the runtime */
  }
}

u64 entrypoint(u8 *serialized) {
  Input input;
  if (!deserialize(serialized, &input)) {
    log_error(ERR_TOO_MANY_ACCOUNTS);
    return ERR_TOO_MANY_ACCOUNTS;
  }
  u64 result = ERR_INVALID_INSTRUCTION;
  if (input.data_len >= 8) {
    switch (read_u64(input.data)) {
    case IX_INITIALIZE_CONFIG: result = initialize_config(&input); break;
    case IX_CREATE_VAULT: result = create_vault(&input); break;
    case IX_JOIN_VAULT: result = join_vault(&input); break;
    case IX_WITHDRAW_WITH_REWARDS: result = withdraw_with_rewards(&input); break;
    case IX_EARLY_WITHDRAW: result = early_withdraw(&input); break;
    case IX_CLAIM_VAULT: result = claim_vault(&input); break;
    case IX_ADD_MEDIA_REF: result = add_media_ref(&input); break;
    default: break;
    }
  }
  if (result != SUCCESS) log_error(result);
  return result;
}
