import { list, obj, str } from './map-cloud-webhook.ts';

/** A template's status or category as Meta's webhook tells it (docs/decisions/075-template-submission.md). */
export interface CloudTemplateUpdate {
  wabaId: string;
  metaId: string;
  name: string | null;
  language: string | null;
  /** message_template_status_update's event (APPROVED, REJECTED, PAUSED, DISABLED…); null for a category change. */
  status: string | null;
  reason: string | null;
  reasonDetail: string | null;
  /** The category Meta holds now (template_category_update's `new_category`, or the status update's). */
  category: string | null;
  previousCategory: string | null;
}

/**
 * A template's status changed (field `message_template_status_update`,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/message_template_status_update/:
 * `event`, `message_template_id`, `message_template_name`, `message_template_language`, `reason` — `NONE` when
 * there is none —, `message_template_category`, `rejection_info.reason` on INVALID_FORMAT) or its category
 * (field `template_category_update`,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/template_category_update/:
 * `previous_category` and `new_category` once changed; an impending change carries `correct_category` and is
 * not yet a change). The WABA is `entry.id`.
 */
export function cloudTemplateUpdates(body: unknown): CloudTemplateUpdate[] {
  return list(obj(body)?.entry).flatMap((entry) =>
    list(obj(entry)?.changes).flatMap((change): CloudTemplateUpdate[] => {
      const field = obj(change)?.field;
      const value = obj(obj(change)?.value);
      const wabaId = str(obj(entry)?.id);
      const metaId = value?.message_template_id;
      if (!wabaId || !value || (typeof metaId !== 'number' && typeof metaId !== 'string')) return [];
      const base = {
        wabaId,
        metaId: String(metaId),
        name: str(value.message_template_name),
        language: str(value.message_template_language),
      };
      if (field === 'message_template_status_update') {
        const reason = str(value.reason);
        return [
          {
            ...base,
            status: str(value.event),
            reason: reason && reason !== 'NONE' ? reason : null,
            reasonDetail: str(obj(value.rejection_info)?.reason),
            category: str(value.message_template_category),
            previousCategory: null,
          },
        ];
      }
      if (field === 'template_category_update' && str(value.previous_category))
        return [
          {
            ...base,
            status: null,
            reason: null,
            reasonDetail: null,
            category: str(value.new_category),
            previousCategory: str(value.previous_category),
          },
        ];
      return [];
    }),
  );
}
