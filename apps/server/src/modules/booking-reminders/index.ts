import type { EngineEvents } from '../../domain/engine-events/event-bus.ts';
import type { Jobs } from '../../jobs/job.ts';
import { appModule } from '../../plugins/app-module.ts';
import { acknowledgeJob } from './acknowledge.ts';
import { listenForReminderAnswers } from './answer-listener.ts';
import type { ReminderDeps } from './reminder-deps.ts';
import { reminderRoutes } from './reminder-routes.ts';
import { reminderJobs, reminderSweepJobType } from './send-reminders.ts';

/** Mounted by app.ts at /api/booking-reminders. */
export const bookingRemindersModule = appModule('/api/booking-reminders', reminderRoutes);

export { type ReminderDeps } from './reminder-deps.ts';

/**
 * The reminders' jobs and listeners (docs/decisions/073-booking-reminders.md): the sweep every minute and
 * right after a booking is made or moved (a booking inside its reminder's window gets it at once), the
 * acknowledgement's send, and the customer's answers heard on 'customer.wrote'.
 */
export function registerBookingReminders(jobs: Jobs, events: EngineEvents, deps: ReminderDeps): void {
  for (const job of reminderJobs(deps)) jobs.register(job);
  jobs.register(acknowledgeJob(deps));
  for (const name of ['booking.created', 'booking.moved'] as const)
    events.on(name, async () => {
      await jobs.send(reminderSweepJobType, {});
    });
  listenForReminderAnswers(events, deps);
}
