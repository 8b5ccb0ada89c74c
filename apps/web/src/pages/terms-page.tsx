import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { FileText } from 'lucide-react';
import { LegalPage, type LegalSection } from './legal-page.tsx';

/** The titles are getters: read when the page is drawn, in the active language. */
const SECTIONS: readonly LegalSection[] = [
  {
    id: 'preview',
    get title() {
      return t`A test-network preview`;
    },
    body: (
      <>
        <p>
          <Trans>
            Dum Club is a preview running on a Solana test network (a local test cluster or devnet).
            Every token you see here, SOL and DUM alike, is a test token. Test tokens have{' '}
            <strong className="text-foreground">no real monetary value</strong>, cannot be bought or
            sold through Dum Club and cannot be exchanged for money, goods or mainnet tokens.
          </Trans>
        </p>
        <p>
          <Trans>
            Never send mainnet SOL or any real asset to an address shown in Dum Club. If your wallet
            is set to mainnet, switch it to the test network before you sign anything.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    get title() {
      return t`Your wallet is your account`;
    },
    body: (
      <>
        <p>
          <Trans>
            You sign in by connecting a Solana wallet and signing a one-time message. Signing that
            message proves you control the wallet; it never moves funds and never gives us your
            keys. You are responsible for your wallet, its recovery phrase and every transaction you
            approve in it.
          </Trans>
        </p>
        <p>
          <Trans>
            Transactions you approve on the test network are final; we cannot reverse them.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'content',
    get title() {
      return t`Posts, vaults and media`;
    },
    body: (
      <>
        <p>
          <Trans>
            You keep the rights to what you post. By posting you let Dum Club store and show it to
            other members for as long as it exists on the service.
          </Trans>
        </p>
        <ul className="list-disc space-y-1.5 pl-5">
          <li>
            <Trans>
              <strong className="text-foreground">
                Free posts are deleted automatically 24 hours
              </strong>{' '}
              after you publish them, together with their comments, likes and attached media.
            </Trans>
          </li>
          <li>
            <Trans>
              Vault posts and time capsules are kept after 24 hours, because supporters and
              followers rely on them.
            </Trans>
          </li>
          <li>
            <Trans>Images up to 10 MB and audio up to 50 MB may be attached to a post.</Trans>
          </li>
        </ul>
        <p>
          <Trans>
            Do not post anything illegal, anything that infringes someone else&apos;s rights,
            harassment, malware, or other people&apos;s private information. We may remove content
            and block wallets that break these rules.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'rewards',
    get title() {
      return t`DUM rewards, staking and support`;
    },
    body: (
      <>
        <p>
          <Trans>
            Dum Club mints test DUM for engagement: posting, commenting, liking, following and
            supporting vaults. The reward per event halves every 70,000 events and total supply is
            capped at 21,000,000 DUM. Rewards may be limited per wallet per day to keep the game
            fair.
          </Trans>
        </p>
        <p>
          <Trans>
            Vault support and message tips are test SOL transfers between wallets. Balances, rewards
            and rates may be reset, corrected or changed at any time during the preview.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'warranty',
    get title() {
      return t`No warranty`;
    },
    body: (
      <p>
        <Trans>
          The preview is experimental software provided &quot;as is&quot;, without warranties of any
          kind. It may be unavailable, lose data or behave unexpectedly. To the extent the law
          allows, Dum Club is not liable for any loss arising from your use of the preview.
        </Trans>
      </p>
    ),
  },
  {
    id: 'changes',
    get title() {
      return t`Changes and contact`;
    },
    body: (
      <>
        <p>
          <Trans>
            We may update these terms as the product grows; the date at the top shows the latest
            version. Continuing to use Dum Club after a change means you accept the new terms.
          </Trans>
        </p>
        <p>
          <Trans>
            Questions about these terms go to the team operating the Dum Club deployment you are
            using. For the open-source project, open an issue in the project&apos;s repository.
          </Trans>
        </p>
      </>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      icon={FileText}
      title={t`Terms of Service`}
      updated={t`23 November 2026`}
      seeAlso="privacy"
      intro={
        <p>
          <Trans>
            These terms cover your use of Dum Club, a social app where you earn test DUM through
            engagement. Please read them; by connecting a wallet you agree to them.
          </Trans>
        </p>
      }
      sections={SECTIONS}
    />
  );
}
