import { z } from 'zod';
import { NOTIFICATION_TARGET_TYPES, type NewNotification, type NotificationTargetType } from '@/api/types';
import { always } from '@/lib/schema';

/** The server's limits (docs/api.md "Console"). */
export const TITLE_MAX = 200;
export const CONTENT_MAX = 2000;
export const DATA_MAX_BYTES = 8 * 1024;

/** The form's messages: keys of the notifications catalogue, which the form shows translated. */
export const NOTIFICATION_MESSAGES = {
  titleRequired: 'notifications.form.titleRequired',
  titleTooLong: 'notifications.form.titleTooLong',
  contentRequired: 'notifications.form.contentRequired',
  contentTooLong: 'notifications.form.contentTooLong',
  targetType: 'notifications.form.targetTypeInvalid',
  site: 'notifications.form.siteRequired',
  user: 'notifications.form.userRequired',
  dataObject: 'notifications.form.dataObject',
  dataTooLarge: 'notifications.form.dataTooLarge',
} as const;

/** parseData reads the optional JSON object (null when blank), or says what is wrong with it. */
function parseData(text: string): { value: Record<string, unknown> | null; error?: string } {
  if (!text) return { value: null };
  if (new TextEncoder().encode(text).length > DATA_MAX_BYTES) return { value: null, error: NOTIFICATION_MESSAGES.dataTooLarge };
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return { value: null, error: NOTIFICATION_MESSAGES.dataObject };
    return { value: value as Record<string, unknown> };
  } catch {
    return { value: null, error: NOTIFICATION_MESSAGES.dataObject };
  }
}

const targetIdOf = (text: string): number | null => {
  const id = Number(text);
  return text && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * notificationSchema is the Send Notifications form of spec 02 §5 (POST
 * /api/notifications/send) with the server's limits: title and content required, a target
 * type of global, site or user, a site or user for those types, optional data as a JSON
 * object. Its output is the request body.
 */
export const notificationSchema = z
  .object({
    title: z.string().trim().min(1, NOTIFICATION_MESSAGES.titleRequired).max(TITLE_MAX, NOTIFICATION_MESSAGES.titleTooLong),
    content: z
      .string()
      .trim()
      .min(1, NOTIFICATION_MESSAGES.contentRequired)
      .max(CONTENT_MAX, NOTIFICATION_MESSAGES.contentTooLong),
    targetType: z.enum(NOTIFICATION_TARGET_TYPES, { error: NOTIFICATION_MESSAGES.targetType }),
    /** The chosen site or user id ('' until one is chosen). */
    targetId: z.string(),
    /** Optional data as a JSON object. */
    data: z
      .string()
      .trim()
      .superRefine((text, ctx) => {
        const { error } = parseData(text);
        if (error) ctx.addIssue({ code: 'custom', message: error });
      }),
  })
  .superRefine(
    (values, ctx) => {
      const type = values.targetType as NotificationTargetType;
      if ((type === 'site' || type === 'user') && targetIdOf(values.targetId) === null) {
        ctx.addIssue({ code: 'custom', path: ['targetId'], message: NOTIFICATION_MESSAGES[type] });
      }
    },
    { when: always },
  )
  .transform(
    (values): NewNotification => ({
      title: values.title,
      content: values.content,
      targetType: values.targetType,
      targetId: values.targetType === 'global' ? null : targetIdOf(values.targetId),
      data: parseData(values.data).value,
    }),
  );

/** What the send form's fields hold. */
export type NotificationFormValues = z.input<typeof notificationSchema>;

export const EMPTY_NOTIFICATION_FORM: NotificationFormValues = {
  title: '',
  content: '',
  targetType: 'global',
  targetId: '',
  data: '',
};
