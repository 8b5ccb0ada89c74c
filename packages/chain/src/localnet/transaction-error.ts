/**
 * Turns LiteSVM's native error objects into the JSON the Solana RPC uses for `err`
 * (e.g. "BlockhashNotFound" or {"InstructionError":[0,{"Custom":1}]}).
 */

export type TransactionErrorJson = string | Record<string, unknown>;

const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
];

const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
];

interface NativeInstructionError {
  index: number;
  err(): unknown;
}

function instructionErrorJson(err: unknown): TransactionErrorJson {
  if (typeof err === 'number') return INSTRUCTION_ERRORS[err] ?? 'GenericError';
  if (err && typeof err === 'object') {
    // The native error's fields are typed by the binding only; convert them as found.
    if ('code' in err) return { Custom: Number(err.code) };
    if ('msg' in err) return { BorshIoError: String(err.msg) };
  }
  return 'GenericError';
}

export function transactionErrorJson(err: unknown): TransactionErrorJson {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? 'SanitizeFailure';
  if (err && typeof err === 'object') {
    const name = err.constructor.name;
    if ('err' in err && typeof (err as NativeInstructionError).err === 'function') {
      const native = err as NativeInstructionError;
      return { InstructionError: [native.index, instructionErrorJson(native.err())] };
    }
    if (name.includes('DuplicateInstruction') && 'index' in err) {
      return { DuplicateInstruction: (err as { index: number }).index };
    }
    if ('accountIndex' in err) {
      const key = name.includes('Restricted')
        ? 'ProgramExecutionTemporarilyRestricted'
        : 'InsufficientFundsForRent';
      return { [key]: { account_index: (err as { accountIndex: number }).accountIndex } };
    }
  }
  return 'SanitizeFailure';
}

/** A readable one-liner for preflight error messages ("Blockhash not found", ...). */
export function describeTransactionError(err: TransactionErrorJson): string {
  if (typeof err === 'string') {
    if (err === 'BlockhashNotFound') return 'Blockhash not found';
    if (err === 'AlreadyProcessed') return 'This transaction has already been processed';
    if (err === 'SignatureFailure') return 'Transaction did not pass signature verification';
    if (err === 'AccountNotFound') {
      return 'Attempt to debit an account but found no record of a prior credit.';
    }
    if (err === 'InsufficientFundsForFee') return 'Insufficient funds for fee';
    return err.replace(/([a-z])([A-Z])/g, '$1 $2');
  }
  const rent = err.InsufficientFundsForRent as { account_index?: number } | undefined;
  if (rent) {
    return `Transaction results in an account (${rent.account_index}) with insufficient funds for rent`;
  }
  const ix = err.InstructionError;
  if (Array.isArray(ix)) {
    const [index, inner] = ix as [number, TransactionErrorJson];
    const detail =
      typeof inner === 'string'
        ? inner.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
        : 'Custom' in inner
          ? `custom program error: 0x${Number(inner.Custom).toString(16)}`
          : JSON.stringify(inner);
    return `Error processing Instruction ${index}: ${detail}`;
  }
  return JSON.stringify(err);
}
