import { Navigate, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { NotFoundPage } from '@/features/misc/pages/not-found';
import { RouteErrorPage } from '@/features/misc/pages/route-error';
import { AppLayout } from '../layout/app-layout';
import { GuestOnly, RequireAuth, RequireRole, RequireSiteManager } from './guards';
import { OptionalAppLayout } from './optional-layout';
import { RootRoute } from './root';

/**
 * Admin routes of spec 02 §2 (role admin or superadmin) whose pages are not built yet:
 * allowed users see the 404 page, everyone else Access Denied. `admin/*` keeps any
 * other /admin path behind the same gate.
 */
export const ADMIN_PATHS = ['admin', 'admin/site-users', 'site-users', 'admin/*'];

/** Superadmin-only routes of spec 02 §2. */
export const SUPERADMIN_PATHS = [
  'admin/sites',
  'admin/users',
  'admin/maintenance',
  'admin/notifications',
  'admin/forum-categories',
];

const notBuilt = (path: string): RouteObject => ({ path, element: <NotFoundPage /> });

/** Site Users (spec 02 §2, both paths): admins, superadmins and site admins of role user. */
const siteUsersPage = async () => ({
  Component: (await import('@/features/site-users/pages/site-users-page')).SiteUsersPage,
});
const siteManagerPages: RouteObject[] = [
  { path: 'site-users', lazy: siteUsersPage },
  { path: 'admin/site-users', lazy: siteUsersPage },
];

/** The built admin pages: plant database administration, its Ecommerce entry and the item form. */
const adminPages: RouteObject[] = [
  {
    path: 'admin',
    lazy: async () => ({ Component: (await import('@/features/admin/pages/admin-dashboard-page')).AdminDashboardPage }),
  },
  {
    path: 'admin/plant-database',
    lazy: async () => ({
      Component: (await import('@/features/plant-database-admin/pages/admin-plant-database-page')).AdminPlantDatabasePage,
    }),
  },
  // The navigation's Ecommerce entry: the same page, opened on its Ecommerce Import tab.
  { path: 'admin/ecommerce', element: <Navigate to="/admin/plant-database?tab=ecommerce" replace /> },
  {
    path: 'admin/plants/new',
    lazy: async () => ({
      Component: (await import('@/features/plant-database-admin/pages/admin-plant-form-page')).AdminNewPlantPage,
    }),
  },
  {
    path: 'admin/plants/:id',
    lazy: async () => ({
      Component: (await import('@/features/plant-database-admin/pages/admin-plant-form-page')).AdminEditPlantPage,
    }),
  },
];

/** The built superadmin pages. */
const superadminPages: RouteObject[] = [
  {
    path: 'admin/sites',
    lazy: async () => ({ Component: (await import('@/features/admin-sites/pages/admin-sites-page')).AdminSitesPage }),
  },
  {
    path: 'admin/users',
    lazy: async () => ({ Component: (await import('@/features/admin-users/pages/admin-users-page')).AdminUsersPage }),
  },
  {
    path: 'admin/maintenance',
    lazy: async () => ({ Component: (await import('@/features/maintenance/pages/maintenance-page')).MaintenancePage }),
  },
  {
    path: 'admin/notifications',
    lazy: async () => ({
      Component: (await import('@/features/notifications/pages/notifications-admin-page')).NotificationsAdminPage,
    }),
  },
];

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
              {
                path: 'plant-database',
                lazy: async () => ({
                  Component: (await import('@/features/plant-database/pages/plant-database-page')).PlantDatabasePage,
                }),
              },
              {
                path: 'plant-database/:id',
                lazy: async () => ({
                  Component: (await import('@/features/plant-database/pages/plant-database-detail-page'))
                    .PlantDatabaseDetailPage,
                }),
              },
              {
                path: 'settings',
                lazy: async () => ({ Component: (await import('@/features/settings/pages/settings-page')).SettingsPage }),
              },
              { element: <RequireSiteManager />, children: siteManagerPages },
              {
                element: <RequireRole role="admin" />,
                children: [
                  ...adminPages,
                  ...ADMIN_PATHS.filter((path) => ![...adminPages, ...siteManagerPages].some((page) => page.path === path)).map(
                    notBuilt,
                  ),
                ],
              },
              {
                element: <RequireRole role="superadmin" />,
                children: [
                  ...superadminPages,
                  ...SUPERADMIN_PATHS.filter((path) => !superadminPages.some((page) => page.path === path)).map(notBuilt),
                ],
              },
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
