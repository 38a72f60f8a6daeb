import { describe, expect, it } from 'vitest';
import { messagesOf } from '@/testing/schema';
import { scheduleTimeSchema } from './update-import-schedule';

describe('scheduleTimeSchema', () => {
  it('reads H:MM or HH:MM and sends HH:MM', () => {
    expect(scheduleTimeSchema.parse({ time: ' 4:05 ' })).toEqual({ time: '04:05' });
    expect(scheduleTimeSchema.parse({ time: '23:59' })).toEqual({ time: '23:59' });
  });

  it('refuses anything else with the server message', () => {
    for (const time of ['24:00', '12:60', '1230', '', 'noon']) {
      expect(messagesOf(scheduleTimeSchema, { time })).toEqual({ time: 'Time must be HH:MM in 24-hour form, for example 01:30' });
    }
  });
});
