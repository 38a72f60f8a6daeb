import { z } from 'zod';
import { isImageUrl } from './urls';
import { isEmail, isWebsite } from './validation';

/*
 * Small zod building blocks the forms' schemas share, so each schema reads as the spec's
 * rules with the spec's messages. Text fields hold strings ('' when blank) and are trimmed
 * on the way out.
 */

/** text: a trimmed string ('' allowed). */
export const text = () => z.string().trim();

/** requiredText: a trimmed string of at least `min` characters (default 1). */
export function requiredText(message: string, min = 1) {
  return z.string().trim().min(min, message);
}

/** optionalImageUrl: '' or an http(s) URL or an uploaded /api/images/ path. */
export function optionalImageUrl(message: string) {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || isImageUrl(value), message);
}

/** optionalEmail: '' or an e-mail address. */
export function optionalEmail(message: string) {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || isEmail(value), message);
}

/** email: an e-mail address. */
export function email(message: string) {
  return z
    .string()
    .trim()
    .refine((value) => isEmail(value), message);
}

/** optionalWebsite: '' or an absolute http(s) URL with a host. */
export function optionalWebsite(message: string) {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || isWebsite(value), message);
}

/**
 * wholeNumber: a whole number between min and max, with one message per rule in the order
 * a person reads them (unreadable and too small share `tooSmall`). Blank (undefined, see
 * FormNumber) is refused with `required`, or allowed when `required` is not given.
 */
export function wholeNumber(messages: { tooSmall: string; tooBig?: string; notWhole?: string }, min: number, max?: number) {
  let schema = z.number({ error: messages.tooSmall }).min(min, messages.tooSmall);
  if (max !== undefined) schema = schema.max(max, messages.tooBig ?? messages.tooSmall);
  return schema.int(messages.notWhole ?? messages.tooSmall);
}

/**
 * always, as a refinement's `when`, runs an object-level rule even while other fields are
 * wrong, so a form shows every message at once (zod skips such rules by default). The rule
 * must then cope with any field values.
 */
export const always = (): boolean => true;
