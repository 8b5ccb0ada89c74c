#include "vault.h"

#define SYSTEM_CREATE_ACCOUNT 0
#define SYSTEM_ASSIGN 1
#define SYSTEM_TRANSFER 2
#define SYSTEM_ALLOCATE 8
#define TOKEN_MINT_TO 7
#define TOKEN_INITIALIZE_MINT2 20

static u64 invoke(const Input *input, const Instruction *instruction, const SignerSeeds *signers,
                  u64 signer_count) {
  /* Every account of this instruction is offered; the runtime picks the ones the callee uses. */
  return sol_invoke_signed_c(instruction, input->accounts, input->account_count, signers,
                             signer_count);
}

u64 system_transfer(const Input *input, AccountInfo *from, AccountInfo *to, u64 lamports) {
  u8 data[12];
  write_u32(data, SYSTEM_TRANSFER);
  write_u64(data + 4, lamports);
  AccountMeta metas[2] = {
      {from->key, true, true},
      {to->key, true, false},
  };
  Instruction instruction = {&SYSTEM_PROGRAM_ID, metas, 2, data, sizeof(data)};
  return invoke(input, &instruction, NULL, 0);
}

static u64 system_allocate_and_assign(const CreateAccountRequest *request, u64 space,
                                      const Pubkey *owner) {
  AccountMeta meta = {request->target->key, true, true};
  u8 allocate[12];
  write_u32(allocate, SYSTEM_ALLOCATE);
  write_u64(allocate + 4, space);
  Instruction instruction = {&SYSTEM_PROGRAM_ID, &meta, 1, allocate, sizeof(allocate)};
  u64 result = invoke(request->input, &instruction, request->target_seeds, 1);
  if (result != SUCCESS) return result;
  u8 assign[36];
  write_u32(assign, SYSTEM_ASSIGN);
  memcpy(assign + 4, owner->x, sizeof(Pubkey));
  instruction.data = assign;
  instruction.data_len = sizeof(assign);
  return invoke(request->input, &instruction, request->target_seeds, 1);
}

u64 create_program_account(const CreateAccountRequest *request, u64 space, const Pubkey *owner) {
  Rent rent;
  sol_get_rent_sysvar(&rent);
  u64 required = rent_exempt_minimum(&rent, space);
  u64 present = *request->target->lamports;
  if (present > 0) {
    /* Anyone can send lamports to an address before it is created, which would make
     * CreateAccount fail: top it up, then allocate and assign instead. */
    if (present < required) {
      u64 result = system_transfer(request->input, request->payer, request->target,
                                   required - present);
      if (result != SUCCESS) return result;
    }
    return system_allocate_and_assign(request, space, owner);
  }
  u8 data[52];
  write_u32(data, SYSTEM_CREATE_ACCOUNT);
  write_u64(data + 4, required);
  write_u64(data + 12, space);
  memcpy(data + 20, owner->x, sizeof(Pubkey));
  AccountMeta metas[2] = {
      {request->payer->key, true, true},
      {request->target->key, true, true},
  };
  Instruction instruction = {&SYSTEM_PROGRAM_ID, metas, 2, data, sizeof(data)};
  return invoke(request->input, &instruction, request->target_seeds, 1);
}

u64 token_initialize_mint(const Input *input, AccountInfo *mint, const Pubkey *authority) {
  /* InitializeMint2: decimals, mint authority, no freeze authority. */
  u8 data[35];
  data[0] = TOKEN_INITIALIZE_MINT2;
  data[1] = DUM_DECIMALS;
  memcpy(data + 2, authority->x, sizeof(Pubkey));
  data[34] = 0;
  AccountMeta meta = {mint->key, true, false};
  Instruction instruction = {&TOKEN_PROGRAM_ID, &meta, 1, data, sizeof(data)};
  return invoke(input, &instruction, NULL, 0);
}

u64 token_mint_to(const MintToRequest *request) {
  u8 data[9];
  data[0] = TOKEN_MINT_TO;
  write_u64(data + 1, request->amount);
  AccountMeta metas[3] = {
      {request->mint->key, true, false},
      {request->destination->key, true, false},
      {request->authority->key, false, true},
  };
  Instruction instruction = {&TOKEN_PROGRAM_ID, metas, 3, data, sizeof(data)};
  return invoke(request->input, &instruction, request->authority_seeds, 1);
}
