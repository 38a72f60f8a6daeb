import type { KeyMatcher } from './query';

/** listUrl is a list's URL with its filters (the empty ones left out): the paged list's key. */
export function listUrl(path: string, params: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The API's URLs, which are also the SWR cache keys (a key carries every argument),
 * and the groups of keys a write makes out of date.
 */
export const urls = {
  plants: '/api/plants',
  /** Every plant (up to the API's page maximum) with its status on the caller's day: pickers, dashboard. */
  plantsAll: (today: string) => `/api/plants?limit=200&today=${today}`,
  /** My Plants: one filtered, sorted page list (status, q, sort, today as query parameters). */
  plantsQuery: (params: Record<string, string>) => `/api/plants?${new URLSearchParams(params).toString()}`,
  plant: (id: number | string) => `/api/plants/${id}`,
  /** One plant with its status on the caller's day. */
  plantOn: (id: number | string, today: string) => `/api/plants/${id}?today=${today}`,
  plantLimit: '/api/plants-limit',
  /** The other path of the limit (spec 01 §7: the add form invalidates it too). */
  plantLimitAlt: '/api/plants/limit',
  plantCareTasks: (id: number | string) => `/api/plants/${id}/care-tasks`,
  plantJournal: (id: number | string) => `/api/plants/${id}/journal-entries`,
  /** A plant's care log, newest first (paged). */
  plantCare: (id: number | string) => `/api/plants/${id}/care`,
  plantCareEvent: (id: number | string, eventId: number) => `/api/plants/${id}/care/${eventId}`,
  plantQrCode: (id: number | string) => `/api/plants/${id}/qrcode`,
  plantQrCodeSvg: (id: number | string) => `/api/plants/${id}/qrcode/svg`,
  careTasks: '/api/care-tasks',
  careTasksInRange: (from: string, to: string) => `/api/care-tasks?from=${from}&to=${to}`,
  careTasksOnDate: (date: string) => `/api/care-tasks/date/${date}`,
  careTask: (id: number) => `/api/care-tasks/${id}`,
  /** Pending tasks scheduled before today (docs/api.md "The gardener's day"). */
  overdueTasks: (today: string) => `/api/care-tasks/overdue?today=${today}&limit=200`,
  /** Due waterings and fertilizings placed on the days from..to (overdue ones on today). */
  careDue: (from: string, to: string, today: string) => `/api/care-due?from=${from}&to=${to}&today=${today}&limit=200`,
  journalEntries: '/api/journal-entries',
  journalEntry: (id: number) => `/api/journal-entries/${id}`,
  plantDatabase: '/api/plant-database',
  plantDatabaseItem: (id: number | string) => `/api/plant-database/${id}`,
  plantDatabaseClear: '/api/plant-database/clear',
  plantDatabaseClearImported: '/api/plant-database/clear-imported',
  ecommercePlants: '/api/ecommerce/plants',
  ecommerceImport: '/api/ecommerce/import-plants',
  ecommerceImportStatus: '/api/ecommerce/import-status',
  ecommerceSchedule: '/api/ecommerce/schedule',
  ecommerceUpdateSchedule: '/api/ecommerce/update-schedule',
  ecommerceImportHistory: '/api/ecommerce/import-history',
  uploadImage: '/api/upload/image',
  // notifications (spec 01 §7, spec 02 §7, docs/api.md "Notifications")
  notifications: '/api/notifications',
  notificationRead: (id: number) => `/api/notifications/${id}/read`,
  notificationsMarkAllRead: '/api/notifications/mark-all-read',
  notificationTest: '/api/notifications/test',
  notificationsAdmin: '/api/notifications/admin',
  /** How many active users a notification to this target would reach now. */
  notificationAudience: (targetType: string, targetId?: string) => listUrl('/api/notifications/audience', { targetType, targetId }),
  notificationSend: '/api/notifications/send',
  notification: (id: number) => `/api/notifications/${id}`,
  notificationDevices: '/api/notifications/devices',
  /** A device by id, or by its URL-encoded playerId (the push endpoint). */
  notificationDevice: (idOrPlayerId: number | string) =>
    `/api/notifications/devices/${encodeURIComponent(String(idOrPlayerId))}`,
  notificationRegisterDevice: '/api/notifications/register-device',
  vapidPublicKey: '/api/notifications/vapid-public-key',
  notificationChannels: '/api/notifications/channels',
  dashboardSummary: (today: string) => `/api/dashboard/summary?today=${today}`,
  /** The Today list: the care due today or earlier in the gardener's zone (the server's day). */
  today: '/api/today?limit=200',
  /** The care that fell due before today (the Schedule's Overdue group). */
  todayOverdue: '/api/today?overdue=true&limit=200',
  waterPlants: '/api/plants/water',
  fertilizePlants: '/api/plants/fertilize',
  snooze: '/api/today/snooze',
  calendarFeed: '/api/calendar/feed',
  calendarFeedReset: '/api/calendar/feed/reset',
  // sites, users, categories (spec 02 §7)
  currentUser: '/api/user',
  userSettings: '/api/user/settings',
  users: '/api/users',
  user: (id: number | string) => `/api/users/${id}`,
  userToggleActive: (id: number) => `/api/users/${id}/toggle-active`,
  adminUsers: '/api/admin/users',
  /** The users list or picker, filtered on the server (q, active), one page at a time. */
  usersQuery: (params: { q?: string; active?: 'true'; limit?: string }, admin = false) => listUrl(admin ? '/api/admin/users' : '/api/users', params),
  userCategories: '/api/user-categories',
  userCategory: (id: number) => `/api/user-categories/${id}`,
  siteCategories: '/api/site-categories',
  sites: '/api/sites',
  site: (id: number | string) => `/api/sites/${id}`,
  siteToggleStatus: (id: number) => `/api/sites/${id}/toggle-status`,
  currentSite: '/api/sites/current',
  adminSites: '/api/admin/sites',
  /** The sites list or picker, filtered on the server (q, maintenance), one page at a time. */
  sitesQuery: (params: { q?: string; maintenance?: 'true'; limit?: string }, admin = false) => listUrl(admin ? '/api/admin/sites' : '/api/sites', params),
  siteUsers: (siteId: number | string) => `/api/sites/${siteId}/users`,
  /** A site's users, searched on the server (q), one page at a time. */
  siteUsersQuery: (siteId: number | string, params: { q?: string } = {}) => listUrl(`/api/sites/${siteId}/users`, params),
  /** The named sites alone (?ids=): a picker's value off the loaded pages. */
  sitesByIds: (ids: readonly number[], admin = false) => listUrl(admin ? '/api/admin/sites' : '/api/sites', { ids: ids.join(',') }),
  siteUserRole: (id: number) => `/api/site-users/${id}/role`,
  siteUserAdmin: (id: number) => `/api/site-users/${id}/admin`,
  siteUser: (id: number) => `/api/site-users/${id}`,
  newSiteUser: '/api/sites/users',
  siteUserActive: (id: number) => `/api/sites/users/${id}`,
  // maintenance (spec 01 §4, spec 02 §7)
  maintenanceStatus: '/api/maintenance/status',
  maintenanceFunctions: '/api/maintenance/functions',
  maintenanceFunction: (id: number) => `/api/maintenance/functions/${id}`,
  siteMaintenance: (id: number) => `/api/maintenance/site/${id}`,
} as const;

const PLANT_DETAIL = /^\/api\/plants\/\d+(\?.*)?$/;
/** A plant's care log (any page). */
const PLANT_CARE = /^\/api\/plants\/\d+\/care(\?.*)?$/;

/** Keys that change when a plant is added, edited, watered or deleted (its status and due care too). */
export const plantKeys: KeyMatcher = (key) =>
  key === urls.plants ||
  key.startsWith(`${urls.plants}?`) ||
  PLANT_DETAIL.test(key) ||
  key === urls.plantLimit ||
  key === urls.plantLimitAlt ||
  key.startsWith('/api/care-due') ||
  key.startsWith('/api/today') ||
  PLANT_CARE.test(key);

/** Keys that change with care tasks (lists, days, ranges, overdue, a plant's history and status). */
export const taskKeys: KeyMatcher = (key) =>
  key === urls.careTasks || key.startsWith(`${urls.careTasks}?`) || key.startsWith(`${urls.careTasks}/`) ||
  /^\/api\/plants\/\d+\/care-tasks$/.test(key) ||
  // a due task makes its plant need care, and is on the Today list
  key.startsWith(`${urls.plants}?`) || PLANT_DETAIL.test(key) || key.startsWith('/api/today');

/** Keys that change with journal entries. */
export const journalKeys: KeyMatcher = (key) =>
  key === urls.journalEntries || /^\/api\/plants\/\d+\/journal-entries$/.test(key);

/** The dashboard's summary, for any "today". */
export const summaryKeys: KeyMatcher = (key) => key.startsWith('/api/dashboard/summary') || key.startsWith('/api/today');

/** The plant database: every page and search of the list and every item (after an admin write, an import or a clear). */
export const plantDatabaseKeys: KeyMatcher = (key) =>
  key === urls.plantDatabase || key.startsWith(`${urls.plantDatabase}?`) || key.startsWith(`${urls.plantDatabase}/`);

/** What an import run changes besides the database: its status, the schedule's last run, the history. */
export const importKeys: KeyMatcher = (key) =>
  key === urls.ecommerceImportStatus || key === urls.ecommerceSchedule || key === urls.ecommerceImportHistory;

/** Everything that belongs to one plant (after deleting it). */
export const onePlantKeys =
  (id: number): KeyMatcher =>
  (key) =>
    key === urls.plant(id) || key.startsWith(`${urls.plant(id)}/`) || key.startsWith(`${urls.plant(id)}?`);

/** Every list or page of accounts: users, one user, the caller, the pickers, site members. */
export const userKeys: KeyMatcher = (key) =>
  key === urls.users ||
  key.startsWith(`${urls.users}/`) ||
  key === urls.currentUser ||
  key.startsWith(`${urls.users}?`) ||
  key === urls.adminUsers ||
  key.startsWith(`${urls.adminUsers}?`) ||
  key.startsWith('/api/notifications/audience') ||
  /^\/api\/sites\/\d+\/users(\?|$)/.test(key);

/** Every site list or page (user counts and limits change with members too). */
export const siteKeys: KeyMatcher = (key) =>
  key === urls.sites ||
  key.startsWith(`${urls.sites}?`) ||
  /^\/api\/sites\/(\d+|current)$/.test(key) ||
  key === urls.adminSites ||
  key.startsWith(`${urls.adminSites}?`);

/** The user categories. */
export const userCategoryKeys: KeyMatcher = (key) => key === urls.userCategories;

/** Maintenance: the functions, the status every page polls, and the sites (their flags). */
export const maintenanceKeys: KeyMatcher = (key) =>
  key === urls.maintenanceFunctions || key === urls.maintenanceStatus || siteKeys(key);

/** The bell list and the console's history (a send, a read or a delete changes both). */
export const notificationKeys: KeyMatcher = (key) => key === urls.notifications || key === urls.notificationsAdmin;
