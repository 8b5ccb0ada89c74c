import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { useViewer } from '../features/auth/index.ts';
import { MessagesScreen } from '../features/messages/index.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** /messages (the conversations) and /messages/{walletAddress} (one open). */
export function MessagesPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Messages`);
  const { walletAddress } = useParams();
  const viewer = useViewer();
  return <MessagesScreen address={walletAddress ?? null} viewer={viewer} />;
}
