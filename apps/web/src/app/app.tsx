import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';

/** Providers and routes. The shell (layout, pages) is filled in by the app-shell work. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes>
          <Route
            path="*"
            element={<main className="p-8 text-vibe text-3xl font-black">Dum Club</main>}
          />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
