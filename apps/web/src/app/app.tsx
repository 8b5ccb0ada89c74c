import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { ToasterHost } from '../components/ui/toaster-host.tsx';
import { AuthProvider } from '../features/auth/use-auth.ts';
import { BurnerStartingFunds } from '../features/faucet/burner-starting-funds.tsx';
import { PostWidgetsProvider } from '../features/post/post-widgets.tsx';
import { RealtimeProvider } from '../features/realtime/realtime-provider.tsx';
import { ErrorBoundary } from '../features/shell/error-boundary.tsx';
import { WalletProvider } from '../features/wallet/wallet-context.tsx';
import { WalletModalHost } from '../features/wallet/wallet-modal-host.tsx';
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
