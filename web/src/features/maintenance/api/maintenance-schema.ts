import { z } from 'zod';
import type { MessageKey } from '@/lib/i18n/i18n';
import { requiredText, text } from '@/lib/schema';

/** maintenanceMessageSchema: the message asked before maintenance goes on (spec 02 §4) is required. */
export const maintenanceMessageSchema = z.object({
  message: requiredText('admin.maintenance.messageRequired' satisfies MessageKey),
});

/**
 * functionSchema is Create Function (spec 02 §5, POST /api/functions): name and display
 * name are both required, one message for the pair shown above the form.
 */
export const functionSchema = z
  .object({ name: text(), displayName: text(), description: text() })
  .refine((fn) => fn.name !== '' && fn.displayName !== '', {
    path: ['root'],
    message: 'admin.maintenance.namesRequired' satisfies MessageKey,
  });
