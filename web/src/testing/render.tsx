import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes/routes';
import { SessionProvider } from '@/lib/session';

/** renderApp renders the whole app (real route tree) at a path, with a fresh SWR cache. */
export function renderApp(path = '/'): RenderResult & {
  router: ReturnType<typeof createMemoryRouter>;
  user: ReturnType<typeof userEvent.setup>;
} {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const result = render(
    <AppProvider swrCache={() => new Map()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, user };
}

/** renderWithSession renders a component under the providers and a session, at `path`. */
export function renderWithSession(ui: ReactNode, path = '/', extraRoutes: RouteObject[] = []) {
  const router = createMemoryRouter(
    [
      {
        element: <SessionProvider><>{ui}</></SessionProvider>,
        children: [{ path: '*', element: null }, ...extraRoutes],
      },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const result = render(
    <AppProvider swrCache={() => new Map()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, user };
}
