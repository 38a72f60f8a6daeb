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

/**
 * The community forum (spec 02 §2): visitors read it, so its pages sit in the optional layout
 * (the app's navigation when signed in); the pages ask visitors to sign in before writing.
 */
const forumPages: RouteObject[] = [
  {
    path: 'community/forum',
    lazy: async () => ({ Component: (await import('@/features/forum/pages/forum-home-page')).ForumHomePage }),
  },
  {
    path: 'community/forum/category/:slug',
    lazy: async () => ({ Component: (await import('@/features/forum/pages/forum-category-page')).ForumCategoryPage }),
  },
  {
    path: 'community/forum/topic/:id',
    lazy: async () => ({ Component: (await import('@/features/forum/pages/forum-topic-page')).ForumTopicPage }),
  },
  {
    path: 'community/forum/new',
    lazy: async () => ({ Component: (await import('@/features/forum/pages/forum-new-topic-page')).ForumNewTopicPage }),
  },
];

/** Garden layouts and crop rotation (spec 02 §2 and the pages its links promise). */
const planningPages: RouteObject[] = [
  {
    path: 'planning/garden-layouts',
    lazy: async () => ({ Component: (await import('@/features/planning/pages/garden-layouts-page')).GardenLayoutsPage }),
  },
  {
    path: 'planning/garden-layouts/new',
    lazy: async () => ({ Component: (await import('@/features/planning/pages/layout-editor-page')).LayoutEditorPage }),
  },
  {
    path: 'planning/garden-layouts/:id',
    lazy: async () => ({ Component: (await import('@/features/planning/pages/layout-editor-page')).LayoutEditorPage }),
  },
  {
    path: 'planning/crop-rotation',
    lazy: async () => ({ Component: (await import('@/features/planning/pages/crop-rotation-page')).CropRotationPage }),
  },
  {
    path: 'planning/crop-rotation/groups',
    lazy: async () => ({ Component: (await import('@/features/planning/pages/rotation-groups-page')).RotationGroupsPage }),
  },
  {
    path: 'planning/crop-rotation/new',
    lazy: async () => ({ Component: (await import('@/features/planning/pages/plan-editor-page')).PlanEditorPage }),
  },
  {
    path: 'planning/crop-rotation/:id',
    lazy: async () => ({ Component: (await import('@/features/planning/pages/plan-editor-page')).PlanEditorPage }),
  },
];

/**
 * Plant sharing and expert Q&A (spec 02 §2): visitors read listings and questions, so these
 * pages sit under the optional layout; writing asks to sign in on the page itself.
 */
const communityPages: RouteObject[] = [
  {
    path: 'community/plant-sharing',
    lazy: async () => ({ Component: (await import('@/features/sharing/pages/plant-sharing-page')).PlantSharingPage }),
  },
  {
    path: 'community/plant-sharing/new',
    lazy: async () => ({ Component: (await import('@/features/sharing/pages/new-listing-page')).NewListingPage }),
  },
  {
    path: 'community/plant-sharing/:id',
    lazy: async () => ({ Component: (await import('@/features/sharing/pages/listing-detail-page')).ListingDetailPage }),
  },
  {
    path: 'community/expert-qa',
    lazy: async () => ({ Component: (await import('@/features/expert-qa/pages/expert-qa-page')).ExpertQAPage }),
  },
  {
    path: 'community/expert-qa/new',
    lazy: async () => ({ Component: (await import('@/features/expert-qa/pages/new-question-page')).NewQuestionPage }),
  },
  {
    path: 'community/expert-qa/:id',
    lazy: async () => ({ Component: (await import('@/features/expert-qa/pages/question-page')).QuestionPage }),
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
              ...planningPages,
              {
                path: 'planning/harvest-tracking',
                lazy: async () => ({
                  Component: (await import('@/features/harvests/pages/harvest-tracking-page')).HarvestTrackingPage,
                }),
              },
              {
                path: 'planning/harvest-tracking/new',
                lazy: async () => ({
                  Component: (await import('@/features/harvests/pages/new-harvest-page')).NewHarvestPage,
                }),
              },
              {
                path: 'planning/harvest-tracking/:id/edit',
                lazy: async () => ({
                  Component: (await import('@/features/harvests/pages/edit-harvest-page')).EditHarvestPage,
                }),
              },
              {
                path: 'settings',
                lazy: async () => ({ Component: (await import('@/features/settings/pages/settings-page')).SettingsPage }),
              },
              { element: <RequireSiteManager />, children: siteManagerPages },
              // Superadmins only; the page itself sends others to / with "Access denied" (spec 02 §6).
              {
                path: 'admin/forum-categories',
                lazy: async () => ({
                  Component: (await import('@/features/forum/pages/forum-categories-admin-page')).ForumCategoriesAdminPage,
                }),
              },
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
          ...forumPages,
          {
            path: 'debug/token',
            lazy: async () => ({
              Component: (await import('@/features/debug/pages/token-debug-page')).TokenDebugPage,
            }),
          },
          ...communityPages,
          // The API reference (docs/api.md): Swagger UI over GET /api/openapi.json, loaded only here.
          {
            path: 'api/docs',
            lazy: async () => ({ Component: (await import('@/features/api-docs/pages/api-docs-page')).ApiDocsPage }),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
