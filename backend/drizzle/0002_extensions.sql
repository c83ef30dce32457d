-- Custom SQL migration file, put your code below! --
-- trigram indexes make "contains" searches (name, phone, email, product name) index-backed
CREATE EXTENSION IF NOT EXISTS pg_trgm;
