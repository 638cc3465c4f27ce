import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppErrorBoundary } from './components/app-error-boundary';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/** The back office: router, query cache, notifications and every page but the sign-in ones. */
export function start(container: HTMLElement): void {
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <AppErrorBoundary>
          <RouterProvider router={router} />
        </AppErrorBoundary>
      </AppProviders>
    </StrictMode>,
  );
}
