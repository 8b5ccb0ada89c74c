import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { ToasterHost } from '../components/ui/toaster-host.tsx';
import { AuthProvider } from '../features/auth/index.ts';
import { BurnerStartingFunds } from '../features/faucet/index.ts';
import { PostWidgetsProvider } from '../features/post/index.ts';
import { RealtimeProvider } from '../features/realtime/index.ts';
import { ErrorBoundary } from '../features/shell/index.ts';
import { WalletProvider } from '../features/wallet/index.ts';
import { WalletModalHost } from '../features/wallet/index.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { postWidgets } from './post-widgets.tsx';
import { AppRoutes } from './routes.tsx';

/**
 * Providers (query cache, wallet session, sign-in, real-time socket, the widgets posts show from
 * other features), the app-level error boundary, the wallet modal, the burner wallet's starting
 * SOL, the toaster and the routes.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary fullScreen>
      <QueryClientProvider client={queryClient}>
        <WalletProvider>
          <AuthProvider>
            <RealtimeProvider>
              <PostWidgetsProvider value={postWidgets}>
                <BrowserRouter>
                  <AppRoutes />
                </BrowserRouter>
              </PostWidgetsProvider>
              <WalletModalHost />
              <BurnerStartingFunds />
            </RealtimeProvider>
          </AuthProvider>
        </WalletProvider>
        <ToasterHost />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
