import type { RouteObject } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { NotFoundPage } from '@/features/misc/pages/not-found';
import { RouteErrorPage } from '@/features/misc/pages/route-error';
import { AppLayout } from '../layout/app-layout';
import { GuestOnly, RequireAuth, RequireRole } from './guards';
import { OptionalAppLayout } from './optional-layout';
import { RootRoute } from './root';

/**
 * Admin routes of spec 02 §2 (role admin or superadmin). Their pages are not built yet:
 * allowed users see the 404 page, everyone else Access Denied. `admin/*` keeps any
 * other /admin path behind the same gate.
 */
export const ADMIN_PATHS = [
  'admin',
  'admin/plant-database',
  'admin/site-users',
  'admin/ecommerce',
  'admin/plants/new',
  'admin/plants/:id',
  'site-users',
  'admin/*',
];

/** Superadmin-only routes of spec 02 §2. */
export const SUPERADMIN_PATHS = [
  'admin/sites',
  'admin/users',
  'admin/maintenance',
  'admin/notifications',
  'admin/forum-categories',
];

const notBuilt = (path: string): RouteObject => ({ path, element: <NotFoundPage /> });

/** The route tree; the browser router and the tests' memory router both use it. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            path: 'auth',
            lazy: async () => ({ Component: (await import('@/features/auth/pages/auth-page')).AuthPage }),
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            errorElement: <RouteErrorPage />,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('@/features/dashboard/pages/dashboard-page')).DashboardPage,
                }),
              },
              {
                path: 'plants',
                lazy: async () => ({ Component: (await import('@/features/plants/pages/plants-page')).PlantsPage }),
              },
              {
                path: 'plants/:id',
                lazy: async () => ({
                  Component: (await import('@/features/plants/pages/plant-details-page')).PlantDetailsPage,
                }),
              },
              {
                path: 'plants/:id/qrcode',
                lazy: async () => ({
                  Component: (await import('@/features/plants/pages/plant-qrcode-page')).PlantQrCodePage,
                }),
              },
              {
                path: 'schedule',
                lazy: async () => ({ Component: (await import('@/features/schedule/pages/schedule-page')).SchedulePage }),
              },
              {
                path: 'journal',
                lazy: async () => ({ Component: (await import('@/features/journal/pages/journal-page')).JournalPage }),
              },
              { element: <RequireRole role="admin" />, children: ADMIN_PATHS.map(notBuilt) },
              { element: <RequireRole role="superadmin" />, children: SUPERADMIN_PATHS.map(notBuilt) },
            ],
          },
        ],
      },
      {
        element: <OptionalAppLayout />,
        errorElement: <RouteErrorPage />,
        children: [
          {
            path: 'debug/token',
            lazy: async () => ({
              Component: (await import('@/features/debug/pages/token-debug-page')).TokenDebugPage,
            }),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
