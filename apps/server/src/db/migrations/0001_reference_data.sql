-- Reference data: lot types (ids below 5 are parking types, docs/product/lots.md#lot-types) and floors
-- (number = the code of docs/product/constants.md; sort_order = the order floors are shown in).
INSERT INTO "lot_types" ("id", "title") VALUES
  (1, 'Place de parc intérieure'),
  (2, 'Place de parc extérieure'),
  (3, 'Box'),
  (4, 'Place moto'),
  (5, 'Appartement'),
  (6, 'Villa'),
  (7, 'Cave'),
  (8, 'Local commercial'),
  (9, 'Dépôt')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "floors" ("id", "number", "title", "sort_order") VALUES
  (1, -1, 'Rez-de-jardin', 0),
  (2, 0, 'RDC', 1),
  (3, -2, 'Rez supérieur', 2),
  (4, 1, '1er', 3),
  (5, 2, '2ème', 4),
  (6, 3, '3ème', 5),
  (7, 4, '4ème', 6),
  (8, 5, '5ème', 7),
  (9, 6, '6ème', 8),
  (10, 7, '7ème', 9),
  (11, 8, '8ème', 10),
  (12, 9, '9ème', 11),
  (13, 10, '10ème', 12),
  (14, -3, 'Attique', 1000)
ON CONFLICT ("id") DO NOTHING;
