import { NOTIFICATION_TARGET_TYPES, type NewNotification, type NotificationTargetType } from '@/api/types';

/** The send form's values, as typed (spec 02 §5). */
export interface NotificationFormValues {
  title: string;
  content: string;
  targetType: NotificationTargetType;
  /** The chosen site or user id ('' until one is chosen). */
  targetId: string;
  /** Optional data as a JSON object. */
  data: string;
}

export type NotificationFormErrors = Partial<Record<keyof NotificationFormValues, string>>;

export const EMPTY_NOTIFICATION_FORM: NotificationFormValues = {
  title: '',
  content: '',
  targetType: 'global',
  targetId: '',
  data: '',
};

/** The server's limits (docs/api.md "Console"). */
export const TITLE_MAX = 200;
export const CONTENT_MAX = 2000;
export const DATA_MAX_BYTES = 8 * 1024;

export const NOTIFICATION_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title cannot exceed ${TITLE_MAX} characters`,
  contentRequired: 'Content is required',
  contentTooLong: `Content cannot exceed ${CONTENT_MAX} characters`,
  targetType: 'Target type must be global, site or user',
  site: 'Please select a site',
  user: 'Please select a user',
  dataObject: 'Data must be a JSON object, for example {"url": "/schedule"}',
  dataTooLarge: 'Data is too large (at most 8 KiB)',
} as const;

function parseData(text: string): { value: Record<string, unknown> | null; error?: string } {
  const trimmed = text.trim();
  if (!trimmed) return { value: null };
  if (new TextEncoder().encode(trimmed).length > DATA_MAX_BYTES) return { value: null, error: NOTIFICATION_MESSAGES.dataTooLarge };
  try {
    const value: unknown = JSON.parse(trimmed);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return { value: null, error: NOTIFICATION_MESSAGES.dataObject };
    return { value: value as Record<string, unknown> };
  } catch {
    return { value: null, error: NOTIFICATION_MESSAGES.dataObject };
  }
}

/**
 * validateNotification applies spec 02 §5 (title and content required, a target type of
 * global, site or user, a target for site and user) and the server's limits; with no errors
 * it gives the request body.
 */
export function validateNotification(values: NotificationFormValues): {
  errors: NotificationFormErrors;
  input: NewNotification | null;
} {
  const errors: NotificationFormErrors = {};
  const title = values.title.trim();
  const content = values.content.trim();
  if (!title) errors.title = NOTIFICATION_MESSAGES.titleRequired;
  else if (title.length > TITLE_MAX) errors.title = NOTIFICATION_MESSAGES.titleTooLong;
  if (!content) errors.content = NOTIFICATION_MESSAGES.contentRequired;
  else if (content.length > CONTENT_MAX) errors.content = NOTIFICATION_MESSAGES.contentTooLong;

  const targetType = values.targetType;
  let targetId: number | null = null;
  if (!NOTIFICATION_TARGET_TYPES.includes(targetType)) {
    errors.targetType = NOTIFICATION_MESSAGES.targetType;
  } else if (targetType !== 'global') {
    const id = Number(values.targetId);
    if (!values.targetId || !Number.isSafeInteger(id) || id <= 0) {
      errors.targetId = targetType === 'site' ? NOTIFICATION_MESSAGES.site : NOTIFICATION_MESSAGES.user;
    } else {
      targetId = id;
    }
  }

  const data = parseData(values.data);
  if (data.error) errors.data = data.error;

  if (Object.keys(errors).length > 0) return { errors, input: null };
  return { errors, input: { title, content, targetType, targetId, data: data.value } };
}
