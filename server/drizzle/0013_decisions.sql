-- The decisions tables: written with the feature (this file reserves its place in the order).
SELECT 1;
