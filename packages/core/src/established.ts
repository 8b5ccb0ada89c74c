/**
 * Established wallets (docs/decisions/013-established-wallets.md): the first filter that keeps
 * free wallets from mining. A wallet earns DUM only once it is established, and only an
 * established wallet's engagement vouches for others. The rule is a pure function of facts the
 * server keeps per wallet (when it signed up, when it first posted, when an established wallet
 * first engaged with it), so the hot path reads a few timestamps and compares them.
 */

/** The rule's parameters (config.ts: ESTABLISHED_*). */
export interface EstablishedRule {
  /** How old an account must be (from sign-up); 0: no age requirement. */
  minAgeMs: number;
  /** Whether the wallet must itself have made a post (free or vault). */
  requirePost: boolean;
  /** Whether an established wallet (or a seed) must have liked or commented on its posts. */
  requireVouch: boolean;
  /**
   * How long a wallet must have been established before its likes and comments vouch for
   * others (seeds vouch at once): a ring that wins one honest like cannot pull the rest of the
   * ring in on the same day.
   */
  voucherMinAgeMs: number;
  /** Wallet addresses established from sign-up (the operator's own, trusted community members). */
  seedWallets: ReadonlySet<string>;
}

/** What the rule looks at, per wallet. */
export interface StandingFacts {
  solAddress: string;
  createdAt: Date;
  /** When the wallet first posted (null: never). */
  firstPostAt: Date | null;
  /** When an established wallet first liked or commented on one of its posts (null: never). */
  vouchedAt: Date | null;
}

const EPOCH = new Date(0);

/**
 * The moment the wallet became (or will become, once time passes) established, or null while
 * a fact it needs is missing. Seeds are established from the start of time. Established once,
 * established for good: every fact only ever goes from null to a time.
 */
export function establishedAt(facts: StandingFacts, rule: EstablishedRule): Date | null {
  if (rule.seedWallets.has(facts.solAddress)) return EPOCH;
  let at = rule.minAgeMs > 0 ? facts.createdAt.getTime() + rule.minAgeMs : 0;
  if (rule.requirePost) {
    if (!facts.firstPostAt) return null;
    at = Math.max(at, facts.firstPostAt.getTime());
  }
  if (rule.requireVouch) {
    if (!facts.vouchedAt) return null;
    at = Math.max(at, facts.vouchedAt.getTime());
  }
  return new Date(at);
}

/** Whether the wallet is established at `at`. */
export function isEstablished(facts: StandingFacts, rule: EstablishedRule, at: Date): boolean {
  const since = establishedAt(facts, rule);
  return since !== null && since.getTime() <= at.getTime();
}

/** Whether the wallet's like or comment at `at` vouches for the post's author. */
export function canVouch(facts: StandingFacts, rule: EstablishedRule, at: Date): boolean {
  const since = establishedAt(facts, rule);
  if (since === null) return false;
  if (since.getTime() === EPOCH.getTime()) return true;
  return since.getTime() + rule.voucherMinAgeMs <= at.getTime();
}
