import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { apiHandlers } from './mock-api';

/**
 * The mock API for unit tests. Default handlers answer like a server without a
 * session (GET /api/user is 401) plus the in-memory plant-care API of mock-api.ts;
 * tests add their own with server.use(...).
 */
export const server = setupServer(
  http.get('*/api/user', () => HttpResponse.json({ message: 'Not authenticated' }, { status: 401 })),
  http.get('*/api/auth-check', () => HttpResponse.json({ authenticated: false })),
  http.post('*/api/logout', () => new HttpResponse(null, { status: 204 })),
  // Settings › API tokens: none by default (its own tests keep tokens with server.use).
  http.get('*/api/user/tokens', () => HttpResponse.json([])),
  // Settings › Webhooks: none by default (its own tests keep webhooks with server.use).
  http.get('*/api/webhooks', () => HttpResponse.json([])),
  // Settings › Security (issue 28): no second factor, no sessions listed, no sign-ins (its own
  // tests keep state with server.use).
  http.get('*/api/user/2fa', () => HttpResponse.json({ totpEnabled: false, recoveryCodesLeft: 0, requiredBySite: false })),
  http.get('*/api/user/sessions', () => HttpResponse.json([])),
  http.get('*/api/user/sign-ins', () => HttpResponse.json([])),
  http.get('*/api/user/passkeys', () => HttpResponse.json([])),
  http.get('*/api/sites/:id/security', () => HttpResponse.json({ requireTwoFactor: false })),
  // Settings › Your data and Delete account.
  http.get('*/api/user/export', () =>
    new HttpResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
      headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="garden-data-gardener.zip"' },
    }),
  ),
  http.delete('*/api/user', () => new HttpResponse(null, { status: 204 })),
  // Settings › Import a spreadsheet: two plant rows, the second with a bad date unless mapped.
  http.post('*/api/import/csv', ({ request }) => {
    const q = new URL(request.url).searchParams;
    const dryRun = q.get('dryRun') === 'true';
    const mapped = q.getAll('map').includes('lastWatered:Watered');
    return HttpResponse.json({
      dryRun,
      headers: ['Plant', 'Room', 'Watered'],
      mapping: mapped ? { name: 'Plant', location: 'Room', lastWatered: 'Watered' } : { name: 'Plant', location: 'Room' },
      preview: [['Rosemary', 'Kitchen', '2026-03-28']],
      rows: 1,
      imported: 1,
      errors: [],
    });
  }),
  // Settings › Import: a HortusFox backup of two plants (a preview, or the import itself).
  http.post('*/api/import/hortusfox', ({ request }) =>
    HttpResponse.json({
      dryRun: new URL(request.url).searchParams.get('dryRun') === 'true',
      plants: 2,
      journalEntries: 1,
      tasks: 1,
      photos: 3,
      alreadyImported: 0,
      leftOut: [{ kind: 'inventory item', name: 'Watering can', reason: 'Garden has no inventory' }],
      warnings: [],
      plantLimit: null,
      currentPlants: 0,
      fits: 2,
      fitsAll: true,
    }),
  ),
  ...apiHandlers,
);

export { http, HttpResponse };
