import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { Toaster } from '../components/ui/toaster.tsx';
import { TooltipProvider } from '../components/ui/tooltip.tsx';
import { ErrorBoundary } from '../features/shell/error-boundary.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { AppRoutes } from './routes.tsx';

/** Providers, the app-level error boundary, the toaster and the routes. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary fullScreen>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
