/**
 * Shared wire types of the Garden JSON API (camelCase, as the server sends them).
 *
 * The answers are the schemas of the OpenAPI document (GET /api/openapi.json), generated into
 * ./schema.d.ts by `make api-types`: this file only names them for the web app. Where the
 * document is less precise than the web app needs (a closed set of strings the Go type declares
 * as a string), Narrow gives those fields their closed type, and says so beside it. Request
 * bodies the forms build stay written here (the document's request schemas name no required
 * field), each checked against the document's body below (BodyOf).
 */
import type { components, paths } from './schema';

/** The document's component schemas, by name. */
export type Schemas = components['schemas'];

/** T with the fields of N given N's (more precise) types. */
export type Narrow<T, N extends { [K in keyof N]: K extends keyof T ? unknown : never }> = Omit<T, keyof N> & N;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** The JSON request body of an operation of the document. */
export type BodyOf<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;
/**
 * A compile-time check that a hand-written body is one the document accepts: every field it
 * sends is a field of the document's body, of a type the document allows.
 */
type Accepts<Doc, Ours extends Doc & { [K in Exclude<keyof Ours, keyof Doc>]: never }> = [Doc, Ours];

export type Role = 'user' | 'admin' | 'superadmin';

export type NotificationPreferences = Schemas['NotificationPreferences'];

/** A gardener's measurement system (issue #25 item 4). */
export type UnitSystem = 'metric' | 'imperial';

/**
 * A user as the API answers it. The caller's own answer (GET /api/user, POST /api/login) is the
 * document's OwnUser, which adds the garden settings; every other answer is User, so those
 * settings are optional here.
 */
export type User = Narrow<
  Schemas['User'],
  {
    role: Role;
    /** The user's role within their site (member, manager, owner), when they have a site. */
    siteRole?: SiteRole;
    /** system (the default: the device's preference), light or dark. */
    theme: Theme;
    /** metric or imperial; null until chosen: the web app follows the locale (lib/units.ts). */
    units: UnitSystem | null;
  }
> &
  Partial<Narrow<Omit<Schemas['OwnUser'], keyof Schemas['User']>, { hemisphere: 'north' | 'south' | 'none' }>>;

export type Theme = 'system' | 'light' | 'dark';

/** The garden's place: coordinates rounded to 0.01° by the server. */
export type GardenLocation = Schemas['GardenLocation'];

/** One answer of GET /api/weather/places. */
export type Place = Schemas['Place'];

/** One day of the forecast at the garden. */
export type DailyWeather = Schemas['DailyWeather'];

/** GET /api/weather: the dashboard's weather card. */
export type WeatherCard = Schemas['WeatherCard'];

/** POST /api/login and POST /api/end-impersonation answer with a token and a user. */
export type SessionResponse = Narrow<Schemas['SignedIn'], { user: User }>;

/** The local impersonation record kept under the storage key `impersonation`. */
export interface ImpersonationRecord {
  isImpersonating: boolean;
  originalUser: User;
}

/** The body of every non-2xx answer from the API. */
export type ApiErrorBody = Partial<Schemas['Error']>;

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

export type Plant = Narrow<
  Schemas['Plant'],
  {
    /** fixed (the frequency above) or adaptive (learned from the care log). */
    waterMode: CareMode;
    fertilizeMode: CareMode;
  }
>;

export type CareMode = 'fixed' | 'adaptive';

export const CARE_KINDS = ['water', 'fertilize', 'mist', 'prune', 'repot', 'rotate', 'inspect', 'check'] as const;
export type CareKind = (typeof CARE_KINDS)[number];
export const CARE_FEEDBACK = ['dry', 'ok', 'moist'] as const;
export type CareFeedback = (typeof CARE_FEEDBACK)[number];

/** One entry of a plant's care log (GET /api/plants/{id}/care). */
export type CareEvent = Narrow<Schemas['CareEvent'], { feedback: CareFeedback | null }>;

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

/** PATCH /api/plants/{id}: any subset of the plant's writable fields (those the document's body names); null clears a nullable one. */
export type PlantPatch = Partial<Pick<Plant, Extract<keyof Plant, keyof BodyOf<'/api/plants/{id}', 'patch'>>>>;

/** GET /api/plants-limit: limit 0 = unlimited, null = no bar. */
export type PlantLimit = Schemas['PlantLimit'];

export const TASK_TYPES = ['water', 'fertilize', 'prune', 'repot', 'mist', 'rotate', 'inspect'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export type CareTask = Schemas['Task'];

/** GET /api/care-due: a plant's next watering or fertilizing on a calendar day. */
/**
 * GET /api/today: one piece of care due today or earlier in the gardener's zone — a watering or
 * fertilizing (the plant's schedule and its due tasks of the type, merged) or another task.
 */
export type DueItem = Narrow<Schemas['DueItem'], { kind: 'water' | 'fertilize' | 'task'; taskType: TaskType }>;

/** The counts of the whole Today list (GET /api/dashboard/summary `due`). */
export type DueCounts = Schemas['DueCounts'];

export type CareDue = Narrow<Schemas['CareDue'], { taskType: 'water' | 'fertilize' }>;

export interface NewCareTask {
  plantId: number;
  taskType: TaskType;
  scheduledDate: string;
  notes: string | null;
  isRecurring?: boolean;
  recurringDays?: number | null;
}

/** PATCH /api/care-tasks/{id}/complete answer. */
export type CompletedCareTask = Schemas['CompletedTask'];

export const GROWTH_STAGES = ['Seedling', 'Young', 'Vegetative', 'Flowering', 'Fruiting', 'Dormant', 'Mature'] as const;
export type GrowthStage = (typeof GROWTH_STAGES)[number];

export type JournalEntry = Schemas['Journal'];

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

export type PlantDatabaseItem = Narrow<Schemas['PlantDB'], { careInstructions: CareInstructions | null; sowing: Sowing | null }>;

/**
 * A sowing window: in weeks from the last spring frost (negative before it), or in calendar
 * months 1–12 as a northern hemisphere packet states them (read six months on in the south).
 */
export type SowingWindow = Narrow<Schemas['Window'], { unit: 'weeks' | 'months' }>;

/** What a plant database item says about sowing; null windows are unknown, 0 days unknown. */
export type Sowing = Narrow<Schemas['Sowing'], { sowIndoors: SowingWindow | null; directSow: SowingWindow | null; transplant: SowingWindow | null }>;

/** One window placed in time for the gardener (GET /api/sowing). */
export type SowingStep = Narrow<Schemas['SowingStep'], { unit: 'weeks' | 'months' }>;

/** GET /api/sowing: one item that can be sown in the week. */
export type SowingEntry = Narrow<
  Schemas['SowingEntry'],
  { item: PlantDatabaseItem; sowIndoors: SowingStep | null; directSow: SowingStep | null; transplant: SowingStep | null }
>;

/** A pair of frost dates, MM-DD. */
export type FrostDates = Schemas['FrostDates'];

/** GET /api/sowing/season: the week and the frost dates in use. */
export type SowingSeason = Narrow<Schemas['SowingSeason'], { source: 'settings' | 'estimate' | null }>;

/** POST /api/sowing/{id}/reminder: the task, and the plant made for it (null on one's own). */
export type SowingReminder = Schemas['SowingReminder'];

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
export type ClearResult = Schemas['DeletedCount'];

/** One "(PP)" product of the seed store, read live by GET /api/ecommerce/plants. */
export type RemotePlant = Schemas['RemotePlant'];

/** A store product that could not be read. */
export type RemoteFailure = Schemas['Failure'];

/** GET /api/ecommerce/plants */
export type RemotePlants = Schemas['RemotePlants'];

/** added, updated and failed, and unchanged and skipped when there were any. */
export type ImportCounts = Schemas['ImportResults']['count'];

export type ImportDetailStatus = 'added' | 'updated' | 'unchanged' | 'skipped' | 'failed';

export type ImportDetail = Schemas['ImportDetail'];

/** POST /api/ecommerce/import-plants, when the run ends. */
export type ImportResponse = Schemas['ImportRun'];

/** GET /api/ecommerce/import-status: the latest run (or {running:false, done:0, total:0}). */
export type ImportStatus = Schemas['ImportStatus'];

/** GET /api/ecommerce/schedule (and the answer of update-schedule). */
export type ImportSchedule = Schemas['ImportSchedule'];

/** POST /api/ecommerce/update-schedule: either or both. */
export interface ImportScheduleUpdate {
  enabled?: boolean;
  time?: string;
}

/** One entry of GET /api/ecommerce/import-history (newest first). */
export type ImportHistoryEntry = Schemas['ImportHistory'];

/** The document has a map of counts by care kind; the dashboard reads these four. */
export type CareCounts = Record<'water' | 'fertilize' | 'prune' | 'repot', number>;

export type CareStats = Narrow<Schemas['Stats'], { counts: CareCounts }>;

export type DashboardReminder = Schemas['Reminder'];

/** GET /api/dashboard/summary?today=yyyy-MM-dd */
export type DashboardSummary = Schemas['DashboardSummary'];

export type QrCodeResponse = Schemas['QrCode'];

export type ImageUploadResponse = Schemas['ImageURL'];

export type CalendarFeed = Schemas['FeedURL'];

// ---------- sites, users, categories and maintenance (docs/api.md) ----------

export const ROLES = ['user', 'admin', 'superadmin'] as const;

export const SITE_ROLES = ['member', 'manager', 'owner'] as const;
export type SiteRole = (typeof SITE_ROLES)[number];

export type SiteStatus = 'active' | 'inactive';

/** A site (tenant); userLimit and plantLimit 0 = unlimited. */
export type Site = Schemas['Site'];

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

export type SiteCategory = Schemas['SiteCategory'];

export type UserCategory = Schemas['Category'];

export interface UserCategoryInput {
  name: string;
  description: string;
  /** Sent only by superadmins, and only when it changes (403 from anyone else). */
  experts?: boolean;
}

/** The site-user link of GET /api/sites/{id}/users; its id is the user's id. */
export type SiteUser = Schemas['SiteUser'];

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

/** PATCH /api/users/{id}: any part of the profile (not the garden settings, which are one's own) or of the admin fields. */
export type UserPatchInput = Pick<UserSettingsInput, Extract<keyof UserSettingsInput, keyof BodyOf<'/api/users/{id}', 'patch'>>> &
  Partial<Omit<AdminUserInput, 'password'>>;

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
export type AppFunction = Schemas['Function'];

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
export type MaintenanceStatus = Schemas['MaintenanceStatus'];

// ---------- notifications (docs/api.md "Notifications", docs/notifications.md) ----------

/** A notification in the bell list (spec 01 §3): per-user read state. */
export type AppNotification = Schemas['Notification'];

export const NOTIFICATION_TARGET_TYPES = ['global', 'site', 'user'] as const;
export type NotificationTargetType = (typeof NOTIFICATION_TARGET_TYPES)[number];

/** A notification in the superadmin console's history (spec 02 §3). */
export type AdminNotification = Schemas['AdminNotification'];

/** POST /api/notifications/send (spec 02 §5, §7). */
export interface NewNotification {
  title: string;
  content: string;
  targetType: NotificationTargetType;
  /** Ignored for global. */
  targetId: number | null;
  data: Record<string, unknown> | null;
}

export type DeviceInfo = Schemas['DeviceInfo'];

/** A device registered for push: playerId is the Web Push subscription's endpoint. */
export type Device = Schemas['Device'];

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
export type VapidPublicKey = Schemas['PushKey'];

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
export type ChannelReport = Schemas['ChannelReport'];

/** POST /api/notifications/test answer. */
export type TestNotificationResult = Schemas['TestNotification'];

/** GET and PUT /api/notifications/channels: the caller's ntfy settings (an empty topic: off). */
export type NotificationChannels = Schemas['Channels'];

export interface NotificationChannelsInput {
  ntfyServer: string;
  ntfyTopic: string;
}

// ---------- the request bodies above, checked against the OpenAPI document ----------
// Each line fails `tsc` when the document stops accepting the body the web app sends (a field
// renamed or retyped on the server): then change the body here, or the server.
export type BodiesAccepted = [
  Accepts<BodyOf<'/api/plants', 'post'>, NewPlant>,
  Accepts<BodyOf<'/api/plants/{id}', 'patch'>, PlantPatch>,
  Accepts<BodyOf<'/api/plants/{id}/care', 'post'>, NewCareEvent>,
  Accepts<BodyOf<'/api/care-tasks', 'post'>, NewCareTask>,
  Accepts<BodyOf<'/api/journal-entries', 'post'>, NewJournalEntry>,
  Accepts<BodyOf<'/api/plant-database', 'post'>, PlantDatabaseInput>,
  Accepts<BodyOf<'/api/ecommerce/update-schedule', 'post'>, ImportScheduleUpdate>,
  Accepts<BodyOf<'/api/sites', 'post'>, SiteInput>,
  Accepts<BodyOf<'/api/user-categories', 'post'>, UserCategoryInput>,
  Accepts<BodyOf<'/api/user/settings', 'patch'>, UserSettingsInput>,
  Accepts<BodyOf<'/api/users/{id}', 'patch'>, UserPatchInput>,
  Accepts<BodyOf<'/api/users', 'post'>, AdminUserInput>,
  Accepts<BodyOf<'/api/sites/users', 'post'>, NewSiteUser>,
  Accepts<BodyOf<'/api/sites/{id}/users', 'post'>, AddSiteUserInput>,
  Accepts<BodyOf<'/api/maintenance/functions', 'post'>, NewAppFunction>,
  Accepts<BodyOf<'/api/maintenance/functions/{id}', 'patch'>, MaintenanceSwitch>,
  Accepts<BodyOf<'/api/notifications/send', 'post'>, NewNotification>,
  Accepts<BodyOf<'/api/notifications/register-device', 'post'>, RegisterDeviceInput>,
  Accepts<BodyOf<'/api/notifications/channels', 'put'>, NotificationChannelsInput>,
];
