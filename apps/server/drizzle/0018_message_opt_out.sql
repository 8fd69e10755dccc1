ALTER TABLE "messages" ADD COLUMN "opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Messages stored before the fact existed: the same words, as Resultados read them from the text until now.
UPDATE "messages" SET "opt_out" = true
WHERE "author" = 'contact'
  AND lower(regexp_replace(translate(coalesce("content", ''), 'ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûü', 'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuu'), '[^[:alnum:]]', '', 'g'))
      IN ('sair', 'parar', 'pare', 'stop');
