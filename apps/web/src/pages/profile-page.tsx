import { Trans, useLingui } from '@lingui/react/macro';
import { ConnectPrompt } from '../features/auth/index.ts';
import { ProfileView } from '../features/people/index.ts';
import { useViewer } from '../features/auth/index.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** /profile: the signed-in wallet's own profile; signed out, the way to connect. */
export function ProfilePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Profile`);
  const viewer = useViewer();
  return (
    <div className="mx-auto w-full max-w-2xl">
      {viewer.isAuthenticated && viewer.wallet ? (
        <ProfileView address={viewer.wallet} viewer={viewer} />
      ) : (
        <ConnectPrompt
          viewer={viewer}
          title={t`Connect your wallet to see your profile`}
          headingLevel={1}
        >
          <Trans>
            Sign in with your wallet to set your name, picture and bio, and to see your followers,
            your posts and the DUM you have mined.
          </Trans>
        </ConnectPrompt>
      )}
    </div>
  );
}
