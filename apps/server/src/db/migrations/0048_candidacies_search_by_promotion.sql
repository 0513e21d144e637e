-- The candidates screen's search of three letters or more reads the promotion's matches alone: the trigram index of the search text alone gave the whole firm's matches, kept to the promotion's after reading each from the table ('favre' at --scale 1000: 7,272 candidacies read for 763, 18 ms twice, the counts and the page; issue 20, 'no scan that grows with the firm'). btree_gin (a trusted extension, shipped with PostgreSQL and with PGlite: db/client.ts loads it) lets a GIN index hold the promotion beside the trigrams.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "candidacies_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "candidacies_promotion_search_trgm_idx" ON "candidacies" USING gin ("promotion_id","search_text" gin_trgm_ops);
