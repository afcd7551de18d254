-- Trigram matching for the browse search's typo-tolerant fallback.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
