import { useLingui } from '@lingui/react/macro';
import { AdvertiserScreen } from '../features/ads/index.ts';
import { useViewer } from '../features/auth/index.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** /advertiser: the advertiser dashboard (a lazy route of its own). */
export function AdvertiserPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Advertiser`);
  const viewer = useViewer();
  return <AdvertiserScreen viewer={viewer} />;
}
