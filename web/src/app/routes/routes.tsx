import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { NotFoundPage } from '@/features/misc/pages/not-found';
import { RouteErrorPage } from '@/features/misc/pages/route-error';
import { AppLayout } from '../layout/app-layout';
import { GuestOnly, RequireAuth, RequireRole, RequireSiteManager } from './guards';
import { OptionalAppLayout } from './optional-layout';
import { RootRoute } from './root';
import type { Area } from '@/lib/i18n/areas';

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
 * An area's texts (src/locales/<area>) in the shown language, with the shared components'
 * (src/locales/shared), as the area's pages' loader: React Router runs it in parallel with the
 * page's `lazy` and renders the page once both are done, so the page shows its texts at once.
 * One import for every area keeps the list of catalogues out of the first load. The first page
 * (the dashboard), the shell and sign-in use the core catalogue only.
 */
const texts = (area: Area) => () => import('@/lib/i18n/areas').then((m) => m.loadAreaTexts(area));

/** A lazily loaded page of an area at `path`: its chunk and its area's texts. */
const areaPage = (area: Area, path: string, load: () => Promise<ComponentType>): RouteObject => ({
  ...page(path, load),
  loader: texts(area),
  // The texts load once, on the way in: a new search (?tab=, ?week=) on the same page must not
  // wait for the loader again (a language switch reloads the opened areas itself).
  shouldRevalidate: () => false,
});

/** Site Users (spec 02 §2, both paths): admins, superadmins and site admins of role user. */
const siteUsersPage = () => import('@/features/site-users/pages/site-users-page').then((m) => m.SiteUsersPage);
const siteManagerPages: RouteObject[] = [areaPage('admin', 'site-users', siteUsersPage), areaPage('admin', 'admin/site-users', siteUsersPage)];

/** The built admin pages: plant database administration, its Ecommerce entry and the item form. */
const adminPages: RouteObject[] = [
  areaPage('admin', 'admin', () => import('@/features/admin/pages/admin-dashboard-page').then((m) => m.AdminDashboardPage)),
  areaPage('plantdb', 'admin/plant-database', () => import('@/features/plant-database-admin/pages/admin-plant-database-page').then((m) => m.AdminPlantDatabasePage)),
  // The navigation's Ecommerce entry: the same page, opened on its Ecommerce Import tab.
  { path: 'admin/ecommerce', element: <Navigate to="/admin/plant-database?tab=ecommerce" replace /> },
  areaPage('plantdb', 'admin/plants/new', () => import('@/features/plant-database-admin/pages/admin-plant-form-page').then((m) => m.AdminNewPlantPage)),
  areaPage('plantdb', 'admin/plants/:id', () => import('@/features/plant-database-admin/pages/admin-plant-form-page').then((m) => m.AdminEditPlantPage)),
];

/** The built superadmin pages. */
const superadminPages: RouteObject[] = [
  areaPage('admin', 'admin/sites', () => import('@/features/admin-sites/pages/admin-sites-page').then((m) => m.AdminSitesPage)),
  areaPage('admin', 'admin/users', () => import('@/features/admin-users/pages/admin-users-page').then((m) => m.AdminUsersPage)),
  areaPage('admin', 'admin/maintenance', () => import('@/features/maintenance/pages/maintenance-page').then((m) => m.MaintenancePage)),
  areaPage('notifications', 'admin/notifications', () => import('@/features/notifications/pages/notifications-admin-page').then((m) => m.NotificationsAdminPage)),
];

/**
 * The community forum (spec 02 §2): visitors read it, so its pages sit in the optional layout
 * (the app's navigation when signed in); the pages ask visitors to sign in before writing.
 */
const forumPages: RouteObject[] = [
  areaPage('forum', 'community/forum', () => import('@/features/forum/pages/forum-home-page').then((m) => m.ForumHomePage)),
  areaPage('forum', 'community/forum/category/:slug', () => import('@/features/forum/pages/forum-category-page').then((m) => m.ForumCategoryPage)),
  areaPage('forum', 'community/forum/topic/:id', () => import('@/features/forum/pages/forum-topic-page').then((m) => m.ForumTopicPage)),
  areaPage('forum', 'community/forum/new', () => import('@/features/forum/pages/forum-new-topic-page').then((m) => m.ForumNewTopicPage)),
];

/** Garden layouts and crop rotation (spec 02 §2 and the pages its links promise). */
const planningPages: RouteObject[] = [
  areaPage('planning', 'planning/garden-layouts', () => import('@/features/planning/pages/garden-layouts-page').then((m) => m.GardenLayoutsPage)),
  areaPage('planning', 'planning/garden-layouts/new', () => import('@/features/planning/pages/layout-editor-page').then((m) => m.LayoutEditorPage)),
  areaPage('planning', 'planning/garden-layouts/:id', () => import('@/features/planning/pages/layout-editor-page').then((m) => m.LayoutEditorPage)),
  areaPage('planning', 'planning/crop-rotation', () => import('@/features/planning/pages/crop-rotation-page').then((m) => m.CropRotationPage)),
  areaPage('planning', 'planning/crop-rotation/groups', () => import('@/features/planning/pages/rotation-groups-page').then((m) => m.RotationGroupsPage)),
  areaPage('planning', 'planning/crop-rotation/new', () => import('@/features/planning/pages/plan-editor-page').then((m) => m.PlanEditorPage)),
  areaPage('planning', 'planning/crop-rotation/:id', () => import('@/features/planning/pages/plan-editor-page').then((m) => m.PlanEditorPage)),
];

/**
 * Plant sharing and expert Q&A (spec 02 §2): visitors read listings and questions, so these
 * pages sit under the optional layout; writing asks to sign in on the page itself.
 */
const communityPages: RouteObject[] = [
  areaPage('sharing', 'community/plant-sharing', () => import('@/features/sharing/pages/plant-sharing-page').then((m) => m.PlantSharingPage)),
  areaPage('sharing', 'community/plant-sharing/new', () => import('@/features/sharing/pages/new-listing-page').then((m) => m.NewListingPage)),
  areaPage('sharing', 'community/plant-sharing/:id', () => import('@/features/sharing/pages/listing-detail-page').then((m) => m.ListingDetailPage)),
  areaPage('qa', 'community/expert-qa', () => import('@/features/expert-qa/pages/expert-qa-page').then((m) => m.ExpertQAPage)),
  areaPage('qa', 'community/expert-qa/new', () => import('@/features/expert-qa/pages/new-question-page').then((m) => m.NewQuestionPage)),
  areaPage('qa', 'community/expert-qa/:id', () => import('@/features/expert-qa/pages/question-page').then((m) => m.QuestionPage)),
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
              areaPage('plants', 'plants', () => import('@/features/plants/pages/plants-page').then((m) => m.PlantsPage)),
              areaPage('plants', 'plants/:id', () => import('@/features/plants/pages/plant-details-page').then((m) => m.PlantDetailsPage)),
              areaPage('plants', 'plants/:id/qrcode', () => import('@/features/plants/pages/plant-qrcode-page').then((m) => m.PlantQrCodePage)),
              areaPage('schedule', 'schedule', () => import('@/features/schedule/pages/schedule-page').then((m) => m.SchedulePage)),
              areaPage('journal', 'journal', () => import('@/features/journal/pages/journal-page').then((m) => m.JournalPage)),
              areaPage('plantdb', 'plant-database', () => import('@/features/plant-database/pages/plant-database-page').then((m) => m.PlantDatabasePage)),
              areaPage('plantdb', 'plant-database/:id', () => import('@/features/plant-database/pages/plant-database-detail-page').then((m) => m.PlantDatabaseDetailPage)),
              // The calendar ships in the plant database page's chunk: one chunk fewer on the first load's list.
              areaPage('plantdb', 'sowing-calendar', () => import('@/features/plant-database/pages/plant-database-page').then((m) => m.SowingCalendarPage)),
              ...planningPages,
              areaPage('harvests', 'planning/harvest-tracking', () => import('@/features/harvests/pages/harvest-tracking-page').then((m) => m.HarvestTrackingPage)),
              areaPage('harvests', 'planning/harvest-tracking/new', () => import('@/features/harvests/pages/new-harvest-page').then((m) => m.NewHarvestPage)),
              areaPage('harvests', 'planning/harvest-tracking/:id/edit', () => import('@/features/harvests/pages/edit-harvest-page').then((m) => m.EditHarvestPage)),
              areaPage('settings', 'settings', () => import('@/features/settings/pages/settings-page').then((m) => m.SettingsPage)),
              { element: <RequireSiteManager />, children: siteManagerPages },
              // Superadmins only; the page itself sends others to / with "Access denied" (spec 02 §6).
              areaPage('forum', 'admin/forum-categories', () => import('@/features/forum/pages/forum-categories-admin-page').then((m) => m.ForumCategoriesAdminPage)),
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
          areaPage('admin', 'debug/token', () => import('@/features/debug/pages/token-debug-page').then((m) => m.TokenDebugPage)),
          ...communityPages,
          // The API reference (docs/api.md): Swagger UI over GET /api/openapi.json, loaded only here.
          page('api/docs', () => import('@/features/api-docs/pages/api-docs-page').then((m) => m.ApiDocsPage)),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
