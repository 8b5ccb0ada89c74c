import { ShieldCheck } from 'lucide-react';
import { LegalPage, type LegalSection } from './legal-page.tsx';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'what-we-store',
    title: 'What we store',
    body: (
      <>
        <p>Dum Club keeps only what the product needs to work:</p>
        <ul className="list-disc space-y-1.5 pl-5">
          <li>
            <strong className="text-foreground">Your wallet address</strong>, which is your account.
            We never see or store your private keys or recovery phrase.
          </li>
          <li>
            <strong className="text-foreground">Your posts</strong>, comments, likes, bookmarks,
            follows and messages, with the time they were made.
          </li>
          <li>
            <strong className="text-foreground">Media you upload</strong> (images and audio). We
            strip embedded metadata such as GPS location from images.
          </li>
          <li>
            Records of rewards, stakes, vault supports and tips, including the public transaction
            signatures that prove them.
          </li>
          <li>
            Short-lived sign-in tokens, and technical logs (such as IP addresses and request times)
            kept briefly to run the service and stop abuse.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul className="list-disc space-y-1.5 pl-5">
        <li>
          <strong className="text-foreground">Free posts are deleted 24 hours</strong> after they
          are published, with their comments, likes and media.
        </li>
        <li>
          Vault posts and time capsules are kept, because supporters and followers rely on them.
        </li>
        <li>
          Test-network data may be wiped entirely when the preview is reset. Transactions on a
          public test cluster stay on that cluster; we cannot delete them.
        </li>
      </ul>
    ),
  },
  {
    id: 'public',
    title: 'What is public',
    body: (
      <p>
        Posts, profiles, follows and vault supports are visible to other members. Direct messages
        are visible only to the two wallets in the conversation. Anything you send on chain, such as
        a vault support or a tip, is public on that network by design.
      </p>
    ),
  },
  {
    id: 'browser',
    title: 'Your browser',
    body: (
      <p>
        We store your sign-in tokens in your browser&apos;s local storage and a few preferences
        (such as a dismissed banner) in session storage. We use no advertising trackers, and the app
        loads no scripts, fonts or images from third-party hosts.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing',
    body: (
      <p>
        We do not sell your data. We share it only with the infrastructure that runs the service
        (hosting and the Solana test network) or when the law requires it. Test tokens have no
        monetary value, so no payment data is ever collected.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Your choices and contact',
    body: (
      <>
        <p>
          You can delete your posts at any time; free posts delete themselves after 24 hours. To ask
          what we hold about your wallet, or to have it removed, contact the team operating the Dum
          Club deployment you are using. For the open-source project, open an issue in the
          project&apos;s repository.
        </p>
        <p>
          We will update this policy as the product grows; the date at the top shows the latest
          version.
        </p>
      </>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      icon={ShieldCheck}
      title="Privacy Policy"
      updated="23 November 2026"
      intro={
        <p>
          Dum Club runs on a test network and is built to collect as little as possible. This page
          explains what we store, why, and for how long.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
