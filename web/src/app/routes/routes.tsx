import type { ComponentType } from 'react';
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

/** The route's `lazy`: the page's module (its own chunk) is fetched on the first visit. */
const lazyComponent = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

/** A lazily loaded page at `path`. */
const page = (path: string, load: () => Promise<ComponentType>): RouteObject => ({ path, lazy: lazyComponent(load) });

/**
 * The plants area's texts (src/locales/plants) in the shown language, as the plants pages'
 * loader: React Router runs it in parallel with the page's `lazy` and renders the page once
 * both are done, so the page shows its texts at once. A catalogue that cannot be fetched leaves
 * the keys; the page still opens.
 */
const plantsTexts = () => import('@/locales/plants').then((m) => m.loadTexts());

/** Site Users (spec 02 §2, both paths): admins, superadmins and site admins of role user. */
const siteUsersPage = () => import('@/features/site-users/pages/site-users-page').then((m) => m.SiteUsersPage);
const siteManagerPages: RouteObject[] = [page('site-users', siteUsersPage), page('admin/site-users', siteUsersPage)];

/** The built admin pages: plant database administration, its Ecommerce entry and the item form. */
const adminPages: RouteObject[] = [
  page('admin', () => import('@/features/admin/pages/admin-dashboard-page').then((m) => m.AdminDashboardPage)),
  page('admin/plant-database', () => import('@/features/plant-database-admin/pages/admin-plant-database-page').then((m) => m.AdminPlantDatabasePage)),
  // The navigation's Ecommerce entry: the same page, opened on its Ecommerce Import tab.
  { path: 'admin/ecommerce', element: <Navigate to="/admin/plant-database?tab=ecommerce" replace /> },
  page('admin/plants/new', () => import('@/features/plant-database-admin/pages/admin-plant-form-page').then((m) => m.AdminNewPlantPage)),
  page('admin/plants/:id', () => import('@/features/plant-database-admin/pages/admin-plant-form-page').then((m) => m.AdminEditPlantPage)),
];

/** The built superadmin pages. */
const superadminPages: RouteObject[] = [
  page('admin/sites', () => import('@/features/admin-sites/pages/admin-sites-page').then((m) => m.AdminSitesPage)),
  page('admin/users', () => import('@/features/admin-users/pages/admin-users-page').then((m) => m.AdminUsersPage)),
  page('admin/maintenance', () => import('@/features/maintenance/pages/maintenance-page').then((m) => m.MaintenancePage)),
  page('admin/notifications', () => import('@/features/notifications/pages/notifications-admin-page').then((m) => m.NotificationsAdminPage)),
];

/**
 * The community forum (spec 02 §2): visitors read it, so its pages sit in the optional layout
 * (the app's navigation when signed in); the pages ask visitors to sign in before writing.
 */
const forumPages: RouteObject[] = [
  page('community/forum', () => import('@/features/forum/pages/forum-home-page').then((m) => m.ForumHomePage)),
  page('community/forum/category/:slug', () => import('@/features/forum/pages/forum-category-page').then((m) => m.ForumCategoryPage)),
  page('community/forum/topic/:id', () => import('@/features/forum/pages/forum-topic-page').then((m) => m.ForumTopicPage)),
  page('community/forum/new', () => import('@/features/forum/pages/forum-new-topic-page').then((m) => m.ForumNewTopicPage)),
];

/** Garden layouts and crop rotation (spec 02 §2 and the pages its links promise). */
const planningPages: RouteObject[] = [
  page('planning/garden-layouts', () => import('@/features/planning/pages/garden-layouts-page').then((m) => m.GardenLayoutsPage)),
  page('planning/garden-layouts/new', () => import('@/features/planning/pages/layout-editor-page').then((m) => m.LayoutEditorPage)),
  page('planning/garden-layouts/:id', () => import('@/features/planning/pages/layout-editor-page').then((m) => m.LayoutEditorPage)),
  page('planning/crop-rotation', () => import('@/features/planning/pages/crop-rotation-page').then((m) => m.CropRotationPage)),
  page('planning/crop-rotation/groups', () => import('@/features/planning/pages/rotation-groups-page').then((m) => m.RotationGroupsPage)),
  page('planning/crop-rotation/new', () => import('@/features/planning/pages/plan-editor-page').then((m) => m.PlanEditorPage)),
  page('planning/crop-rotation/:id', () => import('@/features/planning/pages/plan-editor-page').then((m) => m.PlanEditorPage)),
];

/**
 * Plant sharing and expert Q&A (spec 02 §2): visitors read listings and questions, so these
 * pages sit under the optional layout; writing asks to sign in on the page itself.
 */
const communityPages: RouteObject[] = [
  page('community/plant-sharing', () => import('@/features/sharing/pages/plant-sharing-page').then((m) => m.PlantSharingPage)),
  page('community/plant-sharing/new', () => import('@/features/sharing/pages/new-listing-page').then((m) => m.NewListingPage)),
  page('community/plant-sharing/:id', () => import('@/features/sharing/pages/listing-detail-page').then((m) => m.ListingDetailPage)),
  page('community/expert-qa', () => import('@/features/expert-qa/pages/expert-qa-page').then((m) => m.ExpertQAPage)),
  page('community/expert-qa/new', () => import('@/features/expert-qa/pages/new-question-page').then((m) => m.NewQuestionPage)),
  page('community/expert-qa/:id', () => import('@/features/expert-qa/pages/question-page').then((m) => m.QuestionPage)),
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
          page('auth', () => import('@/features/auth/pages/auth-page').then((m) => m.AuthPage)),
          page('login/oidc', () => import('@/features/auth/pages/oidc-callback-page').then((m) => m.OIDCCallbackPage)),
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
                lazy: lazyComponent(() =>
                  import('@/features/dashboard/pages/dashboard-page').then((m) => m.DashboardPage),
                ),
              },
              { ...page('plants', () => import('@/features/plants/pages/plants-page').then((m) => m.PlantsPage)), loader: plantsTexts },
              { ...page('plants/:id', () => import('@/features/plants/pages/plant-details-page').then((m) => m.PlantDetailsPage)), loader: plantsTexts },
              { ...page('plants/:id/qrcode', () => import('@/features/plants/pages/plant-qrcode-page').then((m) => m.PlantQrCodePage)), loader: plantsTexts },
              page('schedule', () => import('@/features/schedule/pages/schedule-page').then((m) => m.SchedulePage)),
              page('journal', () => import('@/features/journal/pages/journal-page').then((m) => m.JournalPage)),
              page('plant-database', () => import('@/features/plant-database/pages/plant-database-page').then((m) => m.PlantDatabasePage)),
              page('plant-database/:id', () => import('@/features/plant-database/pages/plant-database-detail-page').then((m) => m.PlantDatabaseDetailPage)),
              // The calendar ships in the plant database page's chunk: one chunk fewer on the first load's list.
              page('sowing-calendar', () => import('@/features/plant-database/pages/plant-database-page').then((m) => m.SowingCalendarPage)),
              ...planningPages,
              page('planning/harvest-tracking', () => import('@/features/harvests/pages/harvest-tracking-page').then((m) => m.HarvestTrackingPage)),
              page('planning/harvest-tracking/new', () => import('@/features/harvests/pages/new-harvest-page').then((m) => m.NewHarvestPage)),
              page('planning/harvest-tracking/:id/edit', () => import('@/features/harvests/pages/edit-harvest-page').then((m) => m.EditHarvestPage)),
              page('settings', () => import('@/features/settings/pages/settings-page').then((m) => m.SettingsPage)),
              { element: <RequireSiteManager />, children: siteManagerPages },
              // Superadmins only; the page itself sends others to / with "Access denied" (spec 02 §6).
              page('admin/forum-categories', () => import('@/features/forum/pages/forum-categories-admin-page').then((m) => m.ForumCategoriesAdminPage)),
              {
                element: <RequireRole role="admin" />,
                children: [
                  ...adminPages,
                  ...ADMIN_PATHS.filter((path) => ![...adminPages, ...siteManagerPages].some((route) => route.path === path)).map(
                    notBuilt,
                  ),
                ],
              },
              {
                element: <RequireRole role="superadmin" />,
                children: [
                  ...superadminPages,
                  ...SUPERADMIN_PATHS.filter((path) => !superadminPages.some((route) => route.path === path)).map(notBuilt),
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
          page('debug/token', () => import('@/features/debug/pages/token-debug-page').then((m) => m.TokenDebugPage)),
          ...communityPages,
          // The API reference (docs/api.md): Swagger UI over GET /api/openapi.json, loaded only here.
          page('api/docs', () => import('@/features/api-docs/pages/api-docs-page').then((m) => m.ApiDocsPage)),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
