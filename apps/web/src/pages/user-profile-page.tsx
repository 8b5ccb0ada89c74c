import { formatAddress } from '@dum/core';
import { useParams } from 'react-router';
import { useViewer } from '../features/auth/index.ts';
import { ProfileView } from '../features/people/index.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** /profile/{walletAddress}: any wallet's profile (one's own shows 'Edit profile'). */
export function UserProfilePage() {
  const { walletAddress = '' } = useParams();
  const viewer = useViewer();
  useDocumentTitle(formatAddress(walletAddress));
  return (
    <div className="mx-auto w-full max-w-2xl">
      {/* Keyed by the wallet: moving to another profile starts its tabs and dialogs afresh. */}
      <ProfileView key={walletAddress} address={walletAddress} viewer={viewer} />
    </div>
  );
}
