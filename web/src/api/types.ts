/** Shared wire types of the Garden JSON API (camelCase, as the server sends them). */

export type Role = 'user' | 'admin' | 'superadmin';

export interface NotificationPreferences {
  email: boolean;
  push: boolean | null;
  careReminders: boolean;
  weeklyDigest: boolean;
}

/** A gardener's measurement system (issue #25 item 4). */
export type UnitSystem = 'metric' | 'imperial';

export interface User {
  id: number;
  username: string;
  email?: string | null;
  fullName?: string | null;
  role: Role;
  isActive?: boolean;
  isProtected?: boolean;
  categoryId?: number | null;
  siteId?: number | null;
  isSiteAdmin?: boolean;
  /** The user's role within their site (member, manager, owner), when they have a site. */
  siteRole?: SiteRole | null;
  /** When the user joined their site. */
  siteJoinedAt?: string | null;
  createdAt?: string;
  lastLogin?: string | null;
  /** The gardener's own frost dates, MM-DD (issue #24 item 7). */
  lastSpringFrost?: string | null;
  firstAutumnFrost?: string | null;
  preferences?: { notifications?: boolean } | null;
  notificationPreferences?: NotificationPreferences | null;
  /** The gardener's IANA time zone ("" until set): "today" is reckoned in it. */
  timeZone?: string;
  /** The hour (0-23, in timeZone) of the daily care reminder; null for the server's default. */
  reminderHour?: number | null;
  /** The gardener's language tag ("" until set): the server writes its messages in it. */
  language?: string;
  /** system (the default: the device's preference), light or dark. */
  theme?: 'system' | 'light' | 'dark';
  /** metric or imperial; null until chosen: the web app follows the locale (lib/units.ts). */
  units?: UnitSystem | null;
  // The garden settings: only the caller's own answer (GET /api/user) carries them.
  gardenLocation?: GardenLocation | null;
  /** Adaptive waterings stretch by this in the garden's winter (1 turns it off). */
  winterFactor?: number;
  /** north, south or none (the tropics): derived from the location or the site's country. */
  hemisphere?: 'north' | 'south' | 'none';
  rainThresholdMm?: number;
  frostThresholdC?: number;
  heatThresholdC?: number;
}

/** The garden's place: coordinates rounded to 0.01° by the server. */
export interface GardenLocation {
  name: string;
  latitude: number;
  longitude: number;
}

/** One answer of GET /api/weather/places. */
export interface Place {
  name: string;
  region: string;
  country: string;
  latitude: number;
  longitude: number;
}

/** One day of the forecast at the garden. */
export interface DailyWeather {
  date: string;
  precipitationMm: number;
  minC: number;
  maxC: number;
  weatherCode: number;
}

/** GET /api/weather: the dashboard's weather card. */
export interface WeatherCard {
  enabled: boolean;
  location: GardenLocation | null;
  today: DailyWeather | null;
  tomorrow: DailyWeather | null;
  fetchedAt: string | null;
  /** What the weather changed yesterday and today (rain, frost, heat), newest first. */
  changes: { kind: string; date: string; message: string }[];
}

/** POST /api/login and POST /api/end-impersonation answer with a token and a user. */
export interface SessionResponse {
  token: string;
  user: User;
}

/** The local impersonation record kept under the storage key `impersonation`. */
export interface ImpersonationRecord {
  isImpersonating: boolean;
  originalUser: User;
}

/** The body of every non-2xx answer from the API. */
export interface ApiErrorBody {
  message?: string;
  code?: string;
  errors?: Record<string, string>;
}

// ---------- plants, tasks, journal, plant database (docs/api.md) ----------

/** Spec 01's four types, then those issue 27 added (core/domain/plant.go has the same list). */
export const PLANT_TYPES = [
  'Herbs',
  'Vegetables',
  'Fruits',
  'Flowers',
  'Houseplants',
  'Succulents & Cacti',
  'Trees & Shrubs',
  'Other',
] as const;
export type PlantType = (typeof PLANT_TYPES)[number];

export const PLANT_STATUSES = ['healthy', 'needs_water', 'needs_care'] as const;
/** Known statuses; any other value the server sends is shown as is. */
export type PlantStatus = (typeof PLANT_STATUSES)[number];

export interface Plant {
  id: number;
  userId?: number;
  name: string;
  species?: string | null;
  /** One of PLANT_TYPES; older rows may carry another text. */
  plantType?: string | null;
  location?: string | null;
  imageUrl?: string | null;
  lightNeeds?: string | null;
  waterFrequency?: number | null;
  fertilizerFrequency?: number | null;
  notes?: string | null;
  status?: string | null;
  growthProgress?: number | null;
  lastWatered?: string | null;
  lastFertilized?: string | null;
  acquiredDate?: string | null;
  createdAt?: string;
  nextWatering?: string | null;
  nextFertilizing?: string | null;
  /** fixed (the frequency above) or adaptive (learned from the care log). */
  waterMode?: CareMode;
  /** Learned from the care log; null until three waterings are logged. */
  suggestedWaterFrequency?: number | null;
  /** The interval the schedule uses today. */
  effectiveWaterFrequency?: number | null;
  /** How many logged waterings the suggestion was learned from. */
  waterLearnedFrom?: number;
  /** Days a moist check pushed the next watering back. */
  waterPostponedDays?: number;
  fertilizeMode?: CareMode;
  suggestedFertilizerFrequency?: number | null;
  effectiveFertilizerFrequency?: number | null;
  fertilizeLearnedFrom?: number;
  /** The weather at the garden reaches outdoor plants (rain, frost, heat). */
  outdoor?: boolean;
  /** The winter stretch on the adaptive watering today (1: none). */
  seasonFactor?: number;
  /** A day a hot forecast took off the next watering. */
  waterBroughtForwardDays?: number;
}

export type CareMode = 'fixed' | 'adaptive';

export const CARE_KINDS = ['water', 'fertilize', 'mist', 'prune', 'repot', 'rotate', 'inspect', 'check'] as const;
export type CareKind = (typeof CARE_KINDS)[number];
export const CARE_FEEDBACK = ['dry', 'ok', 'moist'] as const;
export type CareFeedback = (typeof CARE_FEEDBACK)[number];

/** One entry of a plant's care log (GET /api/plants/{id}/care). */
export interface CareEvent {
  id: number;
  plantId: number;
  kind: string;
  /** manual, task, rain or import. */
  source: string;
  at: string;
  note: string;
  feedback: CareFeedback | null;
  postponeDays: number;
  createdAt: string;
}

/** POST /api/plants/{id}/care body. */
export interface NewCareEvent {
  kind: CareKind;
  /** RFC 3339; now when absent. */
  at?: string;
  note?: string;
  feedback?: CareFeedback;
  /** A moist check only: days to push the watering back (2 when absent). */
  postponeDays?: number;
}

/** POST /api/plants body (location is an optional extra the API accepts). */
export interface NewPlant {
  name: string;
  species: string;
  plantType: PlantType;
  imageUrl: string;
  lightNeeds: string;
  waterFrequency: number | null;
  fertilizerFrequency: number | null;
  notes: string;
  location?: string;
  /** The plant database item the form started from (the server fills empty fields from it). */
  plantDatabaseId?: number;
  /** RFC 3339; the server takes now when absent and refuses a day in the future. */
  lastWatered?: string;
  lastFertilized?: string;
  /** The weather at the garden reaches it (default false). */
  outdoor?: boolean;
}

/** PATCH /api/plants/{id}: any subset of the fields; null clears a nullable one. */
export type PlantPatch = Partial<Omit<Plant, 'id' | 'userId' | 'createdAt' | 'nextWatering' | 'nextFertilizing'>>;

/** GET /api/plants-limit: limit 0 = unlimited, null = no bar. */
export interface PlantLimit {
  limit: number | null;
  currentCount: number;
  canAddPlant: boolean;
}

export const TASK_TYPES = ['water', 'fertilize', 'prune', 'repot', 'mist', 'rotate', 'inspect'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export interface CareTask {
  /** null for a projected occurrence of a recurring task. */
  id: number | null;
  plantId: number;
  plantName?: string | null;
  taskType: string;
  /** yyyy-MM-dd */
  scheduledDate: string;
  completed: boolean;
  completedDate?: string | null;
  notes?: string | null;
  isRecurring?: boolean;
  recurringDays?: number | null;
  createdAt?: string;
  /** Read-only future occurrence computed by the server from a pending recurring task. */
  projected?: boolean;
  sourceTaskId?: number | null;
}

/** GET /api/care-due: a plant's next watering or fertilizing on a calendar day. */
/**
 * GET /api/today: one piece of care due today or earlier in the gardener's zone — a watering or
 * fertilizing (the plant's schedule and its due tasks of the type, merged) or another task.
 */
export interface DueItem {
  /** Stable across reads: `water-<plantId>`, `fertilize-<plantId>`, `task-<taskId>`. */
  key: string;
  kind: 'water' | 'fertilize' | 'task';
  plantId: number;
  plantName: string;
  taskType: TaskType;
  /** The task of a task item. */
  taskId: number | null;
  /** The due tasks a watering or fertilizing completes. */
  taskIds: number[];
  /** yyyy-MM-dd it fell due. */
  dueDate: string;
  overdue: boolean;
}

/** The counts of the whole Today list (GET /api/dashboard/summary `due`). */
export interface DueCounts {
  due: number;
  overdue: number;
  water: number;
  fertilize: number;
  tasks: number;
}

export interface CareDue {
  plantId: number;
  plantName: string;
  taskType: 'water' | 'fertilize';
  /** yyyy-MM-dd the care is shown on (today when overdue). */
  date: string;
  /** yyyy-MM-dd it fell due. */
  dueDate: string;
  overdue: boolean;
}

export interface NewCareTask {
  plantId: number;
  taskType: TaskType;
  scheduledDate: string;
  notes: string | null;
  isRecurring?: boolean;
  recurringDays?: number | null;
}

/** PATCH /api/care-tasks/{id}/complete answer. */
export interface CompletedCareTask extends CareTask {
  nextTask: CareTask | null;
}

export const GROWTH_STAGES = ['Seedling', 'Young', 'Vegetative', 'Flowering', 'Fruiting', 'Dormant', 'Mature'] as const;
export type GrowthStage = (typeof GROWTH_STAGES)[number];

export interface JournalEntry {
  id: number;
  plantId: number;
  plantName?: string | null;
  userId?: number;
  title: string;
  content?: string | null;
  imageUrl?: string | null;
  growthStage?: string | null;
  /** yyyy-MM-dd */
  entryDate: string;
  createdAt?: string;
  /** When the owner last changed the entry (null until then). */
  editedAt?: string | null;
  edited?: boolean;
}

export interface NewJournalEntry {
  plantId: number;
  userId: number | null;
  title: string;
  content: string;
  imageUrl: string;
  growthStage: string;
  entryDate: string;
}

export type CareInstructions =
  | string
  | {
      soil?: string;
      watering?: string;
      fertilizer?: string;
      fertilizing?: string;
      light?: string;
      difficulty?: string;
      general?: string;
      [key: string]: unknown;
    };

export interface PlantDatabaseItem {
  id: number;
  commonName: string;
  scientificName?: string | null;
  plantType?: string | null;
  description?: string | null;
  imageUrl?: string | null;
  lightRequirements?: string | null;
  waterRequirements?: string | null;
  fertilizerRequirements?: string | null;
  /** The same value under the spec's other spelling. */
  fertilizorRequirements?: string | null;
  careInstructions?: CareInstructions | null;
  storeUrl?: string | null;
  slug?: string | null;
  source?: string | null;
  alternativeImageUrls?: string[] | null;
  /** When to sow, plant out and harvest (issue #24 item 7). */
  sowing?: Sowing | null;
  createdAt?: string;
  updatedAt?: string;
}

/**
 * A sowing window: in weeks from the last spring frost (negative before it), or in calendar
 * months 1–12 as a northern hemisphere packet states them (read six months on in the south).
 */
export interface SowingWindow {
  unit: 'weeks' | 'months';
  from: number;
  to: number;
}

/** What a plant database item says about sowing; null windows are unknown, 0 days unknown. */
export interface Sowing {
  sowIndoors: SowingWindow | null;
  directSow: SowingWindow | null;
  transplant: SowingWindow | null;
  harvestDaysMin: number;
  harvestDaysMax: number;
}

/** One window placed in time for the gardener (GET /api/sowing). */
export interface SowingStep extends SowingWindow {
  /** Open in the asked week. */
  open: boolean;
  /** The open (or next) occurrence's first and last day, yyyy-MM-dd; null when it cannot be placed. */
  start: string | null;
  end: string | null;
  /** The months (1–12) of the week's year the window touches. */
  months: number[];
}

/** GET /api/sowing: one item that can be sown in the week. */
export interface SowingEntry {
  item: PlantDatabaseItem;
  sowIndoors: SowingStep | null;
  directSow: SowingStep | null;
  transplant: SowingStep | null;
  harvestFrom: string | null;
  harvestTo: string | null;
}

/** A pair of frost dates, MM-DD. */
export interface FrostDates {
  lastSpringFrost: string;
  firstAutumnFrost: string;
}

/** GET /api/sowing/season: the week and the frost dates in use. */
export interface SowingSeason {
  monday: string;
  sunday: string;
  frost: FrostDates | null;
  source: 'settings' | 'estimate' | null;
  estimate: FrostDates | null;
  southern: boolean;
}

/** POST /api/sowing/{id}/reminder: the task, and the plant made for it (null on one's own). */
export interface SowingReminder {
  task: CareTask;
  plant: Plant | null;
}

/** The keys of care instructions given as named parts, in display order (docs/api.md). */
export const CARE_INSTRUCTION_PARTS = ['general', 'watering', 'light', 'soil', 'fertilizer', 'fertilizing', 'difficulty'] as const;
export type CareInstructionPart = (typeof CARE_INSTRUCTION_PARTS)[number];

/** POST /api/plant-database and PATCH /api/plant-database/{id}: the writable item fields. */
export interface PlantDatabaseInput {
  commonName: string;
  scientificName: string;
  plantType: PlantType;
  description: string;
  imageUrl: string;
  alternativeImageUrls: string[];
  lightRequirements: string;
  waterRequirements: string;
  fertilizerRequirements: string;
  careInstructions: string | Partial<Record<CareInstructionPart, string>>;
  storeUrl: string;
  slug: string;
  source?: 'import' | 'manual';
  /** The sowing windows and days to harvest (issue #24 item 7). */
  sowing?: Sowing;
}

/** POST /api/plant-database/clear and /clear-imported answer how many items went. */
export interface ClearResult {
  deleted: number;
}

/** One "(PP)" product of the seed store, read live by GET /api/ecommerce/plants. */
export interface RemotePlant {
  name: string;
  commonName: string;
  scientificName?: string | null;
  plantType?: string | null;
  storeUrl?: string | null;
  slug?: string | null;
  imageUrl?: string | null;
  alternativeImageUrls?: string[] | null;
  price?: string | null;
}

/** A store product that could not be read. */
export interface RemoteFailure {
  name: string;
  url?: string | null;
  message: string;
}

/** GET /api/ecommerce/plants */
export interface RemotePlants {
  data: RemotePlant[];
  failures?: RemoteFailure[] | null;
}

export interface ImportCounts {
  added: number;
  updated: number;
  failed: number;
  unchanged?: number;
  skipped?: number;
}

export type ImportDetailStatus = 'added' | 'updated' | 'unchanged' | 'skipped' | 'failed';

export interface ImportDetail {
  name: string;
  /** added, updated, unchanged, skipped or failed; any other value is shown as is. */
  status: string;
  message?: string | null;
}

/** POST /api/ecommerce/import-plants, when the run ends. */
export interface ImportResponse {
  results: {
    count: ImportCounts;
    details: ImportDetail[];
    message?: string | null;
  };
}

/** GET /api/ecommerce/import-status: the latest run (or {running:false, done:0, total:0}). */
export interface ImportStatus {
  id?: number;
  running: boolean;
  done: number;
  total: number;
  startedAt?: string | null;
  finishedAt?: string | null;
  success?: boolean;
  message?: string | null;
  trigger?: string | null;
}

/** GET /api/ecommerce/schedule (and the answer of update-schedule). */
export interface ImportSchedule {
  enabled: boolean;
  /** Seconds first: `0 30 1 * * *`. */
  cronTime?: string | null;
  /** HH:MM */
  time?: string | null;
  lastRun?: string | null;
  nextRun?: string | null;
}

/** POST /api/ecommerce/update-schedule: either or both. */
export interface ImportScheduleUpdate {
  enabled?: boolean;
  time?: string;
}

/** One entry of GET /api/ecommerce/import-history (newest first). */
export interface ImportHistoryEntry {
  id: number;
  date: string;
  finishedAt?: string | null;
  running?: boolean;
  success: boolean;
  count: ImportCounts;
  message?: string | null;
  trigger?: string | null;
}

export interface CareCounts {
  water: number;
  fertilize: number;
  prune: number;
  repot: number;
}

export interface CareStats {
  counts: CareCounts;
  topPlants: { plantId: number; name: string; count: number }[];
}

export interface DashboardReminder {
  plantId: number;
  name: string;
  dueDate: string;
}

/** GET /api/dashboard/summary?today=yyyy-MM-dd */
export interface DashboardSummary {
  today: string;
  reminders: {
    watering: DashboardReminder[];
    fertilizing: DashboardReminder[];
    repotting: number;
    /** Care that fell due before today: waterings, fertilizings and tasks (one definition). */
    overdue?: number;
  };
  /** The Today list's counts (GET /api/today). */
  due?: DueCounts;
  /** Plants by their derived status today (the same rule as the list's filter). */
  statusCounts?: { healthy: number; needs_water: number; needs_care: number };
  stats: {
    thisMonth: CareStats;
    lastMonth: CareStats;
    last3Months: CareStats;
  };
  week: { start: string; end: string; weekNumber: number };
}

export interface QrCodeResponse {
  qrCodeDataUrl: string;
  url?: string;
}

export interface ImageUploadResponse {
  imageUrl: string;
}

export interface CalendarFeed {
  url: string;
}

// ---------- sites, users, categories and maintenance (docs/api.md) ----------

export const ROLES = ['user', 'admin', 'superadmin'] as const;

export const SITE_ROLES = ['member', 'manager', 'owner'] as const;
export type SiteRole = (typeof SITE_ROLES)[number];

export type SiteStatus = 'active' | 'inactive';

/** A site (tenant); userLimit and plantLimit 0 = unlimited. */
export interface Site {
  id: number;
  name: string;
  description?: string | null;
  email?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  phoneNumber?: string | null;
  website?: string | null;
  country?: string | null;
  status: SiteStatus | string;
  categoryId?: number | null;
  userLimit: number;
  plantLimit: number;
  userCount?: number;
  maintenanceMode?: boolean;
  maintenanceMessage?: string | null;
  maintenanceStartedAt?: string | null;
  maintenanceEndedAt?: string | null;
  createdAt?: string;
}

/** POST /api/sites and PATCH /api/sites/{id}: a blank number is sent as 0. */
export interface SiteInput {
  name: string;
  description: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  phoneNumber: string;
  website: string;
  country: string;
  status: SiteStatus;
  categoryId: number | null;
  userLimit: number;
  plantLimit: number;
}

export interface SiteCategory {
  id: number;
  name: string;
}

export interface UserCategory {
  id: number;
  name: string;
  description?: string | null;
  /** Members answer questions with the Expert badge; only superadmins change it. */
  experts?: boolean;
  createdAt?: string;
}

export interface UserCategoryInput {
  name: string;
  description: string;
  /** Sent only by superadmins, and only when it changes (403 from anyone else). */
  experts?: boolean;
}

/** The site-user link of GET /api/sites/{id}/users; its id is the user's id. */
export interface SiteUser {
  id: number;
  role: SiteRole | string;
  isAdmin: boolean;
  createdAt?: string | null;
  user: User;
}

/** PATCH /api/user/settings, and the profile part of PATCH /api/users/{id}. */
export interface UserSettingsInput {
  username?: string;
  email?: string;
  fullName?: string;
  categoryId?: number | null;
  preferences?: { notifications: boolean };
  notificationPreferences?: NotificationPreferences;
  /** Never sent empty. */
  password?: string;
  /** Beside a new password for one's own account: the server checks it. */
  currentPassword?: string;
  /** Own settings only: null clears the garden's location. */
  gardenLocation?: GardenLocation | null;
  winterFactor?: number;
  rainThresholdMm?: number;
  frostThresholdC?: number;
  heatThresholdC?: number;
  /** The gardener's frost dates, MM-DD; null clears (issue #24 item 7). */
  lastSpringFrost?: string | null;
  firstAutumnFrost?: string | null;
  /** An IANA zone name: the gardener's day. */
  timeZone?: string;
  /** The care reminder's local hour, 0-23; null for the server's default. */
  reminderHour?: number | null;
  /** One of the twelve language tags: the server's messages to the gardener. */
  language?: string;
  theme?: 'system' | 'light' | 'dark';
  /** metric or imperial; null follows the locale again (issue #25 item 4). */
  units?: UnitSystem | null;
}

/** The admin user form (POST /api/users, PATCH /api/users/{id}); password dropped when empty. */
export interface AdminUserInput {
  username: string;
  email: string;
  fullName: string;
  password?: string;
  role: Role;
  isActive: boolean;
  categoryId: number | null;
  siteId: number | null;
  isSiteAdmin: boolean;
}

/** PATCH /api/users/{id}: any part of the profile or of the admin fields. */
export type UserPatchInput = UserSettingsInput & Partial<Omit<AdminUserInput, 'password'>>;

/** POST /api/sites/users: a site admin's new general user. */
export interface NewSiteUser {
  username: string;
  email: string;
  password: string;
  fullName: string;
  siteId: number;
  role: 'user';
}

/** POST /api/sites/{id}/users: an existing user without a site joins it. */
export interface AddSiteUserInput {
  userId: number;
  role: SiteRole;
  isAdmin: boolean;
}

/** An application function that can be put in maintenance on its own. */
export interface AppFunction {
  id: number;
  /** Internal id: lowercase with underscores. */
  name: string;
  displayName: string;
  description?: string | null;
  maintenanceMode: boolean;
  maintenanceMessage?: string | null;
  lastMaintenanceStart?: string | null;
  lastMaintenanceEnd?: string | null;
}

export interface NewAppFunction {
  name: string;
  displayName: string;
  description: string;
}

/** PATCH /api/maintenance/functions/{id} and POST /api/maintenance/site/{id}. */
export interface MaintenanceSwitch {
  maintenanceMode: boolean;
  message: string;
}

/** GET /api/maintenance/status: functions in maintenance and the caller's sites in maintenance. */
export interface MaintenanceStatus {
  hasMaintenance: boolean;
  sitesInMaintenance: {
    id: number;
    name: string;
    maintenanceMessage?: string | null;
    maintenanceStartedAt?: string | null;
  }[];
  /** How many sites in maintenance concern the caller (sitesInMaintenance lists the first 50). */
  sitesInMaintenanceCount?: number;
  functionsInMaintenance: {
    id: number;
    name: string;
    displayName: string;
    maintenanceMessage?: string | null;
    lastMaintenanceStart?: string | null;
  }[];
}

// ---------- notifications (docs/api.md "Notifications", docs/notifications.md) ----------

/** A notification in the bell list (spec 01 §3): per-user read state. */
export interface AppNotification {
  id: number;
  title: string;
  content: string;
  createdAt: string;
  isRead: boolean;
  readAt?: string | null;
  /** A free record; `url` (a path of the app) is where a click leads. */
  data?: Record<string, unknown> | null;
}

export const NOTIFICATION_TARGET_TYPES = ['global', 'site', 'user'] as const;
export type NotificationTargetType = (typeof NOTIFICATION_TARGET_TYPES)[number];

/** A notification in the superadmin console's history (spec 02 §3). */
export interface AdminNotification {
  id: number;
  title: string;
  content: string;
  targetType: NotificationTargetType | string;
  targetId: number | null;
  /** The site's or user's name ('' for global). */
  targetName?: string | null;
  data?: Record<string, unknown> | null;
  /** admin, test or care_reminder. */
  kind?: string | null;
  createdAt: string;
  createdBy?: number | null;
  /** True once every active user it reaches has read it. */
  isRead: boolean;
  readCount: number;
  recipientCount: number;
}

/** POST /api/notifications/send (spec 02 §5, §7). */
export interface NewNotification {
  title: string;
  content: string;
  targetType: NotificationTargetType;
  /** Ignored for global. */
  targetId: number | null;
  data: Record<string, unknown> | null;
}

export interface DeviceInfo {
  userAgent: string;
  platform: string;
  vendor: string;
}

/** A device registered for push: playerId is the Web Push subscription's endpoint. */
export interface Device {
  id: number;
  playerId: string;
  deviceName: string;
  deviceInfo: DeviceInfo;
  /** The server holds the subscription's keys, so it can push to it. */
  pushEnabled: boolean;
  createdAt: string;
  updatedAt?: string;
}

/** The browser's PushSubscription.toJSON(). */
export interface PushSubscriptionData {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** POST /api/notifications/register-device. */
export interface RegisterDeviceInput {
  playerId: string;
  deviceName: string;
  deviceInfo: DeviceInfo;
  subscription: PushSubscriptionData;
}

/** GET /api/notifications/vapid-public-key: `delivery` is webpush, or log (pushes only logged). */
export interface VapidPublicKey {
  publicKey: string;
  delivery: string;
}

/** The samples POST /api/notifications/test sends (spec 02 §7). */
export const TEST_NOTIFICATION_TYPES = [
  'care_task',
  'forum_reply',
  'plant_listing_interest',
  'expert_answer',
  'harvest_reminder',
] as const;
export type TestNotificationType = (typeof TEST_NOTIFICATION_TYPES)[number];

/** What one channel did with a notification. */
export interface ChannelReport {
  status: 'sent' | 'skipped' | 'failed' | string;
  sent: number;
  failed: number;
  removed: number;
  reason?: string;
}

/** POST /api/notifications/test answer. */
export interface TestNotificationResult {
  notification: AppNotification;
  channels: { inApp: ChannelReport; push: ChannelReport; email: ChannelReport; ntfy: ChannelReport };
}

/** GET and PUT /api/notifications/channels: the caller's ntfy settings (an empty topic: off). */
export interface NotificationChannels {
  ntfyServer: string;
  ntfyTopic: string;
  ntfyEnabled: boolean;
  ntfyDefaultServer: string;
  updatedAt?: string | null;
}

export interface NotificationChannelsInput {
  ntfyServer: string;
  ntfyTopic: string;
}
