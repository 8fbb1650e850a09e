-- The age groups of an entry form (年齡組), as written: `U12 2014, U16 2010` (each a category name and
-- the earliest year of birth in it; empty for none). A confirmed entry's player gets the names of the
-- groups its year of birth falls in as its category.
ALTER TABLE entry_forms ADD COLUMN age_groups TEXT NOT NULL DEFAULT '';
