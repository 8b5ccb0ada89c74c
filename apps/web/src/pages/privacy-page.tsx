import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ShieldCheck } from 'lucide-react';
import { LegalPage, type LegalSection } from './legal-page.tsx';

/** The titles are getters: read when the page is drawn, in the active language. */
const SECTIONS: readonly LegalSection[] = [
  {
    id: 'what-we-store',
    get title() {
      return t`What we store`;
    },
    body: (
      <>
        <p>
          <Trans>Dum Club keeps only what the product needs to work:</Trans>
        </p>
        <ul className="list-disc space-y-1.5 pl-5">
          <li>
            <Trans>
              <strong className="text-foreground">Your wallet address</strong>, which is your
              account. We never see or store your private keys or recovery phrase.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong className="text-foreground">Your posts</strong>, comments, likes, bookmarks,
              follows and messages, with the time they were made.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong className="text-foreground">Media you upload</strong> (images and audio). We
              strip embedded metadata such as GPS location from images.
            </Trans>
          </li>
          <li>
            <Trans>
              Records of rewards, stakes, vault supports and tips, including the public transaction
              signatures that prove them.
            </Trans>
          </li>
          <li>
            <Trans>
              Short-lived sign-in tokens, and technical logs (such as IP addresses and request
              times) kept briefly to run the service and stop abuse.
            </Trans>
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'retention',
    get title() {
      return t`How long we keep it`;
    },
    body: (
      <ul className="list-disc space-y-1.5 pl-5">
        <li>
          <Trans>
            <strong className="text-foreground">Free posts are deleted 24 hours</strong> after they
            are published, with their comments, likes and media.
          </Trans>
        </li>
        <li>
          <Trans>
            Vault posts and time capsules are kept, because supporters and followers rely on them.
          </Trans>
        </li>
        <li>
          <Trans>
            Test-network data may be wiped entirely when the preview is reset. Transactions on a
            public test cluster stay on that cluster; we cannot delete them.
          </Trans>
        </li>
      </ul>
    ),
  },
  {
    id: 'public',
    get title() {
      return t`What is public`;
    },
    body: (
      <p>
        <Trans>
          Posts, profiles, follows and vault supports are visible to other members. Direct messages
          are visible only to the two wallets in the conversation. Anything you send on chain, such
          as a vault support or a tip, is public on that network by design.
        </Trans>
      </p>
    ),
  },
  {
    id: 'browser',
    get title() {
      return t`Your browser`;
    },
    body: (
      <p>
        <Trans>
          We store your sign-in tokens in your browser&apos;s local storage and a few preferences
          (such as a dismissed banner) in session storage. We use no advertising trackers, and the
          app loads no scripts, fonts or images from third-party hosts.
        </Trans>
      </p>
    ),
  },
  {
    id: 'sharing',
    get title() {
      return t`Sharing`;
    },
    body: (
      <p>
        <Trans>
          We do not sell your data. We share it only with the infrastructure that runs the service
          (hosting and the Solana test network) or when the law requires it. Test tokens have no
          monetary value, so no payment data is ever collected.
        </Trans>
      </p>
    ),
  },
  {
    id: 'contact',
    get title() {
      return t`Your choices and contact`;
    },
    body: (
      <>
        <p>
          <Trans>
            You can delete your posts at any time; free posts delete themselves after 24 hours. To
            ask what we hold about your wallet, or to have it removed, contact the team operating
            the Dum Club deployment you are using. For the open-source project, open an issue in the
            project&apos;s repository.
          </Trans>
        </p>
        <p>
          <Trans>
            We will update this policy as the product grows; the date at the top shows the latest
            version.
          </Trans>
        </p>
      </>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      icon={ShieldCheck}
      title={t`Privacy Policy`}
      updated={t`23 November 2026`}
      seeAlso="terms"
      intro={
        <p>
          <Trans>
            Dum Club runs on a test network and is built to collect as little as possible. This page
            explains what we store, why, and for how long.
          </Trans>
        </p>
      }
      sections={SECTIONS}
    />
  );
}
