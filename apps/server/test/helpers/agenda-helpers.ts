import { expect } from 'vitest';
import type { Shop } from './engine-harness.ts';

/**
 * Booking reminders off (PUT /api/booking-reminders/settings, hours []): these tests count the chat's answers,
 * and a booking made less than 24 h ahead gets its 24 h reminder at once (docs/decisions/073-booking-reminders.md),
 * so whether a reminder joined the count would depend on the hour the test runs.
 */
export async function remindersOff(shop: Shop) {
  const res = await shop.client.request({
    method: 'PUT',
    url: '/api/booking-reminders/settings',
    payload: { hours: [], templateName: null, templateLanguage: null },
  });
  expect(res.statusCode, res.body).toBe(200);
}
