import { I18nProvider, useLingui } from '@lingui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { ToasterHost } from '../components/ui/toaster-host.tsx';
import { AuthProvider } from '../features/auth/index.ts';
import { BurnerStartingFunds } from '../features/faucet/index.ts';
import { PostWidgetsProvider } from '../features/post/index.ts';
import { PushLanguageSync } from '../features/push/index.ts';
import { RealtimeProvider } from '../features/realtime/index.ts';
import { ErrorBoundary } from '../features/shell/index.ts';
import { WalletProvider } from '../features/wallet/index.ts';
import { WalletModalHost } from '../features/wallet/index.ts';
import { i18n } from '../lib/i18n/index.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { postWidgets } from './post-widgets.tsx';
import { AppRoutes } from './routes.tsx';

/**
 * Providers (the active language, query cache, wallet session, sign-in, real-time socket, the widgets posts show from
 * other features), the app-level error boundary, the wallet modal, the burner wallet's starting
 * SOL, the toaster and the routes.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nProvider i18n={i18n}>
      <AppProviders queryClient={queryClient} />
    </I18nProvider>
  );
}

function AppProviders({ queryClient }: { queryClient: QueryClient }) {
  return (
    <ErrorBoundary fullScreen>
      <QueryClientProvider client={queryClient}>
        <WalletProvider>
          <AuthProvider>
            <RealtimeProvider>
              <PostWidgetsProvider value={postWidgets}>
                <BrowserRouter>
                  <LocalizedRoutes />
                </BrowserRouter>
              </PostWidgetsProvider>
              <WalletModalHost />
              <BurnerStartingFunds />
              <PushLanguageSync />
            </RealtimeProvider>
          </AuthProvider>
        </WalletProvider>
        <ToasterHost />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

/**
 * The pages, drawn anew when the language changes: every text and format on them is read again
 * (a text kept outside React, such as a label map, included). The data stays in the query cache.
 */
function LocalizedRoutes() {
  const { i18n: active } = useLingui();
  return <AppRoutes key={active.locale} />;
}
