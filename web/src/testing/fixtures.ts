import type { CareTask, JournalEntry, MaintenanceStatus, Plant, PlantDatabaseItem, RemotePlant, Site, User, UserCategory } from '@/api/types';
import { dayFromNow, instantFromNow } from './clock';

let nextId = 100;

/** makeUser builds a user object like the server sends. */
export function makeUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? nextId++;
  return {
    id,
    username: 'gardener',
    email: 'gardener@example.com',
    fullName: 'Rose Gardener',
    role: 'user',
    isActive: true,
    isProtected: false,
    categoryId: null,
    siteId: null,
    isSiteAdmin: false,
    createdAt: '2024-03-01T10:00:00Z',
    lastLogin: null,
    preferences: { notifications: true },
    notificationPreferences: { email: true, push: false, careReminders: true, weeklyDigest: false },
    // Set, as after the first sign-in: '' would start the app's sync of the browser's language
    // and zone (language-sync.tsx, time-zone-sync.tsx), which their own tests ask for with ''.
    language: 'en',
    theme: 'system',
    units: null,
    timeZone: 'UTC',
    reminderHour: null,
    lastSpringFrost: null,
    firstAutumnFrost: null,
    ...overrides,
  };
}

/** signInAs seeds local storage the way a login response is stored. */
export function signInAs(user: User, token = `token-${user.username}`): string {
  window.localStorage.setItem('token', token);
  window.localStorage.setItem('user', JSON.stringify(user));
  return token;
}

// ---------- plant-care fixtures (docs/api.md shapes) ----------

let nextThingId = 1;

export function makePlant(overrides: Partial<Plant> = {}): Plant {
  const id = overrides.id ?? nextThingId++;
  return {
    id,
    userId: 1,
    name: `Plant ${id}`,
    species: '',
    plantType: 'Herbs',
    location: '',
    imageUrl: '',
    lightNeeds: '',
    waterFrequency: 7,
    fertilizerFrequency: 30,
    notes: '',
    status: 'healthy',
    growthProgress: 0,
    lastWatered: null,
    lastFertilized: null,
    acquiredDate: instantFromNow(-20),
    createdAt: instantFromNow(-20),
    nextWatering: null,
    nextFertilizing: null,
    waterMode: 'fixed',
    suggestedWaterFrequency: null,
    effectiveWaterFrequency: overrides.waterFrequency === undefined ? 7 : overrides.waterFrequency,
    waterLearnedFrom: 0,
    waterPostponedDays: 0,
    fertilizeMode: 'fixed',
    suggestedFertilizerFrequency: null,
    effectiveFertilizerFrequency: overrides.fertilizerFrequency === undefined ? 30 : overrides.fertilizerFrequency,
    fertilizeLearnedFrom: 0,
    outdoor: false,
    seasonFactor: 1,
    waterBroughtForwardDays: 0,
    ...overrides,
  };
}

export function makeTask(overrides: Partial<CareTask> = {}): CareTask {
  return {
    id: overrides.id === undefined ? nextThingId++ : overrides.id,
    plantId: 1,
    plantName: 'Basil',
    taskType: 'water',
    scheduledDate: dayFromNow(0),
    completed: false,
    completedDate: null,
    notes: null,
    isRecurring: false,
    recurringDays: null,
    createdAt: instantFromNow(-7, '09:00'),
    ...overrides,
  };
}

export function makeEntry(overrides: Partial<JournalEntry> = {}): JournalEntry {
  const id = overrides.id ?? nextThingId++;
  return {
    id,
    plantId: 1,
    plantName: 'Basil',
    userId: 1,
    title: `Entry ${id}`,
    content: '',
    imageUrl: '',
    growthStage: '',
    entryDate: dayFromNow(0),
    createdAt: instantFromNow(0, '09:00'),
    editedAt: null,
    edited: false,
    ...overrides,
  };
}

export function makeDbItem(overrides: Partial<PlantDatabaseItem> = {}): PlantDatabaseItem {
  const id = overrides.id ?? nextThingId++;
  return {
    id,
    commonName: `Item ${id}`,
    scientificName: '',
    plantType: 'Herbs',
    description: '',
    imageUrl: '',
    lightRequirements: '',
    waterRequirements: '',
    fertilizerRequirements: '',
    fertilizorRequirements: '',
    careInstructions: null,
    storeUrl: '',
    slug: '',
    source: 'manual',
    alternativeImageUrls: [],
    sowing: null,
    createdAt: instantFromNow(-30),
    updatedAt: instantFromNow(-30),
    ...overrides,
  };
}

export function makeRemotePlant(overrides: Partial<RemotePlant> = {}): RemotePlant {
  const n = nextThingId++;
  const commonName = overrides.commonName ?? `Remote ${n}`;
  return {
    name: `${commonName} (PP)`,
    commonName,
    scientificName: '',
    plantType: 'Herbs',
    storeUrl: `https://seeds.example/products/remote-${n}`,
    slug: `remote-${n}`,
    imageUrl: '',
    alternativeImageUrls: [],
    price: '2.95',
    ...overrides,
  };
}

/** makeSite builds a site as GET /api/sites/{id} answers it. */
export function makeSite(overrides: Partial<Site> = {}): Site {
  const id = overrides.id ?? nextThingId++;
  return {
    id,
    name: `Site ${id}`,
    description: '',
    email: '',
    address: '',
    city: '',
    state: '',
    zipCode: '',
    phoneNumber: '',
    website: '',
    country: '',
    status: 'active',
    categoryId: null,
    userLimit: 0,
    plantLimit: 0,
    userCount: 0,
    maintenanceMode: false,
    maintenanceMessage: '',
    maintenanceStartedAt: null,
    maintenanceEndedAt: null,
    createdAt: instantFromNow(-60),
    ...overrides,
  };
}

/** makeUserCategory builds a user category as GET /api/user-categories answers it. */
export function makeUserCategory(overrides: Partial<UserCategory> = {}): UserCategory {
  const id = overrides.id ?? nextThingId++;
  return { id, name: `Category ${id}`, description: '', experts: false, createdAt: instantFromNow(-60), ...overrides };
}

type SiteInMaintenance = MaintenanceStatus['sitesInMaintenance'][number];
type FunctionInMaintenance = MaintenanceStatus['functionsInMaintenance'][number];

/** makeMaintenanceStatus builds GET /api/maintenance/status; the count follows the sites listed. */
export function makeMaintenanceStatus(
  sites: (Partial<SiteInMaintenance> & { id: number })[] = [],
  functions: (Partial<FunctionInMaintenance> & { id: number })[] = [],
): MaintenanceStatus {
  return {
    hasMaintenance: sites.length + functions.length > 0,
    sitesInMaintenance: sites.map((s) => ({ name: `Site ${s.id}`, maintenanceMessage: '', maintenanceStartedAt: null, ...s })),
    sitesInMaintenanceCount: sites.length,
    functionsInMaintenance: functions.map((f) => ({
      name: `function_${f.id}`,
      displayName: `Function ${f.id}`,
      maintenanceMessage: '',
      lastMaintenanceStart: null,
      ...f,
    })),
  };
}
