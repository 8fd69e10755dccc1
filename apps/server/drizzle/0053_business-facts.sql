ALTER TABLE "business_hours" ADD COLUMN IF NOT EXISTS "hours_note" text;--> statement-breakpoint
ALTER TABLE "business_hours" ADD COLUMN IF NOT EXISTS "address" text;--> statement-breakpoint
ALTER TABLE "business_hours" ADD COLUMN IF NOT EXISTS "payment_methods" text;--> statement-breakpoint
ALTER TABLE "business_hours" ADD COLUMN IF NOT EXISTS "delivery_areas" text;--> statement-breakpoint
ALTER TABLE "business_hours" ADD COLUMN IF NOT EXISTS "facts_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_hours" ADD COLUMN IF NOT EXISTS "moved_texts" jsonb;--> statement-breakpoint
-- The business's facts kept once (docs/decisions/066-business-facts-in-one-place.md): the active FAQ
-- entries and the training's refinement answers that are about the hours, the address, the payment
-- methods or the delivery areas (by their question's words) move into business_hours. Per account and
-- topic the most recently edited text becomes the fact (an FAQ entry's updated_at, an agent's
-- updated_at for its answers); a text about the hours becomes the note beside the week only when no week
-- was set or it was edited after the week. Every text found is kept as typed in moved_texts (kept: true
-- for the one that became the fact). The FAQ entries moved are deleted (the fact replaces them); the
-- training's answers stay on their agent. Running it again moves nothing older than the facts' last change.
WITH candidates AS (
  SELECT f.user_id, 'faq' AS source, f.id AS faq_id, f.question, f.answer, f.updated_at AS at
  FROM knowledge_faqs f
  WHERE f.status = 'active'
  UNION ALL
  SELECT a.user_id, 'training', NULL::uuid, r.item->>'pergunta', r.item->>'resposta', a.updated_at
  FROM agentes a
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(a.respostas) = 'array' THEN a.respostas ELSE '[]'::jsonb END) AS r(item)
  WHERE r.item->>'tipo' = 'refinamento' AND btrim(coalesce(r.item->>'resposta', '')) <> ''
),
topics AS (
  SELECT c.*,
    CASE
      WHEN c.question ~* '(entreg|frete|delivery)' THEN 'delivery'
      WHEN c.question ~* '(pagamento|pagar|pix|cart[ãa]o|parcel|boleto)' THEN 'payment'
      WHEN c.question ~* '(endere[çc]o|onde fica|onde voc[êe]s (est[ãa]o|ficam)|localiza[çc][ãa]o)' THEN 'address'
      WHEN c.question ~* '(hor[áa]rio|que horas|funcionamento|abrem|fecham)' THEN 'hours'
    END AS topic
  FROM candidates c
),
ranked AS (
  SELECT t.*,
    row_number() OVER (PARTITION BY t.user_id, t.topic ORDER BY t.at DESC, t.source) = 1 AS newest,
    (bh.week IS NULL OR bh.updated_at < t.at) AS after_week
  FROM topics t
  LEFT JOIN business_hours bh ON bh.user_id = t.user_id
  WHERE t.topic IS NOT NULL AND t.at > coalesce(bh.facts_updated_at, '-infinity'::timestamptz)
),
winners AS (
  SELECT r.user_id,
    max(r.answer) FILTER (WHERE r.newest AND r.topic = 'address') AS address,
    max(r.answer) FILTER (WHERE r.newest AND r.topic = 'payment') AS payment_methods,
    max(r.answer) FILTER (WHERE r.newest AND r.topic = 'delivery') AS delivery_areas,
    max(r.answer) FILTER (WHERE r.newest AND r.topic = 'hours' AND r.after_week) AS hours_note,
    jsonb_agg(jsonb_build_object(
      'from', r.source, 'topic', r.topic, 'question', r.question, 'answer', r.answer, 'at', r.at,
      'kept', r.newest AND (r.topic <> 'hours' OR r.after_week)) ORDER BY r.topic, r.at DESC) AS moved
  FROM ranked r
  GROUP BY r.user_id
),
saved AS (
  INSERT INTO business_hours AS bh (user_id, address, payment_methods, delivery_areas, hours_note, facts_updated_at, moved_texts)
  SELECT w.user_id, w.address, w.payment_methods, w.delivery_areas, w.hours_note, now(), w.moved
  FROM winners w
  ON CONFLICT (user_id) DO UPDATE SET
    address = coalesce(excluded.address, bh.address),
    payment_methods = coalesce(excluded.payment_methods, bh.payment_methods),
    delivery_areas = coalesce(excluded.delivery_areas, bh.delivery_areas),
    hours_note = coalesce(excluded.hours_note, bh.hours_note),
    facts_updated_at = now(),
    moved_texts = coalesce(bh.moved_texts, '[]'::jsonb) || excluded.moved_texts
  RETURNING 1
),
moved_faqs AS (
  DELETE FROM knowledge_faqs f USING ranked r
  WHERE r.source = 'faq' AND f.id = r.faq_id
  RETURNING 1
)
SELECT (SELECT count(*) FROM saved) AS saved, (SELECT count(*) FROM moved_faqs) AS moved_faqs;
