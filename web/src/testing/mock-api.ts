/**
 * An in-memory Garden API for unit tests, shaped like docs/api.md: one file of fakes per area
 * under ./fakes, over the shared store of ./fakes/db.ts, typed by the API types generated from
 * the OpenAPI document (@/api/types). Tests seed `db`, read `db.requests` to check what was
 * sent, and override single handlers with server.use(). Everything is reset after each test
 * (see setup.ts). The handlers are listed in this order on purpose: MSW answers with the first
 * that matches.
 */
import { adminHandlers } from './fakes/admin';
import { authHandlers } from './fakes/auth';
import { plantsHandlers } from './fakes/plants';
import { careHandlers } from './fakes/care';
import { journalHandlers } from './fakes/journal';
import { plantDatabaseHandlers } from './fakes/plant-database';
import { dashboardHandlers } from './fakes/dashboard';
import { notificationsHandlers } from './fakes/notifications';
import { communityHandlers } from './fakes/community';
export { db, dueItems, emptyStats, emptySummary, MOCK_VAPID_PUBLIC_KEY, resetDb, seededFunctions } from './fakes/db';
export type { MockDb } from './fakes/db';

export const apiHandlers = [
  ...adminHandlers,
  ...authHandlers,
  ...plantsHandlers,
  ...careHandlers,
  ...journalHandlers,
  ...plantDatabaseHandlers,
  ...dashboardHandlers,
  ...notificationsHandlers,
  ...communityHandlers,
];
