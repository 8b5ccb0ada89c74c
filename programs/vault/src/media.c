#include "vault.h"

enum { MR_CREATOR, MR_VAULT, MR_MEDIA_REF, MR_SYSTEM_PROGRAM, MR_COUNT };

/* A Borsh string (u32 length, bytes) of at most `max` bytes inside [*cursor, end). */
static bool read_string(const u8 **cursor, const u8 *end, u64 max, const u8 **bytes, u64 *len) {
  if (end - *cursor < 4) return false;
  u64 length = read_u32(*cursor);
  *cursor += 4;
  if (length > max || (u64)(end - *cursor) < length) return false;
  *bytes = *cursor;
  *len = length;
  *cursor += length;
  return true;
}

/* add_media_ref(content_hash: [u8; 32], media_type: u8, size: u64, ipfs_hash: string,
 *               arweave_id: string, metadata: string) */
u64 add_media_ref(const Input *input) {
  if (input->data_len < 8 + 32 + 1 + 8 + 4 * 3) return ERR_INVALID_INSTRUCTION;
  if (input->account_count < MR_COUNT) return ERR_NOT_ENOUGH_ACCOUNTS;
  const u8 *content_hash = input->data + 8;
  u8 media_type = input->data[40];
  u64 size = read_u64(input->data + 41);
  const u8 *cursor = input->data + 49;
  const u8 *end = input->data + input->data_len;
  const u8 *ipfs, *arweave, *metadata;
  u64 ipfs_len, arweave_len, metadata_len;
  if (!read_string(&cursor, end, MAX_IPFS_HASH_LEN, &ipfs, &ipfs_len) ||
      !read_string(&cursor, end, MAX_ARWEAVE_ID_LEN, &arweave, &arweave_len) ||
      !read_string(&cursor, end, MAX_METADATA_LEN, &metadata, &metadata_len)) {
    return ERR_INVALID_MEDIA;
  }
  if (cursor != end) return ERR_INVALID_INSTRUCTION;
  if (media_type > MEDIA_URL) return ERR_INVALID_MEDIA;

  AccountInfo *accounts = input->accounts;
  AccountInfo *creator = &accounts[MR_CREATOR];
  AccountInfo *vault_account = &accounts[MR_VAULT];
  AccountInfo *media_account = &accounts[MR_MEDIA_REF];
  u64 result;
  if ((result = require_signer(creator)) != SUCCESS) return result;
  if ((result = require_writable(creator)) != SUCCESS) return result;
  if ((result = require_program(&accounts[MR_SYSTEM_PROGRAM], &SYSTEM_PROGRAM_ID)) != SUCCESS) {
    return result;
  }
  VaultAccount *vault;
  if ((result = load_vault(vault_account, input, &vault)) != SUCCESS) return result;
  if (!pubkey_eq(creator->key, &vault->creator)) return ERR_UNAUTHORIZED;
  if ((result = require_uninitialized(media_account, input)) != SUCCESS) return result;

  u8 bump;
  Bytes seeds[4] = {
      {SEED_MEDIA_REF, sizeof(SEED_MEDIA_REF)},
      {vault_account->key->x, sizeof(Pubkey)},
      {content_hash, 32},
      {&bump, 1},
  };
  Pubkey expected;
  if (!find_program_address(seeds, 4, input->program_id, &expected, &bump) ||
      !pubkey_eq(&expected, media_account->key)) return ERR_INVALID_ADDRESS;
  SignerSeeds signer = {seeds, 4};
  CreateAccountRequest create = {input, creator, media_account, &signer};
  result = create_program_account(&create, sizeof(MediaRefAccount), input->program_id);
  if (result != SUCCESS) return result;

  MediaRefAccount *media = (MediaRefAccount *)media_account->data;
  media->discriminator = DISC_MEDIA_REF;
  media->size = size;
  media->created_ts = current_time();
  media->vault = *vault_account->key;
  media->creator = *creator->key;
  memcpy(media->content_hash, content_hash, 32);
  media->media_type = media_type;
  media->bump = bump;
  media->ipfs_hash_len = (u8)ipfs_len;
  media->arweave_id_len = (u8)arweave_len;
  media->metadata_len = (u16)metadata_len;
  memcpy(media->ipfs_hash, ipfs, ipfs_len);
  memcpy(media->arweave_id, arweave, arweave_len);
  memcpy(media->metadata, metadata, metadata_len);
  return SUCCESS;
}
